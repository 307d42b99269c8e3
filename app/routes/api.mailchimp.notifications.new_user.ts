import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { enqueueJob } from "~/queue/producer.server";
import { hasJobForUser } from "~/models/job.server";
import { jsonResponse, readJsonBody } from "~/utils/api.server";
import { notFound } from "~/utils/http-errors";
import { requireApiUser } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";

const Body = z.object({ fullName: z.string().trim().min(1).max(200) });

export const loader = notFound;

/** Product rules: Calls to the server: tells staff about a new user, once per user whatever the client sends. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  await readJsonBody(request, Body);
  if (!(await hasJobForUser(getDb(context.env.DB), user.id, "newsletter.notifyNewUser"))) {
    await enqueueJob(context.env, "newsletter.notifyNewUser", { fullName: user.fullName }, { userId: user.id });
  }
  return jsonResponse({ ok: true }, 202);
}
