import { Form } from "@remix-run/react";
import { describedByNote, FreeRequestsNote, freeRequestsSentence } from "~/components/requests/free-requests-note";
import { FieldsetField } from "~/components/ui/form";

/** Where the boxes are: a refused post comes back scrolled to them. */
const CHOICES_ID = "send-several";
const NOTE_ID = `${CHOICES_ID}-note`;
const COUNT_ID = `${CHOICES_ID}-count`;
/** The boxes' note speaks of what is ticked: with JavaScript off it is true of the page as it came. */
const AS_TICKED = "As ticked, this";

export type SuggestionChoice = { id: string; senderName: string; recommendation: string | null };

/**
 * "Send all suggested": one button when the allowance covers every suggestion (or there is no
 * limit), otherwise boxes to choose which ones, as many as are left, with the recommended senders
 * first and ticked (product rules: Recommended first requests). The recommended ones and the
 * button come first; the other boxes are folded under the button, with a button of their own
 * (decision 0074). The server sends no more than the allowance pays for, whatever is ticked; with
 * JavaScript, the boxes stop at the allowance and the note follows the ticks. `first` is the
 * first step of a new account: a shorter legend, the recommended ones under the welcome.
 */
export function SendSuggested({
  suggestions,
  left,
  notes,
  error,
  first = false,
}: {
  suggestions: SuggestionChoice[];
  left: number | null;
  /** What sending that many uses of the free requests, by how many (freeRequestsUsedNote). */
  notes: Array<string | null>;
  /** Why the last post of the boxes was refused. */
  error?: string | null;
  first?: boolean;
}) {
  const choose = left !== null && left < suggestions.length;
  if (!choose) {
    const note = notes[suggestions.length] ?? null;
    return (
      <Form method="post" action="/dashboard" className="send-suggested">
        <input type="hidden" name="selection" value="all" />
        <button type="submit" name="intent" value="sendSuggested" className="button" aria-describedby={describedByNote(NOTE_ID, note)}>
          Send all {suggestions.length} suggested
        </button>
        <FreeRequestsNote id={NOTE_ID} note={note} />
      </Form>
    );
  }
  // After "choose at least one", the boxes come back as the person left them: none ticked.
  const ticked = error ? [] : suggestions.filter((suggestion) => suggestion.recommendation).slice(0, left);
  const sentences = notes.map((note) => freeRequestsSentence(note, AS_TICKED));
  // The recommended ones in view, the rest folded; with none recommended, all in view.
  const recommended = suggestions.filter((suggestion) => suggestion.recommendation);
  const inView = recommended.length > 0 ? recommended : suggestions;
  const folded = recommended.length > 0 ? suggestions.filter((suggestion) => !suggestion.recommendation) : [];
  const send = (describedBy: string) => (
    <button type="submit" name="intent" value="sendSuggested" className="button" aria-describedby={describedBy}>
      Send the chosen ones
    </button>
  );
  return (
    <Form method="post" action={`/dashboard#${CHOICES_ID}`} className="send-suggested">
      <input type="hidden" name="selection" value="chosen" />
      <FieldsetField
        id={CHOICES_ID}
        legend={
          first && ticked.length > 0 ? (
            // The welcome above says it: "Stop these first".
            <span className="visually-hidden">The senders we recommend first</span>
          ) : (
            `Send several at once: you have ${left} free ${left === 1 ? "request" : "requests"} left.`
          )
        }
        hint={
          first
            ? undefined
            : ticked.length > 0
              ? `You can choose up to ${left}. The ones we recommend are ticked.`
              : `You can choose up to ${left}.`
        }
        errors={error ? [error] : undefined}
      >
        {/* Every box of the form counts toward the limit, folded or not: the enhancement script reads them all. */}
        <div data-choose-up-to={left}>
          <Choices suggestions={inView} ticked={ticked} badge={!first} />
        </div>
      </FieldsetField>
      {/* Right under "choose at least one", which a refused post brings into view and focuses. */}
      {send(error ? `${CHOICES_ID}-error ${NOTE_ID}` : NOTE_ID)}
      {/* Under the button, what the ticks as sent use; the enhancement script hides it and says it in the count instead. */}
      <p className="hint free-requests-note" id={NOTE_ID} data-choice-note>
        {sentences[ticked.length]}
      </p>
      {/* Filled in by the enhancement script as boxes are ticked, from data-notes. */}
      <p className="hint free-requests-note" id={COUNT_ID} aria-live="polite" data-choice-count data-notes={JSON.stringify(sentences)} />
      {folded.length > 0 ? (
        <details className="more-choices">
          <summary>Choose from the other {folded.length}</summary>
          <fieldset>
            <legend>
              <span className="visually-hidden">The other senders</span>
            </legend>
            <Choices suggestions={folded} ticked={ticked} badge />
          </fieldset>
          {send(NOTE_ID)}
        </details>
      ) : null}
    </Form>
  );
}

function Choices({ suggestions, ticked, badge }: { suggestions: SuggestionChoice[]; ticked: SuggestionChoice[]; badge: boolean }) {
  return (
    <ul className="choices">
      {suggestions.map((suggestion) => (
        <li key={suggestion.id}>
          <label>
            <input type="checkbox" name="requestIds" value={suggestion.id} defaultChecked={ticked.includes(suggestion)} />
            <span>
              {suggestion.senderName}
              {suggestion.recommendation ? (
                <>
                  {badge ? (
                    <>
                      {" "}
                      <strong className="status">Recommended</strong>
                    </>
                  ) : null}
                  <span className="hint choice-reason">{suggestion.recommendation}</span>
                </>
              ) : null}
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}
