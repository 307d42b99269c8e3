// The smoke size every bench part understands (`--smoke`): the smallest size at which the part
// still goes through all of its code, once. It starts its stack, seeds it, runs each phase, and
// prints its figures and its budgets' verdicts. `npm test` runs every part so (bench/all.ts
// --smoke, decision 0079): a part that cannot start, or throws, exits non-zero and fails the run.
// A verdict at this size says nothing about the product's speed; it is printed, never checked.
import type { LocalStackOptions } from "../test/support/local-stack";

export const SMOKE = process.argv.includes("--smoke");

/** The full size, or the smoke size under --smoke. */
export function sized<T>(full: T, smoke: T): T {
  return SMOKE ? smoke : full;
}

/**
 * Where bench/all.ts --smoke leaves one local D1, migrated and seeded once for every part: each
 * stack copies it instead of applying every migration and the catalog again.
 */
export const SEEDED_D1_VARIABLE = "BENCH_SEEDED_D1";

/** The stack's seeded D1 to copy, when bench/all.ts made one. */
export function seededStack(): Pick<LocalStackOptions, "seededFrom"> {
  const seededFrom = process.env[SEEDED_D1_VARIABLE];
  return seededFrom ? { seededFrom } : {};
}
