import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { neverMailed, trackingStateOfEvent } from "~/domain/letter-tracking";
import { verifyLobSignature } from "~/integrations/lob-webhook.server";
import { adoptLetterOfRequest, applyLetterEvent, mailedLetterById } from "~/models/mailed-letter.server";
import { asksAfterComingBack } from "~/models/return-address-wait.server";
import { jsonResponse } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";
import { notFound } from "~/utils/http-errors";
import { log } from "~/utils/log.server";

// Lob's event object (resources/events/models/events.yml): only what the app reads is checked.
const LobEventSchema = z.looseObject({
  id: z.string().min(1),
  event_type: z.looseObject({ id: z.string().min(1) }),
  date_created: z.string().optional(),
  body: z.looseObject({
    id: z.string().min(1),
    tracking_events: z.array(z.looseObject({ name: z.string().optional(), location: z.string().nullish() })).nullish(),
    // What the letter job gave Lob to keep (decision 0052): the request and its owner.
    metadata: z.looseObject({ requestId: z.string().optional(), userId: z.string().optional() }).nullish(),
    expected_delivery_date: z.string().nullish(),
    failure_reason: z.looseObject({ failure_reason: z.string().nullish() }).nullish(),
  }),
});

export const loader = notFound;

/**
 * Lob's tracking events for the letters it mails (decision 0052). The signature over the raw body
 * and a fresh timestamp are the guard (there is no session or Origin on a server-to-server call).
 * Each event is applied once: a replay answers 200 and changes nothing, an older event arriving
 * after a newer one adds its line to the history without moving the letter's state back. An
 * event for a letter this database does not know, or one that says nothing of the mail's way, is
 * acknowledged so that Lob stops sending it.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") notFound();
  const { env } = context;
  if (!env.LOB_WEBHOOK_SECRET) return jsonResponse({ error: "Lob's webhook is not set up." }, 503);
  const payload = await request.text();
  const check = await verifyLobSignature(
    env.LOB_WEBHOOK_SECRET,
    { signature: request.headers.get("Lob-Signature"), timestamp: request.headers.get("Lob-Signature-Timestamp") },
    payload,
  );
  if (!check.ok) {
    return jsonResponse({ error: check.reason === "stale" ? "The timestamp is too old." : "The signature does not match." }, 400);
  }

  let parsed;
  try {
    parsed = LobEventSchema.safeParse(JSON.parse(payload));
  } catch {
    return jsonResponse({ error: "Not a Lob event." }, 400);
  }
  if (!parsed.success) return jsonResponse({ error: "Not a Lob event." }, 400);
  const event = parsed.data;

  const state = trackingStateOfEvent(event.event_type.id);
  if (!state) return jsonResponse({ received: true, actedOn: false });
  const db = getDb(env.DB);
  const letter =
    (await mailedLetterById(db, event.body.id)) ?? (await letterNamedByMetadata(db, event.body, state, env.LOB_LETTER_PRICE_CENTS));
  if (!letter) {
    log.warn(`lob event ${event.id} is for letter ${event.body.id}, which no request has`);
    return jsonResponse({ received: true, actedOn: false });
  }
  const occurredAt = event.date_created ? new Date(event.date_created) : new Date();
  // A letter back from the address we had asks the person for the one printed on the piece (decision 0070).
  const next = state === "returnedToSender" && (await asksAfterComingBack(db, letter, "mail")) ? "ask" : "staff";
  const applied = await applyLetterEvent(
    db,
    letter,
    {
      eventId: event.id,
      eventType: event.event_type.id,
      state,
      occurredAt: Number.isNaN(occurredAt.getTime()) ? new Date() : occurredAt,
      location: event.body.tracking_events?.at(-1)?.location ?? null,
      reason: event.body.failure_reason?.failure_reason?.trim().slice(0, 500) || null,
    },
    new Date(),
    next,
  );
  return jsonResponse(applied ? { received: true } : { received: true, duplicate: true });
}

/**
 * A letter whose id we never recorded (Lob made it, but its answer was lost on the way back) is
 * matched by the metadata the job gave it, and recorded on that request as the job would have.
 */
async function letterNamedByMetadata(
  db: ReturnType<typeof getDb>,
  letter: z.infer<typeof LobEventSchema>["body"],
  state: NonNullable<ReturnType<typeof trackingStateOfEvent>>,
  priceCents: number,
) {
  const { requestId, userId } = letter.metadata ?? {};
  if (!requestId || !userId) return null;
  return adoptLetterOfRequest(
    db,
    { userId, requestId },
    {
      id: letter.id,
      expectedDeliveryDate: letter.expected_delivery_date ?? null,
      costCents: priceCents,
      neverMailed: neverMailed(state),
    },
  );
}
