import { z } from "zod";
import type { RequestStatus } from "../../drizzle/schema";
import {
  actionUsesAllowance,
  availableActions,
  REQUEST_ACTIONS,
  UNDO_LOG_STATUS,
  waitStanding,
  type RequestAction,
  type WaitStanding,
} from "~/domain/requests";
import type { WaitsOn } from "~/domain/request-evidence";

// How the dashboard shows requests: grouped by what they need, each with the next step that fits
// its state and its wait (decision 0025). The product rules' statuses and actions stay as they are.

export type DashboardRequest = {
  id: string;
  senderName: string;
  status: RequestStatus | null;
  consumerFiles: boolean;
  takes: string | null;
  requiredDays: number;
  queuedAt: Date | null;
  processedAt: Date | null;
  /** The follow-up ladder's step (decision 0058): once it acts, the person is not asked. */
  followUpStep?: number;
  /** Set while the card asks the person for the sender's return address (decisions 0067 and 0070). */
  returnAddressWait?: { withStaff: boolean } | null;
  /** Who it waits on, as its card's standing says it (standing in request-evidence.ts); absent when not worked out. */
  waitsOn?: WaitsOn | null;
  /** With its sender's review, open or answered with the finding (decision 0091): "still coming" would send nothing, so it is not offered. */
  inSenderReview?: boolean;
};

export type DashboardGroup = "needsYou" | "onItsWay" | "done" | "suggested";

export const GROUP_HEADINGS: Record<DashboardGroup, string> = {
  needsYou: "Needs your answer",
  onItsWay: "On its way",
  done: "Done",
  suggested: "Senders you can stop",
};

/** Which group a request belongs to; null for a deleted one, which has no card. */
export function groupOf(request: DashboardRequest, now: Date): DashboardGroup | null {
  switch (request.status) {
    case null:
      return "suggested";
    case "inQueue":
      // A request the follow-up ladder took up is watched by the evidence, not by the person's answer.
      if ((request.followUpStep ?? 0) > 0) return "onItsWay";
      // Its letter waits for the return address on the person's piece: only they can answer.
      if (request.returnAddressWait && !request.returnAddressWait.withStaff) return "needsYou";
      return waitStanding(request, now)?.kind === "waitOver" ? "needsYou" : "onItsWay";
    case "confirmedByUser":
    case "cancelled":
      return "done";
    case "deleted":
      return null;
  }
}

type CardButton = {
  action: RequestAction;
  label: string;
  primary: boolean;
  /** What pressing it uses of the free requests (freeRequestsUsedNote); null when it uses none. */
  note: string | null;
};

export type CardNextStep = {
  /** Asked above the buttons once the wait is over. */
  question: string | null;
  buttons: CardButton[];
  /** The send button is replaced by a way to the plans: the allowance does not cover it. */
  upgradeToSend: boolean;
};

type Stage = "notSent" | "waiting" | "waitOver" | "stillComing" | "confirmedByUser" | "cancelled";

/** The buttons as a card names them at each stage; the learn page explains them by these names. */
export const NEXT_STEP_LABELS = {
  notSent: { unsubscribe: "Unsubscribe" },
  // Whether the mail stopped cannot be known before mail printed before should have stopped (mail-timing.ts): not asked yet.
  waiting: { cancel: "Cancel" },
  waitOver: { confirm: "Yes, it stopped", report: "No, still coming", cancel: "Cancel" },
  // A piece seen in the mail after the day it should have stopped already answers the question.
  stillComing: { report: "Send it again", confirm: "It stopped since", cancel: "Cancel" },
  confirmedByUser: { report: "Mail came back" },
  cancelled: { unsubscribe: "Send again" },
} as const satisfies Record<Stage, Partial<Record<RequestAction, string>>>;

/**
 * The buttons a card offers (Delete is a link to its confirmation, not one of them). `canSend` is
 * whether the user can afford a request that costs a free request (canAfford); `sendNote` what
 * such a button says it uses of them; `stillComing` that a piece seen in the mail after the day
 * the mail should have stopped already told whether it stopped (isStillComing): it is not asked;
 * nor when `evidenceTells` otherwise (a follow-up under way, a watched mailbox quiet: isVerifiedStopped).
 */
export function nextStep(
  request: DashboardRequest,
  now: Date,
  {
    canSend,
    sendNote = null,
    stillComing = false,
    evidenceTells = false,
  }: { canSend: boolean; sendNote?: string | null; stillComing?: boolean; evidenceTells?: boolean },
): CardNextStep {
  const standing = waitStanding(request, now);
  const stage =
    request.status === null
      ? "notSent"
      : request.status === "inQueue"
        ? standing?.kind === "waitOver"
          ? stillComing
            ? "stillComing"
            : "waitOver"
          : "waiting"
        : request.status === "deleted"
          ? null
          : request.status;
  if (!stage) return { question: null, buttons: [], upgradeToSend: false };
  const labels: Partial<Record<RequestAction, string>> = NEXT_STEP_LABELS[stage];
  const waitOver = stage === "waitOver" || stage === "stillComing";
  const actions = availableActions(request, { waitOver }).filter((action) => !(request.inSenderReview && action === "report"));
  // Sending it again comes first once the mail is known to be still coming.
  if (stage === "stillComing") actions.sort((a, b) => Number(b === "report") - Number(a === "report"));
  let upgradeToSend = false;
  const buttons: CardButton[] = [];
  for (const action of actions) {
    const label = request.consumerFiles && action === "unsubscribe" && stage === "notSent" ? "I filed it" : labels[action];
    if (!label) continue;
    const usesAllowance = actionUsesAllowance(action, request);
    if (usesAllowance && !canSend) {
      upgradeToSend = true;
      continue;
    }
    const primary = stage === "stillComing" ? action === "report" : stage === "waitOver" ? action !== "cancel" : stage === "notSent";
    buttons.push({ action, label, primary, note: usesAllowance ? sendNote : null });
  }
  return { question: stage === "waitOver" && !evidenceTells ? "Has the mail stopped?" : null, buttons, upgradeToSend };
}

export type DashboardSummary = {
  needsYou: number;
  /** Of those, the ones asking for the return address on a piece of the sender's mail (decision 0067). */
  needsReturnAddress: number;
  onItsWay: number;
  /** Of those: sent and waiting for the sender, waiting for our staff to send them, and going out now by themselves. */
  withSender: number;
  withStaff: number;
  goingOut: number;
  done: number;
  /** The soonest date a request on its way should have stopped the mail (mailStopsBy), with its sender: the day we ask. */
  next: { senderName: string; by: Date } | null;
};

export function summarize(requests: DashboardRequest[], now: Date): DashboardSummary {
  const summary: DashboardSummary = {
    needsYou: 0,
    needsReturnAddress: 0,
    onItsWay: 0,
    withSender: 0,
    withStaff: 0,
    goingOut: 0,
    done: 0,
    next: null,
  };
  for (const request of requests) {
    const group = groupOf(request, now);
    if (group === "needsYou" || group === "onItsWay" || group === "done") summary[group] += 1;
    if (group === "needsYou" && request.returnAddressWait) summary.needsReturnAddress += 1;
    if (group === "onItsWay" && request.waitsOn === "sender") summary.withSender += 1;
    if (group === "onItsWay" && request.waitsOn === "staff") summary.withStaff += 1;
    if (group === "onItsWay" && request.waitsOn === "sending") summary.goingOut += 1;
    const standing: WaitStanding | null = waitStanding(request, now);
    if (standing?.kind === "waiting" && (!summary.next || standing.mailStopsBy < summary.next.by)) {
      summary.next = { senderName: request.senderName, by: standing.mailStopsBy };
    }
  }
  return summary;
}

/** Presets not sent yet that the service sends itself: what "Send all suggested" sends. */
export function sendableSuggestions<Row extends DashboardRequest>(requests: Row[]): Row[] {
  return requests.filter((request) => request.status === null && !request.consumerFiles);
}

const requestId = z.string().min(1).max(100);

/**
 * Every form of the dashboard, told apart by `intent`: a request action of the product rules, the
 * undo of a delete, or sending several suggestions at once (`selection` says whether the boxes
 * were offered, so that none ticked is not read as "all").
 */
export const DashboardActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(REQUEST_ACTIONS), requestId }),
  z.object({ intent: z.literal(UNDO_LOG_STATUS), requestId }),
  // A piece that could not be verified, on its request's card: "Yes, this came to me" or dismissed (decision 0064).
  z.object({ intent: z.enum(["confirmPiece", "dismissPiece"]), arrivalId: z.string().uuid() }),
  z.object({
    intent: z.literal("sendSuggested"),
    selection: z.enum(["all", "chosen"]),
    requestIds: z.array(requestId).max(200).default([]),
  }),
  // Checked in the action, so that a number out of range is answered in words.
  z.object({
    intent: z.literal("charityChoice"),
    requestId,
    donor: z.enum(["yes", "no"]).optional(),
    mailingsPerYear: z.string().max(10).optional(),
  }),
]);

export const CHOOSE_ONE_MESSAGE = "Choose at least one sender to send to.";

/** What the page says after a form post redirected back (JavaScript off and on alike). */
export const DashboardNoticeSchema = z.object({
  notice: z.enum([...REQUEST_ACTIONS, UNDO_LOG_STATUS, "sendSuggested", "charityChoice", "pieceSeen", "pieceDismissed", "returnAddress"]),
  about: requestId.optional(),
  sent: z.coerce.number().int().min(0).max(200).optional(),
  refused: z.coerce.number().int().min(0).max(200).optional(),
});
export type DashboardNotice = z.infer<typeof DashboardNoticeSchema>;

/** After a new request is sent: the dashboard says what happens next, with its letter open. */
export function requestSentUrl(requestId: string) {
  return noticeUrl({ notice: "unsubscribe", about: requestId }, { openRequest: requestId });
}

/** Where a post redirects: the dashboard with what to say, and focus on the saying; `openRequest` also opens a letter. */
export function noticeUrl(notice: DashboardNotice, { openRequest }: { openRequest?: string } = {}) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(notice)) if (value !== undefined) query.set(key, String(value));
  if (openRequest) query.set("request", openRequest);
  return `/dashboard?${query}#outcome`;
}
