import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AllowanceUsedUp } from "~/components/requests/allowance-used-up";
import { LetterPeople } from "~/components/requests/letter-people";
import { FormError, TextField } from "~/components/ui/form";
import { AddRequestSchema } from "~/domain/add-request";
import { SENDER_QUERY_MAX_LENGTH } from "~/domain/sender-search";
import { requestSentUrl } from "~/domain/dashboard";
import { ALLOWANCE_REFUSED_MESSAGE, requestsAffordable } from "~/domain/requests";
import { getAddRequestOptions } from "~/models/request.server";
import { findSenderByExactName, searchSenders, type SenderChoice } from "~/models/sender-names.server";
import { addRequestForSender } from "~/services/requests.server";
import { recordEvents } from "~/services/analytics.server";
import { requireUser } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { errorMessage } from "~/utils/errors";
import { invariantResponse } from "~/utils/http-errors";
import { pageMeta } from "~/utils/meta";
import senderSearchSrc from "~/browser/sender-search.ts?script";
import { log } from "~/utils/log.server";

async function loadOptions(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  const options = await getAddRequestOptions(getDb(context.env.DB), user.id);
  invariantResponse(options);
  return { user, options };
}

/**
 * "Find sender" submits the form with GET (it works without JavaScript): the name typed comes back
 * with the catalog senders that fit it, and the rest of what was typed is kept.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, options } = await loadOptions(request, context);
  const query = new URL(request.url).searchParams;
  const typed = (query.get("senderName") ?? "").slice(0, SENDER_QUERY_MAX_LENGTH);
  const matches = typed.trim() ? await searchSenders(getDb(context.env.DB), typed) : null;
  return {
    people: options.people,
    holderName: options.account.fullName,
    usedUp:
      requestsAffordable({ stripeSubscriptionId: user.stripeSubscriptionId, numOfFreeRequest: options.account.numOfFreeRequest }) === 0,
    search: matches && {
      typed,
      customerNumber: (query.get("customerNumber") ?? "").slice(0, 60),
      recipientIds: query.getAll("recipientIds"),
      matches,
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: AddRequestSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const db = getDb(context.env.DB);
  // A sender picked from the matches, or the one catalog sender whose name or alias is exactly
  // what was typed; anything else is sent as typed, as a custom request staff look up.
  const templateId = submission.value.templateId || (await findSenderByExactName(db, submission.value.senderName));
  const outcome = await addRequestForSender(context.env, user, {
    templateId: templateId || null,
    senderName: submission.value.senderName,
    customerNumber: submission.value.customerNumber || null,
    recipientIds: submission.value.recipientIds,
  });
  if (!outcome.ok) {
    const errors = outcome.field ? { fieldErrors: { [outcome.field]: [outcome.message] } } : { formErrors: [outcome.message] };
    return data(submission.reply(errors), { status: outcome.status });
  }
  await recordEvents(context, [{ name: "created request", userId: user.id, properties: { type: outcome.kind } }]).catch((error) =>
    log.error("analytics:", errorMessage(error)),
  );
  return redirect(requestSentUrl(outcome.requestId), 303);
}

export default function AddRequest() {
  const { people, holderName, usedUp, search } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof AddRequestSchema>>({
    lastResult,
    defaultValue: search ? { senderName: search.typed, customerNumber: search.customerNumber } : undefined,
    constraint: getZodConstraint(AddRequestSchema),
  });
  // After an error or a search, the boxes as they were sent (one ticked box comes back as a string); at first, everyone.
  const sent = fields.recipientIds.initialValue as string | string[] | undefined;
  const ticked = new Set(lastResult ? [sent ?? []].flat() : search ? search.recipientIds : people.map((person) => person.id));
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
        <div className="sender-search" data-sender-search="/requests/senders">
          <TextField
            field={fields.senderName}
            label="Sender"
            autoComplete="off"
            maxLength={SENDER_QUERY_MAX_LENGTH}
            hint="The company name on the envelope or catalog, as you would say it: “lands end”, “chase”, “LL Bean”."
          />
          {/* The first button of the form: Enter in the name field searches, and shows the matches to choose from. */}
          <button type="submit" className="button button-quiet" formMethod="get" formNoValidate>
            Find sender
          </button>
          {search ? (
            <SenderMatches typed={search.typed} matches={search.matches} name={fields.templateId.name} />
          ) : (
            <input type="hidden" name={fields.templateId.name} value="" />
          )}
        </div>

        <LetterPeople
          holderName={holderName}
          people={people}
          name={fields.recipientIds.name}
          ticked={ticked}
          note="Everyone it names is removed, with every spelling you list."
          footer={
            <p className="hint">
              <Link to="/recipients/add">Add a household member, a former resident or another spelling of your name</Link>
            </p>
          }
        />

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
        <button type="submit" className="button">
          Send request
        </button>
      </Form>
      <p className="note spaced">
        Mail addressed to “Current Resident” is saturation mail and no list removal stops it.{" "}
        <Link to="/learn#saturation-mail">What can help with those</Link>.{" "}
        <Link to="/learn#services-title">What stops each kind of mail</Link>
      </p>
      <script src={senderSearchSrc} defer />
    </section>
  );
}

/**
 * The catalog senders that fit the name searched, to choose one from, and the way to send it as
 * typed. The best one is chosen already only when it is exactly what was typed: a guess is never
 * sent without the person choosing it.
 */
function SenderMatches({ typed, matches, name }: { typed: string; matches: SenderChoice[]; name: string }) {
  const exact = matches[0]?.exact ? matches[0].id : "";
  return (
    <fieldset className="field sender-matches" aria-describedby="sender-matches-hint">
      <legend>{matches.length > 0 ? "Which sender do you mean?" : `No sender in our list matches “${typed}”`}</legend>
      <p className="hint" id="sender-matches-hint">
        {matches.length > 0
          ? "Choose one to send the request with what we know about the sender, or send it with the name as you typed it."
          : "You can still send it: our staff find the way to reach the sender. Check the spelling, or send it as typed."}
      </p>
      {matches.map((match) => (
        <label key={match.id} className="check">
          <input type="radio" name={name} value={match.id} defaultChecked={match.id === exact} /> {match.title}
          <span className="hint">
            {" "}
            {match.category}
            {match.alias ? `, also known as ${match.alias}` : ""}
          </span>
        </label>
      ))}
      <label className="check">
        <input type="radio" name={name} value="" defaultChecked={!exact} /> Send it as “{typed}”
      </label>
    </fieldset>
  );
}

export const meta = () => pageMeta("Add a request");
