import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

type TextFieldProps = {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  hint?: ReactNode;
  /** Never put a password back into the page. */
  keepValue?: boolean;
  inputMode?: "text" | "numeric" | "email";
  list?: string;
};

/** A labelled input whose error sits next to it and is announced with it (aria-describedby). */
export function TextField({ field, label, type = "text", autoComplete, hint, keepValue = true, inputMode, list }: TextFieldProps) {
  const errorId = field.errorId;
  const hintId = hint ? `${field.id}-hint` : undefined;
  const { key, ...inputProps } = getInputProps(field, { type, value: keepValue && type !== "password" });
  const describedBy = [field.errors ? errorId : null, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input
        key={key}
        {...inputProps}
        aria-describedby={describedBy}
        autoComplete={autoComplete}
        inputMode={inputMode}
        list={list}
        required={false}
      />
      {field.errors ? (
        <p className="field-error" id={errorId} role="alert">
          {field.errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/** The form's own error area (spec section 8: other signup errors show here). */
export function FormError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <div className="form-error" id={id} role="alert">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}
