/** freeRequestsUsedNote as a sentence about what is just above it (product rules: Saying what a request costs). */
export function freeRequestsSentence(note: string | null, lead = "This") {
  return note ? `${lead} ${note}.` : "";
}

/**
 * Under a button that sends requests: what pressing it uses of the free requests. Nothing for a
 * subscriber. The button names it with aria-describedby={describedByNote(id, note)}.
 */
export function FreeRequestsNote({ id, note }: { id: string; note: string | null }) {
  if (!note) return null;
  return (
    <p className="hint free-requests-note" id={id}>
      {freeRequestsSentence(note)}
    </p>
  );
}

/** The button's aria-describedby for its FreeRequestsNote: only when the note is there. */
export const describedByNote = (id: string, note: string | null) => (note ? id : undefined);
