import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { PLAN_IDS } from "~/domain/plans";
import { jsonResponse } from "~/utils/api.server";
import { notFound } from "~/utils/http-errors";
import { requireApiUser } from "~/services/auth.server";
import { BillingError, startCheckout } from "~/services/billing.server";
import { getDb } from "~/utils/db.server";

const Body = z.object({ plan: z.enum(PLAN_IDS) });

export const loader = notFound;

/**
 * Opens Stripe Checkout for a plan. JSON `{plan}` answers `{url}`; a form post (the subscription
 * page without JavaScript, or any plain form) is answered with a 303 to Checkout.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const isForm = (request.headers.get("Content-Type") ?? "").includes("form");
  const raw = isForm ? Object.fromEntries(await request.formData()) : await request.json().catch(() => null);
  const parsed = Body.safeParse(raw);
  if (!parsed.success) return jsonResponse({ error: "Choose the basic or the premium plan." }, 400);
  const { plan } = parsed.data;

  try {
    const url = await startCheckout(context.env, getDb(context.env.DB), { userId: user.id, plan, origin: new URL(request.url).origin });
    return isForm ? redirect(url, 303) : jsonResponse({ url });
  } catch (error) {
    if (error instanceof BillingError) return jsonResponse({ error: error.message }, error.status);
    throw error;
  }
}
