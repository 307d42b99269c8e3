// Pieces seen in a person's mail that could not be verified (decision 0064): shown on their
// request's card until the person confirms one (it then counts as their own report) or dismisses it.
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { mailArrivals, type PieceAnswer } from "../../drizzle/schema";
import type { Db } from "~/utils/db.server";

/** The most a dashboard lists: a forged digest can add many; the newest are the ones that matter. */
const SHOWN_AT_MOST = 20;

// A piece is matched to a request only once read: requestId stands for both, and the user's index serves.
const unanswered = (userId: string) =>
  and(
    eq(mailArrivals.userId, userId),
    eq(mailArrivals.authenticated, false),
    eq(mailArrivals.residentMail, false),
    isNotNull(mailArrivals.requestId),
    isNull(mailArrivals.personAnswer),
  );

/** This user's unverified pieces matched to a request and not answered yet, newest first. */
export function unverifiedPiecesOf(db: Db, userId: string) {
  return db
    .select({
      id: mailArrivals.id,
      requestId: mailArrivals.requestId,
      source: mailArrivals.source,
      arrivedOn: mailArrivals.arrivedOn,
      receivedAt: mailArrivals.createdAt,
    })
    .from(mailArrivals)
    .where(unanswered(userId))
    .orderBy(desc(mailArrivals.createdAt))
    .limit(SHOWN_AT_MOST);
}

/**
 * One of this user's unverified pieces matched to a request, with the answer they gave, if any; null
 * when there is none such (another user's, a verified one, or no piece at all).
 */
export async function unverifiedPieceOf(db: Db, userId: string, pieceId: string) {
  const [piece] = await db
    .select({ id: mailArrivals.id, requestId: mailArrivals.requestId, answer: mailArrivals.personAnswer })
    .from(mailArrivals)
    .where(
      and(
        eq(mailArrivals.userId, userId),
        eq(mailArrivals.id, pieceId),
        eq(mailArrivals.authenticated, false),
        eq(mailArrivals.residentMail, false),
      ),
    )
    .limit(1);
  return piece?.requestId ? { id: piece.id, requestId: piece.requestId, answer: piece.answer } : null;
}

/** Records the person's answer once: answers whether this call recorded it. */
export async function answerUnverifiedPiece(db: Db, userId: string, pieceId: string, answer: PieceAnswer) {
  const rows = await db
    .update(mailArrivals)
    .set({ personAnswer: answer })
    .where(and(unanswered(userId), eq(mailArrivals.id, pieceId)))
    .returning({ id: mailArrivals.id });
  return rows.length > 0;
}
