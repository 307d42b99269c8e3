// A request's reply address and the replies its sender sends there (decision 0018).
import { and, eq, sql } from "drizzle-orm";
import { requestLogs, requests, users } from "../../drizzle/schema";
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
