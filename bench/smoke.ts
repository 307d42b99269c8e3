// The smoke size every bench part understands (`--smoke`): the smallest size at which the part
// still goes through all of its code, once. It starts its stack, seeds it, runs each phase, and
// prints its figures and its budgets' verdicts. `npm test` runs every part so (bench/all.ts
// --smoke, decision 0079): a part that cannot start, or throws, exits non-zero and fails the run.
// A verdict at this size says nothing about the product's speed; it is printed, never checked.
import { TEST_QUEUE_BATCH_TIMEOUT_SECONDS, type LocalStackOptions } from "../test/support/local-stack";

export const SMOKE = process.argv.includes("--smoke");

/** The full size, or the smoke size under --smoke. */
export function sized<T>(full: T, smoke: T): T {
  return SMOKE ? smoke : full;
}

/**
 * A part's stack at smoke size hands each queued message over at once, as the tests' stacks do:
 * nothing is timed there, and the production window would only be waited out. At full size, none.
 */
export const SMOKE_STACK: Pick<LocalStackOptions, "queueBatchTimeoutSeconds"> = SMOKE
  ? { queueBatchTimeoutSeconds: TEST_QUEUE_BATCH_TIMEOUT_SECONDS }
  : {};
