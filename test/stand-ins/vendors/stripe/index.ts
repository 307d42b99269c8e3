// The Stripe stand-in: Stripe's API at the server root (the SDK only lets the host and port change,
// and calls /v1/...), its hosted Checkout, portal and invoice pages, signed webhooks to a forward
// URL, and test controls under /__stand-ins/stripe. What each part answers is listed in its file.
import type { Vendor } from "../../server";
import { apiRoutes } from "./api";
import { controlRoutes } from "./control";
import { pageRoutes } from "./pages";
import { resetStore } from "./store";

export { STRIPE_STAND_IN_PRICES } from "./objects";
export { STRIPE_STAND_IN_WEBHOOK_SECRET } from "./webhooks";
export { parseStripeForm, STRIPE_STAND_IN_KEY } from "./wire";

export const stripeVendor: Vendor = {
  name: "stripe",
  prefix: "",
  routes: [...apiRoutes, ...pageRoutes],
  controlRoutes,
  // A reset forgets every object and event and restores the catalog, but keeps the forward URL.
  resetState: resetStore,
};
