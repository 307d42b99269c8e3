import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { TextField } from "~/components/ui/form";
import { RecipientSchema } from "~/domain/recipient";

type RecipientValues = Partial<Record<"fullName" | "street1" | "street2" | "city" | "state" | "zipCode", string>>;

/** The add and edit form of a recipient: a name and an address, checked like signup step 1. */
export function RecipientForm({ defaultValue, lastResult, submitLabel }: { defaultValue: RecipientValues; lastResult: SubmissionResult<string[]> | undefined; submitLabel: string }) {
  const [form, fields] = useForm({
    lastResult,
    defaultValue,
    constraint: getZodConstraint(RecipientSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RecipientSchema }),
  });
  // autoComplete off: the browser would offer the account holder's own name and address.
  return (
    <Form method="post" className="form" {...getFormProps(form)} noValidate>
      <TextField field={fields.fullName} label="Full name" autoComplete="off" hint="First and last name, as on the mail." />
      <TextField field={fields.street1} label="Street address" autoComplete="off" />
      <TextField field={fields.street2} label="Apartment, suite, unit (optional)" autoComplete="off" />
      <TextField field={fields.city} label="City" autoComplete="off" />
      <TextField field={fields.state} label="State" autoComplete="off" />
      <TextField field={fields.zipCode} label="ZIP code" autoComplete="off" inputMode="numeric" />
      <p className="actions">
        <button type="submit" className="button">
          {submitLabel}
        </button>
        <Link to="/recipients">Cancel</Link>
      </p>
    </Form>
  );
}
