// `expand[]` as Stripe reads it: dotted paths whose last step is an id to replace with its object,
// walking through embedded objects and, at `data`, through every element of a list.
// https://docs.stripe.com/api/expanding_objects
import type { StandInResponse } from "../../server";
import { checkoutLineItems } from "./billing";
import { findById, type StripeStore } from "./store";
import { listParam, ok, stripeError, type ApiCall } from "./wire";

class NotExpandable extends Error {}

/** Answers `object` with the requested paths expanded, or Stripe's 400 for a path it cannot expand. */
export function answerExpanded(store: StripeStore, call: ApiCall, object: object, expand: unknown): StandInResponse {
  const paths = listParam(expand).filter((path): path is string => typeof path === "string" && path !== "");
  if (paths.length === 0) return ok(call, object);
  const copy = structuredClone(object) as Record<string, unknown>;
  try {
    for (const path of paths) expandPath(store, copy, path.split("."), path);
  } catch (error) {
    if (!(error instanceof NotExpandable)) throw error;
    return stripeError(400, { type: "invalid_request_error", message: `This property cannot be expanded (${error.message}).` }, call);
  }
  return ok(call, copy);
}

function expandPath(store: StripeStore, holder: Record<string, unknown>, steps: string[], path: string): void {
  const [field = "", ...rest] = steps;
  let value = holder[field];
  // A Checkout Session's line items are not on the object until asked for.
  if (value === undefined && field === "line_items" && holder.object === "checkout.session") {
    const record = store.checkoutSessions.get(String(holder.id));
    if (record) value = structuredClone(checkoutLineItems(store, record));
  }
  if (value === undefined) throw new NotExpandable(path);
  if (value === null) return;
  const step = (element: unknown): unknown => {
    let resolved = element;
    if (typeof element === "string") {
      const found = findById(store, element);
      if (!found) throw new NotExpandable(path);
      resolved = structuredClone(found);
    } else if (rest.length === 0 && field !== "line_items") {
      // The last step must name an id: an embedded object is already as expanded as it gets.
      throw new NotExpandable(path);
    }
    if (rest.length > 0) {
      if (typeof resolved !== "object" || resolved === null) throw new NotExpandable(path);
      expandPath(store, resolved as Record<string, unknown>, rest, path);
    }
    return resolved;
  };
  holder[field] = Array.isArray(value) ? value.map(step) : step(value);
}
