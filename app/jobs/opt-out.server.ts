import { z } from "zod";
import { ownRequestClosing, personSendingAddress } from "~/domain/own-request";
import { replyAddress } from "~/domain/reply-address";
import { PermanentJobError } from "~/domain/job-envelope";
import type { JobDefinition } from "~/jobs/definitions.server";
import { sendEmailOnce } from "~/jobs/email.server";
import { recordRequestEmail } from "~/models/request-email.server";
import { replyTokenOfRequest } from "~/models/sender-reply.server";
import { lettersFor, markProcessed } from "~/models/work-queue.server";
import { dbFor } from "~/utils/db.server";

const OptOutEmailPayload = z.object({
  userId: z.string().min(1),
  requestId: z.string().min(1),
  to: z.string().email(),
  /** Sent without staff, as the request went into the queue: the job itself marks it processed. */
  automatic: z.boolean().optional(),
});

/**
 * Emails a request's opt-out letter to the sender as the person's own request (decision 0066): from
 * their own sending address on the product's domain, their name shown, the letter closing with one
 * line saying it was sent for them at their request; a request under a state law goes from the
 * service, which sends it as their agent. The request's own reply address is the Reply-To, so that
 * the sender's answer lands in its history. Staff
 * "Send" marks the request processed before queuing this job; an automatic send is marked
 * processed by the job, once the email has gone (decision 0018). The letter is written when the
 * job runs, from the request as it is then; a request the user cancelled or deleted in the
 * meantime is not sent. Postmark's MessageID is kept on the request, with the address and when,
 * so that its delivery and bounce webhooks land there (decision 0053).
 */
export const optOutEmailJob = {
  payload: OptOutEmailPayload,
  async handle({ userId, requestId, to, automatic = false }, context) {
    const { env } = context;
    const db = await dbFor(env, userId);
    const key = { userId, requestId };
    // An automatic send only goes to a request no one has sent yet: staff may have been quicker.
    const [request] = await lettersFor(db, [key], { unsentOnly: automatic });
    if (!request) {
      if (automatic) return;
      throw new PermanentJobError(`request ${requestId} is no longer in queue`);
    }
    const token = await replyTokenOfRequest(db, key);
    if (!token) throw new PermanentJobError(`request ${requestId} no longer exists`);
    const messageId = await sendEmailOnce(context, {
      to,
      from: request.legal ? undefined : await personSendingAddress({ userId, fullName: request.fullName }, env.PERSON_SENDING_DOMAIN),
      subject: `Please remove ${request.fullName} from your mailing lists`,
      text: request.legal ? request.letter : `${request.letter}\n\n${ownRequestClosing(request.fullName)}`,
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
