import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { TextField } from "~/components/ui/form";
import { enteredAddress, RecipientSchema } from "~/domain/recipient";
import { addressFromResult, verifyAddress } from "~/integrations/address-verification.server";
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
  // As at signup (spec section 7): a failed verification is silent and the address is used as typed.
  const verification = await verifyAddress(context.env, entered).catch(() => null);
  const address = verification?.status === 200 && verification.result ? addressFromResult(verification.result) : entered;
  await addRecipient(getDb(context.env.DB), user.id, { fullName: submission.value.fullName, ...address });
  return redirect("/recipients", 303);
}

export default function AddRecipient() {
  const { defaultValue } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    defaultValue,
    constraint: getZodConstraint(RecipientSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RecipientSchema }),
  });

  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">Recipients</p>
      <h1 id="page-title">Add a person</h1>
      <p className="lead">
        Someone whose mail comes to your address, or another way your own name is written on it. We filled in your
        address; change it only for mail that was sent to an earlier one.
      </p>
      <Form method="post" className="form" {...getFormProps(form)} noValidate>
        <TextField field={fields.fullName} label="Full name" autoComplete="off" hint="First and last name, as on the mail." />
        <TextField field={fields.street1} label="Street address" autoComplete="off" />
        <TextField field={fields.street2} label="Apartment, suite, unit (optional)" autoComplete="off" />
        <TextField field={fields.city} label="City" autoComplete="off" />
        <TextField field={fields.state} label="State" autoComplete="off" />
        <TextField field={fields.zipCode} label="ZIP code" autoComplete="off" inputMode="numeric" />
        <p className="actions">
          <button type="submit" className="button">
            Add person
          </button>
          <Link to="/recipients">Cancel</Link>
        </p>
      </Form>
    </section>
  );
}

export const meta = () => pageMeta("Add a recipient", "Add someone whose junk mail should stop at your address.");
