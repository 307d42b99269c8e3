import { MINUTE_MS } from "./dates";

/** How long to wait, in whole minutes and never less than one: every limit's message says it so. */
export function tryAgainIn(waitMs: number) {
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE_MS));
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/** The one message of every limit that has none of its own: what happened and when to try again. */
export function tooManyAttemptsMessage(waitMs: number) {
  return `Too many attempts. Please try again in ${tryAgainIn(waitMs)}.`;
}
