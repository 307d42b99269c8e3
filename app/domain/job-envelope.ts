import { z } from "zod";

/** What travels on the queue. The id makes handling idempotent across redeliveries. */
export const JobEnvelopeSchema = z.object({
  id: z.string().uuid(),
  type: z.string().min(1),
  payload: z.unknown(),
  enqueuedAt: z.string().datetime(),
});

export type JobEnvelope = z.infer<typeof JobEnvelopeSchema>;

/** A failure that another attempt cannot fix (a malformed payload, a vendor's 400): not retried. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentJobError";
  }
}

const MAX_RETRY_DELAY_SECONDS = 60 * 60;

/**
 * Exponential backoff for the queue's retry: the first delay (JOB_RETRY_BASE_SECONDS, 30 s in
 * production), then double each time, capped at an hour: 30 s, 1 min, 2 min, ...
 */
export function retryDelaySeconds(attempt: number, firstDelaySeconds: number): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(firstDelaySeconds * 2 ** exponent, MAX_RETRY_DELAY_SECONDS);
}

/** The job sweep's cron expression, in wrangler.toml locally and in production (decision 0038). */
export const JOB_SWEEP_CRON = "*/5 * * * *";

/** A job sent again this many times without running is given up: dead, with the reason, for staff. */
export const MAX_RESENDS = 3;
