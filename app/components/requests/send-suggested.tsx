import { Form } from "@remix-run/react";
import { FieldsetField } from "~/components/ui/form";

/** Where the boxes are: a refused post comes back scrolled to them. */
const CHOICES_ID = "send-several";

/**
 * "Send all suggested": one button when the allowance covers every suggestion (or there is no
 * limit), otherwise boxes to choose which ones, as many as are left. The server sends no more
 * than the allowance pays for, whatever is ticked; with JavaScript, the boxes stop at the allowance.
 */
export function SendSuggested({
  suggestions,
  left,
  error,
}: {
  suggestions: Array<{ id: string; senderName: string }>;
  left: number | null;
  /** Why the last post of the boxes was refused. */
  error?: string | null;
}) {
  const choose = left !== null && left < suggestions.length;
  if (!choose) {
    return (
      <Form method="post" action="/dashboard" className="send-suggested">
        <input type="hidden" name="selection" value="all" />
        <button type="submit" name="intent" value="sendSuggested" className="button">
          Send all {suggestions.length} suggested
        </button>
      </Form>
    );
  }
  return (
    <Form method="post" action={`/dashboard#${CHOICES_ID}`} className="send-suggested">
      <input type="hidden" name="selection" value="chosen" />
      <FieldsetField
        id={CHOICES_ID}
        legend={`Send several at once: you have ${left} free ${left === 1 ? "request" : "requests"} left.`}
        hint={`You can choose up to ${left}.`}
        errors={error ? [error] : undefined}
      >
        <ul className="choices" data-choose-up-to={left}>
          {suggestions.map((suggestion) => (
            <li key={suggestion.id}>
              <label>
                <input type="checkbox" name="requestIds" value={suggestion.id} /> {suggestion.senderName}
              </label>
            </li>
          ))}
        </ul>
        {/* Filled in by the enhancement script as boxes are ticked. */}
        <p className="hint" aria-live="polite" data-choice-count />
      </FieldsetField>
      <button type="submit" name="intent" value="sendSuggested" className="button">
        Send the chosen ones
      </button>
    </Form>
  );
}
