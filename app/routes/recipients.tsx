import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { z } from "zod";
import { ADDRESS_CHECK_LABELS } from "~/domain/address-check";
import { envelopeLines, isSameAddress } from "~/domain/address";
import { listUserRecipients, removeRecipient } from "~/models/recipient.server";
import { accountOf } from "~/models/user.server";
import { requireUser } from "~/services/auth.server";
import { dbFor } from "~/utils/db.server";
import { invariantResponse } from "~/utils/http-errors";
import { pageMeta } from "~/utils/meta";

const RemoveSchema = z.object({ intent: z.literal("remove"), id: z.string().min(1) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const db = await dbFor(context.env, user.id);
  const [[address], recipients] = await db.batch([accountOf(db, user.id), listUserRecipients(db, user.id)]);
  return {
    fullName: user.fullName,
    recipients: recipients.map((recipient) => ({
      id: recipient.id,
      fullName: recipient.fullName,
      lines: [recipient.fullName, ...envelopeLines(recipient)],
      atYourAddress: address !== undefined && isSameAddress(recipient, address),
      keptAsTyped: recipient.addressCheck === "asTyped",
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = parseWithZod(await request.formData(), { schema: RemoveSchema });
  invariantResponse(form.status === "success", "Bad Request", { status: 400 });
  // Another user's id changes nothing and looks like a made-up one.
  invariantResponse(await removeRecipient(await dbFor(context.env, user.id), user.id, form.value.id));
  return redirect("/recipients", 303);
}

export default function Recipients() {
  const { fullName, recipients } = useLoaderData<typeof loader>();
  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">Your account</p>
      <h1 id="page-title">Recipients</h1>
      <p className="lead">
        The other names your junk mail comes addressed to: people in your household, other spellings of your own name, and people who lived
        at your address before you.
      </p>
      <p className="notice">{`You, ${fullName}, are always covered: your name goes on every letter, so you are not listed here.`}</p>

      {recipients.length === 0 ? (
        <>
          <h2>No one added yet</h2>
          <p>
            Add a person for each other name on the junk mail you get. Their names go into your opt-out letters, so senders remove every
            variant and every person at the address, not only you.
          </p>
        </>
      ) : (
        <ul className="plain grid">
          {recipients.map((recipient) => (
            <li key={recipient.id} className="card">
              <address>
                {recipient.lines.map((line, index) => (
                  <Fragment key={index}>
                    {index === 0 ? <strong>{line}</strong> : line}
                    {index < recipient.lines.length - 1 ? <br /> : null}
                  </Fragment>
                ))}
              </address>
              <p className="muted">
                {recipient.atYourAddress ? "At your address" : "At an earlier address"}
                {recipient.keptAsTyped ? `. ${ADDRESS_CHECK_LABELS.asTyped}` : null}
              </p>
              <div className="actions">
                <Link to={`/recipients/edit/${recipient.id}`} aria-label={`Edit ${recipient.fullName}`}>
                  Edit
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={recipient.id} />
                  <button type="submit" className="button button-quiet" aria-label={`Remove ${recipient.fullName}`}>
                    Remove
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}

      <p>
        <Link to="/recipients/add" className="button">
          Add a person
        </Link>
      </p>
    </section>
  );
}

export const meta = () => pageMeta("Recipients", "The people whose junk mail we ask senders to stop.");
