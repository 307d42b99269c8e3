import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary, TextField } from "~/components/ui/form";
import { RESET_LINK_MESSAGES, ResetPasswordSchema } from "~/domain/signup";
import { consumeResetToken, findUsableResetToken } from "~/models/password-reset.server";
import { setUserPassword } from "~/models/user.server";
import { signIn } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";
import { hashPassword } from "~/utils/password.server";
import { linkPageHeaders } from "~/utils/link-token.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = token ? Boolean(await findUsableResetToken(getDb(context.env.DB), token)) : false;
  return { token: usable ? token : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const db = getDb(context.env.DB);
  const userId = await consumeResetToken(db, submission.value.token);
  if (!userId) return data(submission.reply({ formErrors: [RESET_LINK_MESSAGES.spent], hideFields: ["password"] }), { status: 400 });

  // Every other session of this user ends here (sessionsValidAfter); this browser signs in afresh.
  await setUserPassword(db, userId, await hashPassword(submission.value.password));
  return signIn(request, context, userId, "/dashboard");
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof ResetPasswordSchema>>({
    lastResult,
    defaultValue: { token },
    constraint: getZodConstraint(ResetPasswordSchema),
  });
  if (!token) {
    return (
      <section className="page narrow" aria-labelledby="page-title">
        <h1 id="page-title">Choose a new password</h1>
        <p className="notice">This link has expired or was already used. Links work once, for one hour.</p>
        <p>
          <Link className="button" to="/password/forgot">
            Send a new link
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="page narrow" aria-labelledby="page-title">
      <h1 id="page-title">Choose a new password</h1>
      <p className="lead">Your new password signs you out on every other device.</p>
      <Form method="post" className="form" {...getFormProps(form)} noValidate>
        {/* A broken or spent link is the form's error; so is a token someone edited out of the page. */}
        <ErrorSummary
          form={{ errorId: form.errorId, errors: [...(form.errors ?? []), ...(fields.token.errors ?? [])] }}
          fields={[fields.password]}
        />
        <input {...getInputProps(fields.token, { type: "hidden" })} key={fields.token.key} />
        <TextField field={fields.password} label="New password" type="password" autoComplete="new-password" hint="At least 6 characters." />
        <button type="submit" className="button">
          Save the new password
        </button>
      </Form>
    </section>
  );
}

export const meta = () => pageMeta("Choose a new password");

export const headers = linkPageHeaders;
