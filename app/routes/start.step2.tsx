import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary, TextField } from "~/components/ui/form";
import { VerifiedAddress } from "~/components/verified-address";
import { PENDING_SIGNUP_LIFETIME_HOURS, STEP2_MESSAGES, Step2Schema } from "~/domain/signup";
import { tooManyAttemptsMessage } from "~/domain/too-many-attempts";
import { trackVisit } from "~/services/analytics.server";
import { redirectSignedInUser, signIn } from "~/services/auth.server";
import { signUpFromDraft, type SignupOutcome } from "~/services/signup.server";
import { errorMessage } from "~/utils/errors";
import { pageMeta } from "~/utils/meta";
import { getSession, type SignupDraft } from "~/utils/session.server";
import { EnhanceScript } from "~/components/enhance-script";
import { log } from "~/utils/log.server";

async function requireDraft(request: Request, context: AppLoadContext): Promise<SignupDraft> {
  await redirectSignedInUser(request, context);
  const draft = (await getSession(request, context)).get("signup");
  if (!draft) throw redirect("/start/step1");
  return draft;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const draft = await requireDraft(request, context);
  trackVisit(request, context, "Visited Step 2");
  const linkSent = new URL(request.url).searchParams.get("sent") === "1";
  return { fullName: draft.entered.fullName, address: draft.address, check: draft.check, changes: draft.changes, linkSent };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const draft = await requireDraft(request, context);
  const submission = parseWithZod(await request.formData(), { schema: Step2Schema });
  const hideFields = ["password"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });

  let outcome: SignupOutcome;
  try {
    outcome = await signUpFromDraft(request, context, draft, submission.value);
  } catch (error) {
    log.error("signup failed:", errorMessage(error));
    return data(submission.reply({ formErrors: [STEP2_MESSAGES.notCreated], hideFields }), { status: 500 });
  }
  switch (outcome.kind) {
    case "created":
      return signIn(request, context, outcome.userId, "/dashboard");
    case "linkSent":
      return redirect("/start/step2?sent=1", 303);
    case "taken":
      return data(submission.reply({ fieldErrors: { email: [STEP2_MESSAGES.emailTaken] }, hideFields }), { status: 400 });
    case "tooManyAttempts":
      return data(submission.reply({ formErrors: [tooManyAttemptsMessage(outcome.waitMs)], hideFields }), { status: 429 });
  }
}

export default function SignupStep2() {
  const { fullName, address, check, changes, linkSent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof Step2Schema>>({
    lastResult,
    constraint: getZodConstraint(Step2Schema),
  });
  const emailTaken = fields.email.errors?.includes(STEP2_MESSAGES.emailTaken);

  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">Step 2 of 2</p>
      <h1 id="page-title">Create Account</h1>
      {linkSent ? (
        <div className="notice" role="status" id="signup-link-sent" tabIndex={-1}>
          <h2>Check your email</h2>
          <p>
            Many people are signing up right now, so we sent you a link to finish creating your account. Open it within{" "}
            {PENDING_SIGNUP_LIFETIME_HOURS} hours; nothing else is needed. No email? Check the spam folder, or send it again below.
          </p>
        </div>
      ) : null}

      <VerifiedAddress title="We will ask senders to remove:" fullName={fullName} address={address} check={check} changes={changes}>
        <p>
          <Link to="/start/step1">Change name or address</Link>
        </p>
      </VerifiedAddress>

      <Form method="post" className="form" {...getFormProps(form)} noValidate>
        <ErrorSummary form={form} fields={[fields.email, fields.password]} />
        <TextField
          field={fields.email}
          label="Email"
          type="email"
          autoComplete="email"
          errorHelp={
            emailTaken ? (
              <>
                Is it yours? <Link to="/signin">Sign in</Link> or <Link to="/password/forgot">reset your password</Link>.
              </>
            ) : undefined
          }
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
