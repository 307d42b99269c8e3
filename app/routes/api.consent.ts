import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { consentCookieHeader } from "~/services/analytics.server";
import { notFound } from "~/utils/api.server";
import { safeRedirect } from "~/utils/redirect";

export const loader = notFound;

/** The visitor's answer to "may we count your visits?", from a plain form: works without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const choice = form.get("consent") === "yes" ? "yes" : "no";
  return redirect(safeRedirect(form.get("redirectTo"), "/"), {
    status: 303,
    headers: { "Set-Cookie": consentCookieHeader(choice) },
  });
}
