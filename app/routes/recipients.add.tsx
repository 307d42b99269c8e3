import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RecipientForm } from "~/components/recipient-form";
import { enteredAddress, RecipientSchema } from "~/domain/recipient";
import { verifiedOrAsTyped } from "~/integrations/address-verification.server";
import { addRecipient, getUserAddress } from "~/models/recipient.server";
import { requireUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const address = await getUserAddress(getDb(context.env.DB), user.id);
  // A new recipient lives at the account's address unless the form says otherwise.
  return { defaultValue: { fullName: "", ...address, street2: address?.street2 ?? "" } };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: RecipientSchema });
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
      <RecipientForm defaultValue={defaultValue} lastResult={lastResult} submitLabel="Add person" />
    </section>
  );
}

export const meta = () => pageMeta("Add a recipient", "Add someone whose junk mail should stop at your address.");
