import type { PhotoSuggestion } from "../../../drizzle/schema";
import { InputField } from "~/components/ui/form";
import { OTHER_SENDER } from "~/domain/mail-photo";
import { SENDER_QUERY_MAX_LENGTH } from "~/domain/sender-search";

type Field = { id: string; name: string; error?: string; value?: string };

/**
 * Who sent a photographed piece: the suggestions read off it, or another name typed, and the
 * number on its label. The person's page and the staff page ask the same way.
 */
export function PhotoSenderFields({
  suggestions,
  sender,
  otherName,
  customerNumber,
  numberRead,
}: {
  suggestions: PhotoSuggestion[];
  sender: Field;
  otherName: Field;
  customerNumber: Field;
  /** Whether the number was read off the label (and so must be checked). */
  numberRead: boolean;
}) {
  const errorId = `${sender.id}-error`;
  return (
    <>
      <fieldset className="field sender-matches" aria-describedby={sender.error ? errorId : undefined}>
        <legend>Who sent it</legend>
        {suggestions.map((suggestion) => (
          <label key={suggestion.templateId} className="check">
            <input type="radio" name={sender.name} value={suggestion.templateId} defaultChecked={sender.value === suggestion.templateId} />{" "}
            {suggestion.title}
          </label>
        ))}
        <label className="check">
          <input type="radio" name={sender.name} value={OTHER_SENDER} defaultChecked={sender.value === OTHER_SENDER} />{" "}
          {suggestions.length ? "Someone else, named below" : "The sender named below"}
        </label>
        {sender.error ? (
          <p className="field-error" id={errorId} role="alert">
            {sender.error}
          </p>
        ) : null}
      </fieldset>
      <InputField
        id={otherName.id}
        name={otherName.name}
        label="Sender's name, if it is someone else"
        autoComplete="off"
        maxLength={SENDER_QUERY_MAX_LENGTH}
        defaultValue={otherName.value}
        error={otherName.error}
      />
      <InputField
        id={customerNumber.id}
        name={customerNumber.name}
        label="Customer number or source code (optional)"
        maxLength={60}
        defaultValue={customerNumber.value}
        error={customerNumber.error}
        hint={numberRead ? "Read off the label: check it against the photo." : "Printed on the mailing label, often above the name."}
      />
    </>
  );
}
