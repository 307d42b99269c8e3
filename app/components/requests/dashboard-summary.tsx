import { Form, Link } from "@remix-run/react";
import { UNDO_DELETE_DAYS } from "~/domain/requests";

export type SummaryData = {
  needsYou: number;
  /** Of those, the ones asking for the return address on a piece of the sender's mail. */
  needsReturnAddress: number;
  onItsWay: number;
  /** Of those: sent and waiting for the sender, waiting for our staff to send them, going out now by themselves. */
  withSender: number;
  withStaff: number;
  goingOut: number;
  done: number;
  next: { senderName: string; by: string } | null;
};

/** Where things stand, above the groups: each count links to its group. */
export function DashboardSummaryPanel({ summary }: { summary: SummaryData }) {
  return (
    <section className="dashboard-summary" aria-labelledby="summary-title">
      <h2 id="summary-title" className="visually-hidden">
        Where things stand
      </h2>
      <ul>
        {summary.needsYou > 0 ? (
          <li className="summary-needs-you">
            <strong>{summary.needsYou}</strong> <a href="#group-needsYou">{needsYouText(summary)}</a>
          </li>
        ) : (
          <li>Nothing needs your answer</li>
        )}
        <li>
          <strong>{summary.withSender}</strong> {summary.withSender === 1 ? "request is" : "requests are"} sent and waiting for the sender
        </li>
        {summary.withStaff > 0 ? (
          <li>
            <strong>{summary.withStaff}</strong> {summary.withStaff === 1 ? "request is" : "requests are"} waiting for our staff to send{" "}
            {summary.withStaff === 1 ? "it" : "them"}
          </li>
        ) : null}
        {summary.goingOut > 0 ? (
          <li>
            <strong>{summary.goingOut}</strong> {summary.goingOut === 1 ? "request is" : "requests are"} going out now
          </li>
        ) : null}
        <li>
          <strong>{summary.done}</strong> done
        </li>
      </ul>
      <p>
        {summary.next
          ? `Next to take effect: ${summary.next.senderName}, by ${summary.next.by}.`
          : summary.onItsWay > 0
            ? "The dates appear once your requests reach their senders."
            : summary.needsYou > 0
              ? "Your answer below moves them on."
              : "Send a request below to start."}
      </p>
    </section>
  );
}

/** What the requests under "Needs your answer" ask: whether the mail stopped, the return address on a piece, or both. */
function needsYouText({ needsYou, needsReturnAddress }: SummaryData) {
  const needs = needsYou === 1 ? "needs" : "need";
  if (needsReturnAddress === 0) return `${needs} your answer: has the mail stopped?`;
  if (needsReturnAddress === needsYou) return `${needs} your answer: the return address on a piece of the sender's mail`;
  return `${needs} your answer`;
}

/**
 * What the last post did, at the top of the page. With JavaScript the page does not reload, so
 * focus moves here (the key of this component changes with each outcome); without it, the
 * redirect's #outcome brings it into view.
 */
export function DashboardOutcome({
  notice,
  error,
}: {
  notice: { text: string; undo?: { requestId: string; senderName: string }; upgrade?: boolean } | null;
  error: string | null;
}) {
  const message = error ?? notice?.text;
  if (!message) return null;
  return (
    <div id="outcome" tabIndex={-1} data-focus-on-load className={error ? "form-error" : "notice"} role={error ? "alert" : "status"}>
      <p>
        {message}
        {error || notice?.upgrade ? (
          <>
            {" "}
            <Link to="/subscription">See plans</Link>
          </>
        ) : null}
      </p>
      {notice?.undo ? <UndoDelete requestId={notice.undo.requestId} senderName={notice.undo.senderName} /> : null}
    </div>
  );
}

function UndoDelete({ requestId, senderName }: { requestId: string; senderName: string }) {
  return (
    <Form method="post" action="/dashboard" className="inline-form">
      <input type="hidden" name="requestId" value={requestId} />
      <button type="submit" name="intent" value="undo" className="button button-quiet" aria-label={`Undo: bring back ${senderName}`}>
        Undo
      </button>
    </Form>
  );
}

/** Requests deleted within the undo window, each with its Undo. */
export function RecentlyDeleted({ requests }: { requests: Array<{ id: string; senderName: string; until: string }> }) {
  return (
    <section aria-labelledby="recently-deleted" className="recently-deleted">
      <h2 id="recently-deleted">Recently deleted</h2>
      <p className="muted">A deleted request can be brought back for {UNDO_DELETE_DAYS} days, as it was.</p>
      <ul>
        {requests.map((request) => (
          <li key={request.id}>
            <span>
              {request.senderName} <span className="muted">(until {request.until})</span>
            </span>
            <UndoDelete requestId={request.id} senderName={request.senderName} />
          </li>
        ))}
      </ul>
    </section>
  );
}
