import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { LinkConfirmation } from "~/components/link-confirmation";
import { ACCOUNT_MESSAGES } from "~/domain/account";
import { findEmailChange } from "~/models/account.server";
import { confirmEmailChange } from "~/services/account.server";
import { getCurrentUser } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";
import { LinkTokenSchema, linkPageHeaders } from "~/utils/link-token.server";

// The link opens a page with a button rather than changing anything itself: mail scanners open
// links too. It works signed out, on any device: the token is the proof.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = LinkTokenSchema.safeParse(new URL(request.url).searchParams.get("token"));
  const change = token.success ? await findEmailChange(getDb(context.env.DB), token.data) : null;
  return { token: change && token.success ? token.data : null, newEmail: change?.newEmail ?? null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const token = LinkTokenSchema.safeParse((await request.formData()).get("token"));
  const outcome = token.success ? await confirmEmailChange(context.env, token.data) : ({ kind: "spent" } as const);
  if (outcome.kind === "taken") return data({ error: ACCOUNT_MESSAGES.emailTaken }, { status: 409 });
  if (outcome.kind === "spent") return data({ error: SPENT }, { status: 400 });
  const user = await getCurrentUser(request, context);
  return redirect(user?.id === outcome.userId ? "/account?saved=email" : "/signin?emailChanged=1", 303);
}

const SPENT = "This link has expired or was already used. Ask for a new one from your account page.";

export default function ConfirmEmail() {
  const { token, newEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData?.error ?? (token ? null : SPENT);
  return (
    <LinkConfirmation
      title="Confirm your new email"
      token={token}
      error={error}
      answered={Boolean(actionData)}
      button="Use this email"
      elsewhere={<Link to="/account">Your account</Link>}
    >
      From now on, you will sign in with <strong className="email-address">{newEmail}</strong>, and our emails go there.
    </LinkConfirmation>
  );
}

export const meta = () => pageMeta("Confirm your new email");

export const headers = linkPageHeaders;
