import { z } from "zod";
import type { JobContext, JobDefinition } from "~/jobs/definitions.server";
import { sendEmailOnce, sendEmailsTogether } from "~/jobs/email.server";
import type { EmailMessage } from "~/integrations/email.server";
import { formatDate, timeZoneForState } from "~/domain/dates";
import { timingRule } from "~/domain/mail-timing";
import { reminderPath, reminderStillWanted, timeAgo, type ReminderRound } from "~/domain/reminders";
import { reminderRequestOf, userReminderRequestQuery } from "~/models/reminder.server";
import { claimEmailSend, emailClaimInsert, releaseEmailClaim } from "~/models/sent-email.server";
import { reminderUnsubscribeUrl } from "~/services/email-switches.server";
import { getDb } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";

type ReminderEmailFacts = {
  senderName: string;
  sentOn: string;
  sentAgo: string;
  requiredDays: number;
  round: ReminderRound;
  answerUrl: string;
  unsubscribeUrl: string;
};

/** Plain text, so that it reads the same in every mail client and carries no tracking. */
function reminderEmail({ senderName, sentOn, sentAgo, requiredDays, round, answerUrl, unsubscribeUrl }: ReminderEmailFacts) {
  // Sent only once mail printed before should have stopped coming (dueReminderRound), so both say so.
  const opening =
    round === 1
      ? `We sent your opt-out request to ${senderName} on ${sentOn} (${sentAgo}). ${timingRule(requiredDays)} That time is over now: mail ${senderName} printed before your request should have stopped coming.`
      : `We sent your opt-out request to ${senderName} on ${sentOn} (${sentAgo}), and asked you two weeks ago whether their mail has stopped. It should have by now. This is our last reminder about it.`;
  return {
    subject: `Has mail from ${senderName} stopped?`,
    text: [
      "Hello,",
      opening,
      `Has their mail stopped? Tell us here:\n${answerUrl}`,
      `If it is still coming, we will send your request to ${senderName} again.`,
      "Quiet Mailbox",
      `You get this email because you asked us to stop mail from ${senderName}. To stop these reminders:\n${unsubscribeUrl}`,
    ].join("\n\n"),
  };
}

const ReminderSendPayload = z.object({
  userId: z.string().min(1),
  requestId: z.string().min(1),
  round: z.union([z.literal(1), z.literal(2)]),
  /** Which sending of the request the reminder was claimed for (epoch milliseconds). */
  processedAt: z.number().int(),
});

type ReminderPayload = z.infer<typeof ReminderSendPayload>;
type ReminderRecipient = NonNullable<ReturnType<typeof reminderRequestOf>>;

/** The reminder email for this request and round, as its job sends it. */
async function reminderMessage(
  env: AppEnv,
  { userId, requestId, round, processedAt }: ReminderPayload,
  recipient: ReminderRecipient,
): Promise<EmailMessage> {
  const sentAt = new Date(processedAt);
  const unsubscribeUrl = await reminderUnsubscribeUrl(env, userId);
  const { subject, text } = reminderEmail({
    senderName: recipient.senderName,
    sentOn: formatDate(sentAt, timeZoneForState(recipient.state)),
    sentAgo: timeAgo(sentAt, new Date()),
    requiredDays: recipient.requiredDays,
    round,
    answerUrl: new URL(reminderPath(requestId), env.APP_ORIGIN).href,
    unsubscribeUrl,
  });
  return { to: recipient.email, subject, text, tag: "reminder", listUnsubscribe: unsubscribeUrl };
}

/** The person to remind, from the request read when the job runs; null when the reminder is no longer wanted. */
function stillWantedBy(rows: Awaited<ReturnType<typeof userReminderRequestQuery>>, { processedAt }: ReminderPayload) {
  const recipient = reminderRequestOf(rows);
  return recipient && reminderStillWanted(recipient, recipient, { processedAt }) ? recipient : null;
}

/** One reminder sent alone: its request and its email's claim read in one round trip. */
async function sendReminder(payload: ReminderPayload, context: JobContext) {
  const { env, jobId } = context;
  const db = getDb(env.DB);
  // The request and the email's claim in one round trip: a reminder is nearly always still wanted.
  const [rows, inserted] = await db.batch([userReminderRequestQuery(db, payload.userId, payload.requestId), emailClaimInsert(db, jobId)]);
  const recipient = stillWantedBy(rows, payload);
  const claimed = await claimEmailSend(db, jobId, inserted);
  if (!recipient) {
    if (claimed.state === "claimed") context.writeAtEnd(releaseEmailClaim(db, jobId));
    return;
  }
  await sendEmailOnce(context, await reminderMessage(env, payload, recipient), { claimed });
}

/**
 * Emails one "Has the mail stopped?" reminder. The request and the user are read again when the
 * job runs: if the user answered, the request was sent again, or reminders were turned off since
 * the claim, the job succeeds without sending. Reminders of one queue batch run together: one
 * round trip reads them all, one call to Postmark's batch endpoint sends them (decision 0088).
 */
export const reminderSendJob = {
  payload: ReminderSendPayload,
  handle: sendReminder,
  async handleTogether(jobs) {
    const { env } = jobs[0]!.context;
    const db = getDb(env.DB);
    return sendEmailsTogether(db, jobs, {
      read: ({ payload }) => userReminderRequestQuery(db, payload.userId, payload.requestId),
      compose: async ({ payload }, rows) => {
        const recipient = stillWantedBy(rows, payload);
        return recipient ? reminderMessage(env, payload, recipient) : null;
      },
      alone: ({ payload, context }) => sendReminder(payload, context),
    });
  },
} satisfies JobDefinition<typeof ReminderSendPayload>;
