import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

/** The id of a field's message, which its control's aria-describedby names. */
export const errorIdOf = (id: string) => `${id}-error`;
const hintIdOf = (id: string) => `${id}-hint`;
const errorHelpIdOf = (id: string) => `${id}-error-help`;

type Described = {
  /** The control's id; its hint and its messages take their ids from it. */
  id: string;
  errors?: readonly string[];
  hasHint?: boolean;
  /** Whether a way on follows the control's message (Field's errorHelp). */
  hasErrorHelp?: boolean;
  /** The id of an error shown elsewhere (the form's) that is about this control too. */
  formErrorId?: string;
};

/**
 * The control's aria-invalid and aria-describedby: its own message and the way on from it (or else
 * the form's message, when that is about it too), then its hint. Spread onto the input, select,
 * textarea or fieldset.
 */
export function describedControl({ id, errors, hasHint, hasErrorHelp, formErrorId }: Described) {
  const hasErrors = Boolean(errors?.length);
  const invalid = hasErrors || Boolean(formErrorId);
  const describedBy = [
    hasErrors ? errorIdOf(id) : formErrorId,
    hasErrors && hasErrorHelp ? errorHelpIdOf(id) : null,
    hasHint ? hintIdOf(id) : null,
  ]
    .filter(Boolean)
    .join(" ");
  return { "aria-invalid": invalid || undefined, "aria-describedby": describedBy || undefined } as const;
}

/** A field's messages, read out at once: one as a paragraph, several (one per bad line) as a list of them. */
export function ErrorList({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  if (!errors?.length) return null;
  if (errors.length === 1)
    return (
      <p className="field-error" id={id} role="alert">
        {errors[0]}
      </p>
    );
  return (
    <div className="field-error" id={id} role="alert">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}

/**
 * A labelled control with its hint above it, its messages under it and, while there are messages,
 * the way on from them; the control wires itself with describedControl.
 */
function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <p className="hint" id={hintIdOf(id)}>
      {hint}
    </p>
  ) : null;
}

export function Field({
  id,
  label,
  hint,
  errors,
  errorHelp,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  errors?: readonly string[];
  /** What the person can do about the message, e.g. links to another page. The message itself stays as it is. */
  errorHelp?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <FieldHint id={id} hint={hint} />
      {children}
      <ErrorList id={errorIdOf(id)} errors={errors} />
      {errors?.length && errorHelp ? (
        <p className="field-error-help" id={errorHelpIdOf(id)}>
          {errorHelp}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A group of controls (boxes to tick) under its legend, with its hint above them and its messages
 * under them; the fieldset itself carries the wiring. With a message, the page opens on it.
 */
export function FieldsetField({
  id,
  legend,
  hint,
  errors,
  children,
}: {
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  errors?: readonly string[];
  children: ReactNode;
}) {
  const hasErrors = Boolean(errors?.length);
  return (
    <fieldset
      id={id}
      tabIndex={hasErrors ? -1 : undefined}
      data-focus-on-load={hasErrors || undefined}
      {...describedControl({ id, errors, hasHint: Boolean(hint) })}
    >
      <legend>{legend}</legend>
      <FieldHint id={id} hint={hint} />
      {children}
      <ErrorList id={errorIdOf(id)} errors={errors} />
    </fieldset>
  );
}

type InputFieldProps = {
  id: string;
  name: string;
  label: string;
  type?: "text" | "email" | "password" | "date";
  autoComplete?: string;
  hint?: ReactNode;
  /** Shown under the error, when there is one: see Field. */
  errorHelp?: ReactNode;
  /** What the user typed, shown again after an error. Never pass a password here. */
  defaultValue?: string;
  error?: string;
  /** The id of an error shown elsewhere (the form's) that is about this input too. */
  formErrorId?: string;
  inputMode?: "text" | "numeric" | "email";
  /** The id of a <datalist> of suggestions, which browsers offer without JavaScript. */
  list?: string;
  maxLength?: number;
  /** Announced by screen readers; the form has noValidate, so it never blocks a post on its own. */
  required?: boolean;
};

/** A labelled input whose error sits next to it and is announced with it (aria-describedby). */
export function InputField({
  id,
  name,
  label,
  type = "text",
  autoComplete,
  hint,
  errorHelp,
  defaultValue,
  error,
  formErrorId,
  inputMode,
  list,
  maxLength,
  required,
}: InputFieldProps) {
  const errors = error ? [error] : undefined;
  return (
    <Field id={id} label={label} hint={hint} errors={errors} errorHelp={errorHelp}>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        list={list}
        maxLength={maxLength}
        required={required}
        defaultValue={type === "password" ? undefined : defaultValue}
        {...describedControl({ id, errors, hasHint: Boolean(hint), hasErrorHelp: Boolean(errorHelp), formErrorId })}
      />
    </Field>
  );
}

/**
 * InputField for a Conform field: the name, the typed value, the first error and the schema's
 * constraints (getZodConstraint: required, maximum length) come from it.
 */
export function TextField({
  field,
  ...props
}: { field: FieldMetadata<string | number | undefined> } & Omit<InputFieldProps, "id" | "name" | "defaultValue" | "error">) {
  return (
    <InputField
      key={field.key}
      id={field.id}
      name={field.name}
      defaultValue={field.initialValue}
      error={field.errors?.[0]}
      required={field.required}
      maxLength={field.maxLength}
      {...props}
    />
  );
}

type ConformFieldProps = { field: FieldMetadata<string | undefined>; label: string; hint?: ReactNode };

/** What a control of a Conform field carries: its id and name, what was typed, and its described-by wiring. */
function conformControl(field: FieldMetadata<string | undefined>, hint: ReactNode) {
  return {
    id: field.id,
    name: field.name,
    defaultValue: field.initialValue,
    ...describedControl({ id: field.id, errors: field.errors, hasHint: Boolean(hint) }),
  };
}

/** A labelled multi-line field for a Conform field; every message about it (one per bad line) is listed under it. */
export function TextAreaField({ field, label, hint, rows = 4 }: ConformFieldProps & { rows?: number }) {
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors}>
      <textarea key={field.key} rows={rows} cols={60} {...conformControl(field, hint)} />
    </Field>
  );
}

/** A labelled choice from a list, for a Conform field. */
export function SelectField({
  field,
  label,
  hint,
  options,
  labels = {},
  emptyOption,
}: ConformFieldProps & {
  options: readonly string[];
  /** What each option reads as, when not its value. */
  labels?: Readonly<Record<string, string>>;
  /** A first option with no value, e.g. "Not recorded yet". */
  emptyOption?: string;
}) {
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors}>
      <select key={field.key} {...conformControl(field, hint)}>
        {emptyOption !== undefined ? <option value="">{emptyOption}</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option] ?? option}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The id of a refused form's error summary. */
const ERROR_SUMMARY_ID = "form-errors";

type SummarizedField = { id: string; errors?: readonly string[] };

function summaryHeading(count: number) {
  return count === 1 ? "There is a problem" : `There are ${count} problems`;
}

/**
 * What a refused form says first, at its top: every problem, the form's own messages as they are
 * and each field's message as a link to that field. It opens focused (autofocus, which Chromium
 * applies with JavaScript off too, and the enhancement script), so it is scrolled into view and
 * read out. The form's own messages keep the form's error id (product rules: Errors: other signup
 * errors show in the form error area), which controls they are about point at.
 */
export function ErrorSummary({
  form,
  fields,
}: {
  /** Conform's form metadata, or its error id with the messages to show as the form's. */
  form: { errorId: string; errors?: readonly string[] };
  /** Conform's field metadata (or ids with their messages) of the visible fields, in page order. */
  fields: readonly SummarizedField[];
}) {
  const formErrors = form.errors ?? [];
  const fieldErrors = fields.flatMap(({ id, errors }) => (errors ?? []).map((error) => ({ id, error })));
  const count = formErrors.length + fieldErrors.length;
  if (count === 0) return null;
  const headingId = `${ERROR_SUMMARY_ID}-heading`;
  return (
    <div
      className="error-summary"
      id={ERROR_SUMMARY_ID}
      role="group"
      aria-labelledby={headingId}
      tabIndex={-1}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- a refused form's summary is where the person starts again
      autoFocus
      data-error-summary
    >
      <h2 id={headingId}>{summaryHeading(count)}</h2>
      {formErrors.length ? (
        <div className="error-summary-form" id={form.errorId}>
          {formErrors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
      {fieldErrors.length ? (
        <ul>
          {fieldErrors.map(({ id, error }) => (
            <li key={`${id}:${error}`}>
              <a href={`#${id}`}>{error}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The form's own error area (product rules: Errors: other signup errors show here). */
export function FormError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  // data-focus-on-load: on the pages with the enhancement script, focus moves to the message.
  return (
    <div className="form-error" id={id} role="alert" tabIndex={-1} data-focus-on-load>
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}

/** What the last post did: a notice, read out politely, and an error, read out at once. */
export function PostOutcome({ notice, error }: { notice?: ReactNode; error?: string | null }) {
  return (
    <>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
