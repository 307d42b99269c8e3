import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { LinkConfirmation } from "~/components/link-confirmation";
import { STEP2_MESSAGES } from "~/domain/signup";
import { findPendingSignupEmail } from "~/models/pending-signup.server";
import { redirectSignedInUser, signIn } from "~/services/auth.server";
import { signUpFromLink } from "~/services/signup.server";
import { getDb } from "~/utils/db.server";
import { errorMessage } from "~/utils/errors";
import { pageMeta } from "~/utils/meta";
import { LinkTokenSchema, linkPageHeaders } from "~/utils/link-token.server";
import { log } from "~/utils/log.server";

const SPENT = "This link has expired or was already used. Please sign up again.";

// The link opens a page with a button rather than creating anything itself: mail scanners open
// links too. It works on any device: the token is the proof.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedInUser(request, context);
  const token = LinkTokenSchema.safeParse(new URL(request.url).searchParams.get("token"));
  const email = token.success ? await findPendingSignupEmail(getDb(context.env.DB), token.data) : null;
  return { token: email && token.success ? token.data : null, email };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await redirectSignedInUser(request, context);
  const token = LinkTokenSchema.safeParse((await request.formData()).get("token"));
  if (!token.success) return data({ error: SPENT }, { status: 400 });
  let outcome;
  try {
    outcome = await signUpFromLink(context, token.data);
  } catch (error) {
    log.error("signup by link failed:", errorMessage(error));
    return data({ error: STEP2_MESSAGES.notCreated }, { status: 500 });
  }
  if (outcome.kind === "created") return signIn(request, context, outcome.userId, "/dashboard");
  if (outcome.kind === "taken") return data({ error: STEP2_MESSAGES.emailTaken }, { status: 409 });
  return data({ error: SPENT }, { status: 400 });
}

export default function ConfirmSignup() {
  const { token, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData?.error ?? (token ? null : SPENT);
  return (
    <LinkConfirmation
      title="Finish creating your account"
      token={token}
      error={error}
      answered={Boolean(actionData)}
      button="Create my account"
      elsewhere={
        <>
          <Link to="/start/step1">Sign up</Link> · <Link to="/signin">Sign in</Link>
        </>
      }
    >
      Your account will use <strong className="email-address">{email}</strong>, with the name, address and password you gave.
    </LinkConfirmation>
  );
}

export const meta = () => pageMeta("Finish creating your account");

export const headers = linkPageHeaders;
