// The follow-up ladder at work (decision 0058): a request marked still coming takes its next step
// (a second request, a request under the law, staff), and what a step sends goes out at once when
// its sender allows, else waits for staff. Three things set it going: a piece seen after the day
// the mail should have stopped, the person saying so, and the daily cron for a step a crash missed
// or a permission just signed.
import { isoDate, MINUTE_MS, timeZoneForState, utcDay } from "~/domain/dates";
import {
  FIRST_REQUEST_RESENT_DETAIL,
  firstRequestCitation,
  followUpDetail,
  HOLD_REMINDERS,
  nextFollowUp,
  type NextFollowUp,
} from "~/domain/follow-up";
import { evidenceOfRequest, latestEvidence, letterArrival, letterEvidence } from "~/domain/request-evidence";
import { goesByPrivacyRequestMethod } from "~/domain/sender-catalog";
import { learnedStopDays } from "~/domain/sender-outcome";
import { FOLLOW_UP_SENDS_PER_DAY, reportRefusal, stillComingEvidence, stillComingEvidenceText } from "~/domain/still-coming";
import { lettersGoThroughLob, sendAtOnceWhenSenderAllows, sendingJobOf } from "~/services/automatic-send.server";
import { agentPermissionInForce } from "~/models/agent-permission.server";
import {
  createHoldReminderJobs,
  escalateRequest,
  followUpFactsOf,
  heldRequestsToRemind,
  holdForDailyLimit,
  holdLegalStep,
  releaseFollowUpSend,
  reportFactsOf,
  requestsDueForFollowUp,
  reserveFollowUpSend,
  resendFirstRequest,
  takeLegalRequest,
  takeSecondRequest,
  type RequestKey,
  type TakenStep,
} from "~/models/follow-up.server";
import { envelopeOf } from "~/models/job.server";
import { heldFindingOf } from "~/models/sender-review.server";
import { sendJobEnvelopes } from "~/queue/producer.server";
import { getDb } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";

/** Whether the ladder takes steps by itself (env FOLLOW_UP_LADDER, on unless "off"). */
function ladderIsOn(env: Pick<AppEnv, "FOLLOW_UP_LADDER">) {
  return env.FOLLOW_UP_LADDER !== "off";
}

export type StepTaken = Exclude<NextFollowUp["kind"], "none"> | "dailyLimit";

/** The line a step past the account's daily cap writes, once. */
const DAILY_LIMIT_DETAIL = `Waiting for the next day: we send at most ${FOLLOW_UP_SENDS_PER_DAY} follow-ups a day for one account`;

/**
 * Takes the next step of one request marked still coming, once however often this runs at once.
 * Answers the step this call took, or null.
 */
export async function takeNextFollowUpStep(env: AppEnv, key: RequestKey, now: Date, { byPerson = false } = {}): Promise<StepTaken | null> {
  const db = getDb(env.DB);
  const facts = await followUpFactsOf(db, key);
  const markedAt = facts?.request.stillComingAt;
  if (!facts || !markedAt) return null;
  const { request } = facts;
  const sentAt = request.processedAt ?? markedAt;
  const permission = request.followUpStep === 1 ? await agentPermissionInForce(db, key.userId) : null;
  const next = nextFollowUp(
    {
      followUpStep: request.followUpStep,
      followUpHold: request.followUpHold,
      state: request.state,
      category: request.category,
      permissionInForce: permission !== null,
      // The person's own report since this sending counts as theirs whoever runs the step (the cron
      // once they signed their permission, or the day after the cap held it): decision 0064.
      byPerson: byPerson || (facts.latestReport !== null && request.processedAt !== null && facts.latestReport >= request.processedAt),
    },
    now,
  );
  if (next.kind === "none") return null;
  // A paid step reserves one of the account's steps of the day first, in one statement; past the
  // cap it waits for the next day's run, and the card says so (decision 0064).
  const pays = next.kind === "second" || next.kind === "legal";
  const day = utcDay(now);
  if (pays && !(await reserveFollowUpSend(db, key.userId, day, FOLLOW_UP_SENDS_PER_DAY))) {
    return (await holdForDailyLimit(db, key, request.followUpStep, DAILY_LIMIT_DETAIL, now)) ? "dailyLimit" : null;
  }
  // What a paid step sends is queued with the step itself, by the one choice of how a request
  // leaves (decision 0089); one whose address was kept as typed, or that the choice leaves to
  // staff, is looked at again once the step is taken.
  const sends =
    pays && !request.addressKeptAsTyped ? sendingJobOf({ ...request, legal: next.kind === "legal" }, key, lettersGoThroughLob(env)) : null;
  let taken: TakenStep | null = null;
  switch (next.kind) {
    case "second": {
      const sending = evidenceOfRequest(request, facts.records).filter(
        (evidence) => evidence.at.getTime() <= sentAt.getTime() + 10 * MINUTE_MS,
      );
      const timeZone = timeZoneForState(request.state);
      const citation = firstRequestCitation(sending, sentAt, timeZone, request.processedAt);
      if (citation === null) {
        // A first request that never left (its Lob letter failed) is sent again as the first, never cited.
        taken = await resendFirstRequest(db, key, sends, FIRST_REQUEST_RESENT_DETAIL, now);
        break;
      }
      // Only what is recorded since this sending: a piece known to be real, the person's own report.
      const since = isoDate(sentAt, timeZone);
      const piece = facts.latestPiece && facts.latestPiece.arrivedOn > since ? facts.latestPiece : null;
      const reportedAt = facts.latestReport && facts.latestReport >= sentAt ? facts.latestReport : null;
      const evidence = stillComingEvidenceText(stillComingEvidence(piece, reportedAt), timeZone);
      taken = await takeSecondRequest(db, key, { citation, evidence, sends }, followUpDetail(next, citation), now);
      break;
    }
    case "legal": {
      const byNoticeMethod = goesByPrivacyRequestMethod(request);
      taken = await takeLegalRequest(
        db,
        key,
        { lawId: next.law.id, permissionId: permission!.id, reach: next.reach, byNoticeMethod, sends },
        followUpDetail(next, null, { byNoticeMethod }),
        now,
      );
      break;
    }
    case "hold":
      taken = await holdLegalStep(db, key, next.hold, followUpDetail(next), now);
      break;
    case "escalate": {
      // A catalog sender's requests go to staff as one review of the sender (decision 0091).
      const review =
        next.bySenderReview && request.templateId
          ? { templateId: request.templateId, heldFinding: await heldFindingOf(db, request.templateId, now) }
          : null;
      taken = await escalateRequest(db, key, request.followUpStep, followUpDetail(next), now, review);
      break;
    }
  }
  if (!taken) {
    if (pays) await releaseFollowUpSend(db, key.userId, day);
    return null;
  }
  const queued = [taken.notice, taken.sending].filter((job) => job !== null);
  if (queued.length > 0) await sendJobEnvelopes(env, queued.map(envelopeOf));
  if (pays && !taken.sending) await sendAtOnceWhenSenderAllows(env, key);
  return next.kind;
}

/**
 * Whether the person's "Mail still coming" can be taken now (decision 0064): once mail printed
 * before the current sending should have stopped coming, by the clock the card shows (reportRefusal). Answers
 * the words that refuse it, or null, with the sending it was judged on; null when the request is
 * not this user's.
 */
export async function judgeReport(env: AppEnv, key: RequestKey, now: Date) {
  const found = await reportFactsOf(getDb(env.DB), key);
  if (!found) return null;
  const { request, letters } = found;
  const sinceSent = request.processedAt ? letters.filter((letter) => letter.createdAt >= request.processedAt!) : [];
  const refusal = reportRefusal(
    {
      ...request,
      consumerFiles: request.consumerFiles ?? false,
      letter: letterArrival(latestEvidence(letterEvidence(sinceSent, null))),
      learnedDays: request.outcomeCases === null ? null : learnedStopDays({ cases: request.outcomeCases, p90Days: request.outcomeP90Days }),
    },
    now,
    timeZoneForState(request.state),
  );
  return { refusal, processedAt: request.processedAt };
}

/** A piece was recorded: when it showed the request still coming, the ladder takes its step (unless it is off). */
export async function followUpPiece(env: AppEnv, userId: string, recorded: { requestId: string | null; stillComing: boolean }, now: Date) {
  if (!recorded.stillComing || !recorded.requestId || !ladderIsOn(env)) return null;
  return takeNextFollowUpStep(env, { userId, requestId: recorded.requestId }, now);
}

/** Requests the cron looks at per run: a backlog is finished by the next days' runs. */
const FOLLOW_UPS_PER_RUN = 500;

/**
 * The daily cron: every request still marked with a step left and nothing holding it takes that
 * step (one a crash missed, one whose hold the person's signing cleared). Answers what was taken.
 */
export async function advanceFollowUps(env: AppEnv, now: Date) {
  const counts = { second: 0, legal: 0, escalated: 0, held: 0, heldForTheDay: 0 };
  if (!ladderIsOn(env)) return counts;
  const due = await requestsDueForFollowUp(getDb(env.DB), now, FOLLOW_UPS_PER_RUN);
  for (const key of due) {
    const taken = await takeNextFollowUpStep(env, key, now);
    if (taken === "second") counts.second += 1;
    else if (taken === "legal") counts.legal += 1;
    else if (taken === "escalate") counts.escalated += 1;
    else if (taken === "hold") counts.held += 1;
    else if (taken === "dailyLimit") counts.heldForTheDay += 1;
  }
  return counts;
}

/** Held requests read a page at a time; a page's reminders are written in one batch. */
const HELD_PAGE_SIZE = 200;

/**
 * The daily cron: a step that waits for the person (their word, their permission) is emailed
 * again once a week, HOLD_REMINDERS times at most, until they answer it (decision 0071). Walks every
 * held request a page at a time, since one already reminded this week stays a candidate all week.
 * Answers how many reminders it queued.
 */
export async function remindHeldFollowUps(env: AppEnv, now: Date, { pageSize = HELD_PAGE_SIZE } = {}) {
  const db = getDb(env.DB);
  let written = 0;
  let after: RequestKey | null = null;
  for (;;) {
    const held = await heldRequestsToRemind(db, now, HOLD_REMINDERS, { after, limit: pageSize });
    const jobs = await createHoldReminderJobs(db, held);
    await sendJobEnvelopes(env, jobs.map(envelopeOf));
    written += jobs.length;
    if (held.length < pageSize) return written;
    const last = held.at(-1)!;
    after = { userId: last.userId, requestId: last.requestId };
  }
}
