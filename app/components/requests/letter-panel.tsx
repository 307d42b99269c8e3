import { Link } from "@remix-run/react";
import { letterMailto, type LetterToSend } from "~/domain/letter-to-send";
import type { TimelineEntry } from "~/domain/request-evidence";

export type OpenRequest = LetterToSend & {
  id: string;
  senderName: string;
  /** What the service did with the request, in place of the offer to email the letter oneself. */
  weSent: string | null;
  /** The request's timeline, newest first (requestTimeline). */
  history: TimelineEntry[];
};

const printViewPath = (requestId: string) => `/dashboard?request=${encodeURIComponent(requestId)}&view=print`;
const letterFilePath = (requestId: string) => `/requests/${encodeURIComponent(requestId)}/letter.txt`;

/**
 * The letter as it is printed and sent: the sender's postal address at the top when the catalog
 * has one (where a #10 window envelope shows it), then the letter. The print stylesheet prints
 * this and nothing else.
 */
function LetterSheet({ open, id, titleId }: { open: OpenRequest; id: string; titleId?: string }) {
  return (
    <div className="letter-sheet" id={id}>
      {open.recipientAddress ? (
        <address className="letter-address" aria-label={`${open.senderName}'s postal address`}>
          {open.recipientAddress.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
      ) : null}
      {/* A scrolling region must take focus, or keyboard users cannot scroll it (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <pre className="letter" tabIndex={0} aria-labelledby={titleId}>
        {open.letter}
      </pre>
    </div>
  );
}

/**
 * Print: a link to the page of the letter alone, printed with the browser's own command; with
 * JavaScript (app/browser/enhance.ts), a button that prints this page instead.
 */
function PrintButton({ requestId }: { requestId: string }) {
  const linkId = `print-link-${requestId}`;
  return (
    <>
      <Link to={printViewPath(requestId)} id={linkId}>
        Print
      </Link>
      <button type="button" className="button button-quiet" data-print data-replaces={linkId} hidden>
        Print
      </button>
    </>
  );
}

/** "Email it to …" with the letter filled in, for a sender the catalog says takes email. */
function EmailLink({ to, letter }: { to: string; letter: string }) {
  const mailto = letterMailto(to, letter);
  return (
    <>
      <a href={mailto.href}>Email it to {to}</a>
      {mailto.complete ? null : (
        <span className="muted">The letter is too long to fill in the email by itself: paste it in from above or from the text file.</span>
      )}
    </>
  );
}

export function LetterPanel({ open }: { open: OpenRequest }) {
  const letterId = `letter-${open.id}`;
  return (
    <div className="letter-panel">
      <h4 id={`${letterId}-title`}>Your opt-out letter</h4>
      <LetterSheet open={open} id={letterId} titleId={`${letterId}-title`} />
      <p className="letter-tools">
        <CopyButton targetId={letterId} />
        <PrintButton requestId={open.id} />
        <a href={letterFilePath(open.id)} download>
          Download as text
        </a>
        {open.senderEmail ? <EmailLink to={open.senderEmail} letter={open.letter} /> : null}
        <Link to={`/dashboard#request-${open.id}`}>Close</Link>
      </p>
      {open.weSent ? <p className="letter-we-sent">{open.weSent}</p> : null}
      <h4>History</h4>
      {open.history.length === 0 ? (
        <p className="muted">Nothing has happened yet.</p>
      ) : (
        <ol className="history">
          {open.history.map((entry) => (
            <li key={entry.id}>
              <span className="muted">{entry.at}</span>{" "}
              {entry.reply !== null ? (
                <>
                  {entry.text}:{/* The sender's own words, as plain text: React escapes them, CSS keeps their line breaks. */}
                  <blockquote className="reply-text">{entry.reply}</blockquote>
                </>
              ) : (
                entry.text
              )}
              {entry.steps ? (
                // A sending's facts and its vendor's steps, folded under its one line; <details> opens without JavaScript.
                <details className="history-steps">
                  <summary>{entry.steps}</summary>
                  <SendingSteps entry={entry} />
                </details>
              ) : (
                <SendingSteps entry={entry} />
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Where a sending went, its vendor's id, and each step its vendor reported, oldest first. */
function SendingSteps({ entry }: { entry: TimelineEntry }) {
  return (
    <>
      {entry.facts.length > 0 ? (
        <ul className="plain history-facts">
          {entry.facts.map((fact) => (
            <li key={fact} className="muted">
              {fact}
            </li>
          ))}
        </ul>
      ) : null}
      {entry.events.length > 0 ? (
        <ol className="history-events">
          {entry.events.map((event, index) => (
            <li key={`${entry.id}-${index}`}>
              {event.at ? <span className="muted">{event.at}</span> : null} {event.text}
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}

/** "Copy to clipboard" with JavaScript (app/browser/enhance.ts); without it the letter is a block of selectable text. */
function CopyButton({ targetId }: { targetId: string }) {
  const statusId = `${targetId}-copied`;
  return (
    <>
      <button type="button" className="button" data-copy={targetId} data-status={statusId} hidden>
        Copy to clipboard
      </button>
      <span role="status" className="muted" id={statusId} />
    </>
  );
}

export function PrintableLetter({ open }: { open: OpenRequest }) {
  return (
    <section className="page narrow print-view" aria-labelledby="page-title">
      <p className="no-print">
        <Link to={`/dashboard?request=${encodeURIComponent(open.id)}#request-${open.id}`}>Back to your requests</Link>. Use your browser’s
        Print command; only the letter is printed.
      </p>
      <h1 id="page-title" className="no-print">
        Letter to {open.senderName}
      </h1>
      <p className="no-print" hidden data-print-row>
        <button type="button" className="button" data-print>
          Print
        </button>
      </p>
      <LetterSheet open={open} id={`letter-${open.id}`} />
    </section>
  );
}
