import { z } from "zod";
import { letterHtml, LOB_HTML_MAX_LENGTH, returnAddressForLob, senderAddressForLob } from "~/domain/letter-by-post";
import { lobRefusedProblem, lobUnavailableProblem, neverMailedProblem } from "~/domain/letter-tracking";
import { PermanentJobError } from "~/domain/job-envelope";
import type { JobDefinition } from "~/jobs/definitions.server";
import { LobUnavailableError, lobLettersClient, type LobClient } from "~/integrations/lob.server";
import { latestLetterIdQuery, recordLetterProblem, recordMailedLetter } from "~/models/mailed-letter.server";
import { lettersFor, type QueueKey } from "~/models/work-queue.server";
import { letterAddressFrom, letterAddressReads } from "~/services/automatic-send.server";
import { batchByName } from "~/utils/batch-by-name.server";
import { dbFor, type Db } from "~/utils/db.server";
import { hexDigest } from "~/utils/digest";

const OptOutLetterPayload = z.object({
  userId: z.string().min(1),
  requestId: z.string().min(1),
  /**
   * The request's email did not get through (Postmark stopped trying, decision 0053): the letter
   * goes by post instead, to a sender whose email address would otherwise come first.
   */
  insteadOfEmail: z.boolean().optional(),
});

/**
 * The Idempotency-Key of a request's letter: the same for every attempt at one mailing, so a
 * retried or twice-delivered job gets Lob's first letter back instead of a second one; another
 * after the request's latest letter (sent again after a report), so that mailing is a new letter.
 */
function letterIdempotencyKey({ userId, requestId }: QueueKey, previousLetterId: string | null) {
  return hexDigest("SHA-256", `opt-out-letter:${userId}:${requestId}:${previousLetterId ?? "first"}`);
}

/**
 * What Lob keeps with the letter, and hands back in its list and in every event: the request and
 * its owner (a preset's request id is its sender's, the same in every account) and the mailing's
 * key, so that a letter whose answer was lost is found and matched to its request (decision 0052).
 */
function letterMetadata({ userId, requestId }: QueueKey, mailing: string): Record<string, string> {
  return { requestId: requestId.slice(0, 500), userId: userId.slice(0, 500), mailing };
}

/**
 * The letter of this very mailing Lob already holds, or null when it holds none. Lob not answering
 * the look-up leaves the job to retry: mailing without knowing could mail twice.
 */
async function lookUpEarlierLetter(db: Db, lob: LobClient, key: QueueKey, mailing: string) {
  let found;
  try {
    found = await lob.findLetters({ requestId: key.requestId, userId: key.userId });
  } catch (error) {
    if (!(error instanceof LobUnavailableError)) throw error;
    await recordLetterProblem(db, key, lobUnavailableProblem(`${error.message} Looking up earlier letters`, key.requestId));
    throw error;
  }
  if (!found.ok) {
    await recordLetterProblem(
      db,
      key,
      lobUnavailableProblem(`Lob answered ${found.status} to the look-up of earlier letters`, key.requestId),
    );
    throw new Error(`Lob answered ${found.status} to the look-up of earlier letters`);
  }
  return found.letters.find((letter) => letter.metadata.mailing === mailing) ?? null;
}

/** Lob's price ("0.84", in dollars) in cents, or the configured price when its answer has none. */
function costInCents(price: string | number | null, configuredCents: number) {
  const dollars = typeof price === "number" ? price : price ? Number.parseFloat(price) : Number.NaN;
  return Number.isFinite(dollars) && dollars >= 0 ? Math.round(dollars * 100) : configuredCents;
}

/**
 * Mails a request's letter through Lob's Print & Mail API (decision 0052), to the sender's postal
 * address from the catalog, from the person's own address, and records Lob's letter on the
 * request. It mails only a request still waiting, with an address that is not kept as typed: any
 * other is staff's. Lob down (no answer, 5xx, 429) is retried by the queue; a job that runs out of
 * tries leaves the request in the print batch with the reason, and a refusal (4xx) goes there at once.
 */
export const optOutLetterJob = {
  payload: OptOutLetterPayload,
  async handle({ insteadOfEmail = false, ...key }, { env, firstRun }) {
    const db = await dbFor(env, key.userId);
    const lob = lobLettersClient(env);
    // Where the letter goes, and the latest letter mailed for the request (this mailing's key), in one read.
    const read = await batchByName(db, { ...letterAddressReads(db, key), latestLetter: latestLetterIdQuery(db, key) });
    const address = letterAddressFrom(read, { insteadOfEmail });
    if (!address) return;
    if (!lob) {
      await recordLetterProblem(db, key, "Letters are not set up to go through Lob (LOB_API_KEY and LOB_WEBHOOK_SECRET).");
      return;
    }
    const [request] = await lettersFor(db, [key], { unsentOnly: true });
    if (!request) return;
    const to = senderAddressForLob(address, request.senderName);
    if (!to) {
      await recordLetterProblem(db, key, `Lob cannot take the catalog's address as a U.S. address: ${address}`);
      return;
    }
    const file = letterHtml(request.letter);
    if (file.length >= LOB_HTML_MAX_LENGTH) {
      await recordLetterProblem(db, key, "The letter is too long for Lob (10,000 characters of HTML): print it.");
      return;
    }

    const idempotencyKey = await letterIdempotencyKey(key, read.latestLetter[0]?.id ?? null);
    // Lob forgets an idempotency key after 24 hours: a letter an earlier attempt made, whose answer
    // was lost (a timeout, a 5xx), is looked up by its metadata first, so a retry days later (a
    // dead job retried by staff) adopts it instead of mailing a second one. Only the first run of a
    // job for a request with no letter problem recorded skips it (decision 0089): every attempt
    // that failed recorded one, and a run that died unrecorded comes back as a later attempt.
    const mayFollowAnAttempt = !firstRun || request.letterProblem !== null;
    const earlier = mayFollowAnAttempt ? await lookUpEarlierLetter(db, lob, key, idempotencyKey) : null;
    if (earlier) {
      if (earlier.neverMailed) {
        await recordLetterProblem(db, key, neverMailedProblem(earlier.id, "notMailed"));
        throw new PermanentJobError(`Lob's letter ${earlier.id} of this mailing will not be mailed`);
      }
      await recordMailedLetter(db, key, {
        id: earlier.id,
        costCents: costInCents(earlier.price, env.LOB_LETTER_PRICE_CENTS),
        expectedDeliveryDate: earlier.expected_delivery_date,
        senderName: request.senderName,
        toAddress: address,
      });
      return;
    }
    let answer;
    try {
      answer = await lob.createLetter(
        {
          description: `Opt-out letter to ${request.senderName}`.slice(0, 255),
          to,
          from: returnAddressForLob(request.fullName, request.returnAddress),
          file,
          color: false,
          double_sided: false,
          address_placement: "top_first_page",
          use_type: "operational",
          mail_type: "usps_first_class",
          metadata: letterMetadata(key, idempotencyKey),
        },
        { idempotencyKey },
      );
    } catch (error) {
      if (!(error instanceof LobUnavailableError)) throw error;
      await recordLetterProblem(db, key, lobUnavailableProblem(error.message, key.requestId));
      throw error;
    }
    if (!answer.ok) {
      if (answer.status >= 500 || answer.status === 429) {
        await recordLetterProblem(db, key, lobUnavailableProblem(`Lob answered ${answer.status}`, key.requestId));
        throw new Error(`Lob answered ${answer.status}${answer.error ? `: ${answer.error.code}` : ""}`);
      }
      await recordLetterProblem(db, key, lobRefusedProblem(answer.status, answer.error?.message ?? null));
      throw new PermanentJobError(`Lob refused the letter (${answer.status}${answer.error ? `: ${answer.error.code}` : ""})`);
    }
    await recordMailedLetter(db, key, {
      id: answer.letter.id,
      costCents: costInCents(answer.letter.price, env.LOB_LETTER_PRICE_CENTS),
      expectedDeliveryDate: answer.letter.expected_delivery_date,
      senderName: request.senderName,
      toAddress: address,
    });
  },
} satisfies JobDefinition<typeof OptOutLetterPayload>;
