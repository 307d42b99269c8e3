import type { RequestStatus } from "../../drizzle/schema";
import { DAY_MS } from "~/domain/dates";
import { canAskIfMailStopped, daysUntil, mailClock, reachedSenderAt, type LetterArrival, type MailClock } from "~/domain/mail-timing";

// Product rules: Request statuses and actions, Free requests and plans, Numbers: request actions, their statuses, the allowance and the wait.

export const FREE_REQUEST_ALLOWANCE = 3;
export const CUSTOM_REQUIRED_DAYS = 30;
export const FREE_REQUESTS_USED_TAG = "free-requests-used";
/** How long a deleted request can be brought back from the dashboard (decision 0025). */
export const UNDO_DELETE_DAYS = 7;
export const UNDO_LOG_STATUS = "undo";
export const ALLOWANCE_REFUSED_MESSAGE = "You have used your free requests. Subscribe to send as many requests as you need.";

export const REQUEST_ACTIONS = ["unsubscribe", "report", "confirm", "cancel", "delete"] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

export const STATUS_OF_ACTION: Record<RequestAction, RequestStatus> = {
  unsubscribe: "inQueue",
  report: "inQueue",
  confirm: "confirmedByUser",
  cancel: "cancelled",
  delete: "deleted",
};

function isRequestAction(value: unknown): value is RequestAction {
  return typeof value === "string" && (REQUEST_ACTIONS as readonly string[]).includes(value);
}

/** A missing counter counts as the default allowance. */
export function freeRequestsLeft(numOfFreeRequest: number | null | undefined) {
  return numOfFreeRequest ?? FREE_REQUEST_ALLOWANCE;
}

/** Whoever holds an allowance: a user, as the session or the dashboard reads them. */
export type AllowanceHolder = { stripeSubscriptionId: string | null; numOfFreeRequest: number | null };

/** Subscribers are neither limited nor counted (product rules: Free requests and plans). */
export function hasUnlimitedRequests(holder: Pick<AllowanceHolder, "stripeSubscriptionId">) {
  return Boolean(holder.stripeSubscriptionId);
}

/** How many more requests the user can send into the queue now: Infinity for a subscriber. */
export function requestsAffordable(holder: AllowanceHolder) {
  return hasUnlimitedRequests(holder) ? Infinity : freeRequestsLeft(holder.numOfFreeRequest);
}

export const STATUS_LABELS: Record<RequestStatus | "notSent", string> = {
  notSent: "Not sent yet",
  inQueue: "In queue",
  confirmedByUser: "Mail stopped",
  cancelled: "Cancelled",
  deleted: "Deleted",
};

export const ACTION_LABELS: Record<RequestAction, string> = {
  unsubscribe: "Unsubscribe",
  report: "Report mail still coming",
  confirm: "Mail stopped",
  cancel: "Cancel",
  delete: "Delete",
};

/** What a user's log entry says in the history; other creators' entries carry their own words. */
export const HISTORY_LABELS: Record<string, string> = {
  created: "You created this request",
  unsubscribe: "You asked for your name to be removed",
  report: "You reported that mail is still coming",
  confirm: "You confirmed that the mail stopped",
  cancel: "You cancelled the request",
  delete: "You deleted the request",
  moved: "You moved house: sent again for your new address",
  [UNDO_LOG_STATUS]: "You undid the delete",
};

type ActionableRequest = { status: RequestStatus | null; consumerFiles: boolean; queuedAt: Date | null };

/**
 * The actions that make sense for a request in its state. The product rules (Request statuses and actions) check no transition, so
 * the server accepts any action on the user's own request; this only decides what is offered.
 */
export function availableActions(request: ActionableRequest, { waitOver = false } = {}): RequestAction[] {
  switch (request.status) {
    case null:
      return ["unsubscribe", "delete"];
    case "inQueue":
      return waitOver ? ["confirm", "report", "cancel", "delete"] : ["confirm", "cancel", "delete"];
    case "confirmedByUser":
      return ["report", "delete"];
    case "cancelled":
      return ["unsubscribe", "delete"];
    case "deleted":
      return [];
  }
}

/**
 * Sending a request into the queue uses one free request, once per request: creating a custom
 * request, or Unsubscribe on a preset never queued before. Report never does, nor does marking a
 * request the user files themselves as done (the service sent nothing).
 */
export function actionUsesAllowance(action: RequestAction, request: ActionableRequest) {
  return action === "unsubscribe" && request.queuedAt === null && !request.consumerFiles;
}

/** Whether this action, on this request, would take one of this user's free requests. */
export function spendsFreeRequest(
  holder: Pick<AllowanceHolder, "stripeSubscriptionId">,
  action: RequestAction,
  request: ActionableRequest,
) {
  return actionUsesAllowance(action, request) && !hasUnlimitedRequests(holder);
}

/** The one rule for "can this user do this now": a request that costs a free request needs one left. */
export function canAfford(holder: AllowanceHolder, action: RequestAction, request: ActionableRequest) {
  return !spendsFreeRequest(holder, action, request) || requestsAffordable(holder) > 0;
}

/**
 * What a button or page that sends requests says about the free requests it uses, `sending` of
 * the `left` the user has (product rules: Saying what a request costs). Null when nothing is
 * counted: a subscriber (`left` is Infinity), nothing to send, or none left (the way to the plans
 * shows instead). More than are left is never sent, so never said.
 */
export function freeRequestsUsedNote(sending: number, left: number): string | null {
  if (!Number.isFinite(left) || left <= 0 || sending <= 0) return null;
  if (left === 1) return "uses your last free request";
  return `uses ${Math.min(sending, left)} of your ${left} free requests`;
}

export type WaitingRequest = {
  status: RequestStatus | null;
  consumerFiles: boolean;
  takes: string | null;
  requiredDays: number;
  queuedAt: Date | null;
  processedAt: Date | null;
  /** The letter that carried it, when Lob mailed one: the clock starts when it reached the sender. */
  letter?: LetterArrival | null;
  /** The days its sender's mail was seen to take to stop, once enough requests showed it (learnedStopDays). */
  learnedDays?: number | null;
};

const DURATION = /(\d+)\s*(?:business\s+)?(day|week|month)s?\b/gi;
const DAYS_PER_UNIT = { day: 1, week: 7, month: 30 } as const;

/**
 * The longest duration a sender's own guide names, in days ("60 to 90 days" is 90, "about 6
 * weeks" is 42); null when it names none. "60 to 90" reads its unit from the last number.
 */
export function waitDaysFromGuide(takes: string | null): number | null {
  if (!takes) return null;
  let longest: number | null = null;
  for (const match of takes.replace(/(\d+)\s+to\s+(\d+)/gi, "$2").matchAll(DURATION)) {
    const days = Number(match[1]) * DAYS_PER_UNIT[match[2]!.toLowerCase() as keyof typeof DAYS_PER_UNIT];
    longest = Math.max(longest ?? 0, days);
  }
  return longest;
}

/**
 * A request's wait: it starts when the request reaches the sender (reachedSenderAt) and lasts the
 * sender's days to act. A request the person files themselves reached the sender when they said
 * "I filed it" (queuedAt), and lasts as long as that sender's own guide says, when it says.
 */
export function waitOf(request: WaitingRequest): { startedAt: Date | null; days: number; fromGuide: boolean } {
  if (request.consumerFiles) {
    const guideDays = waitDaysFromGuide(request.takes);
    return { startedAt: request.processedAt ?? request.queuedAt, days: guideDays ?? request.requiredDays, fromGuide: guideDays !== null };
  }
  return { startedAt: reachedSenderAt(request.processedAt, request.letter), days: request.requiredDays, fromGuide: false };
}

export type WaitStanding =
  | { kind: "notSent" }
  | { kind: "waitingToSend" }
  | ({ kind: "waiting"; daysLeft: number } & MailClock)
  | ({ kind: "waitOver" } & MailClock);

/** Where an in-queue request stands against its wait (waitOf, mailClock). */
export function waitStanding(request: WaitingRequest, now: Date): WaitStanding | null {
  if (request.status === null) return { kind: "notSent" };
  if (request.status !== "inQueue") return null;
  const { startedAt, days } = waitOf(request);
  if (!startedAt) return { kind: "waitingToSend" };
  const clock = mailClock(startedAt, days, request.learnedDays ?? null);
  return canAskIfMailStopped(clock, now)
    ? { kind: "waitOver", ...clock }
    : { kind: "waiting", daysLeft: daysUntil(clock.actBy, now), ...clock };
}

type LogEntry = { creator: string; status: string; createdAt: Date };

/**
 * Replays a request's history (oldest first) to find what a delete can return it to. User entries
 * carry the action name; "created" queued a custom request; an undo returned to the status before
 * its delete. Other entries (staff, sender, a move) change no status. Answers null when the
 * request is not deleted by its last word.
 */
export function deletedRequestRestore(historyOldestFirst: LogEntry[]): { status: RequestStatus | null; deletedAt: Date } | null {
  let status: RequestStatus | null = null;
  let beforeDelete: RequestStatus | null = null;
  let deletedAt: Date | null = null;
  for (const entry of historyOldestFirst) {
    if (entry.creator !== "user") continue;
    if (entry.status === "delete") {
      if (status !== "deleted") beforeDelete = status;
      status = "deleted";
      deletedAt = entry.createdAt;
    } else if (entry.status === UNDO_LOG_STATUS) {
      status = beforeDelete;
    } else if (entry.status === "created") {
      status = "inQueue";
    } else if (isRequestAction(entry.status)) {
      status = STATUS_OF_ACTION[entry.status];
    }
  }
  return status === "deleted" && deletedAt ? { status: beforeDelete, deletedAt } : null;
}

/** The undo window is measured from the delete itself, whatever touched the row since. */
export function canUndoDelete(deletedAt: Date, now: Date) {
  return now.getTime() - deletedAt.getTime() <= UNDO_DELETE_DAYS * DAY_MS;
}

/** Why a delete cannot be undone once the sender was added again: one live request per sender. */
export function undoRefusedMessage(senderName: string) {
  return `${senderName} is on your dashboard again, in a newer request, so this one stays deleted: one sender, one letter.`;
}
