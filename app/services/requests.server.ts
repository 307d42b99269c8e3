import type { RequestStatus } from "../../drizzle/schema";
import { ADD_REQUEST_MESSAGES } from "~/domain/add-request";
import { sendableSuggestions } from "~/domain/dashboard";
import {
  ALLOWANCE_REFUSED_MESSAGE,
  STATUS_LABELS,
  actionUsesAllowance,
  canUndoDelete,
  deletedRequestRestore,
  FREE_REQUESTS_USED_TAG,
  hasUnlimitedRequests,
  spendsFreeRequest,
  type RequestAction,
} from "~/domain/requests";
import { requestsSentEmail } from "~/domain/account-emails";
import { sendAtOnceWhenSenderAllows } from "~/services/automatic-send.server";
import { sendTypedRequestWhenLearned } from "~/services/learned-channels.server";
import { judgeReport, takeNextFollowUpStep } from "~/services/follow-up.server";
import { enqueueAccountEmail, enqueueJob } from "~/queue/producer.server";
import {
  applyRequestAction,
  createCustomRequest,
  getAddRequestOptions,
  getUserRequest,
  getUserRequestForSender,
  getUserRequestWithHistory,
  listUnsentRequests,
  refundFreeRequest,
  restoreDeletedRequest,
  spendFreeRequest,
} from "~/models/request.server";
import { getTemplate } from "~/models/request-template.server";
import { answerUnverifiedPiece, unverifiedPieceOf } from "~/models/unverified-pieces.server";
import { recordEvents } from "~/services/analytics.server";
import type { CurrentUser } from "~/services/auth.server";
import { getDb, type Db } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";
import { errorMessage } from "~/utils/errors";
import { log } from "~/utils/log.server";

type Spent = { left: number; newsletter: boolean };

/**
 * The user whose request takes the counter to 0 gets the free-requests-used tag in the newsletter
 * tool (if they are on the newsletter), through the queue; a failure there never stops the request.
 * The newsletter tool only knows people who asked for the newsletter: a tag for anyone else would
 * fail until it ran out of retries.
 */
async function tagWhenUsedUp(env: AppEnv, user: CurrentUser, spent: Spent | null) {
  if (spent?.left !== 0 || !spent.newsletter) return;
  await enqueueJob(env, "newsletter.tag", { email: user.email, tag: FREE_REQUESTS_USED_TAG }, { userId: user.id }).catch((error) =>
    log.error("free-requests-used tag not queued:", errorMessage(error)),
  );
}

/**
 * A user's action on an existing request (product rules: Request statuses and actions). When it sends the request into the
 * queue for the first time, a free request pays for it unless the user subscribes; the charge and
 * the queuing are one D1 batch, so concurrent identical clicks all see the one success. Answers
 * null when none was left (nothing is written), and `refused` with the words to show when a
 * report comes before mail printed before should have stopped coming (decision 0064: nothing is written).
 */
export async function actOnRequest(
  env: AppEnv,
  user: CurrentUser,
  input: { requestId: string; action: RequestAction; charged: boolean; changes?: Parameters<typeof applyRequestAction>[1]["changes"] },
  now = new Date(),
): Promise<{ firstQueuing: boolean; refused: string | null } | null> {
  let reportOfSending: { processedAt: Date | null } | undefined;
  if (input.action === "report") {
    const judged = await judgeReport(env, { userId: user.id, requestId: input.requestId }, now);
    if (!judged) return null;
    if (judged.refusal) return { firstQueuing: false, refused: judged.refusal };
    reportOfSending = { processedAt: judged.processedAt };
  }
  const outcome = await applyRequestAction(getDb(env.DB), {
    userId: user.id,
    requestId: input.requestId,
    action: input.action,
    now,
    changes: input.changes,
    chargeFreeRequest: input.charged && !hasUnlimitedRequests(user),
    reportOfSending,
  });
  // A report that found its sending gone had raced the step another one took: that one counts.
  if (!outcome.applied) return reportOfSending ? { firstQueuing: false, refused: null } : null;
  await tagWhenUsedUp(env, user, outcome.spent);
  // The person says the mail is still coming: the follow-up ladder takes its next step (decision 0058).
  if (input.action === "report") await takeNextFollowUpStep(env, { userId: user.id, requestId: input.requestId }, now, { byPerson: true });
  return { firstQueuing: outcome.firstQueuing, refused: null };
}

export type PieceAnswerOutcome =
  | { kind: "notFound" }
  | { kind: "refused"; requestId: string; message: string }
  | { kind: "answered"; requestId: string; answer: "confirmed" | "dismissed" };

/**
 * The person's answer to a piece that could not be verified (decision 0064). Dismissed, it counts
 * for nothing. Confirmed ("Yes, this came to me"), it is their own report: taken only when a
 * report is (the sender's days to act over for the current sending), then once per step of the
 * ladder. A refused confirmation writes nothing, so the card still asks.
 */
export async function answerPiece(
  env: AppEnv,
  user: CurrentUser,
  input: { arrivalId: string; answer: "confirmed" | "dismissed" },
  now = new Date(),
): Promise<PieceAnswerOutcome> {
  const db = getDb(env.DB);
  const piece = await unverifiedPieceOf(db, user.id, input.arrivalId);
  if (!piece) return { kind: "notFound" };
  // A second press (a double click with JavaScript off) finds the first answer and changes nothing.
  if (piece.answer) return { kind: "answered", requestId: piece.requestId, answer: piece.answer };
  const answered = { kind: "answered" as const, requestId: piece.requestId, answer: input.answer };
  if (input.answer === "dismissed") {
    await answerUnverifiedPiece(db, user.id, piece.id, "dismissed");
    return answered;
  }
  const judged = await judgeReport(env, { userId: user.id, requestId: piece.requestId }, now);
  if (!judged) return { kind: "notFound" };
  if (judged.refusal) return { kind: "refused", requestId: piece.requestId, message: judged.refusal };
  // The first of several identical presses records the answer and reports; the others find it answered.
  if (!(await answerUnverifiedPiece(db, user.id, piece.id, "confirmed"))) return answered;
  const reported = await actOnRequest(env, user, { requestId: piece.requestId, action: "report", charged: false }, now);
  if (reported?.refused) return { kind: "refused", requestId: piece.requestId, message: reported.refused };
  return answered;
}

/**
 * A new request written straight into the queue (a custom request), paid with a free request
 * unless the user subscribes. Answers null when none is left (nothing is written); the free
 * request is given back when the write fails.
 */
export async function createWithAllowance<Result>(env: AppEnv, user: CurrentUser, write: () => Promise<Result>): Promise<Result | null> {
  const db = getDb(env.DB);
  const unlimited = hasUnlimitedRequests(user);
  const spent = unlimited ? null : await spendFreeRequest(db, user.id);
  if (!unlimited && !spent) return null;
  let result: Result;
  try {
    result = await write();
  } catch (error) {
    if (spent) await refundFreeRequest(db, user.id);
    throw error;
  }
  await tagWhenUsedUp(env, user, spent);
  return result;
}

/**
 * Sends several of the user's requests, one after another, each paid exactly as a single
 * Unsubscribe is (actOnRequest): the charge can never pass the allowance, and a request another
 * tab already queued is not paid twice. Once a free request is refused, the rest that would need
 * one are refused without asking again. Answers the ids sent and how many were refused.
 */
async function sendRequests(
  env: AppEnv,
  user: CurrentUser,
  targets: Array<FirstQueued & { status: RequestStatus | null; queuedAt: Date | null }>,
) {
  const sent: string[] = [];
  const firstQueued: FirstQueued[] = [];
  let refused = 0;
  for (const target of targets) {
    const charged = actionUsesAllowance("unsubscribe", target);
    const queued =
      refused > 0 && spendsFreeRequest(user, "unsubscribe", target)
        ? null
        : await actOnRequest(env, user, { requestId: target.id, action: "unsubscribe", charged });
    if (!queued) {
      refused += 1;
      continue;
    }
    sent.push(target.id);
    if (queued.firstQueuing) firstQueued.push(target);
  }
  await afterFirstQueuing(env, user, firstQueued);
  return { sent, refused };
}

/**
 * "Send all suggested": the user's suggestions not sent yet that the service sends itself, all of
 * them or the ones ticked. Ids that are not such a suggestion of this user's (sent by a first click
 * already, or made up) are passed over.
 */
export async function sendSuggestions(env: AppEnv, user: CurrentUser, chosen: "all" | string[]) {
  const unsent = sendableSuggestions(await listUnsentRequests(getDb(env.DB), user.id));
  return sendRequests(env, user, chosen === "all" ? unsent : unsent.filter((row) => chosen.includes(row.id)));
}

export type UndoOutcome =
  | { kind: "restored" }
  /** A second identical post (a double click, the back button) finds it restored already. */
  | { kind: "alreadyBack" }
  | { kind: "notFound" }
  | { kind: "tooLate" }
  /** The user added the same sender again since the delete: two live requests would send two letters. */
  | { kind: "senderAddedAgain"; senderName: string };

/** Brings a request the user deleted back to the status it had, within the days an undo allows. */
export async function undoDelete(db: Db, userId: string, requestId: string, now = new Date()): Promise<UndoOutcome> {
  const found = await getUserRequestWithHistory(db, userId, requestId);
  if (!found) return { kind: "notFound" };
  if (found.request.status !== "deleted") return { kind: "alreadyBack" };
  const restore = deletedRequestRestore(found.historyOldestFirst);
  if (!restore || !canUndoDelete(restore.deletedAt, now)) return { kind: "tooLate" };
  const restored = await restoreDeletedRequest(db, { userId, requestId, status: restore.status });
  if (!restored && (await getUserRequest(db, userId, requestId))?.status === "deleted") {
    return { kind: "senderAddedAgain", senderName: found.request.senderName };
  }
  return { kind: "restored" };
}

export type FirstQueued = { id: string; senderName: string; consumerFiles: boolean };

/**
 * Requests that just went into the queue for the first time: a sender that takes email gets its
 * letter at once, and the person gets one email confirming the ones we deliver (a request they
 * file themselves is theirs to send). Neither can fail the person's action.
 */
export async function afterFirstQueuing(env: AppEnv, user: CurrentUser, queued: FirstQueued[], { fromPhoto = false } = {}) {
  // Each one logs its own failure and never throws: they can go out together.
  await Promise.all(queued.map((request) => sendAtOnceWhenSenderAllows(env, { userId: user.id, requestId: request.id })));
  // A sender typed by name whose return address households nearby taught goes at once (decision 0068).
  for (const request of queued) await sendTypedRequestWhenLearned(env, { userId: user.id, requestId: request.id });
  const ours = queued.filter((request) => !request.consumerFiles);
  if (ours.length === 0) return;
  const email = requestsSentEmail({
    fullName: user.fullName,
    senderNames: ours.map((request) => request.senderName),
    dashboardUrl: new URL("/dashboard", env.APP_ORIGIN).href,
    fromPhoto,
  });
  await enqueueAccountEmail(env, user.email, email, user.id).catch((error) =>
    log.error("request confirmation not queued:", errorMessage(error)),
  );
}

export type NewRequest = {
  /** The catalog sender chosen, or null for a name sent as typed (a custom request staff look up). */
  templateId: string | null;
  senderName: string;
  customerNumber: string | null;
  /** The key or source code read off a photo's label, beside the customer number. */
  keyCode?: string | null;
  /** The user's recipients the letter names besides the holder; ids not theirs are dropped. */
  recipientIds: string[];
  /** Staff found the sender from the person's photo: the confirmation email says so. */
  fromPhoto?: boolean;
};

export type AddOutcome =
  | { ok: true; requestId: string; kind: "preset" | "catalog" | "custom" }
  | {
      ok: false;
      status: number;
      message: string;
      field: "senderName" | null;
      allowanceRefused?: boolean;
      /** The person's request to this sender that was already sent: why nothing new was. */
      sentRequestId?: string;
    };

/**
 * A new request for a sender, sent into the queue (the add page, a confirmed photo, staff naming
 * a photo's sender): a catalog sender the user already has is sent from the preset signup gave,
 * never twice; a request already on its way is not paid for again; a sender that takes requests
 * only from the person is neither sent nor charged. Answers why not, next to the field it concerns.
 */
export async function addRequestForSender(env: AppEnv, user: CurrentUser, input: NewRequest): Promise<AddOutcome> {
  const db = getDb(env.DB);
  const options = await getAddRequestOptions(db, user.id);
  if (!options) return { ok: false, status: 404, message: "Not Found", field: null };
  const refuse = (message: string, field: "senderName" | null = "senderName", status = 400) => ({
    ok: false as const,
    status,
    message,
    field,
  });
  const recipientIds = input.recipientIds.filter((id) => options.people.some((person) => person.id === id));
  const template = input.templateId ? await getTemplate(db, input.templateId) : null;
  if (input.templateId && !template) return refuse(ADD_REQUEST_MESSAGES.senderUnknown);
  const senderName = template?.title ?? input.senderName;

  const existing = template ? await getUserRequestForSender(db, user.id, template.id) : null;
  const preset = existing?.type === "preset" ? existing : null;
  const alreadySent = existing?.status === "inQueue" || existing?.status === "confirmedByUser";
  if (existing && preset?.consumerFiles) {
    return refuse(`${existing.senderName} takes this request only from you: your dashboard shows how to file it.`);
  }
  if (existing && alreadySent) {
    return {
      ...refuse(`${existing.senderName} is already on your dashboard (${STATUS_LABELS[existing.status!]}).`),
      sentRequestId: existing.id,
    };
  }
  if (!preset && template?.consumerFiles) return refuse(ADD_REQUEST_MESSAGES.filesItself(template.title));

  let queued: { requestId: string; firstQueuing: boolean } | null;
  try {
    queued = preset
      ? await actOnRequest(env, user, {
          requestId: preset.id,
          action: "unsubscribe",
          charged: actionUsesAllowance("unsubscribe", preset),
          changes: { customerNumber: input.customerNumber, keyCode: input.keyCode ?? null, recipientIds },
        }).then((outcome) => outcome && { requestId: preset.id, firstQueuing: outcome.firstQueuing })
      : await createWithAllowance(env, user, async () => {
          const requestId = await createCustomRequest(db, {
            userId: user.id,
            senderName,
            templateId: template?.id ?? null,
            requiredDays: template?.requiredDays,
            fullName: options.account.fullName,
            address: options.account,
            customerNumber: input.customerNumber,
            keyCode: input.keyCode ?? null,
            recipientIds,
          });
          return { requestId, firstQueuing: true };
        });
  } catch (error) {
    log.error("request not created:", errorMessage(error));
    return refuse("We couldn't save your request just now. Nothing was saved; please try again.", null, 500);
  }
  if (!queued) return { ...refuse(ALLOWANCE_REFUSED_MESSAGE, null, 403), allowanceRefused: true };

  if (queued.firstQueuing) {
    await afterFirstQueuing(env, user, [{ id: queued.requestId, senderName: preset?.senderName ?? senderName, consumerFiles: false }], {
      fromPhoto: input.fromPhoto,
    });
  }
  const kind = preset ? "preset" : template ? "catalog" : "custom";
  // Recorded here, for every way a request is made (the add page, a photo, staff naming a photo's sender).
  await recordEvents({ env }, [{ name: "created request", userId: user.id, properties: { type: kind } }]).catch((error) =>
    log.error("analytics:", errorMessage(error)),
  );
  return { ok: true, requestId: queued.requestId, kind };
}
