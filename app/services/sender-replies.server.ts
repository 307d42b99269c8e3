// The Worker's email handler: Cloudflare Email Routing hands it the mail sent to the reply domain,
// and a sender's answer to a request's reply address joins that request's history (decision 0018).
import PostalMime, { type Email } from "postal-mime";
import { replyTokenFrom } from "~/domain/reply-address";
import { utcDay } from "~/domain/dates";
import { claimedReplyText, replyText } from "~/domain/reply-text";
import { senderRepliedEmail } from "~/domain/account-emails";
import { enqueueAccountEmail } from "~/queue/producer.server";
import {
  claimReplyNotice,
  findRequestByReplyToken,
  recordSenderReply,
  releaseSenderReply,
  reserveSenderReply,
} from "~/models/sender-reply.server";
import type { AppEnv } from "~/utils/env.server";
import { getDb } from "~/utils/db.server";
import { joinBytes, readAtMost } from "~/utils/bytes";
import { hexDigest } from "~/utils/digest";
import { log } from "~/utils/log.server";

/** An answer to a letter is a few kilobytes; beyond this it is refused rather than read. */
const MAX_REPLY_BYTES = 5 * 1024 * 1024;

const REJECT_UNKNOWN_ADDRESS = "Unknown address";
const REJECT_TOO_LARGE = "Message too large";
const REJECT_UNREADABLE = "Message could not be read";
const REJECT_DAILY_LIMIT = "This address has taken all the replies it takes today";
const REJECT_SENDING_ADDRESS =
  "This address only sends opt-out requests and reads no mail: please reply to the Reply-To address of the request, which reaches the person";

/** Replies one request's reply address reads per UTC day: a sender answers once or twice. */
export const REPLIES_PER_DAY = 5;

/**
 * Records one email sent to a reply address. Mail to any other address, or too large, or that
 * cannot be parsed is rejected (the sending server bounces it) and nothing is written. Errors
 * from D1 are thrown, which Email Routing answers with a temporary failure: the sending server
 * tries again later, and the entry's id makes that second delivery a no-op if the first one
 * was written after all. Nothing of the message or the person is logged.
 */
export async function receiveSenderReply(message: ForwardableEmailMessage, env: AppEnv, now = new Date()): Promise<void> {
  const token = replyTokenFrom(message.to, env.REPLY_DOMAIN);
  if (!token) return reject(message, REJECT_UNKNOWN_ADDRESS);
  if (message.rawSize > MAX_REPLY_BYTES) return reject(message, REJECT_TOO_LARGE);

  const db = getDb(env.DB);
  const request = await findRequestByReplyToken(db, token);
  if (!request) return reject(message, REJECT_UNKNOWN_ADDRESS);

  // Counted before it is read, within the day's cap (decision 0065).
  const day = { userId: request.userId, requestId: request.id, day: utcDay(now) };
  if (!(await reserveSenderReply(db, { ...day, limit: REPLIES_PER_DAY }))) return reject(message, REJECT_DAILY_LIMIT);

  const raw = await readAtMost(message.raw, MAX_REPLY_BYTES);
  if (!raw) return reject(message, REJECT_TOO_LARGE);
  let email: Email;
  try {
    email = await PostalMime.parse(raw);
  } catch {
    return reject(message, REJECT_UNREADABLE);
  }

  const text = claimedReplyText(
    email.from,
    replyText({
      text: email.text,
      html: email.html,
      // Images the HTML shows inline (logos in a signature) are part of the layout, not attachments.
      attachmentNames: email.attachments
        .filter((attachment) => !attachment.related)
        .map((attachment) => attachment.filename ?? attachment.mimeType),
    }),
  );
  const entryId = await replyEntryId(token, email.messageId, raw);
  const recorded = await recordSenderReply(db, { userId: request.userId, requestId: request.id, entryId, text });
  log.info(`sender reply ${recorded ? "recorded" : "already recorded"} for request ${request.userId}:${request.id}`);
  if (!recorded) return releaseSenderReply(db, day);
  // One email a day per request: the day's later replies are in the history it links to.
  if (await claimReplyNotice(db, day)) await tellTheUser(env, request);
}

/**
 * The person hears that a sender answered, with a link to the request: on the day's first reply,
 * since an answer may ask them for something (it is about their request, not marketing); the
 * day's later ones are in the same history, and the next day's first reply emails again. A queue that refuses the
 * job leaves it dead for staff; the reply itself is already recorded.
 */
async function tellTheUser(env: AppEnv, request: { userId: string; id: string; senderName: string; email: string }) {
  const requestUrl = new URL(`/dashboard?${new URLSearchParams({ request: request.id })}`, env.APP_ORIGIN).href;
  await enqueueAccountEmail(env, request.email, senderRepliedEmail({ senderName: request.senderName, requestUrl }), request.userId);
}

/**
 * Mail to a person's own sending address, the From of their request (decision 0066): a sender whose
 * mail program answers From instead of Reply-To. The address reads nothing (it would take the
 * address itself, not the request, to find whose answer it is); the rejection bounces to the sender
 * with the words to reply to the request's Reply-To, which every answer to the request carries.
 */
export function refuseMailToSendingAddress(message: ForwardableEmailMessage) {
  reject(message, REJECT_SENDING_ADDRESS);
}

function reject(message: ForwardableEmailMessage, reason: string) {
  log.info(`email refused: ${reason}`);
  message.setReject(reason);
}

/**
 * The history entry's id: the same email delivered again gets the same id. From its Message-ID
 * (or, without one, its bytes) and the reply address, since one email sent to two requests' reply
 * addresses belongs in both histories.
 */
async function replyEntryId(token: string, messageId: string | undefined, raw: Uint8Array): Promise<string> {
  const source = messageId ? `${token}\n${messageId}` : joinBytes([new TextEncoder().encode(`${token}\n`), raw]);
  return `reply-${await hexDigest("SHA-256", source)}`;
}
