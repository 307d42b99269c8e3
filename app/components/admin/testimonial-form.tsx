import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorSummary, SelectField, TextAreaField, TextField } from "~/components/ui/form";
import { CONSENT_METHOD_LABELS, CONSENT_METHODS } from "~/domain/testimonials";

type TestimonialFormShape = Record<"quote" | "displayName" | "city" | "consentDate" | "consentMethod", string | undefined>;

export type TestimonialFormDefaults = Partial<TestimonialFormShape>;

/** The testimonial form of /admin/testimonials/new and /admin/testimonials/<id>. */
export function TestimonialForm({
  lastResult,
  defaultValue,
  action,
  children,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: TestimonialFormDefaults;
  action?: string;
  /** The intent field, if any, and the submit button. */
  children: ReactNode;
}) {
  // Staff pages ship no JavaScript: the server checks the form (testimonialSchema).
  const [form, fields] = useForm<TestimonialFormShape>({ lastResult, defaultValue });
  return (
    <Form method="post" action={action} className="form" {...getFormProps(form)} noValidate>
      <ErrorSummary form={form} fields={[fields.quote, fields.displayName, fields.city, fields.consentDate, fields.consentMethod]} />
      <TextAreaField
        field={fields.quote}
        label="Their words"
        hint="Exactly as the person agreed to have them shown. Changed words need their consent again."
      />
      <TextField field={fields.displayName} label="Name as they agreed to show it" maxLength={80} hint="e.g. Maria or Maria G." />
      <TextField field={fields.city} label="City" maxLength={80} hint="e.g. Sacramento, CA" />
      <fieldset className="consent-fields">
        <legend>Consent</legend>
        <p className="hint">Both are needed before the testimonial can be published on the home page.</p>
        <TextField field={fields.consentDate} label="Day consent was given" type="date" hint="YYYY-MM-DD, today or earlier." />
        <SelectField
          field={fields.consentMethod}
          label="How consent was given"
          options={CONSENT_METHODS}
          labels={CONSENT_METHOD_LABELS}
          emptyOption="Not recorded yet"
        />
      </fieldset>
      {children}
    </Form>
  );
}
