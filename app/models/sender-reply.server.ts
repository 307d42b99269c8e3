// A request's reply address and the replies its sender sends there (decision 0018).
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { requestLogs, requests, senderReplyDays, users } from "../../drizzle/schema";
import { newReplyToken } from "~/domain/reply-address";
import type { Db } from "~/utils/db.server";

/**
 * The request's reply token, given on its first email and the same ever after: one conditional
 * UPDATE, so two jobs emailing the same request at once still agree on it. Null when the request
 * no longer exists.
 */
export async function replyTokenOfRequest(
  db: Db,
  { userId, requestId }: { userId: string; requestId: string },
  candidate = newReplyToken(),
) {
  const [row] = await db
    .update(requests)
    .set({ replyToken: sql`coalesce(${requests.replyToken}, ${candidate})` })
    .where(and(eq(requests.userId, userId), eq(requests.id, requestId)))
    .returning({ replyToken: requests.replyToken });
  return row?.replyToken ?? null;
}

/** The request a reply address belongs to, or null: the token is the only key, and unguessable. */
export async function findRequestByReplyToken(db: Db, token: string) {
  const [row] = await db
    .select({ userId: requests.userId, id: requests.id, senderName: requests.senderName, email: users.email })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId))
    .where(eq(requests.replyToken, token))
    .limit(1);
  return row ?? null;
}

/**
 * Appends a sender's reply to the request's history (creator sender) and makes it the request's
 * latest change, in one batch. `entryId` comes from the email itself, so a redelivered email adds
 * nothing and leaves updatedAt alone. Answers whether this call wrote the entry.
 */
export async function recordSenderReply(
  db: Db,
  reply: { userId: string; requestId: string; entryId: string; text: string },
  now = new Date(),
): Promise<boolean> {
  const [inserted] = await db.batch([
    db
      .insert(requestLogs)
      .values({
        id: reply.entryId,
        userId: reply.userId,
        requestId: reply.requestId,
        creator: "sender",
        status: "replied",
        detail: reply.text,
        createdAt: now,
      })
      .onConflictDoNothing({ target: requestLogs.id })
      .returning({ id: requestLogs.id }),
    db
      .update(requests)
      .set({ updatedAt: now })
      .where(
        and(
          eq(requests.userId, reply.userId),
          eq(requests.id, reply.requestId),
          sql`exists (select 1 from ${requestLogs} where ${requestLogs.id} = ${reply.entryId} and ${requestLogs.createdAt} = ${now.getTime()})`,
        ),
      ),
  ]);
  return inserted.length > 0;
}

type ReplyDay = { userId: string; requestId: string; day: string };

/**
 * Counts one message against the reply address's day before it is read, only while the day has
 * taken fewer than `limit`: the count and the check are one UPSERT (decision 0065). False when
 * the day is full.
 */
export async function reserveSenderReply(db: Db, { limit, ...key }: ReplyDay & { limit: number }) {
  const taken = await db
    .insert(senderReplyDays)
    .values({ ...key, taken: 1 })
    .onConflictDoUpdate({
      target: [senderReplyDays.userId, senderReplyDays.requestId, senderReplyDays.day],
      set: { taken: sql`${senderReplyDays.taken} + 1` },
      setWhere: sql`${senderReplyDays.taken} < ${limit}`,
    })
    .returning({ taken: senderReplyDays.taken });
  return taken.length > 0;
}

const dayOf = ({ userId, requestId, day }: ReplyDay) =>
  and(eq(senderReplyDays.userId, userId), eq(senderReplyDays.requestId, requestId), eq(senderReplyDays.day, day));

/** A message already recorded (delivered again) gives its count back. */
export async function releaseSenderReply(db: Db, key: ReplyDay) {
  await db
    .update(senderReplyDays)
    .set({ taken: sql`${senderReplyDays.taken} - 1` })
    .where(and(dayOf(key), gt(senderReplyDays.taken, 0)));
}

/** Whether this reply is the one the person is emailed about today: true once per request and day. */
export async function claimReplyNotice(db: Db, key: ReplyDay) {
  const claimed = await db
    .update(senderReplyDays)
    .set({ notified: true })
    .where(and(dayOf(key), eq(senderReplyDays.notified, false)))
    .returning({ day: senderReplyDays.day });
  return claimed.length > 0;
}

/** The daily cron: reply days past their keeping. */
export async function deleteOldSenderReplyDays(db: Db, before: string) {
  await db.delete(senderReplyDays).where(lt(senderReplyDays.day, before));
}
