import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import {
  ConfirmReadAddress,
  ReturnAddressExplanation,
  ReturnAddressForm,
  type ReturnAddressAskData,
} from "~/components/requests/return-address-form";
import { PostOutcome } from "~/components/ui/form";
import { noticeUrl } from "~/domain/dashboard";
import { formatDate, timeZoneForState } from "~/domain/dates";
import { SENDER_ADDRESS_FIELDS, returnAddressWait, senderAddressFromReading, type SenderAddressInput } from "~/domain/sender-address";
import { addressCheckCounters, takeAttempt } from "~/models/rate-limit.server";
import { tooManyAttemptsMessage } from "~/domain/too-many-attempts";
import { clientAddress } from "~/utils/client-network";
import { senderAddressFactsOfRequest } from "~/models/sender-address.server";
import { requireUser } from "~/services/auth.server";
import { giveSenderAddress, type SenderAddressErrors } from "~/services/sender-address.server";
import { dbFor, getDb } from "~/utils/db.server";
import { invariantResponse } from "~/utils/http-errors";
import { pageMeta } from "~/utils/meta";

// A request's own page for the return address printed on the piece (decision 0067): what the card
// asks, with room for a refusal next to its field. No JavaScript: plain form posts, answered with a
// redirect to the card, or with this page again and what was typed kept.

const IntentSchema = z.object({ intent: z.enum(["give", "confirmRead"]) });

const cardPath = (requestId: string) => `/dashboard#request-${requestId}`;

/** The request as this page reads it, or a 404 for anyone else's. */
async function ownRequest(context: LoaderFunctionArgs["context"], userId: string, requestId: string) {
  const facts = await senderAddressFactsOfRequest(await dbFor(context.env, userId), { userId, requestId });
  invariantResponse(facts && facts.status !== "deleted");
  return facts;
}

type Facts = Awaited<ReturnType<typeof ownRequest>>;

/** What the page asks, as the card does; null when the request does not need a return address (any more). */
function askOf(facts: Facts, now: Date): ReturnAddressAskData | null {
  const asks =
    facts.status === "inQueue" &&
    !facts.processedAt &&
    !facts.onItsWay &&
    facts.asksReturnAddress &&
    !facts.senderAddress &&
    facts.followUpStep === 0 &&
    facts.queuedAt;
  if (!asks || !facts.queuedAt) return null;
  const wait = returnAddressWait({ queuedAt: facts.queuedAt, cameBackAt: facts.returnAddressAskedAt }, now);
  const timeZone = timeZoneForState(facts.state);
  const read = facts.readAddress ? senderAddressFromReading(facts.readAddress, facts.senderName) : null;
  return {
    askedOn: formatDate(wait.askedAt, timeZone),
    staffFrom: formatDate(wait.staffFrom, timeZone),
    withStaff: wait.withStaff,
    cameBack: wait.cameBack,
    read: read && facts.readAddress ? { ...read, line: facts.readAddress } : null,
  };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const requestId = params.requestId ?? "";
  const facts = await ownRequest(context, user.id, requestId);
  return { requestId, senderName: facts.senderName, ask: askOf(facts, new Date()), given: Boolean(facts.senderAddress) };
}

function typedInput(formData: FormData): SenderAddressInput {
  const value = (field: string) => {
    const entered = formData.get(field);
    return typeof entered === "string" ? entered : "";
  };
  return {
    company: value("company"),
    street1: value("street1"),
    street2: value("street2"),
    city: value("city"),
    state: value("state"),
    zipCode: value("zipCode"),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const requestId = params.requestId ?? "";
  const formData = await request.formData();
  const intent = IntentSchema.safeParse({ intent: formData.get("intent") });
  invariantResponse(intent.success, "Unknown return address action.", { status: 400 });
  const facts = await ownRequest(context, user.id, requestId);

  const read = facts.readAddress ? senderAddressFromReading(facts.readAddress, facts.senderName) : null;
  // What was read is taken from the reading itself, not from the page: the press confirms it as is.
  const input = intent.data.intent === "confirmRead" ? read : typedInput(formData);
  if (!input) return redirect(cardPath(requestId), 303);
  const refused = (errors: SenderAddressErrors, status: 400 | 429) => data({ errors, values: input }, { status });

  // Each check may be a paid call: the same budget as every address check (decision 0019).
  const db = getDb(context.env.DB);
  const waitMs = await takeAttempt(db, await addressCheckCounters(clientAddress(request, context.env.APP_ENV)));
  if (waitMs > 0) return refused({ form: tooManyAttemptsMessage(waitMs) }, 429);

  const outcome = await giveSenderAddress(context.env, user.id, requestId, input, intent.data.intent === "confirmRead" ? "read" : "typed");
  if (outcome.ok) return redirect(noticeUrl({ notice: "returnAddress", about: requestId }), 303);
  invariantResponse(!outcome.notFound);
  // Given already (a second press), or no longer asked: the card says where the request is.
  if (outcome.settled) return redirect(cardPath(requestId), 303);
  return refused(outcome.errors, 400);
}

export default function ReturnAddress() {
  const { requestId, senderName, ask, given } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const errors = refusal?.errors ?? {};
  const problems = SENDER_ADDRESS_FIELDS.filter((field) => errors[field]).length + (errors.form ? 1 : 0);

  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">Your request</p>
      <h1 id="page-title">The return address on {senderName}’s mail</h1>
      {ask ? (
        <>
          <ReturnAddressExplanation senderName={senderName} ask={ask} />
          {problems > 0 ? (
            <PostOutcome
              error={
                errors.form && problems === 1
                  ? null
                  : `Please correct ${problems === 1 ? "the field marked below" : "the fields marked below"}: nothing was saved.`
              }
            />
          ) : null}
          {ask.read && !refusal ? <ConfirmReadAddress requestId={requestId} read={ask.read} /> : null}
          <ReturnAddressForm
            requestId={requestId}
            idPrefix="return-address"
            values={refusal?.values ?? ask.read ?? { company: senderName }}
            errors={errors}
            submitLabel="Mail my letter to this address"
          />
        </>
      ) : (
        <p className="lead">
          {given
            ? "You gave the return address already: your card says where your letter is."
            : "This request does not need a return address now: your card says where it is."}
        </p>
      )}
      <p>
        <Link to={cardPath(requestId)}>Back to your requests</Link>
      </p>
    </section>
  );
}

export const meta = () => pageMeta("The return address on the piece");
