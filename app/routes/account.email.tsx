import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary, TextField } from "~/components/ui/form";
import { ACCOUNT_MESSAGES, ChangeEmailSchema } from "~/domain/account";
import { emailChangeCounters, takeAttempt } from "~/models/rate-limit.server";
import { tooManyAttemptsMessage } from "~/domain/too-many-attempts";
import { getUserIdByEmail, normalizeEmail } from "~/models/user.server";
import { requestEmailChange } from "~/services/account.server";
import { requireUser } from "~/services/auth.server";
import { checkCurrentPassword } from "~/services/authenticate.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { email: user.email };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: ChangeEmailSchema });
  const refuse = (fieldErrors: Record<string, string[]>, status: number) =>
    data(submission.reply({ fieldErrors, hideFields: ["currentPassword"] }), { status });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["currentPassword"] }), { status: 400 });

  const email = normalizeEmail(submission.value.email);
  if (email === user.email) return refuse({ email: [ACCOUNT_MESSAGES.sameEmail] }, 400);
  const wrong = await checkCurrentPassword(user, submission.value.currentPassword, request, context);
  if (wrong) return refuse({ currentPassword: [wrong.message] }, wrong.status);
  const db = getDb(context.env.DB);
  // Counted before the address is looked up, so the answer "already used" is limited too (decision 0040).
  const waitMs = await takeAttempt(db, await emailChangeCounters(user.id));
  if (waitMs > 0)
    return data(submission.reply({ formErrors: [tooManyAttemptsMessage(waitMs)], hideFields: ["currentPassword"] }), { status: 429 });
  if (await getUserIdByEmail(db, email)) return refuse({ email: [ACCOUNT_MESSAGES.emailTaken] }, 400);

  await requestEmailChange(context.env, user, email);
  return redirect("/account?saved=email-link", 303);
}

export default function ChangeEmail() {
  const { email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof ChangeEmailSchema>>({
    lastResult,
    constraint: getZodConstraint(ChangeEmailSchema),
  });
  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">
        <Link to="/account">Your account</Link>
      </p>
      <h1 id="page-title">Change email</h1>
      <p className="lead">
        You sign in with <strong className="email-address">{email}</strong>. We send a link to the new address; your email changes when you
        open it.
      </p>
      <Form method="post" className="form" {...getFormProps(form)} noValidate>
        <ErrorSummary form={form} fields={[fields.email, fields.currentPassword]} />
        <TextField field={fields.email} label="New email" type="email" autoComplete="email" />
        <TextField field={fields.currentPassword} label="Current password" type="password" autoComplete="current-password" />
        <p className="actions">
          <button type="submit" className="button">
            Send the link
          </button>
          <Link to="/account">Cancel</Link>
        </p>
      </Form>
    </section>
  );
}

export const meta = () => pageMeta("Change email");
