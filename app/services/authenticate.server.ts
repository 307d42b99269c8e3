import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { SignInSchema } from "~/domain/signup";
import {
  ACCOUNT_UNDER_ATTACK,
  clearCounts,
  countAttempts,
  signInCounters,
  slowdownMs,
  uncountAttempt,
  type KeyState,
} from "~/models/rate-limit.server";
import { tryAgainIn } from "~/domain/too-many-attempts";
import { clientAddress } from "~/utils/client-network";
import { ACCOUNT_MESSAGES } from "~/domain/account";
import { getUserCredentials } from "~/models/user.server";
import { getDb } from "~/utils/db.server";
import { errorMessage } from "~/utils/errors";
import { log } from "~/utils/log.server";
import { readKnownDevice } from "~/utils/known-devices.server";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "~/utils/password.server";

const SIGN_IN_MESSAGES = {
  wrongCredentials: "Wrong email or password.",
  tooManyAttempts: (waitMs: number) => `Too many sign-in attempts. Please try again in ${tryAgainIn(waitMs)}, or reset your password.`,
  unavailable: "We couldn't sign you in just now. Please try again.",
} as const;

/** Why a sign-in with a well-formed email and password failed, for the form to show. */
class SignInError extends Error {
  constructor(
    message: string,
    readonly status: 401 | 429,
  ) {
    super(message);
    this.name = "SignInError";
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An account under attack (ACCOUNT_UNDER_ATTACK attempts from new clients within the window, not
 * counting this one) makes a client that has already tried it wait until the window ends.
 */
function underAttackWaitMs(counters: Awaited<ReturnType<typeof signInCounters>>, states: Map<string, KeyState>, now: Date) {
  const account = counters.account && states.get(counters.account.key);
  const earlierOwnAttempts = (states.get(counters.own.key)?.count ?? 1) - 1;
  if (account && account.count - 1 >= ACCOUNT_UNDER_ATTACK && earlierOwnAttempts > 0) return account.windowEndsAt.getTime() - now.getTime();
  return 0;
}

/**
 * Checks an email and password. One message for a wrong email and a wrong password, and the same
 * work for both: an unknown email costs the time of a known one. Every attempt is counted before
 * the password is checked, so attempts sent at once cannot get past a limit (decision 0019); a
 * right password takes its attempt back. Repeated failures are slowed, then refused for a while,
 * in a way no one else's failures can turn against the owner.
 */
async function verifyCredentials(
  { email, password }: { email: string; password: string },
  request: Request,
  context: AppLoadContext,
): Promise<string> {
  const { env } = context;
  const db = getDb(env.DB);
  const now = new Date();

  const [credentials, device] = await Promise.all([getUserCredentials(db, email), readKnownDevice(request, env)]);
  const knownHere = credentials && device?.users.includes(credentials.id) ? { deviceId: device.id, userId: credentials.id } : null;
  const counters = await signInCounters(clientAddress(request, env.APP_ENV), email, knownHere);
  const counted = await countAttempts(db, [counters.own, ...counters.others], now);
  const waitMs = counted.waitMs || underAttackWaitMs(counters, counted.states, now);
  if (waitMs > 0) throw new SignInError(SIGN_IN_MESSAGES.tooManyAttempts(waitMs), 429);
  await wait(slowdownMs((counted.states.get(counters.own.key)?.count ?? 1) - 1));

  const valid = await verifyPassword(password, credentials?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!credentials || !valid) throw new SignInError(SIGN_IN_MESSAGES.wrongCredentials, 401);
  await Promise.all([
    clearCounts(db, [counters.own.key]),
    uncountAttempt(
      db,
      counters.others.map(({ key }) => key),
    ),
  ]);
  return credentials.id;
}

type SignInSubmission = Submission<z.input<typeof SignInSchema>, string[], z.output<typeof SignInSchema>>;

/**
 * What the form strategy made of a sign-in: the parsed form, for the page to answer with, and
 * either the user it signs in or why not (a malformed form has no message: its fields say it).
 */
export type SignInAttempt = { submission: SignInSubmission } & (
  { userId: string } | { refusal: { status: 400 | 401 | 429 | 500; message?: string } }
);

/**
 * Built per request: nothing here may hold env across requests. The form strategy reads the body
 * (remix-auth's API takes only the request), so the form is parsed here, once, with Conform; the
 * sign-in page answers with the attempt (decision 0047).
 */
export function getAuthenticator(context: AppLoadContext) {
  const authenticator = new Authenticator<SignInAttempt>();
  authenticator.use(
    new FormStrategy<SignInAttempt>(async ({ form, request }) => {
      const submission = parseWithZod(form, { schema: SignInSchema });
      if (submission.status !== "success") return { submission, refusal: { status: 400 } };
      try {
        return { submission, userId: await verifyCredentials(submission.value, request, context) };
      } catch (error) {
        if (error instanceof SignInError) return { submission, refusal: { status: error.status, message: error.message } };
        log.error("sign-in failed:", errorMessage(error));
        return { submission, refusal: { status: 500, message: SIGN_IN_MESSAGES.unavailable } };
      }
    }),
    "form",
  );
  return authenticator;
}

/**
 * The signed-in user's current password, asked again before a change that could lock them out
 * (email, password, deletion). It counts against the same limits as sign-in, so a session left
 * open cannot be used to guess the password. Answers null when right, else the message to show.
 */
export async function checkCurrentPassword(
  user: { id: string; email: string },
  password: string,
  request: Request,
  context: AppLoadContext,
): Promise<{ message: string; status: 401 | 429 } | null> {
  try {
    const userId = await verifyCredentials({ email: user.email, password }, request, context);
    return userId === user.id ? null : { message: ACCOUNT_MESSAGES.wrongPassword, status: 401 };
  } catch (error) {
    if (!(error instanceof SignInError)) throw error;
    return { message: error.status === 401 ? ACCOUNT_MESSAGES.wrongPassword : error.message, status: error.status };
  }
}
