import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormError, TextField } from "~/components/ui/form";
import { NameAndAddressSchema } from "~/domain/signup";

type NameAndAddress = Partial<Record<"fullName" | "street1" | "street2" | "city" | "state" | "zipCode", string>>;

/**
 * A full name and a mailing address, checked like signup step 1 (product rules: Validation messages): the user's own
 * at signup, a recipient's afterwards. For someone else the browser's autofill stays off, as it
 * would offer the account holder's own name and address.
 */
export function NameAndAddressForm({
  defaultValue,
  lastResult,
  own,
  nameHint,
  children,
}: {
  defaultValue?: NameAndAddress;
  lastResult: SubmissionResult<string[]> | undefined;
  own: boolean;
  nameHint: string;
  /** The submit button and whatever goes with it. */
  children: ReactNode;
}) {
  const [form, fields] = useForm({
    lastResult,
    defaultValue,
    constraint: getZodConstraint(NameAndAddressSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NameAndAddressSchema }),
  });
  const autoComplete = (token: string) => (own ? token : "off");
  return (
    <Form method="post" className="form" {...getFormProps(form)} noValidate>
      <FormError id={form.errorId} errors={form.errors} />
      <TextField field={fields.fullName} label="Full name" autoComplete={autoComplete("name")} hint={nameHint} />
      <TextField field={fields.street1} label="Street address" autoComplete={autoComplete("address-line1")} />
      <TextField field={fields.street2} label="Apartment, suite, unit (optional)" autoComplete={autoComplete("address-line2")} />
      <TextField field={fields.city} label="City" autoComplete={autoComplete("address-level2")} />
      <TextField field={fields.state} label="State" autoComplete={autoComplete("address-level1")} />
      <TextField field={fields.zipCode} label="ZIP code" autoComplete={autoComplete("postal-code")} inputMode="numeric" />
      {children}
    </Form>
  );
}
