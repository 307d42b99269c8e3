import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { NameAndAddressForm } from "~/components/name-and-address-form";
import { enteredAddress, Step1Schema } from "~/domain/signup";
import { verifiedOrAsTyped } from "~/integrations/address-verification.server";
import { addRecipient } from "~/models/recipient.server";
import { accountOf } from "~/models/user.server";
import { requireUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [account] = await accountOf(getDb(context.env.DB), user.id);
  if (!account) throw new Response("Not Found", { status: 404 });
  // A new recipient lives at the account's address unless the form says otherwise.
  const { street1, street2, city, state, zipCode } = account;
  return { defaultValue: { fullName: "", street1, street2: street2 ?? "", city, state, zipCode } };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: Step1Schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const entered = enteredAddress(submission.value);
  const address = await verifiedOrAsTyped(context.env, entered);
  await addRecipient(getDb(context.env.DB), user.id, { fullName: submission.value.fullName, ...address });
  return redirect("/recipients", 303);
}

export default function AddRecipient() {
  const { defaultValue } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">Recipients</p>
      <h1 id="page-title">Add a person</h1>
      <p className="lead">
        Someone whose mail comes to your address, or another way your own name is written on it. We filled in your
        address; change it only for mail that was sent to an earlier one.
      </p>
      <NameAndAddressForm defaultValue={defaultValue} lastResult={lastResult} own={false} nameHint="First and last name, as on the mail.">
        <p className="actions">
          <button type="submit" className="button">
            Add person
          </button>
          <Link to="/recipients">Cancel</Link>
        </p>
      </NameAndAddressForm>
    </section>
  );
}

export const meta = () => pageMeta("Add a recipient", "Add someone whose junk mail should stop at your address.");
