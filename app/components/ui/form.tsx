import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

type InputFieldProps = {
  id: string;
  name: string;
  label: string;
  type?: "text" | "email" | "password" | "date";
  autoComplete?: string;
  hint?: ReactNode;
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
  defaultValue,
  error,
  formErrorId,
  inputMode,
  list,
  maxLength,
  required,
}: InputFieldProps) {
  const errorId = `${id}-error`;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [error ? errorId : formErrorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
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
        aria-invalid={error || formErrorId ? true : undefined}
        aria-describedby={describedBy}
      />
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
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
