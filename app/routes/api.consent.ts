import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { consentCookieHeader } from "~/services/analytics.server";
import { notFound } from "~/utils/http-errors";
import { safeRedirect } from "~/utils/redirect";

// Anything but a clear "yes" is an answer of "no": counting visits needs consent.
const ConsentSchema = z.object({ consent: z.enum(["yes", "no"]).catch("no"), redirectTo: z.string().optional() });

export const loader = notFound;

/** The visitor's answer to "may we count your visits?", from a plain form: works without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ConsentSchema });
  const { consent, redirectTo } = submission.status === "success" ? submission.value : { consent: "no" as const, redirectTo: undefined };
  return redirect(safeRedirect(redirectTo, "/"), {
    status: 303,
    headers: { "Set-Cookie": consentCookieHeader(consent) },
  });
}
