import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, TextField } from "~/components/ui/form";
import { VerifiedAddress } from "~/components/verified-address";
import { STEP2_MESSAGES, Step2Schema } from "~/domain/signup";
import { createUserWithPresets, EmailTakenError } from "~/models/user.server";
import { signupCounters, takeAttempt, tooManyAttemptsMessage } from "~/models/rate-limit.server";
import { signupJobs } from "~/services/account.server";
import { recordEvents, trackVisit } from "~/services/analytics.server";
import { redirectSignedInUser, signIn } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { errorMessage } from "~/utils/errors";
import { pageMeta } from "~/utils/meta";
import { hashPassword } from "~/utils/password.server";
import { getSession, type SignupDraft } from "~/utils/session.server";
import { EnhanceScript } from "~/components/enhance-script";

async function requireDraft(request: Request, context: AppLoadContext): Promise<SignupDraft> {
  await redirectSignedInUser(request, context);
  const draft = (await getSession(request, context)).get("signup");
  if (!draft) throw redirect("/start/step1");
  return draft;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const draft = await requireDraft(request, context);
  trackVisit(request, context, "Visited Step 2");
  return { fullName: draft.entered.fullName, address: draft.address, check: draft.check, changes: draft.changes };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const draft = await requireDraft(request, context);
  const submission = parseWithZod(await request.formData(), { schema: Step2Schema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });

  const { email, password } = submission.value;
  const db = getDb(context.env.DB);
  // Every account made and every "Email has already been used." counts (decision 0019).
  const waitMs = await takeAttempt(db, await signupCounters(request, context.env.APP_ENV));
  if (waitMs > 0) {
    return data(submission.reply({ formErrors: [tooManyAttemptsMessage(waitMs)], hideFields: ["password"] }), { status: 429 });
  }
  let userId: string;
  try {
    ({ id: userId } = await createUserWithPresets(db, {
      email,
      passwordHash: await hashPassword(password),
      fullName: draft.entered.fullName,
      ...draft.address,
      street2: draft.address.street2 || null,
      addressCheck: draft.check ?? null,
      newsletter: true,
    }));
  } catch (error) {
    if (error instanceof EmailTakenError) {
      return data(submission.reply({ fieldErrors: { email: [STEP2_MESSAGES.emailTaken] }, hideFields: ["password"] }), { status: 400 });
    }
    console.error("signup failed:", errorMessage(error));
    return data(
      submission.reply({
        formErrors: ["We couldn't create your account just now. Nothing was saved; please try again in a moment."],
        hideFields: ["password"],
      }),
      { status: 500 },
    );
  }

  await afterSignup(context, { userId, email, fullName: draft.entered.fullName });
  return signIn(request, context, userId, "/dashboard");
}

/**
 * The vendor calls go through the queue (newsletter, staff notification, payment customer, the
 * welcome email), so a
 * slow or failing vendor never holds up or breaks the signup; a job that fails is retried or kept
 * for staff. The conversion events (product rules: Calls to the server) follow.
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
    if (result.status === "rejected") console.error("after signup:", errorMessage(result.reason));
  }
}

export default function SignupStep2() {
  const { fullName, address, check, changes } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof Step2Schema>>({
    lastResult,
    constraint: getZodConstraint(Step2Schema),
  });

  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">Step 2 of 2</p>
      <h1 id="page-title">Create Account</h1>

      <VerifiedAddress title="We will ask senders to remove:" fullName={fullName} address={address} check={check} changes={changes}>
        <p>
          <Link to="/start/step1">Change name or address</Link>
        </p>
      </VerifiedAddress>

      <Form method="post" className="form" {...getFormProps(form)} noValidate>
        <FormError id={form.errorId} errors={form.errors} />
        <TextField
          field={fields.email}
          label="Email"
          type="email"
          autoComplete="email"
          hint="For news about your requests, and our newsletter: leave it with one click from any issue or your account page."
        />
        <TextField field={fields.password} label="Password" type="password" autoComplete="new-password" hint="At least 6 characters." />
        <p className="muted">
          By signing up you agree to the <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>.
        </p>
        <button type="submit" className="button" data-pending-label="Creating your account…">
          Create account
        </button>
      </Form>
      <EnhanceScript />
    </section>
  );
}

export const meta = () => pageMeta("Create Account", "Step 2 of 2: your email and a password.");
