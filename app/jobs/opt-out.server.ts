import { z } from "zod";
import { automaticEmailAddress, automaticLetterAddress } from "~/domain/work-queue";
import { replyAddress } from "~/domain/reply-address";
import { PermanentJobError } from "~/domain/job-envelope";
import type { JobDefinition } from "~/jobs/definitions.server";
import { sendEmailOnce } from "~/jobs/email.server";
import { enqueueJob, sendJobEnvelopes } from "~/jobs/producer.server";
import { lobLettersClient } from "~/integrations/lob.server";
import { recordRequestEmail } from "~/models/request-email.server";
import { replyTokenOfRequest } from "~/models/sender-reply.server";
import { auditEntry, type StaffActor } from "~/models/audit.server";
import { listChannelProblems } from "~/models/sender-channels.server";
import { getTemplate } from "~/models/request-template.server";
import {
  lettersFor,
  markProcessed,
  reserveWaitingRequestsOfSender,
  senderFactsOfWaitingRequest,
  type AutomaticSend,
  type QueueKey,
} from "~/models/work-queue.server";
import { getDb } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";
import { errorMessage } from "~/utils/errors";
import { log } from "~/utils/log.server";

const OptOutEmailPayload = z.object({
  userId: z.string().min(1),
  requestId: z.string().min(1),
  to: z.string().email(),
  /** Sent without staff, as the request went into the queue: the job itself marks it processed. */
  automatic: z.boolean().optional(),
});

/**
 * Emails a request's opt-out letter to the sender, from the service's address, with the
 * request's own reply address as Reply-To so that the sender's answer lands in its history. Staff
 * "Send" marks the request processed before queuing this job; an automatic send is marked
 * processed by the job, once the email has gone (decision 0018). The letter is written when the
 * job runs, from the request as it is then; a request the user cancelled or deleted in the
 * meantime is not sent. Postmark's MessageID is kept on the request, with the address and when,
 * so that its delivery and bounce webhooks land there (decision 0053).
 */
export const optOutEmailJob = {
  payload: OptOutEmailPayload,
  async handle({ userId, requestId, to, automatic = false }, { env, jobId }) {
    const db = getDb(env.DB);
    const key = { userId, requestId };
    // An automatic send only goes to a request no one has sent yet: staff may have been quicker.
    const [request] = await lettersFor(db, [key], { unsentOnly: automatic });
    if (!request) {
      if (automatic) return;
      throw new PermanentJobError(`request ${requestId} is no longer in queue`);
    }
    const token = await replyTokenOfRequest(db, key);
    if (!token) throw new PermanentJobError(`request ${requestId} no longer exists`);
    const messageId = await sendEmailOnce(env, jobId, {
      to,
      subject: `Please remove ${request.fullName} from your mailing lists`,
      text: request.letter,
      replyTo: replyAddress(token, env.REPLY_DOMAIN),
      tag: "opt-out",
    });
    // Postmark's webhooks about the message find the request by this id (decision 0053).
    if (messageId) await recordRequestEmail(db, key, { messageId, toAddress: to, templateId: request.templateId });
    if (automatic) {
      await markProcessed(db, "system", {
        keys: [key],
        kind: "emailed",
        senderName: request.senderName,
        channel: "email",
        groupKey: request.groupKey,
      });
    }
  },
} satisfies JobDefinition<typeof OptOutEmailPayload>;

/**
 * Called when a request first goes into the queue: a sender that takes requests from agents by
 * email gets it at once, and a sender reached by post gets the letter through Lob when Lob is set
 * up (decision 0052), with no one on the staff involved. Anything else (an address kept as typed
 * among them), or a job that cannot be queued, leaves the request in the staff work queue, so this
 * never fails the person's action.
 */
export async function sendAtOnceWhenSenderAllows(env: AppEnv, key: QueueKey): Promise<boolean> {
  try {
    const facts = await senderFactsOfWaitingRequest(getDb(env.DB), key);
    if (!facts) return false;
    const to = automaticEmailAddress(facts);
    if (to) {
      await enqueueJob(env, "optOut.email", { ...key, to, automatic: true }, { userId: key.userId });
      return true;
    }
    if (automaticLetterAddress(facts) && lobLettersClient(env)) {
      await enqueueJob(env, "optOut.letter", key, { userId: key.userId });
      return true;
    }
    return false;
  } catch (error) {
    log.error(`automatic send of request ${key.userId}:${key.requestId} not queued:`, errorMessage(error));
    return false;
  }
}

/**
 * Whether a request whose email Postmark stopped trying to deliver (decision 0053) can go by post
 * instead: it is in queue, its sender has a postal address that works, and letters go through Lob.
 */
export async function canMailInsteadOfEmail(env: AppEnv, key: QueueKey): Promise<boolean> {
  if (!lobLettersClient(env)) return false;
  const facts = await senderFactsOfWaitingRequest(getDb(env.DB), key, { alsoSent: true });
  return facts !== null && automaticLetterAddress({ ...facts, channelProblems: [...(facts.channelProblems ?? []), "email"] }) !== null;
}

/** Queues the letter of a request whose email did not get through; a job that cannot be queued leaves it with staff. */
export async function mailInsteadOfEmail(env: AppEnv, key: QueueKey) {
  try {
    await enqueueJob(env, "optOut.letter", { ...key, insteadOfEmail: true }, { userId: key.userId });
  } catch (error) {
    log.error(`letter of request ${key.userId}:${key.requestId} not queued:`, errorMessage(error));
  }
}

/** Whether letters to postal senders go through Lob by themselves here (decision 0052). */
export function lettersGoThroughLob(env: AppEnv) {
  return lobLettersClient(env) !== null;
}

export type WaitingSent = { sent: number; by: "email" | "mail" | null };

/**
 * Sends every request of a sender still waiting for staff, now that the sender has a channel that
 * goes without them (one added, a proposal confirmed, a problem fixed; decision 0054): an automatic
 * email job per request, or a Lob letter job per request. Each request is reserved once, in one
 * statement, however often this runs at once; one audit entry names them. Answers how many were sent.
 */
export async function sendWaitingRequestsOfSender(env: AppEnv, actor: StaffActor, templateId: string): Promise<WaitingSent> {
  const db = getDb(env.DB);
  const [template, problems] = await Promise.all([getTemplate(db, templateId), listChannelProblems(db, templateId)]);
  if (!template) return { sent: 0, by: null };
  const facts = { ...template, channelProblems: problems.map((problem) => problem.kind) };
  const to = automaticEmailAddress(facts);
  const send: AutomaticSend | null = to
    ? { type: "optOut.email", to }
    : automaticLetterAddress(facts) && lettersGoThroughLob(env)
      ? { type: "optOut.letter" }
      : null;
  if (!send) return { sent: 0, by: null };
  const reserved = await reserveWaitingRequestsOfSender(db, templateId, send);
  if (reserved.length === 0) return { sent: 0, by: null };
  const by = send.type === "optOut.email" ? "email" : "mail";
  await auditEntry(db, actor, {
    action: "requests.sentOnNewChannel",
    targetType: "template",
    targetId: templateId,
    details: {
      sender: template.title,
      channel: by,
      sent: reserved.length,
      requests: reserved.map((job) => `${job.userId}:${job.payload.requestId}`),
    },
  });
  const enqueuedAt = new Date().toISOString();
  await sendJobEnvelopes(
    env,
    reserved.map((job) => ({ id: job.id, type: send.type, payload: job.payload, enqueuedAt })),
  );
  return { sent: reserved.length, by };
}
