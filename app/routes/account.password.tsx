import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData } from "@remix-run/react";
import { ErrorSummary, TextField } from "~/components/ui/form";
import { ChangePasswordSchema } from "~/domain/account";
import { changePassword } from "~/services/account.server";
import { requireUser, signIn } from "~/services/auth.server";
import { checkCurrentPassword } from "~/services/authenticate.server";
import { pageMeta } from "~/utils/meta";
import { hashPassword } from "~/utils/password.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: ChangePasswordSchema });
  const hideFields = ["currentPassword", "password"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const wrong = await checkCurrentPassword(user, submission.value.currentPassword, request, context);
  if (wrong) return data(submission.reply({ fieldErrors: { currentPassword: [wrong.message] }, hideFields }), { status: wrong.status });

  // Every session ends (sessionsValidAfter), then this browser signs in afresh: only it stays signed in.
  await changePassword(context.env, user, await hashPassword(submission.value.password));
  return signIn(request, context, user.id, "/account?saved=password");
}

export default function ChangePassword() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof ChangePasswordSchema>>({
    lastResult,
    constraint: getZodConstraint(ChangePasswordSchema),
  });
  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">
        <Link to="/account">Your account</Link>
      </p>
      <h1 id="page-title">Change password</h1>
      <p className="lead">Your new password signs you out on every other device.</p>
      <Form method="post" className="form" {...getFormProps(form)} noValidate>
        <ErrorSummary form={form} fields={[fields.currentPassword, fields.password]} />
        <TextField field={fields.currentPassword} label="Current password" type="password" autoComplete="current-password" />
        <TextField field={fields.password} label="New password" type="password" autoComplete="new-password" hint="At least 6 characters." />
        <p className="actions">
          <button type="submit" className="button">
            Change password
          </button>
          <Link to="/account">Cancel</Link>
        </p>
      </Form>
    </section>
  );
}

export const meta = () => pageMeta("Change password");
