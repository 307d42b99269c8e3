import type { AppLoadContext } from "@remix-run/cloudflare";
import { analyticsEvents } from "../../drizzle/schema";
import { chunkedInserts, getDb } from "~/utils/db.server";
import { errorMessage } from "~/utils/errors";
import { log } from "~/utils/log.server";

/** Event names of product rules: Calls to the server. */
export type AnalyticsEventName =
  | "Visited Homepage"
  | "Visited Step 1"
  | "Visited Step 2"
  | "Signed up"
  | "sign_up"
  | "Lead"
  | "created request"
  | "visited dashboard"
  | "clicked request action button"
  // A new paid subscription, with the plan's conversion value (product rules: Free requests and plans); written by
  // app/models/subscription.server.ts in the batch that links the subscription.
  | "Subscribe";

/** Properties must never carry an email, a name or an address. */
type AnalyticsProperties = Record<string, string | number | boolean>;

type PendingVisit = { name: AnalyticsEventName; createdAt: Date };

/** Visits arriving within this window are written together, in one D1 batch. */
const VISIT_FLUSH_DELAY_MS = 1_000;
const pendingVisits: PendingVisit[] = [];
let flushScheduled = false;

const CONSENT_COOKIE = "tracking_consent";
const CONSENT_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

/** Global Privacy Control or Do Not Track count as "no", and the visitor is not even asked. */
export function hasOptOutSignal(request: Request): boolean {
  return request.headers.get("Sec-GPC") === "1" || request.headers.get("DNT") === "1";
}

/** The answer the visitor gave to the consent question, if any. */
export function consentChoice(request: Request): "yes" | "no" | null {
  const match = request.headers.get("Cookie")?.match(new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(yes|no)(?:;|$)`));
  return (match?.[1] as "yes" | "no" | undefined) ?? null;
}

/** Site visits are counted only after a "yes", and never with an opt-out signal. */
function isTrackingAllowed(request: Request): boolean {
  return !hasOptOutSignal(request) && consentChoice(request) === "yes";
}

export function consentCookieHeader(choice: "yes" | "no") {
  return `${CONSENT_COOKIE}=${choice}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly`;
}

export type AnalyticsEvent = { name: AnalyticsEventName; userId?: string | null; properties?: AnalyticsProperties };

/** Records product events (not site visits) in one write; services that have no request's context pass `{ env }`. */
export async function recordEvents(context: Pick<AppLoadContext, "env">, events: AnalyticsEvent[]) {
  if (events.length === 0) return;
  await getDb(context.env.DB)
    .insert(analyticsEvents)
    .values(events.map(({ name, userId = null, properties }) => ({ name, userId, properties })));
}

/**
 * Site-visit events fire only when tracking is allowed, and never slow a page: they are kept in
 * this isolate for a moment and written together after the responses are on their way. A busy
 * page then costs one D1 batch a second instead of one write per view; an isolate that is
 * evicted before the flush loses at most that second of visit counts.
 */
export function trackVisit(request: Request, context: AppLoadContext, name: AnalyticsEventName) {
  if (!isTrackingAllowed(request)) return;
  pendingVisits.push({ name, createdAt: new Date() });
  if (flushScheduled) return;
  flushScheduled = true;
  context.ctx.waitUntil(new Promise((resolve) => setTimeout(resolve, VISIT_FLUSH_DELAY_MS)).then(() => flushVisits(context.env.DB)));
}

async function flushVisits(d1: D1Database) {
  const visits = pendingVisits.splice(0);
  flushScheduled = false;
  if (visits.length === 0) return;
  const db = getDb(d1);
  const [first, ...rest] = chunkedInserts(db, analyticsEvents, visits);
  try {
    await db.batch([first!, ...rest]);
  } catch (error) {
    log.error(`analytics: ${visits.length} visit events not written:`, errorMessage(error));
  }
}
