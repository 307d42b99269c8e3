import { z } from "zod";
import type { JobDefinition } from "~/jobs/definitions.server";
import { sendEmailOnce } from "~/jobs/email.server";
import { formatDate, timeZoneForState } from "~/domain/dates";
import { timingRule } from "~/domain/mail-timing";
import { reminderPath, reminderStillWanted, timeAgo, type ReminderRound } from "~/domain/reminders";
import { reminderRequestOf, userReminderRequestQuery } from "~/models/reminder.server";
import { claimEmailSend, emailClaimInsert, releaseEmailClaim } from "~/models/sent-email.server";
import { reminderUnsubscribeUrl } from "~/services/email-switches.server";
import { getDb } from "~/utils/db.server";

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

/**
 * Emails one "Has the mail stopped?" reminder. The request and the user are read again when the
 * job runs: if the user answered, the request was sent again, or reminders were turned off since
 * the claim, the job succeeds without sending.
 */
export const reminderSendJob = {
  payload: ReminderSendPayload,
  async handle({ userId, requestId, round, processedAt }, context) {
    const { env, jobId } = context;
    const db = getDb(env.DB);
    // The request and the email's claim in one round trip: a reminder is nearly always still wanted.
    const [rows, inserted] = await db.batch([userReminderRequestQuery(db, userId, requestId), emailClaimInsert(db, jobId)]);
    const recipient = reminderRequestOf(rows);
    const claimed = await claimEmailSend(db, jobId, inserted);
    if (!recipient || !reminderStillWanted(recipient, recipient, { processedAt })) {
      if (claimed.state === "claimed") context.writeAtEnd(releaseEmailClaim(db, jobId));
      return;
    }
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
    await sendEmailOnce(context, { to: recipient.email, subject, text, tag: "reminder", listUnsubscribe: unsubscribeUrl }, { claimed });
  },
} satisfies JobDefinition<typeof ReminderSendPayload>;
