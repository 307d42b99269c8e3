import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorSummary, SelectField, TextAreaField, TextField } from "~/components/ui/form";
import { ACCEPTS_AGENT, CONFIDENCE_LEVELS } from "~/domain/sender-form";

/** The form's fields as the browser sends them: text, whatever the schema makes of it. */
type SenderFormShape = Record<
  | "id"
  | "title"
  | "category"
  | "covers"
  | "channels"
  | "acceptsAgent"
  | "needs"
  | "lasts"
  | "takes"
  | "confidence"
  | "sourceYear"
  | "requiredDays"
  | "notes",
  string | undefined
>;

export type SenderFormDefaults = Partial<SenderFormShape>;

/**
 * The sender form of /admin/senders/new (with the id) and /admin/senders/<id> (without: a
 * sender's id never changes, as users' presets are stored under it).
 */
export function SenderForm({
  lastResult,
  defaultValue,
  categories,
  withId,
  action,
  children,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: SenderFormDefaults;
  categories: string[];
  withId: boolean;
  /** Where it posts; by default the page's own URL, notices in its query included. */
  action?: string;
  /** The intent field, if any, and the submit button. */
  children: ReactNode;
}) {
  // Staff pages ship no JavaScript: the server checks the form (SenderSchema, NewSenderSchema).
  const [form, fields] = useForm<SenderFormShape>({ lastResult, defaultValue });
  return (
    <Form method="post" action={action} className="form" {...getFormProps(form)} noValidate>
      <ErrorSummary
        form={form}
        fields={[
          ...(withId ? [fields.id] : []),
          fields.title,
          fields.category,
          fields.covers,
          fields.channels,
          fields.acceptsAgent,
          fields.needs,
          fields.lasts,
          fields.takes,
          fields.confidence,
          fields.sourceYear,
          fields.requiredDays,
          fields.notes,
        ]}
      />
      {withId ? (
        <TextField
          field={fields.id}
          label="Id"
          maxLength={60}
          hint="Lowercase letters, digits and dashes, e.g. acme-catalogs. It cannot be changed later."
        />
      ) : null}
      <TextField field={fields.title} label="Sender's name" maxLength={120} />
      <TextField
        field={fields.category}
        label="Category"
        list="sender-categories"
        maxLength={60}
        hint="e.g. data-broker, catalogs, coupons."
      />
      <datalist id="sender-categories">
        {categories.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <TextField field={fields.covers} label="What it covers (optional)" maxLength={300} />
      <TextAreaField
        field={fields.channels}
        label="Channels, best first"
        rows={5}
        hint={
          <>
            One per line as <code>kind: value</code>, where kind is web, email, mail or phone, e.g. <code>email: optout@example.com</code>{" "}
            or <code>mail: PO Box 1, Town, ST 12345</code>. A note may follow a bar: <code>phone: 800-555-0100 | weekdays only</code>. A
            sender with no channel cannot be active.
          </>
        }
      />
      <SelectField field={fields.acceptsAgent} label="Accepts requests from an agent" options={ACCEPTS_AGENT} />
      <TextAreaField
        field={fields.needs}
        label="What the sender asks for"
        hint="One per line. A sender that refuses agents or asks for an SSN or a date of birth is filed by the consumer, with our instructions."
      />
      <TextField field={fields.lasts} label="How long the opt-out lasts (optional)" maxLength={200} />
      <TextField field={fields.takes} label="How long it takes (optional)" maxLength={200} />
      <SelectField field={fields.confidence} label="Confidence in these facts" options={CONFIDENCE_LEVELS} />
      <TextField field={fields.sourceYear} label="Year of the source (optional)" inputMode="numeric" maxLength={4} />
      <TextField
        field={fields.requiredDays}
        label="Days until mail stops"
        inputMode="numeric"
        maxLength={3}
        hint="Counted from when the request is sent, 1 to 365. The dashboard tells users when to expect it."
      />
      <TextAreaField field={fields.notes} label="Why this confidence (optional; for staff only)" />
      {children}
    </Form>
  );
}
