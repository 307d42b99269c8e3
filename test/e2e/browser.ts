// Debian's Chromium driven by playwright-core (never a downloaded browser), with the checks every
// journey shares: console errors, JavaScript files loaded, screenshots and axe-core.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { REPO_ROOT } from "../support/local-stack";

export const CHROMIUM_PATH = "/usr/bin/chromium";

// Without the background-networking flags Chromium keeps trying to reach Google's services,
// which this machine's closed network refuses (see /work/shared/STACK.md).
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Every journey runs once per mode: `describe.each(JS_MODES)("... (JavaScript $label)", ...)`. */
export const JS_MODES = [
  { js: true, label: "on" },
  { js: false, label: "off" },
] as const;

export const SCREENSHOT_DIR = join(REPO_ROOT, "test-results", "screenshots");

async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: run \`bash test/ensure-chromium.sh\` (apt-get install -y chromium).`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * One Chromium for the test file (launched before its tests, closed after them), and a fresh
 * visitor context per `visit`, closed whatever the test does.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async visit<T>(options: { js: boolean }, run: (visit: Visit) => Promise<T>): Promise<T> {
      if (!browser) throw new Error("useBrowser(): the browser is not running yet");
      const visit = await openPage(browser, options);
      try {
        return await run(visit);
      } finally {
        await visit.close();
      }
    },
  };
}

export type Visit = {
  page: Page;
  context: BrowserContext;
  js: boolean;
  /** URLs of JavaScript files the page requested (network), whatever the mode. */
  scriptRequests: string[];
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  close: () => Promise<void>;
};

/**
 * A fresh context (no cookies: a visitor) with JavaScript on or off, and one page in it, watched
 * for console errors and JavaScript downloads from the first request on.
 */
async function openPage(browser: Browser, { js }: { js: boolean }): Promise<Visit> {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const scriptRequests: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === "script" || /\.m?js$/.test(pathname)) scriptRequests.push(request.url());
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console.error: ${message.text()} (${message.location().url || "no url"})`);
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.name}: ${error.message}`));
  return { page, context, js, scriptRequests, errors, close: () => context.close() };
}

/**
 * Fails when the page logged a console error or threw. `allow` lists messages a test expects,
 * e.g. Chromium's "Failed to load resource ... 404" on a page that is meant to answer 404.
 */
export function assertNoErrors(visit: Visit, { allow = [] }: { allow?: RegExp[] } = {}) {
  const unexpected = visit.errors.filter((error) => !allow.some((pattern) => pattern.test(error)));
  if (unexpected.length > 0) {
    throw new Error(`The page reported ${unexpected.length} error(s):\n  ${unexpected.join("\n  ")}`);
  }
}

/** Full-page PNG in test-results/screenshots/<name>-js-<on|off>.png; returns its path. */
export async function screenshot(visit: Visit, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}-js-${visit.js ? "on" : "off"}.png`);
  await visit.page.screenshot({ path, fullPage: true });
  return path;
}

type AxeNode = { target: unknown[]; html: string; failureSummary?: string };
type AxeRule = { id: string; impact?: string | null; help: string; helpUrl: string; nodes: AxeNode[] };
type AxeResults = { testEngine: { name: string; version: string }; passes: AxeRule[]; violations: AxeRule[]; incomplete: AxeRule[] };

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/**
 * With JavaScript off, Chromium still runs what Playwright evaluates, promises included, but its
 * timers never fire, and axe-core waits on setTimeout between rules. This replaces the page's
 * timers with a virtual clock: callbacks run in due order once pending promise work has had
 * its turn. Only ever installed in a JavaScript-off page, where no page script could notice.
 */
const VIRTUAL_TIMERS = `(() => {
  if (window.__virtualTimers) return;
  window.__virtualTimers = true;
  const timers = new Map();
  let lastId = 0;
  let now = 0;
  let pumping = false;
  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (timers.size > 0) {
        for (let hop = 0; hop < 100; hop++) await null;
        let next;
        for (const timer of timers.values()) {
          if (!next || timer.due < next.due || (timer.due === next.due && timer.id < next.id)) next = timer;
        }
        if (!next) break;
        timers.delete(next.id);
        now = Math.max(now, next.due);
        if (typeof next.callback === "function") next.callback(...next.args);
      }
    } finally {
      pumping = false;
    }
  }
  window.setTimeout = (callback, ms, ...args) => {
    const id = ++lastId;
    timers.set(id, { id, due: now + Math.max(0, Number(ms) || 0), callback, args });
    void pump();
    return id;
  };
  window.clearTimeout = (id) => { timers.delete(id); };
})()`;

/**
 * Runs axe-core in the page as it is (JavaScript on or off) and fails on any violation of impact
 * serious or critical, printing them all. Also fails if axe did not really run.
 */
export async function assertAccessible(visit: Visit): Promise<AxeResults> {
  axeSource ??= readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  const { page } = visit;
  if (!visit.js) await page.evaluate(VIRTUAL_TIMERS);
  await page.evaluate(axeSource);
  // A string, not a function: the test runner's transpiler may wrap named functions in helpers
  // (`__name`) that do not exist in the page. Only what the test reads crosses back.
  const results = (await page.evaluate(`(async () => {
    const { testEngine, passes, violations, incomplete } = await window.axe.run(document);
    const slim = (rules) => rules.map(({ id, impact, help, helpUrl, nodes }) => ({
      id, impact, help, helpUrl,
      nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })),
    }));
    return { testEngine, passes: slim(passes), violations: slim(violations), incomplete: slim(incomplete) };
  })()`)) as AxeResults;

  // Proof that axe ran and looked at the page: an engine that checked nothing would pass anything.
  if (results.testEngine?.name !== "axe-core" || results.passes.length === 0) {
    throw new Error(
      `axe-core did not run on ${page.url()} (engine ${JSON.stringify(results.testEngine)}, ${results.passes.length} passing rules)`,
    );
  }

  const blocking = results.violations.filter((rule) => rule.impact === "serious" || rule.impact === "critical");
  if (blocking.length > 0) {
    const report = blocking
      .map(
        (rule) =>
          `- [${rule.impact}] ${rule.id}: ${rule.help} (${rule.helpUrl})\n` +
          rule.nodes
            .map((node) => `    at ${node.target.join(" ")}: ${node.html}\n      ${(node.failureSummary ?? "").replace(/\n/g, "\n      ")}`)
            .join("\n"),
      )
      .join("\n");
    console.log(`axe-core violations on ${page.url()} (JavaScript ${visit.js ? "on" : "off"}):\n${report}`);
    throw new Error(`${blocking.length} serious or critical accessibility violation(s) on ${page.url()}:\n${report}`);
  }
  return results;
}
