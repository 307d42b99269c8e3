import { FREE_REQUESTS_USED_TAG } from "~/domain/requests";
import { enqueueJob } from "~/jobs/producer.server";
import { refundFreeRequest, spendFreeRequest } from "~/models/request.server";
import type { CurrentUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";
import { errorMessage } from "~/utils/errors";

export type AllowanceUse = { kind: "unlimited" } | { kind: "used"; left: number } | { kind: "refused" };

/**
 * Takes one free request for sending a request into the queue (spec section 4). Subscribers are
 * not limited. The user whose request takes the counter to 0 gets the free-requests-used tag in
 * the newsletter tool (if they are on the newsletter), through the queue; a failure there never
 * stops the request.
 */
export async function takeFreeRequest(env: AppEnv, user: CurrentUser): Promise<AllowanceUse> {
  if (user.stripeSubscriptionId) return { kind: "unlimited" };
  const spent = await spendFreeRequest(getDb(env.DB), user.id);
  if (spent === null) return { kind: "refused" };
  const { left } = spent;
  // The newsletter tool only knows people who asked for the newsletter: a tag for anyone else
  // would fail until it ran out of retries.
  if (left === 0 && spent.newsletter) {
    await enqueueJob(env, "newsletter.tag", { email: user.email, tag: FREE_REQUESTS_USED_TAG }, { userId: user.id }).catch((error) =>
      console.error("free-requests-used tag not queued:", errorMessage(error)),
    );
  }
  return { kind: "used", left };
}

/** Gives the free request back when the write it paid for did not happen. */
export async function giveBackFreeRequest(env: AppEnv, use: AllowanceUse, userId: string) {
  if (use.kind === "used") await refundFreeRequest(getDb(env.DB), userId);
}
