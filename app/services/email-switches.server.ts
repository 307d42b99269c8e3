// The links that turn one kind of email off (reminders, follow-up emails): signed for one user and
// one kind, so they work without signing in. The reminder and follow-up jobs put them in every email
// of their kind and in its List-Unsubscribe header, as the password email does; the reminder page
// and the unsubscribe page read them.
import { reminderUnsubscribePath } from "~/domain/reminders";
import { EMAIL_SWITCHES, type EmailSwitch } from "~/domain/email-switches";
import type { AppEnv } from "~/utils/env.server";
import { readToken, signToken, type TokenPurpose } from "~/utils/signed-token.server";

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
