import type { PhotoSuggestion } from "../../../drizzle/schema";
import type { FieldMetadata } from "@conform-to/react";
import { ErrorList, errorIdOf, TextField } from "~/components/ui/form";
import { OTHER_SENDER } from "~/domain/mail-photo";
import { SENDER_QUERY_MAX_LENGTH } from "~/domain/sender-search";

type Field = FieldMetadata<string | undefined>;
type SenderFields = { sender: Field; otherName: Field; customerNumber: Field };

/** The sender's choice gives one message for the whole group, as a text field shows its first. */
const senderErrorsOf = (sender: Field) => sender.errors?.slice(0, 1);

/** The fields' messages, as the form's error summary lists them. */
export function photoSenderSummary({ sender, otherName, customerNumber }: SenderFields) {
  return [{ id: sender.id, errors: senderErrorsOf(sender) }, otherName, customerNumber];
}

/**
 * Who sent a photographed piece: the suggestions read off it, or another name typed, and the
 * number on its label. The person's page and the staff page ask the same way.
 */
export function PhotoSenderFields({
  fields: { sender, otherName, customerNumber },
  chosen = sender.initialValue,
  suggestions,
  numberRead,
}: {
  fields: SenderFields;
  /** The sender chosen already, when the page has one to propose. */
  chosen?: string;
  suggestions: PhotoSuggestion[];
  /** Whether the number was read off the label (and so must be checked). */
  numberRead: boolean;
}) {
  const senderErrors = senderErrorsOf(sender);
  return (
    <>
      <fieldset
        id={sender.id}
        className="field sender-matches"
        tabIndex={senderErrors?.length ? -1 : undefined}
        aria-describedby={senderErrors?.length ? errorIdOf(sender.id) : undefined}
      >
        <legend>Who sent it</legend>
        {suggestions.map((suggestion) => (
          <label key={suggestion.templateId} className="check">
            <input type="radio" name={sender.name} value={suggestion.templateId} defaultChecked={chosen === suggestion.templateId} />{" "}
            {suggestion.title}
          </label>
        ))}
        <label className="check">
          <input type="radio" name={sender.name} value={OTHER_SENDER} defaultChecked={chosen === OTHER_SENDER} />{" "}
          {suggestions.length ? "Someone else, named below" : "The sender named below"}
        </label>
        <ErrorList id={errorIdOf(sender.id)} errors={senderErrors} />
      </fieldset>
      <TextField field={otherName} label="Sender's name, if it is someone else" autoComplete="off" maxLength={SENDER_QUERY_MAX_LENGTH} />
      <TextField
        field={customerNumber}
        label="Customer number or source code (optional)"
        hint={numberRead ? "Read off the label: check it against the photo." : "Printed on the mailing label, often above the name."}
      />
    </>
  );
}
