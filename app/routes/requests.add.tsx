import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AllowanceUsedUp } from "~/components/requests/allowance-used-up";
import { describedByNote, FreeRequestsNote } from "~/components/requests/free-requests-note";
import { LetterPeople } from "~/components/requests/letter-people";
import { ErrorList, errorIdOf, FormError, TextField } from "~/components/ui/form";
import { ADD_REQUEST_MESSAGES, AddRequestSchema, SEND_AS_TYPED } from "~/domain/add-request";
import { SENDER_QUERY_MAX_LENGTH } from "~/domain/sender-search";
import { requestSentUrl } from "~/domain/dashboard";
import { ALLOWANCE_REFUSED_MESSAGE, freeRequestsUsedNote, requestsAffordable } from "~/domain/requests";
import { getAddRequestOptions } from "~/models/request.server";
import { findSenderByExactName, searchSenders, type SenderChoice } from "~/models/sender-names.server";
import { withSenderOutcomes } from "~/models/sender-outcome.server";
import { addRequestForSender } from "~/services/requests.server";
import { requireUser } from "~/services/auth.server";
import { dbFor, getDb } from "~/utils/db.server";
import { invariantResponse } from "~/utils/http-errors";
import { pageMeta } from "~/utils/meta";
import senderSearchSrc from "~/browser/sender-search.ts?script";

async function loadOptions(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  const options = await getAddRequestOptions(await dbFor(context.env, user.id), user.id);
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
  const db = getDb(context.env.DB);
  const matches = typed.trim() ? await withSenderOutcomes(db, await searchSenders(db, typed)) : null;
  const left = requestsAffordable({ stripeSubscriptionId: user.stripeSubscriptionId, numOfFreeRequest: options.account.numOfFreeRequest });
  return {
    people: options.people,
    holderName: options.account.fullName,
    usedUp: left === 0,
    sendNote: freeRequestsUsedNote(1, left),
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
  const { senderName, templateId: chosen } = submission.value;
  const asTyped = chosen === SEND_AS_TYPED;
  // A sender picked from the matches, or the one catalog sender whose name or alias is exactly
  // what was typed. Otherwise, when the catalog has a likely match ("williams sonmoa"), the person
  // is asked before a request is spent; a name sent as typed by choice, or with no likely match,
  // is a custom request staff look up.
  const templateId = asTyped ? null : chosen || (await findSenderByExactName(db, senderName));
  if (!templateId && !asTyped) {
    const likely = await withSenderOutcomes(
      db,
      (await searchSenders(db, senderName)).filter((match) => match.likely),
    );
    if (likely.length > 0) {
      const reply = submission.reply({ fieldErrors: { templateId: [ADD_REQUEST_MESSAGES.didYouMean] } });
      return data({ ...reply, senderQuestion: { typed: senderName, matches: likely } satisfies SenderQuestion }, { status: 400 });
    }
  }
  const outcome = await addRequestForSender(context.env, user, {
    templateId,
    senderName,
    customerNumber: submission.value.customerNumber || null,
    recipientIds: submission.value.recipientIds,
  });
  if (!outcome.ok) {
    const errors = outcome.field ? { fieldErrors: { [outcome.field]: [outcome.message] } } : { formErrors: [outcome.message] };
    return data(submission.reply(errors), { status: outcome.status });
  }
  return redirect(requestSentUrl(outcome.requestId), 303);
}

const SEND_NOTE_ID = "send-request-note";

export default function AddRequest() {
  const { people, holderName, usedUp, sendNote, search } = useLoaderData<typeof loader>();
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
  const question = senderQuestionOf(lastResult);

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
          {question ? (
            <SenderMatches typed={question.typed} matches={question.matches} field={fields.templateId} asking />
          ) : search ? (
            <SenderMatches typed={search.typed} matches={search.matches} field={fields.templateId} />
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
        <button type="submit" className="button" aria-describedby={describedByNote(SEND_NOTE_ID, sendNote)}>
          Send request
        </button>
        <FreeRequestsNote id={SEND_NOTE_ID} note={sendNote} />
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

type SenderQuestion = { typed: string; matches: (SenderChoice & { outcome?: string | null })[] };

/** The senders a name sent without a choice may have meant, when the action asks about them. */
function senderQuestionOf(result: unknown): SenderQuestion | null {
  return typeof result === "object" && result !== null && "senderQuestion" in result ? (result.senderQuestion as SenderQuestion) : null;
}

/**
 * The catalog senders that fit the name, to choose one from, and the way to send it as typed. The
 * best one is chosen already only when it is exactly what was typed, and "as typed" only when no
 * match is likely: a guess is never sent, nor a likely sender passed over, without the person
 * choosing. `asking`: the name was sent without a choice and the server asks which sender is meant.
 */
function SenderMatches({
  typed,
  matches,
  field,
  asking = false,
}: {
  typed: string;
  matches: (SenderChoice & { outcome?: string | null })[];
  field: FieldMetadata<string | undefined>;
  asking?: boolean;
}) {
  const exact = asking ? "" : (matches.find((match) => match.exact)?.id ?? "");
  const askFirst = asking || matches.some((match) => match.likely);
  const errors = field.errors?.slice(0, 1);
  const hintId = "sender-matches-hint";
  const legend = asking
    ? `Did you mean ${matches[0]!.title}?`
    : matches.length > 0
      ? "Which sender do you mean?"
      : `No sender in our list matches “${typed}”`;
  return (
    <fieldset
      className="field sender-matches"
      aria-describedby={errors?.length ? errorIdOf(field.id) : hintId}
      data-sender-question={asking || undefined}
      tabIndex={asking ? -1 : undefined}
    >
      <legend>{legend}</legend>
      {errors?.length ? (
        <ErrorList id={errorIdOf(field.id)} errors={errors} />
      ) : (
        <p className="hint" id={hintId}>
          {matches.length > 0
            ? "Choose one to send the request with what we know about the sender, or send it with the name as you typed it."
            : "You can still send it: our staff find the way to reach the sender. Check the spelling, or send it as typed."}
        </p>
      )}
      {matches.map((match) => (
        <label key={match.id} className="check">
          <input type="radio" name={field.name} value={match.id} defaultChecked={match.id === exact} /> {match.title}
          <span className="hint">
            {" "}
            {match.category}
            {match.alias ? `, also known as ${match.alias}` : ""}
            {match.outcome ? `. ${match.outcome}` : ""}
          </span>
        </label>
      ))}
      <label className="check">
        <input type="radio" name={field.name} value={SEND_AS_TYPED} defaultChecked={!exact && !askFirst} /> Send it as “{typed}”
      </label>
    </fieldset>
  );
}

export const meta = () => pageMeta("Add a request");
