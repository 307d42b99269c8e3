// The dashboard's read model: everything GET /dashboard shows of one user, read in one D1 batch
// whose results are named (batchByName), whatever the number of requests. Writes to requests stay
// in request.server.ts; the only statement here that may write is the mailbox address a first
// visit makes (mailboxQueriesOf), which the page shows at once.
import { and, desc, eq, gte, sql } from "drizzle-orm";
import { requestLogs, requests, requestTemplates, senderOutcomes, senderReviews } from "../../drizzle/schema";
import { DAY_MS } from "~/domain/dates";
import { pieceGroupsOf, piecesOfRequest } from "~/domain/mail-tally";
import { UNDO_DELETE_DAYS } from "~/domain/requests";
import { listEarlierAddresses } from "~/models/account.server";
import { mailboxFrom, mailboxQueriesOf } from "~/models/mailbox.server";
import { openPhotosOf } from "~/models/mail-photo.server";
import { ownRequestStatus } from "~/models/own-requests.server";
import { listUserRecipients } from "~/models/recipient.server";
import { mailedLettersOfUser, sentLinesOfUser, sentOptOutEmailsOfUser } from "~/models/request-evidence.server";
import { historyOf, notDeleted, requestColumns, sendingJob } from "~/models/request.server";
import { returnAddressColumns } from "~/models/sender-address.server";
import { catalogOfTally, digestShowedSender, tallyOfRow, tallyRowOf } from "~/models/mail-tally.server";
import { unverifiedPiecesOf } from "~/models/unverified-pieces.server";
import { accountOf } from "~/models/user.server";
import { batchByName } from "~/utils/batch-by-name.server";
import type { Db } from "~/utils/db.server";
import { inSenderReview } from "~/models/sender-review.server";

/** The user's requests that have a card, with the catalog's facts and what other households saw of the sender, last changed first. */
function cardsOf(db: Db, userId: string) {
  return db
    .select({
      ...requestColumns,
      sendingJob,
      followUpStep: requests.followUpStep,
      // Staff's finding that the sender ignores requests, for a request their review answered (decision 0091).
      senderReviewedAt: sql<Date | null>`(select ${senderReviews.answeredAt} from ${senderReviews}
        where ${senderReviews.id} = ${requests.senderReviewId} and ${senderReviews.answer} = 'ignoresRequests')`.mapWith(
        senderReviews.answeredAt,
      ),
      inSenderReview,
      digestShowedSender,
      // The sender's return address given from the piece, or read on one, for the card (decision 0067).
      ...returnAddressColumns,
      outcomeCases: senderOutcomes.cases,
      outcomeStopped: senderOutcomes.stopped,
      outcomeMedianDays: senderOutcomes.medianDays,
      outcomeP90Days: senderOutcomes.p90Days,
    })
    .from(requests)
    .leftJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
    .leftJoin(senderOutcomes, eq(senderOutcomes.templateId, requests.templateId))
    .where(and(eq(requests.userId, userId), notDeleted))
    .orderBy(desc(requests.updatedAt));
}

/**
 * This user's requests deleted within the undo window, newest first. The window runs from the
 * delete's log entry, whatever touched the row since.
 */
function recentlyDeletedOf(db: Db, userId: string, now: Date) {
  const deletes = db
    .select({ requestId: requestLogs.requestId, deletedAt: sql<number>`max(${requestLogs.createdAt})`.as("deletedAt") })
    .from(requestLogs)
    .where(and(eq(requestLogs.userId, userId), eq(requestLogs.creator, "user"), eq(requestLogs.status, "delete")))
    .groupBy(requestLogs.requestId)
    .as("deletes");
  return db
    .select({ id: requests.id, senderName: requests.senderName, deletedAt: deletes.deletedAt })
    .from(requests)
    .innerJoin(deletes, eq(deletes.requestId, requests.id))
    .where(
      and(eq(requests.userId, userId), eq(ownRequestStatus, "deleted"), gte(deletes.deletedAt, now.getTime() - UNDO_DELETE_DAYS * DAY_MS)),
    )
    .orderBy(desc(deletes.deletedAt));
}

/**
 * Everything the dashboard shows, in one D1 batch whatever the number of requests: the user's
 * mailbox (its address made on the first visit), allowance and address, their requests with the
 * catalog's facts, their recipients, the requests deleted recently enough to undo, the pieces seen
 * in their mail by sender, and the history of the request that is open (newest first) with the
 * pieces matched to it. Null when the account no longer exists.
 */
export async function getDashboard(db: Db, userId: string, openRequestId: string | null, now = new Date()) {
  const read = await batchByName(db, {
    // First: its INSERT makes the address of a first visit, which its read then finds.
    ...mailboxQueriesOf(db, userId, now),
    account: accountOf(db, userId),
    requests: cardsOf(db, userId),
    recipients: listUserRecipients(db, userId),
    earlierAddresses: listEarlierAddresses(db, [userId]),
    recentlyDeleted: recentlyDeletedOf(db, userId, now),
    photos: openPhotosOf(db, userId),
    letters: mailedLettersOfUser(db, userId),
    sentEmails: sentOptOutEmailsOfUser(db, userId),
    sentLines: sentLinesOfUser(db, userId),
    tally: tallyRowOf(db, userId),
    tallyCatalog: catalogOfTally(db, userId),
    unverifiedPieces: unverifiedPiecesOf(db, userId),
    history: openRequestId ? historyOf(db, userId, openRequestId) : undefined,
  });
  const tally = tallyOfRow(read.tally[0]);
  const [account] = read.account;
  if (!account) return null;
  return {
    account,
    letters: read.letters,
    sentEmails: read.sentEmails,
    sentLines: read.sentLines,
    photos: read.photos,
    requests: read.requests.map(({ outcomeCases, outcomeStopped, outcomeMedianDays, outcomeP90Days, ...row }) => ({
      ...row,
      senderOutcome:
        outcomeCases === null
          ? null
          : { cases: outcomeCases, stopped: outcomeStopped!, medianDays: outcomeMedianDays, p90Days: outcomeP90Days },
    })),
    mailboxSeenOn: read.tally[0]?.seenOn || null,
    recipients: read.recipients,
    earlierAddresses: read.earlierAddresses,
    recentlyDeleted: read.recentlyDeleted,
    history: read.history ?? [],
    seenInMail: pieceGroupsOf(tally, new Map(read.tallyCatalog.map(({ id, ...facts }) => [id, facts])), read.requests),
    /** Pieces that could not be verified, each waiting on its request's card for the person's answer (decision 0064). */
    unverifiedPieces: read.unverifiedPieces.map((piece) => ({ ...piece, requestId: piece.requestId! })),
    openPieces: openRequestId ? piecesOfRequest(tally, openRequestId) : [],
    /** The user's inbound address, its recent confirmations and whether a request went out (mailboxView shapes it). */
    mailbox: mailboxFrom(read),
  };
}
