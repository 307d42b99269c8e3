import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { enqueueJob } from "~/queue/producer.server";
import { jsonResponse, readJsonBody, requireOwnEmail } from "~/utils/api.server";
import { notFound } from "~/utils/http-errors";
import { requireApiUser } from "~/services/auth.server";

const Body = z.object({ fullName: z.string().trim().min(1).max(200), email: z.string().trim().email() });

export const loader = notFound;

/** Product rules: Calls to the server: subscribes the signed-in user (never another address) through the queue. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const { fullName, email } = await readJsonBody(request, Body);
  requireOwnEmail(user, email);
  await enqueueJob(context.env, "newsletter.subscribe", { email: user.email, fullName }, { userId: user.id });
  return jsonResponse({ ok: true }, 202);
}
