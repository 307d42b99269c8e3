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
async function takeFreeRequest(env: AppEnv, user: CurrentUser): Promise<AllowanceUse> {
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
async function giveBackFreeRequest(env: AppEnv, use: AllowanceUse, userId: string) {
  if (use.kind === "used") await refundFreeRequest(getDb(env.DB), userId);
}

/**
 * A write that puts a request in the queue, paid with a free request when `charged`. Answers null
 * when none is left (nothing is written). The free request is given back when the write fails, or
 * when it was not this write that first queued the request (another tab's identical click did,
 * and paid there).
 */
export async function queueWithAllowance<Result extends { firstQueuing: boolean }>(
  env: AppEnv,
  user: CurrentUser,
  charged: boolean,
  write: () => Promise<Result>,
): Promise<Result | null> {
  const use = charged ? await takeFreeRequest(env, user) : null;
  if (use?.kind === "refused") return null;
  let result: Result;
  try {
    result = await write();
  } catch (error) {
    if (use) await giveBackFreeRequest(env, use, user.id);
    throw error;
  }
  if (use && !result.firstQueuing) await giveBackFreeRequest(env, use, user.id);
  return result;
}
