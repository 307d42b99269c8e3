// Channels learned from everyone's mail (decision 0068): a return address people in two or more
// households gave for the same sender, verified deliverable, becomes its postal channel for everyone,
// and the requests waiting for that sender are mailed at once.
import { isLearnedChannel, learnableReturnAddress, learnedChannel, returnAddressKey, typedSenderKey } from "~/domain/learned-channels";
import { utcDay } from "~/domain/dates";
import { SYSTEM_ACTOR } from "~/models/audit.server";
import {
  addLearnedChannel,
  listRefusedPostalAddresses,
  listReturnAddressConfirmations,
  listSendersGivenReturnAddressSince,
  listTypedRequestsAsking,
  listTypedReturnAddressConfirmations,
  listTypedSendersGivenReturnAddressSince,
} from "~/models/learned-channels.server";
import { saveSenderAddress } from "~/models/sender-address.server";
import { lettersGoThroughLob, sendWaitingRequestsOfSender } from "~/services/automatic-send.server";
import { sendJobEnvelopes } from "~/queue/producer.server";
import { listChannelProblems } from "~/models/sender-channels.server";
import { getTemplate } from "~/models/request-template.server";
import { getUserRequest } from "~/models/request.server";
import { getDb } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";
import { errorMessage } from "~/utils/errors";
import { log } from "~/utils/log.server";

/** What one call did: the address it made the sender's postal channel (null: none), and how many waiting requests it sent. */
export type LearnedOutcome = { learned: string | null; sent: number };

const NOTHING: LearnedOutcome = { learned: null, sent: 0 };

/**
 * Learns the sender's postal channel from the return addresses people gave, when it has none that
 * works: the address at least two households gave, verified deliverable, and never refused by staff
 * (decision 0068). Added once however many calls run at once, with its source and date, audited as
 * done by the system; then every request waiting for the sender is sent (each once, decision 0054).
 * A sender whose learned channel is already there only has its waiting requests sent, in case the
 * call that learned it stopped before. Throws when the database or the queue fails: the caller
 * decides (the daily run reports it; a person's give must not fail for it).
 */
export async function learnPostalChannel(env: AppEnv, templateId: string, now = new Date()): Promise<LearnedOutcome> {
  const db = getDb(env.DB);
  const [template, problems] = await Promise.all([getTemplate(db, templateId), listChannelProblems(db, templateId)]);
  if (!template) return NOTHING;
  const postal = template.channels.filter((channel) => channel.kind === "mail");
  if (postal.length > 0 && !problems.some((problem) => problem.kind === "mail")) {
    if (!postal.some(isLearnedChannel)) return NOTHING;
    const { sent } = await sendWaitingRequestsOfSender(env, SYSTEM_ACTOR, templateId);
    return { learned: null, sent };
  }
  const [confirmations, refused] = await Promise.all([
    listReturnAddressConfirmations(db, templateId),
    listRefusedPostalAddresses(db, templateId),
  ]);
  const learnable = learnableReturnAddress(confirmations, new Set(refused.map(returnAddressKey)));
  if (!learnable) return NOTHING;
  const channel = learnedChannel(learnable, utcDay(now));
  const added = await addLearnedChannel(
    db,
    templateId,
    channel,
    { households: learnable.households, replaced: postal.map((old) => old.value) },
    now,
  );
  if (!added) return NOTHING;
  const { sent } = await sendWaitingRequestsOfSender(env, SYSTEM_ACTOR, templateId);
  return { learned: channel.value, sent };
}

/**
 * A sender people typed by name has no catalog entry to hold a channel, so what two households
 * learned is given to each request instead (decision 0068): the return address that households in
 * the same state gave for the same typed name (`typedSenderKey`), verified deliverable, at least two
 * of them, is saved on every request of that name and state still asking for it, as learned, and
 * its letter reserved in the same batch as a person's own give (saveSenderAddress): each is mailed
 * once however many calls run at once. Throws when the database or the queue fails. Answers how
 * many requests it sent.
 */
export async function learnTypedSenderAddress(env: AppEnv, senderName: string, state: string, now = new Date()): Promise<number> {
  const key = typedSenderKey(senderName);
  if (!key || !state) return 0;
  const db = getDb(env.DB);
  const confirmations = (await listTypedReturnAddressConfirmations(db, key, state)).filter(
    (confirmation) => typedSenderKey(confirmation.senderName) === key,
  );
  const learnable = learnableReturnAddress(confirmations, new Set());
  if (!learnable) return 0;
  const asking = (await listTypedRequestsAsking(db, key, state)).filter((request) => typedSenderKey(request.senderName) === key);
  const reserveLetter = lettersGoThroughLob(env);
  const jobs = [];
  for (const request of asking) {
    const outcome = await saveSenderAddress(
      db,
      { userId: request.userId, requestId: request.requestId },
      { line: learnable.address, check: "verified", from: "learned" },
      { reserveLetter },
      now,
    );
    if (outcome.job) jobs.push(outcome.job);
  }
  const enqueuedAt = new Date().toISOString();
  await sendJobEnvelopes(
    env,
    jobs.map((job) => ({ id: job.id, type: "optOut.letter" as const, payload: job.payload, enqueuedAt })),
  );
  return jobs.length;
}

/**
 * A request to a sender the person typed, just queued: sent at once when households in their state
 * already taught its return address (learnTypedSenderAddress). Never fails the person's action.
 */
export async function sendTypedRequestWhenLearned(env: AppEnv, key: { userId: string; requestId: string }) {
  try {
    const request = await getUserRequest(getDb(env.DB), key.userId, key.requestId);
    if (request && request.templateId === null) await learnTypedSenderAddress(env, request.senderName, request.state);
  } catch (error) {
    log.error(`learned address of typed request ${key.userId}:${key.requestId} not used:`, errorMessage(error));
  }
}

/** Senders looked at by one daily run; the rest wait for the next. */
const SENDERS_PER_DAILY_RUN = 500;
/** How far back the daily run looks for return addresses given: a week covers a few missed runs. */
const DAILY_LOOK_BACK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The daily catch-up (decision 0068): runs learnPostalChannel for every sender someone gave a
 * verified return address for in the last week, in case the call after the give failed or stopped
 * before sending. One sender's failure does not stop the others; the run then fails, naming how many.
 */
export async function learnPostalChannelsDaily(env: AppEnv, now: Date) {
  const senders = await listSendersGivenReturnAddressSince(
    getDb(env.DB),
    new Date(now.getTime() - DAILY_LOOK_BACK_MS),
    SENDERS_PER_DAILY_RUN,
  );
  let learned = 0;
  let failed = 0;
  for (const templateId of senders) {
    try {
      if ((await learnPostalChannel(env, templateId, now)).learned) learned += 1;
    } catch {
      failed += 1;
    }
  }
  const typed = await listTypedSendersGivenReturnAddressSince(
    getDb(env.DB),
    new Date(now.getTime() - DAILY_LOOK_BACK_MS),
    SENDERS_PER_DAILY_RUN,
  );
  for (const { senderName, state } of typed) {
    try {
      await learnTypedSenderAddress(env, senderName, state, now);
    } catch {
      failed += 1;
    }
  }
  if (learned > 0) log.info(`postal channels learned from people's return addresses: ${learned}`);
  if (failed > 0) throw new Error(`learning the postal channel failed for ${failed} senders`);
  return learned;
}
