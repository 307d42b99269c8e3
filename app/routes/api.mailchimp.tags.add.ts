import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { PLAN_DETAILS } from "~/domain/plans";
import { FREE_REQUESTS_USED_TAG, freeRequestsLeft } from "~/domain/requests";
import { enqueueJob } from "~/queue/producer.server";
import { getUserTagFacts } from "~/models/user.server";
import { jsonResponse, readJsonBody, requireOwnEmail } from "~/utils/api.server";
import { notFound } from "~/utils/http-errors";
import { requireApiUser } from "~/services/auth.server";
import { dbFor } from "~/utils/db.server";

const Body = z.object({ email: z.string().trim().email(), tagName: z.string().trim().min(1).max(100) });

/** The newsletter tags (product rules: Free requests and plans), each added only when it is true of the user. */
const TAG_RULES: Record<string, (facts: { numOfFreeRequest: number | null; plan: string | null }) => boolean> = {
  [FREE_REQUESTS_USED_TAG]: (facts) => freeRequestsLeft(facts.numOfFreeRequest) <= 0,
  [PLAN_DETAILS.basic.newsletterTag]: (facts) => facts.plan === "basic",
  [PLAN_DETAILS.premium.newsletterTag]: (facts) => facts.plan === "premium",
};

export const loader = notFound;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const { email, tagName } = await readJsonBody(request, Body);
  requireOwnEmail(user, email);
  const rule = TAG_RULES[tagName];
  const facts = await getUserTagFacts(await dbFor(context.env, user.id), user.id);
  if (!rule || !facts || !rule(facts)) return jsonResponse({ error: "This tag does not apply to your account." }, 422);
  if (!facts.newsletter) return jsonResponse({ error: "You are not on the newsletter." }, 422);
  await enqueueJob(context.env, "newsletter.tag", { email: user.email, tag: tagName }, { userId: user.id });
  return jsonResponse({ ok: true }, 202);
}
