import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { NameAndAddressForm } from "~/components/name-and-address-form";
import { ACCOUNT_MESSAGES, AccountAddressSchema } from "~/domain/account";
import { isSameAddress } from "~/domain/address";
import { addressChanges, enteredAddress } from "~/domain/signup";
import { getAccountSettings } from "~/models/account.server";
import { accountOf } from "~/models/user.server";
import { checkTypedAddress, refuseAddress } from "~/services/address-check.server";
import { requireUser } from "~/services/auth.server";
import { dbFor } from "~/utils/db.server";
import { invariantResponse } from "~/utils/http-errors";
import { pageMeta } from "~/utils/meta";
import { commitSession, getSession } from "~/utils/session.server";
import { EnhanceScript } from "~/components/enhance-script";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const settings = await getAccountSettings(await dbFor(context.env, user.id), user.id);
  invariantResponse(settings);
  const draft = (await getSession(request, context)).get("addressChange");
  const { fullName, street1, street2, city, state, zipCode } = settings;
  return {
    // Back from the confirmation page: what the user typed, not what is stored.
    defaultValue: draft?.entered ?? { fullName, street1, street2: street2 ?? "", city, state, zipCode },
    moved: draft?.moved ?? false,
    openRequests: settings.openRequests,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: AccountAddressSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const [current] = await accountOf(await dbFor(context.env, user.id), user.id);
  invariantResponse(current);

  const { fullName, moved } = submission.value;
  const entered = enteredAddress(submission.value);
  const verdict = await checkTypedAddress(request, context, formData, entered);
  if (verdict.kind !== "accepted") return refuseAddress(submission, verdict);
  const { address, check } = verdict;
  if (moved && isSameAddress(address, current)) {
    return data(submission.reply({ fieldErrors: { street1: [ACCOUNT_MESSAGES.sameAddress] } }), { status: 400 });
  }
  const session = await getSession(request, context);
  session.set("addressChange", { entered: { fullName, ...entered }, address, check, changes: addressChanges(entered, address), moved });
  return redirect("/account/address/confirm", { status: 303, headers: { "Set-Cookie": await commitSession(session, context.env) } });
}

export default function AccountAddress() {
  const { defaultValue, moved, openRequests } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">
        <Link to="/account">Your account</Link>
      </p>
      <h1 id="page-title">Name and address</h1>
      <p className="lead">
        As printed on your mail. Fixing a typo changes the letters not sent yet; moving sends your open requests again.
      </p>
      <NameAndAddressForm defaultValue={defaultValue} lastResult={lastResult} own nameHint="First and last name, as on your mail.">
        <label className="check">
          <input type="checkbox" name="moved" defaultChecked={moved} aria-describedby="moved-hint" /> I moved: this is my new address
        </label>
        <p className="hint" id="moved-hint">
          {openRequests === 0
            ? "You have no open requests to send again. Your old address stays on every letter, since senders file people under old addresses too."
            : `Your ${openRequests === 1 ? "open request goes" : `${openRequests} open requests go`} to the sender again for the new address, free of charge. Your old address stays on every letter, since senders file people under old addresses too.`}
        </p>
        <p className="actions">
          <button type="submit" className="button" data-pending-label="Checking your address…">
            Continue
          </button>
          <Link to="/account">Cancel</Link>
        </p>
      </NameAndAddressForm>
      <EnhanceScript />
    </section>
  );
}

export const meta = () => pageMeta("Name and address", "Change your name or address, or tell us you moved.");
