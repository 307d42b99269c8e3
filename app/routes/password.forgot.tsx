import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary, TextField } from "~/components/ui/form";
import { ForgotPasswordSchema } from "~/domain/signup";
import { enqueueJob } from "~/queue/producer.server";
import { reminderUnsubscribeUrl } from "~/services/email-switches.server";
import { resetCounters, takeAttempt } from "~/models/rate-limit.server";
import { tryAgainIn } from "~/domain/too-many-attempts";
import { clientAddress } from "~/utils/client-network";
import { createPasswordResetToken } from "~/models/password-reset.server";
import { getUserIdByEmail } from "~/models/user.server";
import { getDb } from "~/utils/db.server";
import { errorMessage } from "~/utils/errors";
import { pageMeta } from "~/utils/meta";
import { log } from "~/utils/log.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const { email } = submission.value;
  const db = getDb(context.env.DB);
  // Counted for the email typed, whether or not an account uses it, so that the answer never tells.
  const waitMs = await takeAttempt(db, await resetCounters(clientAddress(request, context.env.APP_ENV), email));
  if (waitMs > 0) {
    const error = `We have sent as many links as we can for now. Please try again in ${tryAgainIn(waitMs)}.`;
    return data(submission.reply({ fieldErrors: { email: [error] } }), { status: 429 });
  }
  // The answer goes out before the account is looked up: it takes the same time for every email.
  context.ctx.waitUntil(sendResetLink(context, email).catch((error) => log.error("password reset request failed:", errorMessage(error))));
  return redirect("/password/forgot?sent=1", { status: 303 });
}

/** A single-use link, built from APP_ORIGIN (never from the request's Host), for an email that has an account. */
async function sendResetLink(context: AppLoadContext, email: string) {
  const { env } = context;
  const db = getDb(env.DB);
  const userId = await getUserIdByEmail(db, email);
  if (!userId) return;
  const token = await createPasswordResetToken(db, userId);
  const link = new URL(`/password/reset?${new URLSearchParams({ token })}`, env.APP_ORIGIN).href;
  // Every email to a user can turn reminders off, in its text and as a one-click header.
  const stopReminders = await reminderUnsubscribeUrl(env, userId);
  await enqueueJob(
    env,
    "email.send",
    {
      to: email,
      subject: "Reset your Quiet Mailbox password",
      text: [
        "Someone asked to reset the password of your Quiet Mailbox account.",
        "",
        `To choose a new password, open this link within one hour: ${link}`,
        "",
        "The link works once. If you did not ask for it, ignore this email: your password stays as it is.",
        "",
        `To stop our "has the mail stopped?" reminders: ${stopReminders}`,
      ].join("\n"),
      tag: "password-reset",
      listUnsubscribe: stopReminders,
    },
    { userId },
  );
}

export default function ForgotPassword() {
  const { sent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof ForgotPasswordSchema>>({
    lastResult,
    constraint: getZodConstraint(ForgotPasswordSchema),
  });
  return (
    <section className="page narrow" aria-labelledby="page-title">
      <h1 id="page-title">Forgot your password?</h1>
      {sent ? (
        <p className="notice" role="status">
          If an account uses that email, we have sent it a link to choose a new password. The link works once, for one hour. Check your spam
          folder if it has not arrived in a few minutes.
        </p>
      ) : (
        <p className="lead">Enter the email you signed up with and we will send you a link to choose a new password.</p>
      )}
      <Form method="post" className="form" {...getFormProps(form)} noValidate>
        <ErrorSummary form={form} fields={[fields.email]} />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
        <button type="submit" className="button">
          Send the link
        </button>
      </Form>
      <p>
        <Link to="/signin">Back to sign in</Link>
      </p>
    </section>
  );
}

export const meta = () => pageMeta("Forgot your password?");
