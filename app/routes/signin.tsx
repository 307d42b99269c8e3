import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError, InputField } from "~/components/ui/form";
import type { RouteHandle } from "~/root";
import { redirectSignedInUser, signIn } from "~/services/auth.server";
import { getAuthenticator, SignInError } from "~/services/authenticate.server";
import { errorMessage } from "~/utils/errors";
import { pageMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/redirect";

export const handle: RouteHandle = { hydrate: true };

type SignInResult = { message: string; fieldErrors: Record<string, string[]>; email: string };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedInUser(request, context);
  const url = new URL(request.url);
  return { redirectTo: safeRedirect(url.searchParams.get("redirectTo")), reset: url.searchParams.get("reset") === "1" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await redirectSignedInUser(request, context);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  try {
    const userId = await getAuthenticator(context).authenticate("form", request);
    return signIn(request, context, userId, redirectTo);
  } catch (error) {
    if (error instanceof SignInError) {
      return data<SignInResult>({ message: error.message, fieldErrors: error.fieldErrors, email: error.email }, { status: error.status });
    }
    console.error("sign-in failed:", errorMessage(error));
    return data<SignInResult>({ message: "We couldn't sign you in just now. Please try again.", fieldErrors: {}, email: "" }, { status: 500 });
  }
}

export default function SignIn() {
  const { redirectTo, reset } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SignInResult | undefined;
  const navigation = useNavigation();
  const emailError = result?.fieldErrors.email?.[0];
  const passwordError = result?.fieldErrors.password?.[0];
  const formError = result && !emailError && !passwordError ? result.message : null;
  const action = redirectTo === "/dashboard" ? "/signin" : `/signin?${new URLSearchParams({ redirectTo })}`;

  return (
    <section className="page narrow" aria-labelledby="page-title">
      <h1 id="page-title">Sign in</h1>
      {reset ? <p className="notice">Your password was changed. Please sign in again on your other devices.</p> : null}
      <Form method="post" action={action} className="form" noValidate>
        <FormError id="signin-error" errors={formError ? [formError] : undefined} />
        <InputField
          id="email"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          defaultValue={result?.email}
          error={emailError}
          formErrorId={formError ? "signin-error" : undefined}
        />
        <InputField id="password" name="password" label="Password" type="password" autoComplete="current-password" error={passwordError} />
        <p className="actions">
          <button type="submit" className="button" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Signing in…" : "Sign in"}
          </button>
          <Link to="/password/forgot">Forgot your password?</Link>
        </p>
      </Form>
      <p>
        New here? <Link to="/start/step1">Create an account</Link>
      </p>
    </section>
  );
}

export const meta = () => pageMeta("Sign in");
