import { data } from "@remix-run/cloudflare";

/** A page's buttons each post an `intent`; any other (a page older than the code, or an edited one) answers this. */
export const UNKNOWN_INTENT_MESSAGE = "That button is not one this page knows. Reload the page and try again.";

/**
 * Whether a submission parsed with a `z.discriminatedUnion("intent", …)` failed on the intent
 * itself (missing or not one of the page's), rather than on the fields of a known one.
 */
export const isUnknownIntent = (submission: { status?: string; error?: Record<string, unknown> | null }) =>
  submission.status === "error" && Boolean(submission.error?.intent);

/** The answer to a post whose intent the page does not know: 400 with the message above. */
export const unknownIntent = () => data({ intent: "unknown" as const, message: UNKNOWN_INTENT_MESSAGE }, { status: 400 });
