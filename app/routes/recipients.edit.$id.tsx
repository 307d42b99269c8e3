import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { TextField } from "~/components/ui/form";
import { enteredAddress, RecipientSchema } from "~/domain/recipient";
import { addressFromResult, verifyAddress } from "~/integrations/address-verification.server";
import { getUserRecipient, updateRecipient } from "~/models/recipient.server";
import { requireUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const recipient = await getUserRecipient(getDb(context.env.DB), user.id, params.id ?? "");
  if (!recipient) throw notFound();
  const { fullName, street1, street2, city, state, zipCode } = recipient;
  return { defaultValue: { fullName, street1, street2: street2 ?? "", city, state, zipCode } };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const db = getDb(context.env.DB);
  const recipientId = params.id ?? "";
  if (!(await getUserRecipient(db, user.id, recipientId))) throw notFound();
  const submission = parseWithZod(await request.formData(), { schema: RecipientSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const entered = enteredAddress(submission.value);
  // As at signup (spec section 7): a failed verification is silent and the address is used as typed.
  const verification = await verifyAddress(context.env, entered).catch(() => null);
  const address = verification?.status === 200 && verification.result ? addressFromResult(verification.result) : entered;
  // Removed in the meantime (another tab): nothing to change.
  if (!(await updateRecipient(db, user.id, recipientId, { fullName: submission.value.fullName, ...address }))) throw notFound();
  return redirect("/recipients", 303);
}

export default function EditRecipient() {
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
      <h1 id="page-title">Edit {defaultValue.fullName}</h1>
      <p className="lead">Change the name as it is written on the mail, or the address it is sent to.</p>
      <Form method="post" className="form" {...getFormProps(form)} noValidate>
        <TextField field={fields.fullName} label="Full name" autoComplete="off" hint="First and last name, as on the mail." />
        <TextField field={fields.street1} label="Street address" autoComplete="off" />
        <TextField field={fields.street2} label="Apartment, suite, unit (optional)" autoComplete="off" />
        <TextField field={fields.city} label="City" autoComplete="off" />
        <TextField field={fields.state} label="State" autoComplete="off" />
        <TextField field={fields.zipCode} label="ZIP code" autoComplete="off" inputMode="numeric" />
        <p className="actions">
          <button type="submit" className="button">
            Save changes
          </button>
          <Link to="/recipients">Cancel</Link>
        </p>
      </Form>
    </section>
  );
}

export const meta = () => pageMeta("Edit a recipient");
