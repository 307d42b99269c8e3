import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { emailEventOf, failsTheAddress, putsTheRequestBack } from "~/domain/email-tracking";
import { isPostmarkWebhookCall } from "~/integrations/postmark-webhook.server";
import { canMailInsteadOfEmail, mailInsteadOfEmail } from "~/services/automatic-send.server";
import { applyEmailEvent, requestEmailByMessageId } from "~/models/request-email.server";
import { asksAfterComingBack } from "~/models/return-address-wait.server";
import { jsonResponse } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";
import { notFound } from "~/utils/http-errors";

// Postmark's Delivery, Bounce and SpamComplaint records (postmark.js's webhook payload types and
// https://postmarkapp.com/developer/webhooks/...): only what the app reads is checked.
const PostmarkRecordSchema = z.looseObject({
  RecordType: z.string().min(1),
  MessageID: z.string().min(1),
  ID: z.union([z.number(), z.string()]).nullish(),
  Recipient: z.string().nullish(),
  Email: z.string().nullish(),
  DeliveredAt: z.string().nullish(),
  BouncedAt: z.string().nullish(),
  Type: z.string().nullish(),
  TypeCode: z.number().nullish(),
  Inactive: z.boolean().nullish(),
  Description: z.string().nullish(),
  Details: z.string().nullish(),
});

export const loader = notFound;

/**
 * Postmark's webhook for emails to senders (decision 0053). The webhook's Basic credentials are the
 * guard (Postmark signs nothing); without them set, nothing is accepted. Each event is applied once:
 * a replay answers 200 and changes nothing, a delivery arriving after a bounce leaves the bounce.
 * Events of emails that are not a request's (account emails, reminders) and records the app does
 * not act on (opens, clicks) are acknowledged, so that Postmark stops sending them.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") notFound();
  const { env } = context;
  if (!env.POSTMARK_WEBHOOK_USER || !env.POSTMARK_WEBHOOK_PASSWORD)
    return jsonResponse({ error: "Postmark's webhook is not set up." }, 503);
  const authorized = await isPostmarkWebhookCall(request.headers.get("Authorization"), {
    user: env.POSTMARK_WEBHOOK_USER,
    password: env.POSTMARK_WEBHOOK_PASSWORD,
  });
  if (!authorized) {
    return new Response(JSON.stringify({ error: "Postmark's webhook credentials are required." }), {
      status: 401,
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store", "WWW-Authenticate": 'Basic realm="postmark"' },
    });
  }

  let parsed;
  try {
    parsed = PostmarkRecordSchema.safeParse(JSON.parse(await request.text()));
  } catch {
    return jsonResponse({ error: "Not a Postmark record." }, 400);
  }
  if (!parsed.success) return jsonResponse({ error: "Not a Postmark record." }, 400);

  const event = emailEventOf(parsed.data);
  if (!event) return jsonResponse({ received: true, actedOn: false });
  const db = getDb(env.DB);
  const email = await requestEmailByMessageId(db, event.messageId);
  if (!email) return jsonResponse({ received: true, actedOn: false });
  // An email that did not get through (a bounce, a spam complaint, Postmark giving up) goes by post
  // instead where the sender has a postal address and letters go through Lob (decision 0053); else a
  // first request asks the person for the return address on a piece of the sender's mail (decision
  // 0070); else it is back with staff.
  const key = { userId: email.userId, requestId: email.requestId };
  const next = !putsTheRequestBack(event.kind)
    ? "staff"
    : (await canMailInsteadOfEmail(env, key))
      ? "letter"
      : (await asksAfterComingBack(db, key, failsTheAddress(event.kind) ? "email" : null))
        ? "ask"
        : "staff";
  const applied = await applyEmailEvent(db, email, event, new Date(), next);
  if (applied && next === "letter") await mailInsteadOfEmail(env, key);
  return jsonResponse(applied ? { received: true } : { received: true, duplicate: true });
}
