import { z } from "zod";
import type { JobDefinition } from "~/jobs/definitions.server";
import { sendEmailOnce } from "~/jobs/email.server";
import { formatDate, timeZoneForState } from "~/domain/dates";
import { timingRule } from "~/domain/mail-timing";
import { reminderPath, reminderStillWanted, reminderUnsubscribePath, timeAgo, type ReminderRound } from "~/domain/reminders";
import { getUserReminderRequest } from "~/models/reminder.server";
import type { AppEnv } from "~/utils/env.server";
import { getDb } from "~/utils/db.server";
import { readToken, signToken, type TokenPurpose } from "~/utils/signed-token.server";
import { EMAIL_SWITCHES, type EmailSwitch } from "~/domain/email-switches";

/** The token purpose of each email switch: a token made to stop one kind of email never stops another. */
const SWITCH_PURPOSES: Record<EmailSwitch, TokenPurpose> = {
  reminders: "reminders-unsubscribe",
  followUps: "follow-up-emails-unsubscribe",
};

/** The path that turns this kind of email off for this user. Its signed token is the proof: no sign-in needed. */
async function emailSwitchPathFor(env: Pick<AppEnv, "SESSION_SECRET">, which: EmailSwitch, userId: string) {
  return reminderUnsubscribePath(await signToken(env.SESSION_SECRET, SWITCH_PURPOSES[which], userId));
}

/** The path that turns this user's reminders off. */
export function reminderUnsubscribePathFor(env: Pick<AppEnv, "SESSION_SECRET">, userId: string) {
  return emailSwitchPathFor(env, "reminders", userId);
}

/** Which kind of email a switch token stops, and for whom; null when it is not one of ours. */
export async function readEmailSwitchToken(env: Pick<AppEnv, "SESSION_SECRET">, token: string) {
  for (const which of EMAIL_SWITCHES) {
    const userId = await readToken(env.SESSION_SECRET, SWITCH_PURPOSES[which], token);
    if (userId) return { which, userId };
  }
  return null;
}

/** The link in every email of this kind that turns it off, also the one-click List-Unsubscribe URL. */
export async function emailSwitchUrl(env: AppEnv, which: EmailSwitch, userId: string) {
  return new URL(await emailSwitchPathFor(env, which, userId), env.APP_ORIGIN).href;
}

/** The link in every reminder that turns reminders off. */
export function reminderUnsubscribeUrl(env: AppEnv, userId: string) {
  return emailSwitchUrl(env, "reminders", userId);
}

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
  async handle({ userId, requestId, round, processedAt }, { env, jobId }) {
    const recipient = await getUserReminderRequest(getDb(env.DB), userId, requestId);
    if (!recipient || !reminderStillWanted(recipient, recipient, { processedAt })) return;
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
    await sendEmailOnce(env, jobId, { to: recipient.email, subject, text, tag: "reminder", listUnsubscribe: unsubscribeUrl });
  },
} satisfies JobDefinition<typeof ReminderSendPayload>;
