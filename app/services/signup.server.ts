// Step 2 of signup and the link that finishes a signup when many people sign up at once
// (decision 0019): an account is never refused because of others' signups.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { finishSignupEmail } from "~/domain/account-emails";
import { enqueueJob } from "~/queue/producer.server";
import { PENDING_SIGNUP_LIFETIME_HOURS } from "~/domain/signup";
import { createPendingSignup, takePendingSignup, type PendingSignup } from "~/models/pending-signup.server";
import {
  countAttempts,
  SIGNUP_TOTAL,
  signupClientCounters,
  signupLinkCounters,
  takeAttempt,
  uncountAttempt,
} from "~/models/rate-limit.server";
import { clientAddress } from "~/utils/client-network";
import { createUserWithPresets, EmailTakenError, getUserIdByEmail } from "~/models/user.server";
import { signupJobs } from "~/services/account.server";
import { recordEvents } from "~/services/analytics.server";
import { getDb } from "~/utils/db.server";
import { errorMessage } from "~/utils/errors";
import { hashPassword } from "~/utils/password.server";
import type { SignupDraft } from "~/utils/session.server";
import { log } from "~/utils/log.server";

/** What opening an account answers: made, or the email is someone else's already. */
type AccountOutcome = { kind: "created"; userId: string } | { kind: "taken" };

export type SignupOutcome = AccountOutcome | { kind: "linkSent" } | { kind: "tooManyAttempts"; waitMs: number };

/**
 * Creates the account of a finished step 2. Every attempt counts for its client; only an account
 * created counts towards the site-wide hourly total. Past that total the account is not refused:
 * it waits for a link sent to its email, so that only people who read that email get one.
 */
export async function signUpFromDraft(
  request: Request,
  context: AppLoadContext,
  draft: SignupDraft,
  { email, password }: { email: string; password: string },
): Promise<SignupOutcome> {
  const { env } = context;
  const db = getDb(env.DB);
  const clientWaitMs = await takeAttempt(db, await signupClientCounters(clientAddress(request, env.APP_ENV)));
  if (clientWaitMs > 0) return { kind: "tooManyAttempts", waitMs: clientWaitMs };

  const signup: PendingSignup = {
    email,
    passwordHash: await hashPassword(password),
    fullName: draft.entered.fullName,
    ...draft.address,
    street2: draft.address.street2 || null,
    addressCheck: draft.check ?? null,
  };
  // Reserved before the account is written, so signups at once cannot pass the total; taken back if none is made.
  const reserved = await countAttempts(db, [SIGNUP_TOTAL]);
  if (reserved.waitMs > 0) return sendSignupLink(context, signup);
  const outcome = await createAccount(context, signup).catch(async (error: unknown) => {
    await uncountAttempt(db, [SIGNUP_TOTAL.key]);
    throw error;
  });
  if (outcome.kind !== "created") await uncountAttempt(db, [SIGNUP_TOTAL.key]);
  return outcome;
}

/** Past the site-wide total: the account waits for the link sent to its email (3 links an email an hour). */
async function sendSignupLink(context: AppLoadContext, signup: PendingSignup): Promise<SignupOutcome> {
  const { env } = context;
  const db = getDb(env.DB);
  if (await getUserIdByEmail(db, signup.email)) return { kind: "taken" };
  const waitMs = await takeAttempt(db, await signupLinkCounters(signup.email));
  if (waitMs > 0) return { kind: "tooManyAttempts", waitMs };
  const token = await createPendingSignup(db, signup);
  const confirmUrl = new URL(`/start/confirm?${new URLSearchParams({ token })}`, env.APP_ORIGIN).href;
  const { subject, text, tag } = finishSignupEmail({ confirmUrl, hours: PENDING_SIGNUP_LIFETIME_HOURS });
  await enqueueJob(env, "email.send", { to: signup.email, subject, text, tag });
  return { kind: "linkSent" };
}

/** Opens the account a signup link was sent for: the link works once. */
export async function signUpFromLink(context: AppLoadContext, token: string): Promise<AccountOutcome | { kind: "spent" }> {
  const signup = await takePendingSignup(getDb(context.env.DB), token);
  return signup ? createAccount(context, signup) : { kind: "spent" };
}

async function createAccount(context: AppLoadContext, signup: PendingSignup): Promise<AccountOutcome> {
  let userId: string;
  try {
    ({ id: userId } = await createUserWithPresets(getDb(context.env.DB), { ...signup, newsletter: true }));
  } catch (error) {
    if (error instanceof EmailTakenError) return { kind: "taken" };
    throw error;
  }
  await afterSignup(context, { userId, email: signup.email, fullName: signup.fullName });
  return { kind: "created", userId };
}

/**
 * The vendor calls go through the queue (newsletter, staff notification, payment customer, the
 * welcome email), so a slow or failing vendor never holds up or breaks the signup; a job that
 * fails is retried or kept for staff. The conversion events (product rules: Calls to the server)
 * follow.
 */
async function afterSignup(context: AppLoadContext, { userId, email, fullName }: { userId: string; email: string; fullName: string }) {
  const jobs = signupJobs(context.env, { userId, email, fullName });
  const events = () =>
    recordEvents(context, [
      { name: "Signed up", userId },
      { name: "sign_up", userId, properties: { method: "email" } },
      { name: "Lead", userId, properties: { value: 2, currency: "USD" } },
    ]);
  const results = await Promise.allSettled([...jobs, events].map((run) => run()));
  for (const result of results) {
    if (result.status === "rejected") log.error("after signup:", errorMessage(result.reason));
  }
}
