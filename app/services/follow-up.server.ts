// The follow-up ladder at work (decision 0058): a request marked still coming takes its next step
// (a second request, a request under the law, staff), and what a step sends goes out at once when
// its sender allows, else waits for staff. Three things set it going: a piece seen after the day
// the mail should have stopped, the person saying so, and the daily cron for a step a crash missed
// or a permission just signed.
import { MINUTE_MS, timeZoneForState } from "~/domain/dates";
import { FIRST_REQUEST_RESENT_DETAIL, firstRequestCitation, followUpDetail, nextFollowUp, type NextFollowUp } from "~/domain/follow-up";
import { evidenceOfRequest } from "~/domain/request-evidence";
import { sendAtOnceWhenSenderAllows } from "~/jobs/opt-out.server";
import { agentPermissionInForce } from "~/models/agent-permission.server";
import {
  escalateRequest,
  followUpFactsOf,
  holdForPermission,
  requestsDueForFollowUp,
  resendFirstRequest,
  takeLegalRequest,
  takeSecondRequest,
  type RequestKey,
} from "~/models/follow-up.server";
import { getDb } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";

/** Whether the ladder takes steps by itself (env FOLLOW_UP_LADDER, on unless "off"). */
function ladderIsOn(env: Pick<AppEnv, "FOLLOW_UP_LADDER">) {
  return env.FOLLOW_UP_LADDER !== "off";
}

export type StepTaken = Exclude<NextFollowUp["kind"], "none">;

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
      byPerson,
    },
    now,
  );
  let taken = false;
  switch (next.kind) {
    case "none":
      return null;
    case "second": {
      const sending = evidenceOfRequest(request, facts.records).filter(
        (evidence) => evidence.at.getTime() <= sentAt.getTime() + 10 * MINUTE_MS,
      );
      const citation = firstRequestCitation(sending, sentAt, timeZoneForState(request.state), request.processedAt);
      // A first request that never left (its Lob letter failed) is sent again as the first, never cited.
      taken =
        citation === null
          ? await resendFirstRequest(db, key, FIRST_REQUEST_RESENT_DETAIL, now)
          : await takeSecondRequest(db, key, citation, followUpDetail(next, citation), now);
      break;
    }
    case "legal":
      taken = await takeLegalRequest(db, key, { lawId: next.law.id, permissionId: permission!.id }, followUpDetail(next), now);
      break;
    case "hold":
      taken = await holdForPermission(db, key, followUpDetail(next), now);
      break;
    case "escalate":
      taken = await escalateRequest(db, key, request.followUpStep, followUpDetail(next), now);
      break;
  }
  if (!taken) return null;
  if (next.kind === "second" || next.kind === "legal") await sendAtOnceWhenSenderAllows(env, key);
  return next.kind;
}

/** A piece was recorded: when it showed the request still coming, the ladder takes its step (unless it is off). */
export async function followUpArrival(
  env: AppEnv,
  userId: string,
  recorded: { requestId: string | null; stillComing: boolean },
  now: Date,
) {
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
  const counts = { second: 0, legal: 0, escalated: 0, held: 0 };
  if (!ladderIsOn(env)) return counts;
  const due = await requestsDueForFollowUp(getDb(env.DB), now, FOLLOW_UPS_PER_RUN);
  for (const key of due) {
    const taken = await takeNextFollowUpStep(env, key, now);
    if (taken === "second") counts.second += 1;
    else if (taken === "legal") counts.legal += 1;
    else if (taken === "escalate") counts.escalated += 1;
    else if (taken === "hold") counts.held += 1;
  }
  return counts;
}
