import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { NameAndAddressForm } from "~/components/name-and-address-form";
import { enteredAddress, NameAndAddressSchema } from "~/domain/signup";
import { PLAN_DETAILS, recipientLimitOf } from "~/domain/plans";
import { addRecipient, listUserRecipients } from "~/models/recipient.server";
import { accountOf } from "~/models/user.server";
import { checkTypedAddress, refuseAddress } from "~/services/address-check.server";
import { requireUser, type CurrentUser } from "~/services/auth.server";
import { dbFor } from "~/utils/db.server";
import { invariantResponse } from "~/utils/http-errors";
import { pageMeta } from "~/utils/meta";

/** How many people the user's plan covers besides them (null: no limit). */
const limitFor = (user: CurrentUser) => recipientLimitOf(user.stripeSubscriptionId ? user.plan : null);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const db = await dbFor(context.env, user.id);
  const [[account], recipients] = await db.batch([accountOf(db, user.id), listUserRecipients(db, user.id)]);
  invariantResponse(account);
  const limit = limitFor(user);
  // A new recipient lives at the account's address unless the form says otherwise.
  const { street1, street2, city, state, zipCode } = account;
  return {
    defaultValue: { fullName: "", street1, street2: street2 ?? "", city, state, zipCode },
    limit:
      limit !== null && recipients.length >= limit
        ? { limit, plan: user.stripeSubscriptionId && user.plan ? PLAN_DETAILS[user.plan].name : null }
        : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: NameAndAddressSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const entered = enteredAddress(submission.value);
  const verdict = await checkTypedAddress(request, context, formData, entered);
  if (verdict.kind !== "accepted") return refuseAddress(submission, verdict);
  const recipient = { fullName: submission.value.fullName, ...verdict.address, addressCheck: verdict.check };
  const added = await addRecipient(await dbFor(context.env, user.id), user.id, recipient, { limit: limitFor(user) });
  // Full since the form was opened (another tab): the page now says so instead of showing the form.
  return redirect(added ? "/recipients" : "/recipients/add", 303);
}

export default function AddRecipient() {
  const { defaultValue, limit } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">Recipients</p>
      <h1 id="page-title">Add a person</h1>
      <p className="lead">
        Someone whose mail comes to your address, or another way your own name is written on it. We filled in your address; change it only
        for mail that was sent to an earlier one.
      </p>
      {limit ? (
        <div className="notice" role="status">
          <p>
            <strong>
              {limit.plan ? `The ${limit.plan} plan` : "A free account"} covers you and {limit.limit} other people, and you have added{" "}
              {limit.limit}.
            </strong>{" "}
            Premium covers as many people as you like; or remove someone you no longer need.
          </p>
          <p className="actions">
            <Link to="/subscription" className="button">
              See plans
            </Link>
            <Link to="/recipients">Back to recipients</Link>
          </p>
        </div>
      ) : (
        <NameAndAddressForm defaultValue={defaultValue} lastResult={lastResult} own={false} nameHint="First and last name, as on the mail.">
          <p className="actions">
            <button type="submit" className="button">
              Add person
            </button>
            <Link to="/recipients">Cancel</Link>
          </p>
        </NameAndAddressForm>
      )}
    </section>
  );
}

export const meta = () => pageMeta("Add a recipient", "Add someone whose junk mail should stop at your address.");
