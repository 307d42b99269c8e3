// Stripe's hosted pages, in plain HTML with real form posts (no JavaScript), so people and browser
// tests can go through Checkout and the customer portal locally:
//   GET/POST /checkout/c/pay/:id      Checkout: Pay or Decline
//   GET/POST /billing/p/session/:id   the customer portal: switch plan, cancel, don't cancel
//   GET      /invoice/i/:id           the hosted invoice page an invoice's hosted_invoice_url names
import type { StandInRequest, StandInResponse, VendorRoute } from "../../server";
import { changeSubscription, completeCheckout, expireIfDue, firstItem, liveSubscriptions, productName } from "./billing";
import { formatAmount, STRIPE_STAND_IN_PRICES, type StripePrice, type StripeSubscription } from "./objects";
import { storeOf, type CheckoutRecord, type StripeStore } from "./store";
import { baseUrl, stripeId } from "./wire";

const STYLE = `
  body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; background: #f6f8fa; color: #1a1f36; margin: 0; }
  main { max-width: 34rem; margin: 3rem auto; background: #fff; border: 1px solid #e3e8ee; border-radius: 8px; padding: 2rem; }
  h1 { font-size: 1.5rem; margin-top: 0; }
  h2 { font-size: 1.15rem; margin: 0 0 .25rem; }
  .notice { background: #fff8e1; border: 1px solid #f2d680; border-radius: 4px; padding: .5rem .75rem; font-size: .9rem; }
  .error { color: #b3261e; font-weight: 600; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .4rem 1rem; }
  dt { color: #596171; }
  dd { margin: 0; }
  section { border-top: 1px solid #e3e8ee; padding: 1rem 0; }
  form { display: inline; }
  .actions { display: flex; gap: .5rem; flex-wrap: wrap; margin: 1rem 0; }
  button { font: inherit; padding: .5rem 1rem; border-radius: 4px; border: 1px solid #635bff; background: #635bff; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #635bff; }
  a { color: #635bff; }
`;

const NOTICE = `<p class="notice">Local Stripe stand-in: a test page on this machine. No card is charged and nothing is sent to Stripe.</p>`;

/** Escapes text for element content and double-quoted attributes (the only kind these pages use). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]!);
}

function page(status: number, title: string, body: string): StandInResponse {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${NOTICE}
${body}
</main>
</body>
</html>
`;
  return { status, body: html, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } };
}

function notFound(title: string, message: string): StandInResponse {
  return page(404, title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}

function redirect(location: string): StandInResponse {
  return { status: 303, headers: { Location: location } };
}

function formFields(request: StandInRequest): URLSearchParams {
  return new URLSearchParams(request.rawBody);
}

function formatDate(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

function perInterval(price: StripePrice, quantity = 1): string {
  const { interval, interval_count: count } = price.recurring;
  return `${formatAmount(price.unit_amount * quantity, price.currency)} per ${count === 1 ? interval : `${count} ${interval}s`}`;
}

/** Where Checkout sends the customer after paying, with Stripe's {CHECKOUT_SESSION_ID} template filled in. */
function successUrl(record: CheckoutRecord): string {
  return record.session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", record.session.id);
}

function liveCheckout(store: StripeStore, id: string): CheckoutRecord | null {
  const record = store.checkoutSessions.get(id);
  if (!record) return null;
  expireIfDue(store, record);
  return record.session.status === "expired" ? null : record;
}

const CHECKOUT_GONE = ["Checkout not found", "This checkout session does not exist or has expired."] as const;

function checkoutPage(
  store: StripeStore,
  record: CheckoutRecord,
  { status = 200, error = null }: { status?: number; error?: string | null } = {},
): StandInResponse {
  const { session } = record;
  if (session.status === "complete") {
    return page(
      200,
      "Checkout complete",
      `<h1>This checkout is complete.</h1>\n<p><a href="${escapeHtml(successUrl(record))}">Continue to Quiet Mailbox</a></p>`,
    );
  }
  const line = record.lines[0];
  const price = line && store.prices.get(line.price);
  const customer = session.customer ? store.customers.get(session.customer) : undefined;
  const email = customer?.email ?? session.customer_email;
  const name = price ? productName(store, price) : "Subscription";
  const quantity = line && line.quantity > 1 ? `<dt>Quantity</dt><dd>${line.quantity}</dd>` : "";
  return page(
    status,
    `Subscribe to ${name}`,
    `<h1>Subscribe to ${escapeHtml(name)}</h1>
<dl>
<dt>Plan</dt><dd>${escapeHtml(name)}</dd>
<dt>Price</dt><dd>${price ? escapeHtml(perInterval(price, line.quantity)) : ""}</dd>${quantity}
<dt>Email</dt><dd>${email ? escapeHtml(email) : "No email on file"}</dd>
</dl>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>\n` : ""}<form method="post" action="/checkout/c/pay/${escapeHtml(session.id)}">
<div class="actions">
<button type="submit" name="outcome" value="pay">Pay</button>
<button type="submit" name="outcome" value="decline" class="secondary">Decline</button>
</div>
</form>
<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>`,
  );
}

function showCheckout(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const store = storeOf(state);
  const record = liveCheckout(store, request.params.id ?? "");
  return record ? checkoutPage(store, record) : notFound(...CHECKOUT_GONE);
}

function submitCheckout(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const store = storeOf(state);
  const record = liveCheckout(store, request.params.id ?? "");
  if (!record) return notFound(...CHECKOUT_GONE);
  // Paying twice (a double submit, the back button) completes nothing more.
  if (record.session.status === "complete") return redirect(successUrl(record));
  const outcome = formFields(request).get("outcome");
  if (outcome === "pay") {
    // The stand-in's own refusal: the session names a customer deleted since it was created.
    if (record.session.customer && store.deletedCustomers.has(record.session.customer)) {
      return checkoutPage(store, record, { status: 400, error: "This customer no longer exists." });
    }
    completeCheckout(store, record, baseUrl(request));
    return redirect(successUrl(record));
  }
  if (outcome === "decline") return checkoutPage(store, record, { status: 402, error: "Your card was declined." });
  return checkoutPage(store, record, { status: 400 });
}

const PORTAL_GONE = ["Billing session not found", "This billing session does not exist. Open billing again from Quiet Mailbox."] as const;

/** The other stand-in plan, for the portal's switch button. */
function otherPrice(store: StripeStore, price: StripePrice): StripePrice | undefined {
  return store.prices.get(price.id === STRIPE_STAND_IN_PRICES.premium ? STRIPE_STAND_IN_PRICES.basic : STRIPE_STAND_IN_PRICES.premium);
}

const STATUS_LABELS: Record<string, string> = {
  active: "Active",
  past_due: "Past due",
  trialing: "Trial",
  unpaid: "Unpaid",
  paused: "Paused",
  incomplete: "Incomplete",
};

function portalAction(sessionId: string, subscription: string, action: string, label: string, extra = "", secondary = false): string {
  return `<form method="post" action="/billing/p/session/${escapeHtml(sessionId)}">
<input type="hidden" name="action" value="${action}">
<input type="hidden" name="subscription" value="${escapeHtml(subscription)}">${extra}
<button type="submit"${secondary ? ' class="secondary"' : ""}>${escapeHtml(label)}</button>
</form>`;
}

function subscriptionSection(store: StripeStore, sessionId: string, subscription: StripeSubscription): string {
  const item = firstItem(subscription);
  const name = productName(store, item.price);
  const when = subscription.cancel_at_period_end
    ? `Ends on ${formatDate(subscription.cancel_at ?? item.current_period_end)}`
    : `Renews on ${formatDate(item.current_period_end)}`;
  const status = STATUS_LABELS[subscription.status] ?? subscription.status;
  const warning = subscription.status === "past_due" ? `\n<p class="error">The latest payment failed.</p>` : "";
  let actions: string;
  if (subscription.cancel_at_period_end) {
    actions = portalAction(sessionId, subscription.id, "renew", "Don't cancel");
  } else {
    const other = otherPrice(store, item.price);
    const switchButton = other
      ? portalAction(
          sessionId,
          subscription.id,
          "switch",
          `Switch to ${productName(store, other).replace(/^Quiet Mailbox /, "")}`,
          `\n<input type="hidden" name="price" value="${escapeHtml(other.id)}">`,
        )
      : "";
    actions = `${switchButton}\n${portalAction(sessionId, subscription.id, "cancel", "Cancel subscription", "", true)}`;
  }
  return `<section>
<h2>${escapeHtml(name)}</h2>
<p>${escapeHtml(perInterval(item.price, item.quantity))} · ${escapeHtml(status)}</p>
<p>${escapeHtml(when)}</p>${warning}
<div class="actions">
${actions}
</div>
</section>`;
}

function portalPage(store: StripeStore, sessionId: string, error?: string): StandInResponse {
  const session = store.portalSessions.get(sessionId);
  if (!session) return notFound(...PORTAL_GONE);
  const customer = store.customers.get(session.customer);
  const subscriptions = liveSubscriptions(store, session.customer);
  const list =
    subscriptions.length > 0
      ? subscriptions.map((subscription) => subscriptionSection(store, sessionId, subscription)).join("\n")
      : "<p>You have no active subscription.</p>";
  const back = session.return_url ? `<p><a href="${escapeHtml(session.return_url)}">Return to Quiet Mailbox</a></p>` : "";
  return page(
    error ? 400 : 200,
    "Quiet Mailbox billing",
    `<h1>Quiet Mailbox billing</h1>
<p>${customer?.email ? `Billing for ${escapeHtml(customer.email)}` : "Billing"}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>\n` : ""}${list}
${back}`,
  );
}

function showPortal(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  return portalPage(storeOf(state), request.params.id ?? "");
}

function submitPortal(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const store = storeOf(state);
  const sessionId = request.params.id ?? "";
  const session = store.portalSessions.get(sessionId);
  if (!session) return notFound(...PORTAL_GONE);
  const fields = formFields(request);
  const subscription = store.subscriptions.get(fields.get("subscription") ?? "");
  if (!subscription || !liveSubscriptions(store, session.customer).includes(subscription)) {
    return portalPage(store, sessionId, "That subscription cannot be changed here.");
  }
  // The portal acts through Stripe's API on the customer's behalf: its events name a request.
  const origin = { id: stripeId("req"), idempotency_key: null };
  const action = fields.get("action");
  if (action === "cancel") {
    changeSubscription(store, subscription, { cancelAtPeriodEnd: true }, origin);
  } else if (action === "renew") {
    changeSubscription(store, subscription, { cancelAtPeriodEnd: false }, origin);
  } else if (action === "switch") {
    const price = store.prices.get(fields.get("price") ?? "");
    if (!price || subscription.cancel_at_period_end) return portalPage(store, sessionId, "That plan cannot be chosen here.");
    changeSubscription(store, subscription, { price }, origin);
  } else {
    return portalPage(store, sessionId, "Choose one of the buttons below.");
  }
  return redirect(`${baseUrl(request)}/billing/p/session/${sessionId}`);
}

function showInvoice(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const store = storeOf(state);
  const invoice = store.invoices.get(request.params.id ?? "");
  if (!invoice) return notFound("Invoice not found", "This invoice does not exist.");
  const line = invoice.lines.data[0];
  const status = invoice.status === "paid" ? "Paid" : invoice.status === "open" ? "Due" : invoice.status;
  return page(
    200,
    `Invoice ${invoice.number}`,
    `<h1>Invoice ${escapeHtml(invoice.number)}</h1>
<dl>
<dt>Amount</dt><dd>${escapeHtml(formatAmount(invoice.total, invoice.currency))}</dd>
<dt>Status</dt><dd>${escapeHtml(status)}</dd>
<dt>Billed to</dt><dd>${escapeHtml(invoice.customer_email ?? invoice.customer)}</dd>
${line ? `<dt>Item</dt><dd>${escapeHtml(line.description)}</dd>\n<dt>Period</dt><dd>${escapeHtml(formatDate(line.period.start))} – ${escapeHtml(formatDate(line.period.end))}</dd>` : ""}
</dl>`,
  );
}

export const pageRoutes: VendorRoute[] = [
  { method: "GET", path: "/checkout/c/pay/:id", handle: showCheckout },
  { method: "POST", path: "/checkout/c/pay/:id", handle: submitCheckout },
  { method: "GET", path: "/billing/p/session/:id", handle: showPortal },
  { method: "POST", path: "/billing/p/session/:id", handle: submitPortal },
  { method: "GET", path: "/invoice/i/:id", handle: showInvoice },
];
