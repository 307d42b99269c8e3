import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { verifyAddress } from "~/integrations/address-verification.server";
import { addressCheckCounters, takeAttempt } from "~/models/rate-limit.server";
import { tooManyAttemptsMessage } from "~/domain/too-many-attempts";
import { clientAddress } from "~/utils/client-network";
import { jsonResponse, readJsonBody } from "~/utils/api.server";
import { notFound } from "~/utils/http-errors";
import { getDb } from "~/utils/db.server";

const VerifyBody = z.object({
  address: z.object({
    street1: z.string().max(200),
    street2: z.string().max(200).optional().nullable(),
    city: z.string().max(100),
    state: z.string().max(50),
    zipCode: z.string().max(20),
  }),
});

export const loader = notFound;

/**
 * Product rules: Calls to the server: `{address}` in, `{status, result}` out. Only for pages of this site (a browser
 * on the signup form sends Sec-Fetch-Site or Origin), and counted per client and in total.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  const origin = request.headers.get("Origin");
  if (fetchSite !== "same-origin" && origin !== new URL(request.url).origin) {
    return jsonResponse({ error: "Only the signup form may verify addresses." }, 403);
  }
  const { address } = await readJsonBody(request, VerifyBody);

  // Shared with step 1 of signup: a client refused here is refused there too (decision 0019).
  const waitMs = await takeAttempt(getDb(context.env.DB), await addressCheckCounters(clientAddress(request, context.env.APP_ENV)));
  if (waitMs > 0) return jsonResponse({ status: 429, result: null, error: tooManyAttemptsMessage(waitMs) }, 429);

  const verification = await verifyAddress(context.env, { ...address, street2: address.street2 ?? "" });
  return jsonResponse(verification);
}
