// Labelled fields of the staff forms that the shared InputField does not cover: multi-line text
// and a choice from a list, with their messages under them.
import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

type Field = FieldMetadata<string | undefined>;

type FieldProps = { field: Field; label: string; hint?: ReactNode };

function describedBy(field: Field, hint: ReactNode) {
  return [field.errors?.length ? `${field.id}-error` : null, hint ? `${field.id}-hint` : null].filter(Boolean).join(" ") || undefined;
}

function FieldMessages({ field, hint, children, label }: FieldProps & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <p className="hint" id={`${field.id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {field.errors?.length ? (
        <div className="field-error" id={`${field.id}-error`} role="alert">
          {field.errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** A labelled multi-line field; every message about it (one per bad line) is listed under it. */
export function TextAreaField({ field, label, hint, rows = 4 }: FieldProps & { rows?: number }) {
  return (
    <FieldMessages field={field} label={label} hint={hint}>
      <textarea
        key={field.key}
        id={field.id}
        name={field.name}
        rows={rows}
        cols={60}
        defaultValue={field.initialValue}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={describedBy(field, hint)}
      />
    </FieldMessages>
  );
}

export function SelectField({
  field,
  label,
  hint,
  options,
  labels = {},
  emptyOption,
}: FieldProps & {
  options: readonly string[];
  /** What each option reads as, when not its value. */
  labels?: Record<string, string>;
  /** A first option with no value, e.g. "Not recorded yet". */
  emptyOption?: string;
}) {
  return (
    <FieldMessages field={field} label={label} hint={hint}>
      <select
        key={field.key}
        id={field.id}
        name={field.name}
        defaultValue={field.initialValue}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={describedBy(field, hint)}
      >
        {emptyOption !== undefined ? <option value="">{emptyOption}</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option] ?? option}
          </option>
        ))}
      </select>
    </FieldMessages>
  );
}
