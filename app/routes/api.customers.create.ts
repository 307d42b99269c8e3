import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { describeStripeError } from "~/integrations/stripe.server";
import { ensureStripeCustomer } from "~/services/billing.server";
import { getUserBillingOwner } from "~/models/user.server";
import { jsonResponse, readJsonBody, requireOwnEmail } from "~/utils/api.server";
import { notFound } from "~/utils/http-errors";
import { requireApiUser } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { log } from "~/utils/log.server";

const Body = z.object({ name: z.string().trim().min(1).max(200), email: z.string().trim().email() });

export const loader = notFound;

/** Product rules: Calls to the server: answers `{customer}`. A user has one payment customer; asking again answers it. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const { email } = await readJsonBody(request, Body);
  requireOwnEmail(user, email);
  const db = getDb(context.env.DB);
  const owner = await getUserBillingOwner(db, user.id);
  if (!owner) return jsonResponse({ error: "Sign in first." }, 401);
  try {
    const id = await ensureStripeCustomer(context.env, db, owner);
    return jsonResponse({ customer: { id } });
  } catch (error) {
    log.error("customer creation failed:", describeStripeError(error));
    return jsonResponse({ customer: null, error: "The payment provider did not answer. Please try again." }, 502);
  }
}
