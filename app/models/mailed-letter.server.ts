// Letters Lob printed and mailed for requests, and what Lob's tracking events say of them (decision 0052).
import { and, desc, eq, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { lobEvents, mailedLetters, requests, type LetterTrackingState } from "../../drizzle/schema";
import { neverMailed, neverMailedProblem, returnedLetterProblem, trackingDetail, type CameBackNext } from "~/domain/letter-tracking";
import { returnedLetterChannelProblem } from "~/domain/sender-channels";
import { processedDetail } from "~/domain/work-queue";
import { flagChannelOfRequest } from "~/models/sender-channels.server";
import { historyLineWhere } from "~/models/request-history.server";
import type { QueueKey } from "~/models/work-queue.server";
import type { Db } from "~/utils/db.server";

const ofRequest = ({ userId, requestId }: QueueKey) => and(eq(requests.userId, userId), eq(requests.id, requestId));

/** The latest letter Lob mailed for this request (one row, or none), for a caller's batch: a second mailing (after a report) needs a key of its own. */
export function latestLetterIdQuery(db: Db, { userId, requestId }: QueueKey) {
  return db
    .select({ id: mailedLetters.id })
    .from(mailedLetters)
    .where(and(eq(mailedLetters.userId, userId), eq(mailedLetters.requestId, requestId)))
    .orderBy(desc(mailedLetters.createdAt))
    .limit(1);
}

/** The addresses the request's letters went to and came back from (Lob's letter.returned_to_sender). */
export async function returnedAddressesOf(db: Db, { userId, requestId }: QueueKey): Promise<string[]> {
  const rows = await db
    .select({ toAddress: mailedLetters.toAddress })
    .from(mailedLetters)
    .where(
      and(eq(mailedLetters.userId, userId), eq(mailedLetters.requestId, requestId), eq(mailedLetters.trackingState, "returnedToSender")),
    );
  return rows.flatMap((row) => (row.toAddress ? [row.toAddress] : []));
}

/** Why the letter of a request did not go out through Lob, for staff to read in the print batch. */
export async function recordLetterProblem(db: Db, key: QueueKey, problem: string) {
  await db.update(requests).set({ letterProblem: problem }).where(ofRequest(key));
}

/**
 * Records a letter Lob took: its id, cost and expected delivery date, the request processed (the
 * wait starts now) with its problem cleared, and "We mailed your letter" in its history, in one
 * batch. A letter already recorded (the same key answered twice) writes nothing more, nor does a
 * request someone processed meanwhile get a second history entry.
 */
export async function recordMailedLetter(
  db: Db,
  key: QueueKey,
  letter: { id: string; costCents: number; expectedDeliveryDate: string | null; senderName: string; toAddress?: string | null },
  now = new Date(),
) {
  const thisRequest = ofRequest(key);
  await db.batch([
    db
      .insert(mailedLetters)
      .values({
        id: letter.id,
        userId: key.userId,
        requestId: key.requestId,
        costCents: letter.costCents,
        expectedDeliveryDate: letter.expectedDeliveryDate,
        toAddress: letter.toAddress ?? null,
        createdAt: now,
      })
      .onConflictDoNothing(),
    db
      .update(requests)
      .set({ processedAt: now, letterProblem: null, updatedAt: now })
      .where(and(thisRequest, eq(requests.status, "inQueue"), isNull(requests.processedAt), sql`changes() = 1`)),
    historyLineWhere(db, and(thisRequest, eq(requests.processedAt, now)), {
      creator: "system",
      status: "mailed",
      detail: processedDetail("mailed", letter.senderName, "mail"),
      at: now,
    }),
  ]);
}

/**
 * A letter Lob made whose answer never reached us, found from its event by the metadata the job
 * gave it (the request and its owner): recorded as the job would have, when the request still
 * waits for it and the letter is this mailing's (no letter recorded since the mailing's key was
 * made). Answers the letter as mailedLetterById would, or null when no request of ours is named.
 */
export async function adoptLetterOfRequest(
  db: Db,
  key: QueueKey,
  letter: { id: string; expectedDeliveryDate: string | null; costCents: number; neverMailed: boolean },
  now = new Date(),
) {
  const [request] = await db.select({ senderName: requests.senderName }).from(requests).where(ofRequest(key)).limit(1);
  if (!request) return null;
  if (letter.neverMailed) {
    // Kept as evidence only: the request was not mailed by it, and its event says why.
    await db
      .insert(mailedLetters)
      .values({ id: letter.id, userId: key.userId, requestId: key.requestId, costCents: 0, expectedDeliveryDate: null, createdAt: now })
      .onConflictDoNothing();
  } else {
    await recordMailedLetter(db, key, { ...letter, senderName: request.senderName }, now);
  }
  return mailedLetterById(db, letter.id);
}

/** A mailed letter by Lob's id, with the request's sender, or null for a letter this database does not know. */
export async function mailedLetterById(db: Db, letterId: string) {
  const [row] = await db
    .select({
      id: mailedLetters.id,
      userId: mailedLetters.userId,
      requestId: mailedLetters.requestId,
      trackingState: mailedLetters.trackingState,
      senderName: requests.senderName,
    })
    .from(mailedLetters)
    .innerJoin(requests, and(eq(requests.userId, mailedLetters.userId), eq(requests.id, mailedLetters.requestId)))
    .where(eq(mailedLetters.id, letterId))
    .limit(1);
  return row ?? null;
}

export type LetterEvent = {
  eventId: string;
  eventType: string;
  state: LetterTrackingState;
  occurredAt: Date;
  /** The ZIP code of the USPS scan, when Lob gives one. */
  location: string | null;
  /** Lob's reason for a letter that failed (its `failure_reason`), when it gives one. */
  reason?: string | null;
};

/**
 * One of Lob's tracking events, in one batch whose every write depends on the event being new:
 * recorded by its id first (a replay finds it and changes nothing), the letter's state moved only
 * by an event newer than the one behind it (an older event arriving late does not move it back),
 * a line in the request's history at the time the event happened, and a returned letter's request
 * put back with the reason and its sender's postal channel flagged: with staff, or (`next` "ask")
 * asking the person for the return address on a piece of the sender's mail (decision 0070). Answers
 * whether the event was new.
 */
export async function applyLetterEvent(
  db: Db,
  letter: { id: string; userId: string; requestId: string; senderName: string },
  event: LetterEvent,
  now = new Date(),
  next: CameBackNext = "staff",
): Promise<boolean> {
  // Each write below runs only if this batch recorded the event: a delivery of the same event at
  // the same time finds the row with another mark.
  const mark = now.getTime();
  const recordedNow = sql`exists (select 1 from ${lobEvents} where ${lobEvents.id} = ${event.eventId} and ${lobEvents.createdAt} = ${mark})`;
  const thisRequest = ofRequest({ userId: letter.userId, requestId: letter.requestId });
  const statements: BatchItem<"sqlite">[] = [
    db
      .insert(lobEvents)
      .values({ id: event.eventId, type: event.eventType, createdAt: new Date(mark) })
      .onConflictDoNothing(),
    db
      .update(mailedLetters)
      .set({ trackingState: event.state, trackingAt: event.occurredAt })
      .where(
        and(
          eq(mailedLetters.id, letter.id),
          recordedNow,
          or(isNull(mailedLetters.trackingAt), lte(mailedLetters.trackingAt, event.occurredAt)),
        ),
      ),
    historyLineWhere(db, and(thisRequest, recordedNow), {
      creator: "system",
      status: event.eventType,
      detail: trackingDetail(event.state, letter.senderName, next),
      at: event.occurredAt,
    }),
  ];
  if (event.state === "returnedToSender") {
    statements.push(
      db
        .update(requests)
        .set({
          processedAt: null,
          letterProblem: returnedLetterProblem(letter.id, event.location),
          ...(next === "ask" ? { returnAddressAskedAt: now } : {}),
          updatedAt: now,
        })
        .where(and(thisRequest, eq(requests.status, "inQueue"), isNotNull(requests.processedAt), recordedNow)),
      // The sender's address is in doubt: its next requests wait for staff (decision 0054).
      flagChannelOfRequest(db, letter, "mail", returnedLetterChannelProblem(letter.id), recordedNow),
    );
  } else if (neverMailed(event.state)) {
    // Nothing went out: the request goes back to staff, who print it, when this letter is its
    // current sending (processed when Lob took it) or it waits unsent, and no later letter was made.
    // The postal address is not in doubt, so no channel is flagged.
    const madeAt = sql`(select "createdAt" from "mailed_letters" where "id" = ${letter.id})`;
    const noLaterLetter = sql`not exists (select 1 from "mailed_letters" as "later" where "later"."userId" = ${letter.userId}
      and "later"."requestId" = ${letter.requestId} and "later"."createdAt" > ${madeAt})`;
    statements.push(
      db
        .update(requests)
        .set({
          processedAt: null,
          letterProblem: neverMailedProblem(letter.id, event.state as "failed" | "rejected" | "deleted", event.reason ?? null),
          updatedAt: now,
        })
        .where(
          and(
            thisRequest,
            eq(requests.status, "inQueue"),
            or(isNull(requests.processedAt), sql`"requests"."processedAt" = ${madeAt}`),
            noLaterLetter,
            recordedNow,
          ),
        ),
    );
  }
  const [recorded] = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return (recorded as D1Result).meta.changes > 0;
}
