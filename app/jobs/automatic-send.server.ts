// Requests emailed to their sender the moment they go into the queue (decision 0018). Kept out of
// opt-out.server.ts: the job table imports that module, and the producer this one needs imports
// the job table (through the job model), a cycle the server bundle cannot order.
import { automaticEmailAddress } from "~/domain/work-queue";
import { enqueueJob } from "~/jobs/producer.server";
import { senderFactsOfWaitingRequest, type QueueKey } from "~/models/work-queue.server";
import type { AppEnv } from "~/utils/env.server";
import { getDb } from "~/utils/db.server";
import { errorMessage } from "~/utils/errors";

/**
 * Called when a request first goes into the queue: a sender that takes requests from agents by
 * email gets it at once, with no one on the staff involved. Anything else, or a job that cannot be
 * queued, leaves the request in the staff work queue, so this never fails the person's action.
 */
export async function emailAtOnceWhenSenderAllows(env: AppEnv, key: QueueKey): Promise<boolean> {
  try {
    const facts = await senderFactsOfWaitingRequest(getDb(env.DB), key);
    const to = facts ? automaticEmailAddress(facts) : null;
    if (!to) return false;
    await enqueueJob(env, "optOut.email", { ...key, to, automatic: true }, { userId: key.userId });
    return true;
  } catch (error) {
    console.error(`automatic send of request ${key.userId}:${key.requestId} not queued:`, errorMessage(error));
    return false;
  }
}
