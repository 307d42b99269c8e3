// On a charity's card: whether the person gives to it, and how many times a year it may still
// write (decision 0059). A real form: it works without JavaScript.
import { Form } from "@remix-run/react";
import { MAILINGS_PER_YEAR } from "~/domain/charity-choice";

export function CharityChoiceForm({
  requestId,
  senderName,
  choice,
}: {
  requestId: string;
  senderName: string;
  choice: { donor: boolean | null; mailingsPerYear: number | null };
}) {
  const id = `charity-${requestId}`;
  return (
    <details className="guide charity-choice">
      <summary>If you give to {senderName}</summary>
      <Form method="post" action="/dashboard" className="form" aria-label={`Your choice for ${senderName}`}>
        <input type="hidden" name="requestId" value={requestId} />
        <fieldset>
          <legend>I give to them</legend>
          <label className="check">
            <input type="radio" name="donor" value="yes" defaultChecked={choice.donor === true} /> Yes: keep me as a donor
          </label>
          <label className="check">
            <input type="radio" name="donor" value="no" defaultChecked={choice.donor === false} /> No: stop mailing me
          </label>
        </fieldset>
        <p className="field">
          <label htmlFor={`${id}-mailings`}>Mail me at most</label>{" "}
          <input
            id={`${id}-mailings`}
            name="mailingsPerYear"
            type="number"
            inputMode="numeric"
            min={MAILINGS_PER_YEAR.min}
            max={MAILINGS_PER_YEAR.max}
            step={1}
            defaultValue={choice.mailingsPerYear ?? ""}
            aria-describedby={`${id}-hint`}
          />{" "}
          times a year
        </p>
        <p className="hint" id={`${id}-hint`}>
          Optional, for a donor. Either way, the letter asks them to stop trading your name with other charities.
        </p>
        <button type="submit" name="intent" value="charityChoice" className="button button-quiet">
          Save
        </button>
      </Form>
    </details>
  );
}
