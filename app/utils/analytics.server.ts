import type { AppLoadContext } from "@remix-run/cloudflare";
import { analyticsEvents } from "../../drizzle/schema";
import { getDb } from "~/utils/db.server";

/** Event names of spec section 7. */
export type AnalyticsEventName =
  | "Visited Homepage"
  | "Visited Step 1"
  | "Visited Step 2"
  | "Signed up"
  | "sign_up"
  | "Lead"
  | "created request"
  | "visited dashboard"
  | "clicked request action button";

/** Properties must never carry an email, a name or an address. */
export type AnalyticsProperties = Record<string, string | number | boolean>;

/** A visitor who sends Do Not Track or Global Privacy Control is not tracked. */
export function isTrackingAllowed(request: Request): boolean {
  return request.headers.get("DNT") !== "1" && request.headers.get("Sec-GPC") !== "1";
}

export async function recordEvent(
  context: AppLoadContext,
  name: AnalyticsEventName,
  { userId = null, properties }: { userId?: string | null; properties?: AnalyticsProperties } = {},
) {
  await getDb(context.env.DB).insert(analyticsEvents).values({ name, userId, properties });
}

/** Site-visit events fire only when tracking is allowed, after the response is on its way. */
export function trackVisit(request: Request, context: AppLoadContext, name: AnalyticsEventName) {
  if (!isTrackingAllowed(request)) return;
  context.ctx.waitUntil(
    recordEvent(context, name).catch((error: unknown) => console.error(`analytics write failed for "${name}":`, String(error))),
  );
}
