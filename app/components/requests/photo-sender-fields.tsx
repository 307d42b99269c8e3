import type { PhotoSuggestion } from "../../../drizzle/schema";
import type { FieldMetadata } from "@conform-to/react";
import { ErrorList, errorIdOf, TextField } from "~/components/ui/form";
import { OTHER_SENDER } from "~/domain/mail-photo";
import { SENDER_QUERY_MAX_LENGTH } from "~/domain/sender-search";

type Field = FieldMetadata<string | undefined>;
type SenderFields = { sender: Field; otherName: Field; customerNumber: Field; keyCode: Field };

/** The sender's choice gives one message for the whole group, as a text field shows its first. */
const senderErrorsOf = (sender: Field) => sender.errors?.slice(0, 1);

/** The fields' messages, as the form's error summary lists them. */
export function photoSenderSummary({ sender, otherName, customerNumber, keyCode }: SenderFields) {
  return [{ id: sender.id, errors: senderErrorsOf(sender) }, otherName, customerNumber, keyCode];
}

/**
 * Who sent a photographed piece: the suggestions read off it, or another name typed, and the
 * customer number and key code on its label. The person's page and the staff page ask the same
 * way. With no suggestion there is nothing to choose from: the name typed is the sender.
 */
export function PhotoSenderFields({
  fields: { sender, otherName, customerNumber, keyCode },
  chosen = sender.initialValue,
  suggestions,
  read,
}: {
  fields: SenderFields;
  /** The sender chosen already, when the page has one to propose. */
  chosen?: string;
  suggestions: PhotoSuggestion[];
  /** Which of the label's numbers were read off it (and so must be checked). */
  read: { customerNumber: boolean; keyCode: boolean };
}) {
  const senderErrors = senderErrorsOf(sender);
  const readHint = "Read off the label: check it against the photo.";
  const numberFields = (
    <>
      <TextField
        field={customerNumber}
        label="Customer number (optional)"
        hint={read.customerNumber ? readHint : "Printed on the mailing label, often above the name."}
      />
      <TextField
        field={keyCode}
        label="Key code (optional)"
        hint={read.keyCode ? readHint : "Also called source code or offer code: the code of this mailing, on the label or the order form."}
      />
    </>
  );
  if (suggestions.length === 0) {
    return (
      <>
        <input type="hidden" name={sender.name} value={OTHER_SENDER} />
        <TextField field={otherName} label="Sender's name" autoComplete="off" maxLength={SENDER_QUERY_MAX_LENGTH} />
        {numberFields}
      </>
    );
  }
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
          <input type="radio" name={sender.name} value={OTHER_SENDER} defaultChecked={chosen === OTHER_SENDER} /> Someone else, named below
        </label>
        <ErrorList id={errorIdOf(sender.id)} errors={senderErrors} />
      </fieldset>
      <TextField field={otherName} label="Sender's name, if it is someone else" autoComplete="off" maxLength={SENDER_QUERY_MAX_LENGTH} />
      {numberFields}
    </>
  );
}
