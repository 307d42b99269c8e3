import type { AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { SignInSchema } from "~/domain/signup";
import {
  clearAttempts,
  clientAddress,
  readThrottle,
  countAttempt,
  SIGN_IN_PER_CLIENT,
  SIGN_IN_PER_EMAIL,
  slowdownMs,
  throttleKey,
} from "~/models/auth-throttle.server";
import { getUserCredentials } from "~/models/user.server";
import { getDb } from "~/utils/db.server";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "~/utils/password.server";

export const SIGN_IN_MESSAGES = {
  wrongCredentials: "Wrong email or password.",
  tooManyAttempts: "Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password.",
} as const;

/** Why a sign-in failed, with what the form should show. */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 429,
    readonly fieldErrors: Record<string, string[]> = {},
    readonly email = "",
  ) {
    super(message);
    this.name = "SignInError";
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Checks an email and password. One message for a wrong email and a wrong password; repeated
 * failures for one email or one client are slowed, then refused for 15 minutes (D1 is the
 * authority). An unknown email costs the same time as a known one.
 */
async function verifyCredentials(form: FormData, request: Request, context: AppLoadContext): Promise<string> {
  const parsed = SignInSchema.safeParse(Object.fromEntries(form));
  const typedEmail = String(form.get("email") ?? "");
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= [issue.message];
    throw new SignInError("Please check the form.", 400, fieldErrors, typedEmail);
  }
  const { email, password } = parsed.data;
  const db = getDb(context.env.DB);
  const keys = {
    email: await throttleKey("email", email),
    client: await throttleKey("client", clientAddress(request)),
  };

  const throttle = await readThrottle(db, [keys.email, keys.client]);
  if (throttle.blockedUntil) throw new SignInError(SIGN_IN_MESSAGES.tooManyAttempts, 429, {}, email);
  await wait(slowdownMs(throttle.failures, SIGN_IN_PER_EMAIL));

  const credentials = await getUserCredentials(db, email);
  const valid = await verifyPassword(password, credentials?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!credentials || !valid) {
    await Promise.all([countAttempt(db, keys.email, SIGN_IN_PER_EMAIL), countAttempt(db, keys.client, SIGN_IN_PER_CLIENT)]);
    throw new SignInError(SIGN_IN_MESSAGES.wrongCredentials, 401, {}, email);
  }
  await clearAttempts(db, keys.email);
  return credentials.id;
}

/** Built per request: nothing here may hold env across requests. */
export function getAuthenticator(context: AppLoadContext) {
  const authenticator = new Authenticator<string>();
  authenticator.use(new FormStrategy<string>(({ form, request }) => verifyCredentials(form, request, context)), "form");
  return authenticator;
}
