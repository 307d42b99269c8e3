import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { PlanCard } from "~/components/plan-card";
import { PostOutcome } from "~/components/ui/form";
import { formatDate, timeZoneForState } from "~/domain/dates";
import {
  PLAN_DETAILS,
  PLAN_IDS,
  planPriceText,
  subscriptionStateOf,
  SUBSCRIPTION_STATE_LABELS,
  type PlanName,
  type PlanPrice,
  type SubscriptionState,
} from "~/domain/plans";
import { FREE_REQUEST_ALLOWANCE, freeRequestsLeft } from "~/domain/requests";
import { describeStripeError, getPlanPriceList, isRetryableStripeError } from "~/integrations/stripe.server";
import { requireUser } from "~/services/auth.server";
import { BillingError, openBillingPortal, startCheckout, syncReturnFromCheckout } from "~/services/billing.server";
import { dbFor } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";
import { log } from "~/utils/log.server";

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("subscribe"), plan: z.enum(PLAN_IDS) }),
  z.object({ intent: z.literal("portal") }),
]);

/** Stripe's Checkout Session ids: "cs_test_…" or "cs_live_…", letters, digits and underscores. */
const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { env } = context;
  const db = await dbFor(env, user.id);
  const url = new URL(request.url);

  // Back from Checkout: the subscription is read from Stripe now rather than waiting for the webhook.
  // Only an id shaped like Stripe's is asked about: anything else is an edited link, and sending it
  // would put whatever it holds into a request to Stripe.
  const checkoutSession = url.searchParams.get("session_id");
  if (checkoutSession && !CHECKOUT_SESSION_ID.test(checkoutSession)) {
    log.warn("return from checkout ignored: not a session id");
  } else if (checkoutSession) {
    const change = await syncReturnFromCheckout(env, db, user.id, checkoutSession).catch((error) => {
      // A session Stripe does not know is an old or edited link, not our failure: the webhook still syncs.
      const write = isRetryableStripeError(error) ? log.error : log.warn;
      write("return from checkout not synced:", describeStripeError(error));
      return null;
    });
    if (change?.plan) throw redirect(`/dashboard?subscribed=${change.plan}`);
  }

  // The user as read once for this request (the header shows the same).
  const facts = user;
  const prices = await getPlanPriceList(env);
  const timeZone = timeZoneForState(facts.state);
  return {
    plan: facts.stripeSubscriptionId ? facts.plan : null,
    state: subscriptionStateOf(facts),
    periodEnd: facts.subscriptionPeriodEnd ? formatDate(facts.subscriptionPeriodEnd, timeZone) : null,
    cancelAt: facts.subscriptionCancelAt ? formatDate(facts.subscriptionCancelAt, timeZone) : null,
    freeLeft: freeRequestsLeft(facts.numOfFreeRequest),
    canManageBilling: facts.stripeCustomerId !== null && (facts.stripeSubscriptionId !== null || facts.subscriptionStatus !== null),
    prices,
    notice: checkoutSession ? "confirming" : url.searchParams.get("checkout") === "cancelled" ? "cancelled" : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = parseWithZod(await request.formData(), { schema: ActionSchema });
  if (form.status !== "success") return data({ error: "Choose the basic or the premium plan." }, { status: 400 });
  const { env } = context;
  const db = await dbFor(env, user.id);
  const origin = new URL(request.url).origin;
  try {
    if (form.value.intent === "subscribe")
      return redirect(await startCheckout(env, db, { userId: user.id, plan: form.value.plan, origin }), 303);
    // The signed-in user was read from D1 for this request, billing columns included.
    return redirect(await openBillingPortal(env, { customerId: user.stripeCustomerId, origin }), 303);
  } catch (error) {
    if (error instanceof BillingError) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

export default function Subscription() {
  const { plan, state, periodEnd, cancelAt, freeLeft, canManageBilling, prices, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page" aria-labelledby="page-title">
      <p className="eyebrow">Your account</p>
      <h1 id="page-title">Subscription</h1>
      <p className="lead">
        Every account sends {FREE_REQUEST_ALLOWANCE} requests free. A plan sends as many as you need, for as long as junk mail keeps coming.
      </p>

      <PostOutcome
        notice={
          notice === "cancelled"
            ? "Checkout was cancelled. Nothing was charged."
            : notice === "confirming" && !plan
              ? "We are confirming your payment with Stripe. Reload this page in a moment to see your plan."
              : null
        }
        error={actionData?.error}
      />

      <div className="card current-plan">
        <h2>{plan ? `Your plan: ${PLAN_DETAILS[plan].name}` : "Your plan: Free"}</h2>
        <p>
          <span className="status">{SUBSCRIPTION_STATE_LABELS[state]}</span> {currentPlanText({ state, periodEnd, cancelAt, freeLeft })}
        </p>
        {canManageBilling ? (
          <Form method="post">
            <input type="hidden" name="intent" value="portal" />
            <button type="submit" className="button button-quiet">
              Manage billing
            </button>{" "}
            <span className="muted">
              {plan ? "Switch plans, cancel, change your card or get invoices, on Stripe." : "Your invoices and card details, on Stripe."}
            </span>
          </Form>
        ) : null}
      </div>

      <h2>Plans</h2>
      <div className="grid plans">
        {PLAN_IDS.map((id) => (
          <PlanOffer key={id} id={id} price={prices[id]} current={plan} />
        ))}
      </div>
      <p className="muted">
        Payments are handled by Stripe: your card number never reaches us. Cancel at any time in Manage billing; you keep your plan until
        the end of the year you paid for.
      </p>
    </section>
  );
}

function currentPlanText({
  state,
  periodEnd,
  cancelAt,
  freeLeft,
}: {
  state: SubscriptionState;
  periodEnd: string | null;
  cancelAt: string | null;
  freeLeft: number;
}) {
  const free = `${freeLeft} of ${FREE_REQUEST_ALLOWANCE} free requests left.`;
  switch (state) {
    case "active":
      return periodEnd ? `Renews on ${periodEnd}. Your requests are unlimited.` : "Your requests are unlimited.";
    case "pastDue":
      return "Your last payment did not go through. Stripe will try your card again; update it in Manage billing to keep your plan.";
    case "cancelling":
      return `Your plan ends on ${cancelAt ?? periodEnd}; you keep it until then. Changed your mind? Renew it in Manage billing.`;
    case "cancelled":
      return `Your subscription ended${periodEnd ? ` on ${periodEnd}` : ""}. ${free}`;
    default:
      return free;
  }
}

function PlanOffer({ id, price, current }: { id: PlanName; price: PlanPrice | null; current: PlanName | null }) {
  const details = PLAN_DETAILS[id];
  return (
    <PlanCard id={id} name={details.name} priceText={planPriceText(price)} includes={details.includes}>
      {current === id ? (
        <p>
          <strong>Your plan</strong>
        </p>
      ) : current ? (
        <p className="muted">To switch to {details.name}, use Manage billing.</p>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="subscribe" />
          <input type="hidden" name="plan" value={id} />
          <button type="submit" className="button">
            Subscribe to {details.name}
          </button>
        </Form>
      )}
    </PlanCard>
  );
}

export const meta = () => pageMeta("Subscription");
