import { and, eq, lt } from "drizzle-orm";
import { sentEmails } from "../../drizzle/schema";
import type { Db } from "~/utils/db.server";

export type EmailClaim = { state: "claimed" | "sending" } | { state: "sent"; messageId: string | null };

/** The statement that records that a job is about to send its email, where no record is yet: it returns the row it wrote. */
export function emailClaimInsert(db: Db, jobId: string) {
  return db.insert(sentEmails).values({ jobId, state: "sending" }).onConflictDoNothing().returning({ jobId: sentEmails.jobId });
}

/**
 * Records that a job is about to send its email (or takes what `emailClaimInsert` wrote, run in a
 * batch of the caller's). Answers "claimed" when this claim wrote the record, otherwise what an
 * earlier attempt left: "sent" with the provider's message id, or "sending" when it stopped before
 * knowing.
 */
export async function claimEmailSend(db: Db, jobId: string, inserted?: { jobId: string }[]): Promise<EmailClaim> {
  if ((inserted ?? (await emailClaimInsert(db, jobId))).length > 0) return { state: "claimed" };
  const [row] = await db
    .select({ state: sentEmails.state, messageId: sentEmails.messageId })
    .from(sentEmails)
    .where(eq(sentEmails.jobId, jobId))
    .limit(1);
  return row?.state === "sent" ? { state: "sent", messageId: row.messageId } : { state: "sending" };
}

/** The statement that records the provider's answer, in the batch that ends the job's run. */
export function emailSentUpdate(db: Db, jobId: string, messageId: string) {
  return db.update(sentEmails).set({ state: "sent", messageId, updatedAt: new Date() }).where(eq(sentEmails.jobId, jobId));
}

/** Nothing went out (the provider refused the message, or the job chose not to send): the next attempt may send it. */
export function releaseEmailClaim(db: Db, jobId: string) {
  return db.delete(sentEmails).where(and(eq(sentEmails.jobId, jobId), eq(sentEmails.state, "sending")));
}

export async function deleteSentEmailsBefore(db: Db, cutoff: Date) {
  await db.delete(sentEmails).where(and(eq(sentEmails.state, "sent"), lt(sentEmails.updatedAt, cutoff)));
}
