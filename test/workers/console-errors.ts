import { afterEach, beforeEach } from "vitest";

// An unexpected console.error fails the test that was running (the conventions' rule, as the
// browser tests apply it to the page's console). A test that provokes an error on purpose says
// which with allowConsoleErrors. The Worker runs in the tests' isolate, so its logs land here too.
const original = console.error;
let allowed: RegExp[] = [];
let unexpected: string[] = [];

export function allowConsoleErrors(...patterns: RegExp[]) {
  allowed.push(...patterns);
}

beforeEach(() => {
  allowed = [];
  unexpected = [];
  console.error = (...args: unknown[]) => {
    const text = args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(" ");
    if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text);
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (unexpected.length > 0) throw new Error(`unexpected console.error:\n${unexpected.join("\n")}`);
});
