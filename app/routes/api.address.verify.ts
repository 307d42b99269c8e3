import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { verifyAddress } from "~/integrations/address-verification.server";
import { clientAddress, readThrottle, countAttempt, throttleKey, type ThrottlePolicy } from "~/models/auth-throttle.server";
import { jsonResponse, notFound, readJsonBody } from "~/utils/api.server";
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

// Enough for a person fixing typos; too few to use the service as someone's free verification API.
const VERIFY_PER_CLIENT: ThrottlePolicy = { windowMs: 60 * 60_000, slowAfter: 30, blockAfter: 30, blockMs: 60 * 60_000 };

export const loader = notFound;

/**
 * Spec section 7: `{address}` in, `{status, result}` out. Only for pages of this site (a browser
 * on the signup form sends Sec-Fetch-Site or Origin), and counted per client.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  const origin = request.headers.get("Origin");
  if (fetchSite !== "same-origin" && origin !== new URL(request.url).origin) {
    return jsonResponse({ error: "Only the signup form may verify addresses." }, 403);
  }
  const { address } = await readJsonBody(request, VerifyBody);

  const db = getDb(context.env.DB);
  const key = await throttleKey("client", `verify:${clientAddress(request)}`);
  if ((await readThrottle(db, [key])).blockedUntil) return jsonResponse({ status: 429, result: null }, 429);
  await countAttempt(db, key, VERIFY_PER_CLIENT);

  const verification = await verifyAddress(context.env, { ...address, street2: address.street2 ?? "" });
  return jsonResponse(verification);
}
