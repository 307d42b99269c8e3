// The Worker's email handler for the inbound addresses (decision 0055): Cloudflare Email Routing
// hands it the mail sent to <token>@MAILBOX_DOMAIN. An Informed Delivery digest, a photo of a mail
// piece or a mail provider's forwarding confirmation is kept for the address's owner; anything
// else is dropped and counted, never stored. Anyone can send here, so what arrives affects its
// owner's account only.
import PostalMime, { type Email } from "postal-mime";
import { utcDay } from "~/domain/dates";
import { confirmationContent, isForwardingConfirmation, MAILBOX_LIMITS, mailboxTokenFrom } from "~/domain/mailbox";
import { PHOTO_LIMITS, PHOTO_MESSAGES } from "~/domain/mail-photo";
import {
  countDroppedMessage,
  findMailboxByToken,
  keepConfirmation,
  noteMailboxMail,
  reserveMailboxMessage,
  settleMailboxMessage,
  wasConfirmationKept,
  wasEmailedPhotoKept,
} from "~/models/mailbox.server";
import { isInformedDeliveryDigest, takeDigest } from "~/services/mailbox-digest.server";
import { inboundTrust } from "~/services/inbound-trust.server";
import { storeMailPhoto } from "~/services/mail-photos.server";
import type { AppEnv } from "~/utils/env.server";
import { getDb, type Db } from "~/utils/db.server";
import { joinBytes, readAtMost } from "~/utils/bytes";
import { hexDigest } from "~/utils/digest";
import { sniffImageKind } from "~/domain/image-files";
import { log } from "~/utils/log.server";

const REJECT_UNKNOWN_ADDRESS = "Unknown address";
const REJECT_TOO_LARGE = "Message too large";
const REJECT_DAILY_LIMIT = "This address has taken all the mail it takes today";
const REJECT_NOT_TAKEN = "Only Informed Delivery digests and photos of mail are taken here";

type Kind = "confirmation" | "digest" | "photo";

/**
 * Takes one email sent to an inbound address. An unknown or turned-off address is rejected with
 * nothing written. Otherwise every message is counted on the address's day: taken (within the
 * daily limits, reserved in one statement before the message is read or parsed) or dropped (too
 * large, unreadable, not a digest, photo or confirmation, over the limit), and a dropped one is
 * also rejected, so its sender learns. Errors from D1 or R2 are thrown: Email Routing answers with a
 * temporary failure and the sending server tries again, and the message's key (from its
 * Message-ID, or its bytes) makes a second delivery keep nothing twice. No address, subject or
 * name is logged.
 */
export async function receiveMailboxEmail(message: ForwardableEmailMessage, env: AppEnv, now = new Date()): Promise<void> {
  const token = mailboxTokenFrom(message.to, env.MAILBOX_DOMAIN);
  if (!token) return reject(message, REJECT_UNKNOWN_ADDRESS);
  const db = getDb(env.DB);
  const mailbox = await findMailboxByToken(db, token);
  if (!mailbox?.enabled) return reject(message, REJECT_UNKNOWN_ADDRESS);

  const day = { userId: mailbox.userId, day: utcDay(now) };
  const drop = async (reason: string) => {
    await countDroppedMessage(db, day);
    reject(message, reason);
  };
  // The caps come before any reading: the size from what Email Routing says, and the day's count
  // reserved in one statement. A message then not kept gives its reservation back as dropped.
  if (message.rawSize > MAILBOX_LIMITS.maxMessageBytes) return drop(REJECT_TOO_LARGE);
  if (!(await reserveMailboxMessage(db, { ...day, limit: MAILBOX_LIMITS.messagesPerDay, readLimit: MAILBOX_LIMITS.messagesReadPerDay }))) {
    return drop(REJECT_DAILY_LIMIT);
  }
  const notKept = async (reason: string) => {
    await settleMailboxMessage(db, day, "dropped");
    reject(message, reason);
  };
  try {
    const raw = await readAtMost(message.raw, MAILBOX_LIMITS.maxMessageBytes);
    if (!raw) return await notKept(REJECT_TOO_LARGE);
    let email: Email;
    try {
      email = await PostalMime.parse(raw);
    } catch {
      return await notKept(REJECT_NOT_TAKEN);
    }

    const kind = kindOf(email);
    if (!kind) return await notKept(REJECT_NOT_TAKEN);
    const messageKey = await messageKeyOf(mailbox.userId, email.messageId, raw);
    const owner = { userId: mailbox.userId, messageKey, now };
    // The same message delivered again was counted once already: its reservation is given back.
    if (await alreadyKept(db, kind, owner)) {
      await settleMailboxMessage(db, day, "released");
      return void log.info(`inbound ${kind} already kept`);
    }
    // Who really sent it, and a digest's day (decision 0063).
    const trust = await inboundTrust(env, { raw, email, kind, userId: mailbox.userId, now });
    if (!trust.ok) return await notKept(trust.reason);

    switch (kind) {
      case "confirmation":
        await keepForwardingConfirmation(db, email, owner);
        break;
      case "digest":
        await takeDigest(env, { userId: owner.userId, email, messageKey, receivedAt: now, authenticated: trust.authenticated });
        break;
      case "photo":
        if (!(await keepEmailedPhoto(env, email, owner))) return await notKept(REJECT_NOT_TAKEN);
        break;
    }
    // The first digest or photo ends the dashboard's ask to set the address up (decision 0073).
    if (kind !== "confirmation") await noteMailboxMail(db, owner.userId, now);
    log.info(`inbound ${kind} kept`);
  } catch (error) {
    // Email Routing delivers it again, and it is counted again then.
    await settleMailboxMessage(db, day, "released").catch(() => undefined);
    throw error;
  }
}

function kindOf(email: Email): Kind | null {
  if (isForwardingConfirmation({ fromAddress: email.from?.address ?? "", subject: email.subject ?? "", text: email.text }))
    return "confirmation";
  if (isInformedDeliveryDigest(email)) return "digest";
  const images = photoAttachments(email.attachments).length;
  return images >= 1 && images <= MAILBOX_LIMITS.maxImages ? "photo" : null;
}

type Owner = { userId: string; messageKey: string; now: Date };

const confirmationIdOf = (owner: Owner) => `confirmation-${owner.messageKey}`;
const photoIdOf = (owner: Owner) => `emailed-${owner.messageKey.slice(0, 32)}`;

/** A digest's pieces derive their ids from the message key, so takeDigest itself keeps a second delivery once. */
async function alreadyKept(db: Db, kind: Kind, owner: Owner) {
  if (kind === "confirmation") return wasConfirmationKept(db, owner.userId, confirmationIdOf(owner));
  if (kind === "photo") return wasEmailedPhotoKept(db, owner.userId, photoIdOf(owner));
  return false;
}

async function keepForwardingConfirmation(db: Db, email: Email, owner: Owner) {
  const content = confirmationContent({ subject: email.subject ?? "", text: email.text, html: email.html });
  await keepConfirmation(db, {
    id: confirmationIdOf(owner),
    userId: owner.userId,
    fromAddress: (email.from?.address ?? "").toLowerCase(),
    ...content,
    receivedAt: owner.now,
  });
}

/**
 * The emailed images become one photo of the owner, through the same checks, daily photo limit
 * and reading as an upload (only from the owner's own signed address: inboundTrust). False when the photo is refused (an image too large or not whole, the
 * day's photos used up); a failure to store it is thrown, so the email comes again.
 */
async function keepEmailedPhoto(env: AppEnv, email: Email, owner: Owner) {
  const files = photoAttachments(email.attachments).map(
    ({ attachment, bytes }, index) => new File([bytes], attachment.filename ?? `photo-${index + 1}`),
  );
  const stored = await storeMailPhoto(env, { id: owner.userId }, files, { source: "email", photoId: photoIdOf(owner) }, owner.now);
  if (!stored.ok && stored.message === PHOTO_MESSAGES.stored) throw new Error("the emailed photo could not be stored");
  return stored.ok;
}

type Attachment = Email["attachments"][number];

/**
 * The photos of an emailed mail piece: attachments whose bytes are a JPEG, PNG or WebP image
 * within the photo size limit. Images the HTML shows inline (a signature's logo) count only when
 * there is no other, since some phones send a photo that way.
 */
function photoAttachments(attachments: Attachment[]) {
  const images = [];
  for (const attachment of attachments) {
    if (typeof attachment.content === "string") continue;
    const bytes = new Uint8Array(attachment.content);
    if (bytes.byteLength <= PHOTO_LIMITS.maxImageBytes && sniffImageKind(bytes)) images.push({ attachment, bytes });
  }
  const attached = images.filter(({ attachment }) => !attachment.related);
  return attached.length > 0 ? attached : images;
}

function reject(message: ForwardableEmailMessage, reason: string) {
  log.info(`inbound email refused: ${reason}`);
  message.setReject(reason);
}

/**
 * The same email delivered again gets the same key: from its Message-ID (or, without one, its
 * bytes) and the account, since one email sent to two accounts' addresses belongs to both.
 */
async function messageKeyOf(userId: string, messageId: string | undefined, raw: Uint8Array): Promise<string> {
  const source = messageId ? `${userId}\n${messageId}` : joinBytes([new TextEncoder().encode(`${userId}\n`), raw]);
  return hexDigest("SHA-256", source);
}
