// Property-based fuzzing of every form action and API endpoint, inside workerd (fast-check).
// Generated requests (every route of app/routes.ts and paths outside it; every method; bodies
// urlencoded, multipart, JSON, text/plain, none, without a Content-Type, not UTF-8, about 3 MB;
// fields missing, empty, huge, repeated, of the wrong type, with control characters or markup;
// odd cookies, X-Forwarded-Host, `_data` and other query parameters) are sent as a visitor, as a
// signed-in user and as the admin, and every answer must:
//   - not be a 5xx (nor make the Worker throw),
//   - not show a stack trace, a source path or an internal error message,
//   - leave the database as it was when it is an error (4xx), and
//   - not make the server log an error ("error on …" from handleError, "render failed").
// auth_throttle is left out of the comparison: counting refused sign-ins, reset links and address
// checks is its job. So are site-visit analytics, written a moment after the page is served.
//
// `npm test` runs a bounded number of requests with a fixed seed; `npm run test:fuzz` runs many
// more for release checks (FUZZ_RUNS, FUZZ_SEED: see test/vitest.fuzz.config.ts). Failures are
// collected over the whole run, grouped (kind, status, method, route), and each group's first
// counterexample is replayed and shrunk by fast-check, so that one report lists every distinct
// failure with a small request that shows it.
import { env } from "cloudflare:test";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import catalog from "../../drizzle/senders.json";
import { jobs, recipients, requests, users } from "../../drizzle/schema";
import type { CatalogSender } from "~/domain/sender-catalog";
import { createPasswordResetToken } from "~/models/password-reset.server";
import { seedSenderCatalog } from "~/models/request-template.server";
import { createTestimonial } from "~/models/testimonial.server";
import { signToken } from "~/utils/signed-token.server";
import { eq } from "drizzle-orm";
import {
  build,
  describe as describeRequest,
  failuresOf,
  getDb,
  requestArb,
  send,
  settleJobs,
  targetName,
  type Failure,
  type FuzzRequest,
  type Ids,
  type Outcome,
  type Role,
  TARGETS,
} from "./fuzz-support";
import { ADDRESS, signedInStaff, signedUpUser } from "./http";

const FUZZ_TESTIMONIAL = { quote: "Fuzzing", displayName: "Fuzz F.", city: "Austin, TX", consentDate: null, consentMethod: null };

declare module "vitest" {
  export interface ProvidedContext {
    fuzzRuns?: number;
    fuzzSeed?: number;
  }
}

/** Requests per role in `npm test`; `npm run test:fuzz` sets many more. */
const DEFAULT_RUNS = 120;
const RUNS = Number(inject("fuzzRuns")) || DEFAULT_RUNS;
const SEED = Number(inject("fuzzSeed")) || 20_261_123;
/** Time spent shrinking counterexamples once failures are found, per role. */
const SHRINK_BUDGET_MS = RUNS > DEFAULT_RUNS ? 240_000 : 30_000;

const db = getDb(env.DB);
let ids: Ids;
const logged: string[] = [];
/** Generated requests, and all requests sent (replays while shrinking included). */
let generated = 0;
let sent = 0;
const started = Date.now();

/** Errors the server logs for a request it failed, whatever status it then answered. */
const SERVER_ERROR_LOG = /^(?:error on |render failed)/;

/** Every request that failed the same way: the first one is replayed and shrunk for the report. */
type Group = {
  key: string;
  count: number;
  statuses: Set<number>;
  routes: Set<string>;
  methods: Set<string>;
  roles: Set<Role>;
  bodies: Set<string>;
  example: { index: number; description: string };
  shrunk: string | null;
};

function failuresWithLogs(outcome: Outcome): Failure[] {
  const failures = failuresOf(outcome);
  const serverErrors = outcome.logged.filter((line) => SERVER_ERROR_LOG.test(line));
  if (serverErrors.length) failures.push({ kind: "logged", detail: serverErrors[0]!.split("\n")[0]!.slice(0, 300) });
  return failures;
}

const normalize = (text: string) =>
  text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "<id>")
    .replace(/(.)\1{20,}/g, "$1$1$1…")
    .replace(/\d{3,}/g, "N")
    .slice(0, 200);

/**
 * What went wrong, as a key shared by every request that failed the same way: the error the
 * server logged (its first line, without the path), else what the body showed, else the status.
 */
function keyOf(request: FuzzRequest, outcome: Outcome, failures: Failure[]): string {
  const kinds = new Set(failures.map((failure) => failure.kind));
  const what = outcome.threw
    ? "the Worker threw"
    : outcome.status >= 500
      ? "5xx"
      : kinds.has("db")
        ? "database changed on an error"
        : kinds.has("leak")
          ? "internal error text in the answer"
          : "server error logged";
  // The error the server logged for it: handleError's, else (for a 5xx) whatever the route logged.
  const log = outcome.logged.find((line) => SERVER_ERROR_LOG.test(line)) ?? (outcome.status >= 500 ? outcome.logged[0] : undefined);
  if (log) return `${what}: ${normalize(log.split("\n")[0]!.replace(/^error on \S+ [^:]*: /, ""))}`;
  if (outcome.threw) return `${what}: ${normalize(outcome.threw)}`;
  const detail = failures.find((failure) => failure.kind === "db" || failure.kind === "leak")?.detail;
  return `${what}: ${detail ? normalize(detail.replace(/….*$/s, "")) : `status ${outcome.status}, nothing logged, on ${request.method} ${targetName(request)}`}`;
}

async function exchange(request: FuzzRequest) {
  await settleJobs();
  const built = await build(request, ids);
  const outcome = await send(built, logged);
  sent += 1;
  return { built, outcome, failures: failuresWithLogs(outcome) };
}

/** Failures over the whole run, by key (shared by the roles, so each is shrunk once). */
const groups = new Map<string, Group>();

/** What a generated request tried, by category, for the run's table (one request may count in several). */
function categoriesOf(request: FuzzRequest): string[] {
  if (request.stripe) return [`Stripe event, signature ${request.stripe.signature}`];
  const categories = [`method ${request.method}`, `body ${request.body}`];
  if (request.cookie !== "none") categories.push(`cookie ${request.cookie}`);
  if (request.origin !== "sameOrigin") categories.push(`origin ${request.origin}`);
  if (request.forwardedHost !== null) categories.push("X-Forwarded-Host");
  if (request.query.some(([name]) => name === "_data")) categories.push("_data query");
  if (request.param !== "id") categories.push(`path parameter ${request.param}`);
  if (request.edits.length || request.extra.length || !request.startValid) categories.push("fields missing, extra or of another shape");
  if (request.target < 0) categories.push("unknown path");
  return categories;
}
const tally = new Map<string, { tried: number; failed: number }>();
function count(request: FuzzRequest, failed: boolean) {
  for (const category of categoriesOf(request)) {
    const row = tally.get(category) ?? { tried: 0, failed: 0 };
    row.tried += 1;
    if (failed) row.failed += 1;
    tally.set(category, row);
  }
}

/**
 * Runs `runs` generated requests and groups the failures; then replays the first request of each
 * new group through fast-check (same seed, its path) and shrinks it while it fails the same way.
 */
async function fuzz(label: string, runs: number, arbitrary: fc.Arbitrary<FuzzRequest>, seed: number) {
  const mine = new Set<string>();
  const statuses = new Map<number, number>();
  let index = -1;
  const fuzzStarted = Date.now();
  const run = await fc.check(
    fc.asyncProperty(arbitrary, async (request) => {
      index += 1;
      generated += 1;
      const { built, outcome, failures } = await exchange(request);
      statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
      count(request, failures.length > 0);
      if (!failures.length) return true;
      const key = keyOf(request, outcome, failures);
      mine.add(key);
      let group = groups.get(key);
      if (!group) {
        group = {
          key,
          count: 0,
          statuses: new Set(),
          routes: new Set(),
          methods: new Set(),
          roles: new Set(),
          bodies: new Set(),
          example: { index, description: describeRequest(request, built) },
          shrunk: null,
        };
        (group as Group & { seed: number; arbitrary: fc.Arbitrary<FuzzRequest> }).seed = seed;
        groups.set(key, group);
      }
      group.count += 1;
      group.statuses.add(outcome.status);
      group.routes.add(targetName(request));
      group.methods.add(request.method);
      group.roles.add(request.role);
      group.bodies.add(request.stripe ? "stripe event" : request.body);
      return true;
    }),
    { seed, numRuns: runs },
  );
  // The property never fails on the app's answers: a failure here is the harness's own error.
  if (run.failed) throw new Error(`the fuzz harness failed at run ${index}: ${String(run.errorInstance)}`);
  const fuzzMs = Date.now() - fuzzStarted;

  const shrinkStarted = Date.now();
  const shrinkUntil = shrinkStarted + SHRINK_BUDGET_MS;
  for (const key of mine) {
    const group = groups.get(key)!;
    if (group.shrunk !== null || (group as Group & { seed: number }).seed !== seed) continue;
    const left = shrinkUntil - Date.now();
    if (left < 1_000) {
      group.shrunk = `not shrunk (time budget spent); seed ${seed}, path ${group.example.index}\n${group.example.description}`;
      continue;
    }
    let last: string | null = null;
    const replay = await fc.check(
      fc.asyncProperty(arbitrary, async (request) => {
        const { built, outcome, failures } = await exchange(request);
        const same = failures.length > 0 && keyOf(request, outcome, failures) === key;
        if (same) last = describeRequest(request, built);
        return !same;
      }),
      { seed, path: String(group.example.index), numRuns: 1, interruptAfterTimeLimit: Math.min(left, 20_000) },
    );
    group.shrunk =
      replay.failed && last
        ? `shrunk in ${replay.numShrinks} steps${replay.interrupted ? " (interrupted)" : ""}; seed ${seed}, path ${replay.counterexamplePath ?? group.example.index}\n${last}`
        : `did not fail again on replay (state changed); seed ${seed}, path ${group.example.index}\n${group.example.description}`;
  }
  const answered = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(" ");
  timings.push(
    `${label}: ${index + 1} requests in ${(fuzzMs / 1000).toFixed(1)} s (${(fuzzMs / Math.max(1, index + 1)).toFixed(0)} ms each), shrinking ${((Date.now() - shrinkStarted) / 1000).toFixed(1)} s; answers ${answered}`,
  );
  return [...mine].map((key) => report(groups.get(key)!));
}

const timings: string[] = [];
const list = (values: Set<string | number>, max = 8) =>
  [...values].slice(0, max).join(", ") + (values.size > max ? `, … (${values.size})` : "");

function report(group: Group) {
  return [
    `• ${group.key}`,
    `  ${group.count} requests; status ${list(group.statuses)}; ${list(group.methods)}; roles ${list(group.roles)}; bodies ${list(group.bodies)}`,
    `  routes: ${list(group.routes, 12)}`,
    `  example, ${indent(group.shrunk ?? group.example.description).trimStart()}`,
  ].join("\n");
}

const indent = (text: string) =>
  text
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");

beforeAll(async () => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    // Without the request id that starts each line, so that failures alike share one key.
    const line = args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg))).join(" ");
    logged.push(line.replace(/^\[[\w-]+\] /, ""));
  });
  await seedSenderCatalog(db, (catalog.senders as CatalogSender[]).slice(0, 4));
  const user = await signedUpUser("fuzz");
  await signedInStaff("admin");
  const recipientAdded = await user.browser.post("/recipients/add", { ...ADDRESS, fullName: "Grace Hopper" });
  const requestAdded = await user.browser.post("/requests/add", { senderName: "Fuzz Catalogs Inc" });
  if (recipientAdded.status !== 303 || requestAdded.status !== 303)
    throw new Error(`setup: ${recipientAdded.status} ${requestAdded.status}`);
  await settleJobs();
  const [recipient] = await db.select({ id: recipients.id }).from(recipients).where(eq(recipients.userId, user.userId));
  const [request] = await db.select({ id: requests.id }).from(requests).where(eq(requests.userId, user.userId));
  const [job] = await db.select({ id: jobs.id }).from(jobs).limit(1);
  const [row] = await db.select({ stripeCustomerId: users.stripeCustomerId }).from(users).where(eq(users.id, user.userId));
  ids = {
    userId: user.userId,
    email: user.email,
    recipientId: recipient!.id,
    requestId: request!.id,
    templateId: (catalog.senders as CatalogSender[])[0]!.id,
    testimonialId: await createTestimonial(db, { id: "local-admin", role: "admin" }, FUZZ_TESTIMONIAL),
    jobId: job?.id ?? "no-job",
    resetToken: await createPasswordResetToken(db, user.userId),
    unsubscribeToken: await signToken(env.SESSION_SECRET, "reminders-unsubscribe", user.userId),
    stripeCustomerId: row?.stripeCustomerId ?? "cus_none",
  };
}, 60_000);

afterAll(() => {
  vi.restoreAllMocks();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (groups.size) console.log(`fuzz: ${groups.size} distinct failures\n\n${[...groups.values()].map(report).join("\n\n")}`);
  console.log(
    `fuzz: ${generated} generated requests (${RUNS} per role, seed ${SEED}), ${sent} sent with the replays of shrinking, in ${seconds} s; ${groups.size} distinct failures\n  ${timings.join("\n  ")}`,
  );
  const rows = [...tally]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, { tried, failed }]) => `| ${category} | ${tried} | ${failed} |`);
  console.log(["fuzz, by category (tried / failed):", "| category | tried | failed |", "|---|---|---|", ...rows].join("\n"));
});

describe("every form action and endpoint, fuzzed", () => {
  // The harness itself: a valid request built by it goes through, and its change is seen.
  it("sends a valid form as a browser would, and sees what it changed", async () => {
    const valid: FuzzRequest = {
      target: TARGETS.findIndex((target) => target.name === "/recipients/add"),
      role: "user",
      method: "POST",
      body: "multipart",
      edits: [],
      extra: [],
      startValid: true,
      param: "id",
      query: [],
      cookie: "none",
      origin: "sameOrigin",
      forwardedHost: null,
      clientIp: null,
      accept: null,
      bot: false,
      stripe: null,
    };
    const { outcome, failures } = await exchange(valid);
    expect(outcome.status).toBe(303);
    expect(outcome.changed).toContain("recipients");
    expect(failures).toEqual([]);
    const refused = await exchange({ ...valid, edits: [[0, null]] });
    expect(refused.outcome.status).toBe(400);
    expect(refused.outcome.changed).toEqual([]);
  });

  // Each case has its own seed (derived from the fixed one), so the roles do not send the same requests.
  const cases: [string, Role, () => fc.Arbitrary<FuzzRequest>, number, number][] = [
    ["as a visitor", "visitor", () => requestArb("visitor"), RUNS, SEED],
    ["as a signed-in user", "user", () => requestArb("user"), RUNS, SEED + 1],
    ["as the admin", "staff", () => requestArb("staff"), RUNS, SEED + 2],
    ["the Stripe webhook, signed and not", "visitor", () => requestArb("visitor", { webhookOnly: true }), Math.ceil(RUNS / 3), SEED + 3],
  ];
  it.each(cases)(
    "%s: no 5xx, no stack trace, no change on an error",
    async (label, _role, arbitrary, runs, seed) => {
      const reports = await fuzz(label, runs, arbitrary(), seed);
      expect(reports, `${reports.length} distinct failures:\n\n${reports.join("\n\n")}`).toEqual([]);
    },
    900_000,
  );
});
