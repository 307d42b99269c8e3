import { Link } from "@remix-run/react";
import { useRef, useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";

export type OpenRequest = {
  id: string;
  senderName: string;
  letter: string;
  history: Array<{ id: string; text: string; creator: string; at: string }>;
};

export function LetterPanel({ open }: { open: OpenRequest }) {
  const letterId = `letter-${open.id}`;
  return (
    <div className="letter-panel">
      <h4 id={`${letterId}-title`}>Your opt-out letter</h4>
      {/* A scrolling region must take focus, or keyboard users cannot scroll it (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <pre className="letter" id={letterId} tabIndex={0} aria-labelledby={`${letterId}-title`}>
        {open.letter}
      </pre>
      <p className="letter-tools">
        <CopyButton text={open.letter} targetId={letterId} />
        <Link to={`/dashboard?request=${encodeURIComponent(open.id)}&view=print`}>Print-friendly view</Link>
        <Link to={`/dashboard#request-${open.id}`}>Close</Link>
      </p>
      <h4>History</h4>
      {open.history.length === 0 ? (
        <p className="muted">Nothing has happened yet.</p>
      ) : (
        <ol className="history">
          {open.history.map((entry) => (
            <li key={entry.id}>
              <span className="muted">{entry.at}</span>{" "}
              {entry.creator === "sender" ? (
                <>
                  {open.senderName} replied:
                  {/* The sender's own words, as plain text: React escapes them, CSS keeps their line breaks. */}
                  <blockquote className="reply-text">{entry.text}</blockquote>
                </>
              ) : (
                entry.text
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** "Copy to clipboard" once JavaScript runs; without it the letter is a block of selectable text. */
function CopyButton({ text, targetId }: { text: string; targetId: string }) {
  const hydrated = useHydrated();
  const [message, setMessage] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  if (!hydrated) return null;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setMessage("Copied.");
    } catch {
      const range = document.createRange();
      range.selectNodeContents(document.getElementById(targetId)!);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      setMessage("Selected: press Ctrl+C (or ⌘C) to copy.");
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(""), 4000);
  }

  return (
    <>
      <button type="button" className="button" onClick={copy}>
        Copy to clipboard
      </button>
      <span role="status" className="muted">
        {message}
      </span>
    </>
  );
}

export function PrintableLetter({ senderName, letter, requestId }: { senderName: string; letter: string; requestId: string }) {
  return (
    <section className="page narrow print-view" aria-labelledby="page-title">
      <p className="no-print">
        <Link to={`/dashboard?request=${encodeURIComponent(requestId)}#request-${requestId}`}>Back to your requests</Link>. Use your
        browser’s Print command; only the letter is printed.
      </p>
      <h1 id="page-title" className="no-print">
        Letter to {senderName}
      </h1>
      <pre className="letter">{letter}</pre>
    </section>
  );
}
