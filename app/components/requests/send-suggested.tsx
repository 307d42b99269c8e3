import { Form } from "@remix-run/react";

/**
 * "Send all suggested": one button when the allowance covers every suggestion (or there is no
 * limit), otherwise boxes to choose which ones, as many as are left. The server sends no more
 * than the allowance pays for, whatever is ticked.
 */
export function SendSuggested({ suggestions, left }: { suggestions: Array<{ id: string; senderName: string }>; left: number | null }) {
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
    <Form method="post" action="/dashboard" className="send-suggested">
      <input type="hidden" name="selection" value="chosen" />
      <fieldset>
        <legend>
          Send several at once: you have {left} free {left === 1 ? "request" : "requests"} left, so choose up to {left}.
        </legend>
        <ul className="choices">
          {suggestions.map((suggestion) => (
            <li key={suggestion.id}>
              <label>
                <input type="checkbox" name="requestIds" value={suggestion.id} /> {suggestion.senderName}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <button type="submit" name="intent" value="sendSuggested" className="button">
        Send the chosen ones
      </button>
    </Form>
  );
}
