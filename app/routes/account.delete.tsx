import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary, TextField } from "~/components/ui/form";
import { DeleteAccountSchema } from "~/domain/account";
import { deleteAccountEverywhere } from "~/services/account.server";
import { requireUser } from "~/services/auth.server";
import { checkCurrentPassword } from "~/services/authenticate.server";
import { pageMeta } from "~/utils/meta";
import { destroySession, getSession } from "~/utils/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { subscribed: Boolean(user.stripeSubscriptionId && user.subscriptionStatus !== "canceled") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: DeleteAccountSchema });
  const hideFields = ["currentPassword"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const wrong = await checkCurrentPassword(user, submission.value.currentPassword, request, context);
  if (wrong) return data(submission.reply({ fieldErrors: { currentPassword: [wrong.message] }, hideFields }), { status: wrong.status });

  await deleteAccountEverywhere(context.env, user.id);
  // The account is gone, so every session is void; this one's cookie and KV entry go now.
  const session = await getSession(request, context);
  return redirect("/?deleted=1", { status: 303, headers: { "Set-Cookie": await destroySession(session, context.env) } });
}

export default function DeleteAccount() {
  const { subscribed } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof DeleteAccountSchema>>({
    lastResult,
    constraint: getZodConstraint(DeleteAccountSchema),
  });
  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">
        <Link to="/account">Your account</Link>
      </p>
      <h1 id="page-title">Delete my account</h1>
      <p className="lead">
        This cannot be undone. Before you go, you may want to <Link to="/account/export">download your data</Link>.
      </p>
      <ul>
        <li>We erase your name, address, email, recipients, requests, their letters and history, and senders&rsquo; answers.</li>
        {subscribed ? <li>Your subscription ends now, with no further charge, and your payment details are deleted at Stripe.</li> : null}
        <li>You are taken off the newsletter for good.</li>
        <li>Requests already sent stay with the senders who received them; they need nothing more from us.</li>
        <li>We keep only what names no one: a random account number in our staff records and, at Stripe, the payments already made.</li>
        <li>We send one last email to confirm. You can sign up again with the same email at any time.</li>
      </ul>
      <Form method="post" className="form" {...getFormProps(form)} noValidate>
        <ErrorSummary form={form} fields={[fields.currentPassword]} />
        <TextField field={fields.currentPassword} label="Your password, to confirm" type="password" autoComplete="current-password" />
        <p className="actions">
          <button type="submit" className="button button-danger">
            Delete my account
          </button>
          <Link to="/account">Keep my account</Link>
        </p>
      </Form>
    </section>
  );
}

export const meta = () => pageMeta("Delete my account");
