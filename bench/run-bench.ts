import { SMOKE } from "./smoke";

/**
 * Runs a bench to its end and exits. At full size a bench prints figures and never fails the run,
 * so an error is printed and the run goes on to the next part; at smoke size (bench/smoke.ts) the
 * same error exits 1, as a failing test does. `cleanUp` stops what the bench started, also on
 * Ctrl-C, which reaches only this process: wrangler, vitest and Chromium run in process groups of
 * their own and would be left running.
 */
export async function runBench(name: string, main: () => Promise<void>, cleanUp: () => Promise<unknown>): Promise<never> {
  process.once("SIGINT", () => {
    console.log(`\nInterrupted: stopping what the ${name} bench started.`);
    void cleanUp()
      .catch(() => {})
      .finally(() => process.exit(0));
  });
  let failed = false;
  try {
    await main();
  } catch (error) {
    failed = true;
    console.log(`\n${name} bench could not finish: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await cleanUp().catch(() => {});
  }
  process.exit(failed && SMOKE ? 1 : 0);
}
