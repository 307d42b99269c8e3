import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AllowanceUsedUp } from "~/components/requests/allowance-used-up";
import { FormError, TextField } from "~/components/ui/form";
import { AddRequestSchema } from "~/domain/add-request";
import { noticeUrl } from "~/domain/dashboard";
import { actionUsesAllowance, ALLOWANCE_REFUSED_MESSAGE, requestsAffordable, STATUS_LABELS } from "~/domain/requests";
import { createCustomRequest, getAddRequestOptions, getUserRequest } from "~/models/request.server";
import { actOnRequest, afterFirstQueuing, createWithAllowance } from "~/services/requests.server";
import { recordEvents } from "~/services/analytics.server";
import { requireUser } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { errorMessage } from "~/utils/errors";
import { pageMeta } from "~/utils/meta";

async function loadOptions(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  const options = await getAddRequestOptions(getDb(context.env.DB), user.id);
  if (!options) throw new Response("Not Found", { status: 404 });
  return { user, options };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, options } = await loadOptions(request, context);
  return {
    senders: options.senders.map((sender) => sender.title),
    people: options.people,
    holderName: options.account.fullName,
    usedUp:
      requestsAffordable({ stripeSubscriptionId: user.stripeSubscriptionId, numOfFreeRequest: options.account.numOfFreeRequest }) === 0,
  };
}

/** The request just sent, its letter open, under the notice that says what happens next. */
function openLetter(requestId: string) {
  return redirect(noticeUrl({ notice: "unsubscribe", about: requestId }, { openRequest: requestId }), 303);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, options } = await loadOptions(request, context);
  const submission = parseWithZod(await request.formData(), { schema: AddRequestSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const { senderName, customerNumber } = submission.value;
  // Only the user's own recipients; a custom request names exactly the people ticked.
  const recipientIds = submission.value.recipientIds.filter((id) => options.people.some((person) => person.id === id));
  const template = options.senders.find((sender) => sender.title.toLowerCase() === senderName.toLowerCase());
  const db = getDb(context.env.DB);

  // A catalog sender the user already has as a preset is sent from that preset, never twice.
  // Presets are stored under their template's id.
  const existing = template ? await getUserRequest(db, user.id, template.id) : null;
  const preset = existing?.type === "preset" ? existing : null;
  if (preset && (preset.status === "inQueue" || preset.status === "confirmedByUser" || preset.consumerFiles)) {
    const why = preset.consumerFiles
      ? `${preset.senderName} takes this request only from you: your dashboard shows how to file it.`
      : `${preset.senderName} is already on your dashboard (${STATUS_LABELS[preset.status!]}).`;
    return data(submission.reply({ fieldErrors: { senderName: [why] } }), { status: 400 });
  }

  let queued: { requestId: string; firstQueuing: boolean } | null;
  try {
    queued = preset
      ? await actOnRequest(context.env, user, {
          requestId: preset.id,
          action: "unsubscribe",
          charged: actionUsesAllowance("unsubscribe", preset),
          changes: { customerNumber: customerNumber || null, recipientIds },
        }).then((outcome) => outcome && { requestId: preset.id, firstQueuing: outcome.firstQueuing })
      : await createWithAllowance(context.env, user, async () => {
          const requestId = await createCustomRequest(db, {
            userId: user.id,
            senderName,
            templateId: template?.id ?? null,
            fullName: options.account.fullName,
            address: options.account,
            customerNumber: customerNumber || null,
            recipientIds,
          });
          return { requestId, firstQueuing: true };
        });
  } catch (error) {
    console.error("request not created:", errorMessage(error));
    return data(submission.reply({ formErrors: ["We couldn't save your request just now. Nothing was saved; please try again."] }), {
      status: 500,
    });
  }
  if (!queued) return data(submission.reply({ formErrors: [ALLOWANCE_REFUSED_MESSAGE] }), { status: 403 });

  const { requestId } = queued;
  if (queued.firstQueuing) {
    await afterFirstQueuing(context.env, user, [{ id: requestId, senderName: preset?.senderName ?? senderName, consumerFiles: false }]);
  }
  await recordEvents(context, [{ name: "created request", userId: user.id, properties: { type: preset ? "preset" : "custom" } }]).catch(
    (error) => console.error("analytics:", errorMessage(error)),
  );
  return openLetter(requestId);
}

export default function AddRequest() {
  const { senders, people, holderName, usedUp } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(AddRequestSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddRequestSchema }),
  });
  // After an error, the boxes as they were sent (one ticked box comes back as a string); at first, everyone.
  const sent = fields.recipientIds.initialValue as string | string[] | undefined;
  const ticked = new Set(lastResult ? [sent ?? []].flat() : people.map((person) => person.id));
  const refused = form.errors?.includes(ALLOWANCE_REFUSED_MESSAGE);

  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">
        <Link to="/dashboard">Your requests</Link>
      </p>
      <h1 id="page-title">Add a request</h1>
      <p className="lead">Name a company that sends you mail you never asked for. We write the letter and get it to them.</p>

      {usedUp && !refused ? <AllowanceUsedUp /> : null}

      <Form method="post" className="form" {...getFormProps(form)} noValidate>
        <FormError id={form.errorId} errors={form.errors} />
        {refused ? (
          <p>
            <Link to="/subscription" className="button">
              See plans
            </Link>
          </p>
        ) : null}
        <TextField
          field={fields.senderName}
          label="Sender"
          list="sender-suggestions"
          maxLength={120}
          hint="The company name on the envelope or catalog. Start typing for the big senders we know."
        />
        <datalist id="sender-suggestions">
          {senders.map((title) => (
            <option key={title} value={title} />
          ))}
        </datalist>

        <fieldset className="field people">
          <legend>Who the letter is for</legend>
          <p className="hint">Everyone it names is removed, with every spelling you list.</p>
          <p>{holderName} (you, always included)</p>
          {people.map((person) => (
            <label key={person.id} className="check">
              <input type="checkbox" name={fields.recipientIds.name} value={person.id} defaultChecked={ticked.has(person.id)} />{" "}
              {person.fullName}
            </label>
          ))}
          <p className="hint">
            <Link to="/recipients/add">Add a household member, a former resident or another spelling of your name</Link>
          </p>
        </fieldset>

        <TextField
          field={fields.customerNumber}
          label="Customer number or source code (optional)"
          maxLength={60}
          hint={
            <>
              Printed on the mailing label, often above your name. It helps the sender find you.{" "}
              <Link to="/learn#mailing-label">How to find it</Link>
            </>
          }
        />
        <button type="submit" className="button" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Sending…" : "Send request"}
        </button>
      </Form>
      <p className="note spaced">
        Mail addressed to “Current Resident” is saturation mail and no list removal stops it.{" "}
        <Link to="/learn#saturation-mail">What can help with those</Link>
      </p>
    </section>
  );
}

export const meta = () => pageMeta("Add a request");
