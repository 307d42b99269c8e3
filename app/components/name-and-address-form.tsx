import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "zod";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorSummary, TextField } from "~/components/ui/form";
import { KEEP_AS_TYPED } from "~/domain/address-check";
import { NameAndAddressSchema } from "~/domain/signup";

/** A refused form's reply that offers to keep the address as typed (refuseAddress). */
export function isAddressDoubt(result: unknown): boolean {
  return typeof result === "object" && result !== null && "addressDoubt" in result;
}

/**
 * After a doubt: the second way on. It comes after the form's own submit button, so Enter in a field
 * checks the corrected address again rather than keeping it as typed.
 */
export function KeepAsTypedChoice({ label = "Keep the address as I typed it" }: { label?: string }) {
  return (
    <div className="notice address-doubt">
      <p>
        Sure it is right? Keep it exactly as typed and we will check it by hand before any letter goes out. Nothing will say it was
        verified.
      </p>
      <button type="submit" className="button button-quiet" name={KEEP_AS_TYPED.name} value={KEEP_AS_TYPED.value}>
        {label}
      </button>
    </div>
  );
}

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
  keepAsTypedLabel,
  children,
}: {
  defaultValue?: NameAndAddress;
  lastResult: SubmissionResult<string[]> | undefined;
  own: boolean;
  nameHint: string;
  keepAsTypedLabel?: string;
  /** The submit button and whatever goes with it. */
  children: ReactNode;
}) {
  const [form, fields] = useForm<z.input<typeof NameAndAddressSchema>>({
    lastResult,
    defaultValue,
    constraint: getZodConstraint(NameAndAddressSchema),
  });
  const autoComplete = (token: string) => (own ? token : "off");
  return (
    <Form method="post" className="form" {...getFormProps(form)} noValidate>
      <ErrorSummary form={form} fields={[fields.fullName, fields.street1, fields.street2, fields.city, fields.state, fields.zipCode]} />
      <TextField field={fields.fullName} label="Full name" autoComplete={autoComplete("name")} hint={nameHint} />
      <TextField field={fields.street1} label="Street address" autoComplete={autoComplete("address-line1")} />
      <TextField field={fields.street2} label="Apartment, suite, unit (optional)" autoComplete={autoComplete("address-line2")} />
      <TextField field={fields.city} label="City" autoComplete={autoComplete("address-level2")} />
      <TextField field={fields.state} label="State" autoComplete={autoComplete("address-level1")} />
      <TextField field={fields.zipCode} label="ZIP code" autoComplete={autoComplete("postal-code")} inputMode="numeric" />
      {children}
      {isAddressDoubt(lastResult) ? <KeepAsTypedChoice label={keepAsTypedLabel} /> : null}
    </Form>
  );
}
