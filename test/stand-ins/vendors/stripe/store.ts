// Everything the Stripe stand-in remembers, kept in the vendor's state Map under one key.
import {
  catalog,
  deletedCustomer,
  type StripeCheckoutSession,
  type StripeCustomer,
  type StripeEvent,
  type StripeInvoice,
  type StripePortalSession,
  type StripePrice,
  type StripeProduct,
  type StripeSubscription,
} from "./objects";
import type { IdempotentAnswer } from "./wire";

export type CheckoutLine = { id: string; price: string; quantity: number };

/** A Checkout Session with what Stripe keeps about it but does not show on the object. */
export type CheckoutRecord = {
  session: StripeCheckoutSession;
  lines: CheckoutLine[];
  subscriptionData: { metadata: Record<string, string>; description: string | null };
};

type DeliveryAttempt = {
  at: string;
  url: string;
  /** The receiver's HTTP status, or null when it could not be reached. */
  status: number | null;
  error: string | null;
  durationMs: number;
};

export type EventRecord = {
  event: StripeEvent;
  /** The exact JSON sent, and signed, for this event. */
  payload: string;
  /** The customer the event's object belongs to, for filtering. */
  customer: string | null;
  objectId: string;
  deliveries: DeliveryAttempt[];
};

/** Where events are forwarded; outlives resets, since `npm start` sets it once. */
type WebhookTarget = {
  url: string | null;
  /** First delivery attempts run one after another, so the receiver sees events in order. */
  queue: Promise<void>;
};

export type StripeStore = {
  customers: Map<string, StripeCustomer>;
  /** Customers deleted through the API: no longer in `customers`, still retrievable as deleted. */
  deletedCustomers: Set<string>;
  products: Map<string, StripeProduct>;
  prices: Map<string, StripePrice>;
  checkoutSessions: Map<string, CheckoutRecord>;
  subscriptions: Map<string, StripeSubscription>;
  invoices: Map<string, StripeInvoice>;
  portalSessions: Map<string, StripePortalSession>;
  events: EventRecord[];
  idempotency: Map<string, IdempotentAnswer>;
  webhook: WebhookTarget;
  /** Set once a reset replaced this store: its pending retries stop. */
  retired: boolean;
};

const STORE_KEY = "stripe";

function createStore(webhook: WebhookTarget = { url: null, queue: Promise.resolve() }): StripeStore {
  const { products, prices } = catalog();
  return {
    customers: new Map(),
    deletedCustomers: new Set(),
    products: new Map(products.map((product) => [product.id, product])),
    prices: new Map(prices.map((price) => [price.id, price])),
    checkoutSessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    portalSessions: new Map(),
    events: [],
    idempotency: new Map(),
    webhook,
    retired: false,
  };
}

/** The store in a vendor state Map, created (with the catalog) on first use. */
export function storeOf(state: Map<string, unknown>): StripeStore {
  let store = state.get(STORE_KEY) as StripeStore | undefined;
  if (!store) {
    store = createStore();
    state.set(STORE_KEY, store);
  }
  return store;
}

/** Forgets every object and event and seeds the catalog again, keeping the webhook forward URL. */
export function resetStore(state: Map<string, unknown>): void {
  const previous = state.get(STORE_KEY) as StripeStore | undefined;
  if (previous) previous.retired = true;
  state.clear();
  state.set(STORE_KEY, createStore(previous?.webhook));
}

/** Looks up any object by its id prefix, for expansion. */
export function findById(store: StripeStore, id: string): object | undefined {
  if (id.startsWith("cus_")) return store.customers.get(id) ?? (store.deletedCustomers.has(id) ? deletedCustomer(id) : undefined);
  if (id.startsWith("sub_")) return store.subscriptions.get(id);
  if (id.startsWith("in_")) return store.invoices.get(id);
  if (id.startsWith("price_")) return store.prices.get(id);
  if (id.startsWith("prod_")) return store.products.get(id);
  if (id.startsWith("cs_")) return store.checkoutSessions.get(id)?.session;
  return undefined;
}
