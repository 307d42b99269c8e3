import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary, TextField } from "~/components/ui/form";
import { SignInSchema } from "~/domain/signup";
import { redirectSignedInUser, signIn } from "~/services/auth.server";
import { getAuthenticator } from "~/services/authenticate.server";
import { pageMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/redirect";
import { EnhanceScript } from "~/components/enhance-script";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedInUser(request, context);
  const url = new URL(request.url);
  return {
    redirectTo: safeRedirect(url.searchParams.get("redirectTo")),
    reset: url.searchParams.get("reset") === "1",
    signedOutEverywhere: url.searchParams.get("signedOut") === "everywhere",
    emailChanged: url.searchParams.get("emailChanged") === "1",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await redirectSignedInUser(request, context);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  const attempt = await getAuthenticator(context).authenticate("form", request);
  if ("userId" in attempt) return signIn(request, context, attempt.userId, redirectTo);
  const { status, message } = attempt.refusal;
  return data(attempt.submission.reply({ formErrors: message ? [message] : undefined, hideFields: ["password"] }), { status });
}

export default function SignIn() {
  const { redirectTo, reset, signedOutEverywhere, emailChanged } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof SignInSchema>>({
    lastResult,
    constraint: getZodConstraint(SignInSchema),
  });
  // A wrong email or password is about both fields: they point at the form's message.
  const aboutFields = form.errors?.length ? form.errorId : undefined;
  const formAction = redirectTo === "/dashboard" ? "/signin" : `/signin?${new URLSearchParams({ redirectTo })}`;

  return (
    <section className="page narrow" aria-labelledby="page-title">
      <h1 id="page-title">Sign in</h1>
      {reset ? <p className="notice">Your password was changed. Please sign in again on your other devices.</p> : null}
      {signedOutEverywhere ? <p className="notice">You are signed out on every device, this one included.</p> : null}
      {emailChanged ? <p className="notice">Your email address is changed. Sign in with the new one.</p> : null}
      <Form method="post" action={formAction} className="form" {...getFormProps(form)} noValidate>
        <ErrorSummary form={form} fields={[fields.email, fields.password]} />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" formErrorId={aboutFields} />
        <TextField field={fields.password} label="Password" type="password" autoComplete="current-password" />
        <p className="actions">
          <button type="submit" className="button" data-pending-label="Signing in…">
            Sign in
          </button>
          <Link to="/password/forgot">Forgot your password?</Link>
        </p>
      </Form>
      <p>
        New here? <Link to="/start/step1">Create an account</Link>
      </p>
      <EnhanceScript />
    </section>
  );
}

export const meta = () =>
  pageMeta("Sign in", "Sign in to Quiet Mailbox to follow your requests to stop junk mail and manage your account.");
