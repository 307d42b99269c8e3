import { Form, Link } from "@remix-run/react";
import { describedByNote, FreeRequestsNote } from "~/components/requests/free-requests-note";
import { addRequestUrl, type StopBy } from "~/domain/seen-in-mail";

export type SeenInMailData = {
  toStop: { templateId: string; senderName: string; lead: string; stop: StopBy; note: string | null; upgradeToSend: boolean }[];
  alsoSeen: { senderName: string; when: string; addUrl: string }[];
  resident: string | null;
  recipientIds: string[];
};

/** The senders seen in the person's mail, above the cards: one press stops each; "Current Resident" mail is explained, never offered. */
export function SeenInMail({ seen }: { seen: SeenInMailData }) {
  if (seen.toStop.length === 0 && seen.alsoSeen.length === 0 && !seen.resident) return null;
  return (
    <section className="seen-in-mail" aria-labelledby="seen-in-mail-title">
      <h2 id="seen-in-mail-title" className="visually-hidden">
        Seen in your mail
      </h2>
      {seen.toStop.length > 0 ? (
        <ul className="plain seen-list">
          {seen.toStop.map((sender) => (
            <SenderSeen key={sender.templateId} sender={sender} recipientIds={seen.recipientIds} />
          ))}
        </ul>
      ) : null}
      {seen.alsoSeen.length > 0 ? (
        <p className="seen-also">
          Also seen, not in our list yet:{" "}
          {seen.alsoSeen.map((name, index) => (
            <span key={name.senderName}>
              {index > 0 ? "; " : null}
              {name.senderName} ({name.when}),{" "}
              <Link to={name.addUrl}>
                add a request<span className="visually-hidden"> to {name.senderName}</span>
              </Link>
            </span>
          ))}
        </p>
      ) : null}
      {seen.resident ? (
        <p className="muted seen-resident">
          {seen.resident} <Link to="/learn#saturation-mail">What can help with those</Link>
        </p>
      ) : null}
    </section>
  );
}

function SenderSeen({ sender, recipientIds }: { sender: SeenInMailData["toStop"][number]; recipientIds: string[] }) {
  const noteId = `seen-${sender.templateId}-note`;
  const label = (
    <>
      Stop it<span className="visually-hidden"> {sender.senderName}</span>
    </>
  );
  const button = (
    <button type="submit" className="button" aria-describedby={describedByNote(noteId, sender.note)}>
      {label}
    </button>
  );
  const { stop } = sender;
  return (
    <li className="seen-sender">
      <span className="seen-line">
        {sender.lead}: <strong>{sender.senderName}</strong>
      </span>{" "}
      {sender.upgradeToSend ? (
        <Link to="/subscription" className="button button-quiet">
          Upgrade to send<span className="visually-hidden"> to {sender.senderName}</span>
        </Link>
      ) : stop.kind === "request" ? (
        <Form method="post" action="/dashboard" className="seen-stop">
          <input type="hidden" name="intent" value="unsubscribe" />
          <input type="hidden" name="requestId" value={stop.requestId} />
          {button}
        </Form>
      ) : stop.kind === "newRequest" ? (
        <Form method="post" action="/requests/add" className="seen-stop">
          <input type="hidden" name="senderName" value={sender.senderName} />
          <input type="hidden" name="templateId" value={stop.templateId} />
          {recipientIds.map((id) => (
            <input key={id} type="hidden" name="recipientIds" value={id} />
          ))}
          {button}
        </Form>
      ) : (
        <Link to={stop.requestId ? `#request-${stop.requestId}` : addRequestUrl(sender.senderName)}>
          Only you can file it: how<span className="visually-hidden"> to stop {sender.senderName}</span>
        </Link>
      )}
      <FreeRequestsNote id={noteId} note={sender.upgradeToSend ? null : sender.note} />
    </li>
  );
}
