import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NameAndAddressForm } from "~/components/name-and-address-form";
import { addressChanges, enteredAddress, NameAndAddressSchema } from "~/domain/signup";
import { checkTypedAddress, refuseAddress } from "~/services/address-check.server";
import { trackVisit } from "~/services/analytics.server";
import { redirectSignedInUser } from "~/services/auth.server";
import { pageMeta } from "~/utils/meta";
import { commitSession, getSession, type SignupDraft } from "~/utils/session.server";
import { EnhanceScript } from "~/components/enhance-script";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedInUser(request, context);
  trackVisit(request, context, "Visited Step 1");
  const draft = (await getSession(request, context)).get("signup");
  return { entered: draft?.entered ?? null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await redirectSignedInUser(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: NameAndAddressSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const { fullName } = submission.value;
  const entered = enteredAddress(submission.value);
  const verdict = await checkTypedAddress(request, context, formData, entered);
  if (verdict.kind !== "accepted") return refuseAddress(submission, verdict);

  const { address, check } = verdict;
  const draft: SignupDraft = { entered: { fullName, ...entered }, address, check, changes: addressChanges(entered, address) };
  const session = await getSession(request, context);
  session.set("signup", draft);
  return redirect("/start/step2", { status: 303, headers: { "Set-Cookie": await commitSession(session, context.env) } });
}

export default function SignupStep1() {
  const { entered } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">Step 1 of 2</p>
      <h1 id="page-title">Basic Information</h1>
      <p className="lead">
        The name and address printed on the junk mail you get. We use them only to ask senders to take you off their lists.
      </p>
      <NameAndAddressForm
        defaultValue={entered ?? undefined}
        lastResult={lastResult}
        own
        nameHint="First and last name, as on your mail."
        keepAsTypedLabel="Continue with the address as I typed it"
      >
        <button type="submit" className="button" data-pending-label="Checking your address…">
          Continue
        </button>
      </NameAndAddressForm>
      <EnhanceScript />
    </section>
  );
}

export const meta = () => pageMeta("Basic Information", "Step 1 of 2: your name and mailing address.");
