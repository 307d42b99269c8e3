import { z } from "zod";
import type { JobDefinition } from "~/jobs/definitions.server";

const PingPayload = z.object({ failAttempts: z.number().int().min(0).default(0) });

/**
 * A diagnostic job: proves the queue runs end to end. `failAttempts` makes the first attempts
 * fail so that retries and the dead-letter queue can be exercised.
 */
export const pingJob = {
  payload: PingPayload,
  async handle({ failAttempts }, { attempt }) {
    if (attempt <= failAttempts) throw new Error(`ping asked to fail attempt ${attempt} of ${failAttempts}`);
  },
} satisfies JobDefinition<typeof PingPayload>;
