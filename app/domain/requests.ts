import { z } from "zod";
import type { RequestStatus } from "../../drizzle/schema";
import { DAY_MS } from "~/domain/dates";

// Product rules: Request statuses and actions, Free requests and plans, Numbers: request actions, their statuses, the allowance and the wait.

export const FREE_REQUEST_ALLOWANCE = 3;
export const CUSTOM_REQUIRED_DAYS = 30;
export const FREE_REQUESTS_USED_TAG = "free-requests-used";
export const ALLOWANCE_REFUSED_MESSAGE = "You have used your free requests. Subscribe to send as many requests as you need.";

/** How long mail takes to stop, and why (product rules: What the product promises). */
export const MAIL_STOPS_AFTER = { weeks: 8, extraMailings: "1 to 3" } as const;
export const WHY_MAIL_TAKES_WEEKS = `Stopping takes about ${MAIL_STOPS_AFTER.weeks} weeks after processing, because mailers pre-print ${MAIL_STOPS_AFTER.extraMailings} extra mailings.`;

export const REQUEST_ACTIONS = ["unsubscribe", "report", "confirm", "cancel", "delete"] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

export const STATUS_OF_ACTION: Record<RequestAction, RequestStatus> = {
  unsubscribe: "inQueue",
  report: "inQueue",
  confirm: "confirmedByUser",
  cancel: "cancelled",
  delete: "deleted",
};

export function isRequestAction(value: unknown): value is RequestAction {
  return typeof value === "string" && (REQUEST_ACTIONS as readonly string[]).includes(value);
}

/**
 * A request card's buttons: the action pressed and its request. `reply=data` is added by the
 * page's JavaScript, which wants the outcome as data instead of a redirect.
 */
export const RequestActionFormSchema = z.object({
  intent: z.enum(REQUEST_ACTIONS),
  requestId: z.string().min(1).max(100),
  reply: z.literal("data").optional(),
});

/** A missing counter counts as the default allowance. */
export function freeRequestsLeft(numOfFreeRequest: number | null | undefined) {
  return numOfFreeRequest ?? FREE_REQUEST_ALLOWANCE;
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

export type WaitStanding =
  | { kind: "notSent" }
  | { kind: "waitingToSend" }
  | { kind: "waiting"; stopsBy: Date; daysLeft: number }
  | { kind: "waitOver"; stopsBy: Date };

/**
 * Where an in-queue request stands against its wait: the clock starts when it reaches the sender
 * (processedAt) and runs requiredDays.
 */
export function waitStanding(
  request: { status: RequestStatus | null; processedAt: Date | null; requiredDays: number },
  now: Date,
): WaitStanding | null {
  if (request.status === null) return { kind: "notSent" };
  if (request.status !== "inQueue") return null;
  if (!request.processedAt) return { kind: "waitingToSend" };
  const stopsBy = new Date(request.processedAt.getTime() + request.requiredDays * DAY_MS);
  const daysLeft = Math.ceil((stopsBy.getTime() - now.getTime()) / DAY_MS);
  return daysLeft > 0 ? { kind: "waiting", stopsBy, daysLeft } : { kind: "waitOver", stopsBy };
}
