import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { NameAndAddressForm } from "~/components/name-and-address-form";
import { enteredAddress, NameAndAddressSchema } from "~/domain/signup";
import { getUserRecipient, updateRecipient } from "~/models/recipient.server";
import { checkTypedAddress, refuseAddress } from "~/services/address-check.server";
import { requireUser } from "~/services/auth.server";
import { dbFor } from "~/utils/db.server";
import { invariantResponse } from "~/utils/http-errors";
import { pageMeta } from "~/utils/meta";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const recipient = await getUserRecipient(await dbFor(context.env, user.id), user.id, params.id ?? "");
  invariantResponse(recipient);
  const { fullName, street1, street2, city, state, zipCode } = recipient;
  return { defaultValue: { fullName, street1, street2: street2 ?? "", city, state, zipCode } };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const db = await dbFor(context.env, user.id);
  const recipientId = params.id ?? "";
  invariantResponse(await getUserRecipient(db, user.id, recipientId));
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: NameAndAddressSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const entered = enteredAddress(submission.value);
  const verdict = await checkTypedAddress(request, context, formData, entered);
  if (verdict.kind !== "accepted") return refuseAddress(submission, verdict);
  const recipient = { fullName: submission.value.fullName, ...verdict.address, addressCheck: verdict.check };
  // Removed in the meantime (another tab): nothing to change.
  invariantResponse(await updateRecipient(db, user.id, recipientId, recipient));
  return redirect("/recipients", 303);
}

export default function EditRecipient() {
  const { defaultValue } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">Recipients</p>
      <h1 id="page-title">Edit {defaultValue.fullName}</h1>
      <p className="lead">Change the name as it is written on the mail, or the address it is sent to.</p>
      <NameAndAddressForm defaultValue={defaultValue} lastResult={lastResult} own={false} nameHint="First and last name, as on the mail.">
        <p className="actions">
          <button type="submit" className="button">
            Save changes
          </button>
          <Link to="/recipients">Cancel</Link>
        </p>
      </NameAndAddressForm>
    </section>
  );
}

export const meta = () => pageMeta("Edit a recipient");
