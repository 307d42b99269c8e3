import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { InputField } from "~/components/ui/form";
import { MIN_PASSWORD_LENGTH, STEP2_MESSAGES } from "~/domain/signup";
import { consumeResetToken, findUsableResetToken } from "~/models/password-reset.server";
import { setUserPassword } from "~/models/user.server";
import { signIn } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";
import { hashPassword } from "~/utils/password.server";

const ResetSchema = z.object({
  token: z.string().min(1),
  password: z
    .string({ error: STEP2_MESSAGES.passwordRequired })
    .min(1, STEP2_MESSAGES.passwordRequired)
    .min(MIN_PASSWORD_LENGTH, STEP2_MESSAGES.passwordTooShort),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = token ? Boolean(await findUsableResetToken(getDb(context.env.DB), token)) : false;
  return { token: usable ? token : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = ResetSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const passwordIssue = parsed.error.issues.find((issue) => issue.path[0] === "password");
    return data({ error: passwordIssue?.message ?? "This link does not work any more." }, { status: 400 });
  }
  const db = getDb(context.env.DB);
  const userId = await consumeResetToken(db, parsed.data.token);
  if (!userId) return data({ error: "This link has expired or was already used. Ask for a new one." }, { status: 400 });

  // Every other session of this user ends here (sessionsValidAfter); this browser signs in afresh.
  await setUserPassword(db, userId, await hashPassword(parsed.data.password));
  return signIn(request, context, userId, "/dashboard");
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="token" value={token} />
        <InputField
          id="password"
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          error={result?.error}
        />
        <button type="submit" className="button">
          Save the new password
        </button>
      </Form>
    </section>
  );
}

export const meta = () => pageMeta("Choose a new password");
