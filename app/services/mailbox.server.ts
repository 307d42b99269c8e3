// The inbound address as its owner sees it on /account and the dashboard (decisions 0055, 0073),
// and the email of the address and its setup steps.
import { DAY_MS, formatDateTime, timeZoneForState } from "~/domain/dates";
import { forwardingConfirmationCode, MAILBOX_LIMITS, mailboxAddress, mailboxSetupDue, mailboxStepsEmail } from "~/domain/mailbox";
import { enqueueAccountEmail } from "~/queue/producer.server";
import { mailboxOfUser, reserveStepsEmail, stepsEmailStateOf, type MailboxOfUser } from "~/models/mailbox.server";
import type { CurrentUser } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";

/**
 * The user's address (created on first need), the forwarding confirmations it received in the
 * last confirmationDays, their times in the user's zone and Gmail's code read from each, and
 * whether the dashboard asks for the setup; null in the rare case the address could not be
 * created on this view.
 */
export async function mailboxViewOf(env: AppEnv, user: Pick<CurrentUser, "id" | "state">, now = new Date()) {
  return mailboxView(env, user, await mailboxOfUser(getDb(env.DB), user.id, now));
}

/** mailboxViewOf's answer from a mailbox already read (the dashboard reads it in its own batch). */
export function mailboxView(env: Pick<AppEnv, "MAILBOX_DOMAIN">, user: Pick<CurrentUser, "state">, mailbox: MailboxOfUser) {
  const { address, confirmations, requestsSent } = mailbox;
  if (!address) return null;
  const timeZone = timeZoneForState(user.state);
  return {
    address: mailboxAddress(address.token, env.MAILBOX_DOMAIN),
    enabled: address.enabled,
    settingUp: mailboxSetupDue({ enabled: address.enabled, requestsSent, receivedMail: address.firstMailAt !== null }),
    confirmations: confirmations.map(({ id, subject, text, receivedAt }) => ({
      id,
      subject,
      text,
      gmail: forwardingConfirmationCode({ subject, text }),
      received: formatDateTime(receivedAt, timeZone),
    })),
  };
}

/** What the dashboard's setup card shows, while the setup is due; `emailed` after the steps were emailed from it. */
export function mailboxSetupCard(mailbox: { address: string; settingUp: boolean } | null, url: URL) {
  if (!mailbox?.settingUp) return null;
  return { address: mailbox.address, emailed: url.searchParams.get("mailbox") === "emailed" };
}

const HOUR_MS = DAY_MS / 24;

/**
 * "Email me the address and the steps": queues one email of them to the account's own address,
 * reserved first in one statement (decision 0073). Refused, with what to say, while the address
 * is off, or within stepsEmailHours of the last such email.
 */
export async function emailMailboxSteps(
  env: AppEnv,
  user: Pick<CurrentUser, "id" | "email" | "state">,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; message: string }> {
  const db = getDb(env.DB);
  const since = new Date(now.getTime() - MAILBOX_LIMITS.stepsEmailHours * HOUR_MS);
  const token = await reserveStepsEmail(db, user.id, { now, since });
  if (!token) return { ok: false, message: refusal(await stepsEmailStateOf(db, user.id), user.state) };
  const accountUrl = new URL("/account#mailbox", env.APP_ORIGIN).href;
  await enqueueAccountEmail(
    env,
    user.email,
    mailboxStepsEmail({ address: mailboxAddress(token, env.MAILBOX_DOMAIN), accountUrl }),
    user.id,
  );
  return { ok: true };
}

function refusal(state: Awaited<ReturnType<typeof stepsEmailStateOf>>, userState: string) {
  if (!state) return "Your mailbox address is not ready yet. Open your account page, then try again.";
  if (!state.enabled) return "Your mailbox address is turned off. Turn it on first, then we can email it to you.";
  const timeZone = timeZoneForState(userState);
  const sent = state.stepsEmailedAt ?? new Date();
  const again = new Date(sent.getTime() + MAILBOX_LIMITS.stepsEmailHours * HOUR_MS);
  return `We emailed you the address and the steps at ${formatDateTime(sent, timeZone)}: look for \u201cYour Quiet Mailbox address and how to set it up\u201d in your inbox, or in spam. You can ask again after ${formatDateTime(again, timeZone)}.`;
}
