import type { EmailPreferences } from "~/domain/account";
import { accountDeletedEmail, emailChangedNotice, emailChangeLinkEmail, passwordChangedEmail, welcomeEmail } from "~/domain/account-emails";
import { sendAtOnceWhenSenderAllows } from "~/services/automatic-send.server";
import { enqueueAccountEmail, enqueueJob } from "~/queue/producer.server";
import { subscriberHash } from "~/integrations/mailchimp.server";
import {
  completeEmailChange,
  deleteAccount,
  EMAIL_CHANGE_LIFETIME_HOURS,
  saveEmailPreferences,
  saveNameAndAddress,
  startEmailChange,
  type NameAndAddress,
} from "~/models/account.server";
import { setUserPassword } from "~/models/user.server";
import type { CurrentUser } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";

/**
 * The jobs a new account starts, each on its own so one refused enqueue never stops the others:
 * the newsletter member, the staff notice, the payment customer and the welcome email.
 */
export function signupJobs(env: AppEnv, user: { userId: string; email: string; fullName: string }): Array<() => Promise<unknown>> {
  const { userId, email, fullName } = user;
  return [
    () => enqueueJob(env, "newsletter.subscribe", { email, fullName }, { userId }),
    () => enqueueJob(env, "newsletter.notifyNewUser", { fullName }, { userId }),
    () => enqueueJob(env, "billing.createCustomer", { userId }, { userId }),
    () => sendWelcomeEmail(env, user),
  ];
}

/** Where an email tells someone to go when a change was not theirs. */
const passwordResetUrl = (env: AppEnv) => new URL("/password/forgot", env.APP_ORIGIN).href;

/** What happens next, the wait, and how to reach us: sent once the account exists. */
function sendWelcomeEmail(env: AppEnv, user: { userId: string; email: string; fullName: string }) {
  const dashboardUrl = new URL("/dashboard", env.APP_ORIGIN).href;
  return enqueueAccountEmail(env, user.email, welcomeEmail({ fullName: user.fullName, dashboardUrl }), user.userId);
}

/**
 * Saves a new name and address (a correction, or a move). After a move, each open request is sent
 * again: a sender that takes email gets the new letter at once, the others wait in the staff queue.
 * The newsletter learns a new name through the queue.
 */
export async function changeNameAndAddress(env: AppEnv, user: CurrentUser, next: NameAndAddress, { moved }: { moved: boolean }) {
  const saved = await saveNameAndAddress(getDb(env.DB), user.id, next, { moved });
  if (!saved) return null;
  for (const key of saved.resent) await sendAtOnceWhenSenderAllows(env, key);
  if (next.fullName !== user.fullName) await enqueueJob(env, "newsletter.sync", { userId: user.id }, { userId: user.id });
  return { resent: saved.resent.length };
}

/** Sends the link that makes the new address the account's; nothing changes until it is opened. */
export async function requestEmailChange(env: AppEnv, user: CurrentUser, newEmail: string) {
  const token = await startEmailChange(getDb(env.DB), user.id, newEmail);
  const confirmUrl = new URL(`/account/email/confirm?${new URLSearchParams({ token })}`, env.APP_ORIGIN).href;
  await enqueueAccountEmail(env, newEmail, emailChangeLinkEmail({ confirmUrl, hours: EMAIL_CHANGE_LIFETIME_HOURS }), user.id);
}

/** A new password ends every session; the owner hears of it, in case it was not them. */
export async function changePassword(env: AppEnv, user: CurrentUser, passwordHash: string) {
  await setUserPassword(getDb(env.DB), user.id, passwordHash);
  await enqueueAccountEmail(env, user.email, passwordChangedEmail({ resetUrl: passwordResetUrl(env) }), user.id);
}

/** Uses an email-change link: the old address is told, and the newsletter member follows. */
export async function confirmEmailChange(env: AppEnv, token: string) {
  const outcome = await completeEmailChange(getDb(env.DB), token);
  if (outcome.kind !== "changed") return outcome;
  const notice = emailChangedNotice({ newEmail: outcome.newEmail, resetUrl: passwordResetUrl(env) });
  await enqueueAccountEmail(env, outcome.oldEmail, notice, outcome.userId);
  await enqueueJob(env, "newsletter.changeEmail", { userId: outcome.userId, oldEmail: outcome.oldEmail }, { userId: outcome.userId });
  return outcome;
}

/** The newsletter switch reaches Mailchimp through the queue; the page never waits for it. */
export async function changeEmailPreferences(env: AppEnv, user: CurrentUser, choices: EmailPreferences) {
  const saved = await saveEmailPreferences(getDb(env.DB), user.id, choices);
  if (saved && saved.newsletterBefore !== choices.newsletter) {
    await enqueueJob(env, "newsletter.sync", { userId: user.id }, { userId: user.id });
  }
  return Boolean(saved);
}

/**
 * Deletes the account (decision 0023): everything in D1 in one batch, then the vendors through
 * idempotent jobs that carry only their ids, and a last email to the address that was the
 * account's. The jobs keep the account's anonymous id, so staff can follow a failed one.
 */
export async function deleteAccountEverywhere(env: AppEnv, userId: string) {
  const deleted = await deleteAccount(getDb(env.DB), userId);
  if (!deleted) return false;
  if (deleted.stripeCustomerId) {
    await enqueueJob(
      env,
      "account.eraseStripe",
      { customerId: deleted.stripeCustomerId, subscriptionId: deleted.stripeSubscriptionId },
      { userId },
    );
  }
  await enqueueJob(env, "account.eraseMailchimp", { subscriberHash: await subscriberHash(deleted.email) }, { userId });
  // Photos of mail live in R2, outside the D1 batch: deleted through the queue, retried until done.
  await enqueueJob(env, "account.erasePhotos", { userId }, { userId });
  await enqueueAccountEmail(env, deleted.email, accountDeletedEmail(), userId);
  return true;
}
