import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getAccountSettings, saveNameAndAddress } from "~/models/account.server";
import { listAudit } from "~/models/audit.server";
import { getJobsOverview, listRecentJobs } from "~/models/job.server";
import { getDashboard } from "~/models/dashboard-read.server";
import { getAddRequestOptions } from "~/models/request.server";
import { getStaffOverview } from "~/models/staff-overview.server";
import { searchUsers } from "~/models/staff-users.server";
import { getSessionUser } from "~/models/user.server";
import { lettersFor, listWorkQueue } from "~/models/work-queue.server";
import { requestsDueForFollowUp } from "~/models/follow-up.server";
import { senderOutcomesPage } from "~/models/sender-outcome.server";
import { claimDueReminders } from "~/models/reminder.server";
import { listReturnAddressConfirmations, listSendersGivenReturnAddressSince } from "~/models/learned-channels.server";
import { getDb } from "~/utils/db.server";
import { signedUpUser } from "./http";

// The queries the staff pages and the dashboard really send (recorded from the model functions
// through a D1 binding that notes every prepared statement), each checked with EXPLAIN QUERY PLAN:
// a page whose cost grows with the whole table fails here, before it is slow in production.

type Recorded = { sql: string; params: unknown[] };

/** The D1 binding, noting the SQL and the bound values of every statement prepared through it. */
function recordingD1(d1: D1Database, seen: Recorded[]): D1Database {
  return new Proxy(d1, {
    get(target, property) {
      if (property === "prepare")
        return (sql: string) => {
          const entry: Recorded = { sql, params: [] };
          seen.push(entry);
          const statement = target.prepare(sql);
          return new Proxy(statement, {
            get(inner, name) {
              if (name === "bind")
                return (...values: unknown[]) => {
                  entry.params = values;
                  return inner.bind(...values);
                };
              const value = Reflect.get(inner, name) as unknown;
              return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(inner) : value;
            },
          });
        };
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function queriesOf(run: (db: ReturnType<typeof getDb>) => Promise<unknown>, kinds = /^\s*(with|select)\b/i) {
  const seen: Recorded[] = [];
  await run(getDb(recordingD1(env.DB, seen)));
  // A batch prepares its statements once more when it runs them: each query is checked once.
  const unique = new Map(seen.filter((query) => kinds.test(query.sql)).map((query) => [query.sql, query]));
  return [...unique.values()];
}

type PlanRow = { id: number; parent: number; detail: string };

async function planOf(query: Recorded) {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
    .bind(...query.params)
    .all<PlanRow>();
  return results;
}

const TABLES = new Set<string>();
/** Tables small by construction: a handful of rows per key of the overview, whatever the number of users. */
const SMALL_TABLES = new Set(["staff_counts"]);

/**
 * What in a plan makes a query grow with a table: a SCAN of a table (or of all of one of its
 * indexes), unless it is a bounded walk: the query has no WHERE, ends with LIMIT, and nothing in
 * the plan sorts (no temporary B-tree), so rows come in index or rowid order and reading stops at
 * the limit. A walk that filters as it goes is not bounded (a rare value may be at the far end),
 * nor is one that feeds a sort. A temporary B-tree after SEARCHes alone only sorts the rows that
 * the keys found.
 */
export function unboundedSteps(sql: string, plan: PlanRow[]): string[] {
  const text = sql.trim();
  const bounded = /\blimit\s+(\?|\d+)\s*$/i.test(text) && !/\bwhere\b/i.test(text);
  const sorts = plan.filter((row) => row.detail.startsWith("USE TEMP B-TREE"));
  const scans = plan.filter((row) => {
    const match = row.detail.match(/^SCAN (\w+)/);
    return match !== null && TABLES.has(match[1]!);
  });
  if (scans.length === 0 || (bounded && sorts.length === 0)) return [];
  return [...scans, ...sorts].map((row) => row.detail);
}

const NOW = new Date();
/** A print batch names the requests of many users: a batch's 45 keys (the most one query binds). */
const OTHER_USERS = Array.from({ length: 44 }, (_, index) => `other-user-${index}`);
const NEW_ADDRESS = {
  fullName: "Plan Person",
  street1: "2 Oak St",
  street2: null,
  city: "Springfield",
  state: "IL",
  zipCode: "62701",
  addressCheck: null,
};

describe("query plans of the staff pages and the dashboard", async () => {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  ).all<{ name: string }>();
  for (const { name } of results) if (!SMALL_TABLES.has(name)) TABLES.add(name);

  const pages: Array<[string, (db: ReturnType<typeof getDb>, user: { userId: string }) => Promise<unknown>]> = [
    ["the signed-in user", (db, user) => getSessionUser(db, user.userId)],
    ["the dashboard", (db, user) => getDashboard(db, user.userId, null, NOW)],
    ["the overview", (db) => getStaffOverview([db], NOW)],
    ["the work queue", (db) => listWorkQueue(db)],
    ["the print batch", (db, user) => lettersFor(db, [{ userId: user.userId, requestId: "some-request" }], { unsentOnly: true, now: NOW })],
    ["the daily follow-up walk", (db) => requestsDueForFollowUp(db, NOW, 500)],
    ["a sender's return addresses to learn from", (db) => listReturnAddressConfirmations(db, "some-sender")],
    ["the senders given a return address lately", (db) => listSendersGivenReturnAddressSince(db, NOW, 500)],
    ["the users list", (db) => searchUsers(db, "")],
    ["the users search by email", (db) => searchUsers(db, "Someone@Exa")],
    ["the jobs page", (db) => getJobsOverview(db)],
    ["the jobs page, filtered", (db) => Promise.all([getJobsOverview(db, { state: "dead" }), getJobsOverview(db, { type: "ping" })])],
    [
      "the audit trail",
      (db) =>
        Promise.all([
          listAudit(db),
          listAudit(db, { before: 100 }),
          listAudit(db, { actorId: "someone" }),
          listAudit(db, { action: "user.updated" }),
          listAudit(db, { targetType: "user", targetId: "someone" }),
        ]),
    ],
  ];

  it.each(pages)("%s reads by key or by a bounded walk, never a whole table", async (_, page) => {
    const user = await signedUpUser(`plans-${crypto.randomUUID().slice(0, 8)}`);
    const queries = await queriesOf((db) => page(db, user));
    expect(queries.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const query of queries) {
      const steps = unboundedSteps(query.sql, await planOf(query));
      if (steps.length > 0) problems.push(`${steps.join("; ")}\n  in: ${query.sql}`);
    }
    expect(problems).toEqual([]);
  });

  // A signed-in user's pages and changes, and the letters of named requests: each reads and writes
  // those users' rows only, so every step on a table of all users' rows goes by the user's key. Another index (one that starts with
  // the status, say) walks every user's rows in that state: the account page took 2 s at 100,000 users.
  const ownPages: Array<[string, (db: ReturnType<typeof getDb>, userId: string) => Promise<unknown>]> = [
    ["the dashboard", (db, userId) => getDashboard(db, userId, null, NOW)],
    ["the dashboard with a request open", (db, userId) => getDashboard(db, userId, "acxiom", NOW)],
    ["the account page", (db, userId) => getAccountSettings(db, userId, NOW)],
    ["the add-a-request page", (db, userId) => getAddRequestOptions(db, userId)],
    ["a correction of the address", (db, userId) => saveNameAndAddress(db, userId, NEW_ADDRESS, { moved: false }, NOW)],
    ["a move", (db, userId) => saveNameAndAddress(db, userId, NEW_ADDRESS, { moved: true }, NOW)],
    [
      "the letters of a print batch",
      (db, userId) =>
        lettersFor(
          db,
          [userId, ...OTHER_USERS].map((id) => ({ userId: id, requestId: "acxiom" })),
          { unsentOnly: true, now: NOW },
        ),
    ],
  ];
  const USER_TABLES = /^(SEARCH|SCAN) (requests|request_logs|recipients|earlier_addresses|email_changes|mail_photos|mail_arrivals|jobs)\b/;

  it.each(ownPages)("%s reads and writes the user's rows by the user's key", async (_, page) => {
    const user = await signedUpUser(`own-${crypto.randomUUID().slice(0, 8)}`);
    const queries = await queriesOf((db) => page(db, user.userId), /^\s*(with|select|update|delete)\b/i);
    expect(queries.length).toBeGreaterThan(0);
    const steps = (await Promise.all(queries.map(planOf))).flat().map((row) => row.detail);
    const others = steps.filter((step) => USER_TABLES.test(step) && !/\(userId=\?/.test(step));
    expect(others).toEqual([]);
  });

  it("reads the pieces seen in a user's mail from the user's own tally and rows, whatever others received", async () => {
    const user = await signedUpUser(`seen-${crypto.randomUUID().slice(0, 8)}`);
    const queries = await queriesOf((db) => getDashboard(db, user.userId, "acxiom", NOW));
    const planned = async (table: string) => {
      const details = (await Promise.all(queries.filter((query) => query.sql.includes(`"${table}"`)).map(planOf))).flat();
      return details.map((row) => row.detail).filter((detail) => new RegExp(` ${table}\\b`).test(detail));
    };
    // The tally (decisions 0084, 0085): the dashboard's row, the catalog senders it names, and
    // whether the digests showed each request's sender before its sending.
    expect(await planned("mail_tallies")).toEqual(
      Array(3).fill("SEARCH mail_tallies USING INDEX sqlite_autoindex_mail_tallies_1 (userId=?)"),
    );
    // The pieces that could not be verified, waiting on their cards (decision 0064).
    expect(await planned("mail_arrivals")).toEqual([
      expect.stringMatching(/^SEARCH mail_arrivals USING INDEX mail_arrivals_(entry|user_created)_idx \(userId=\?\)$/),
    ]);
  });

  it("finds the work queue's premium requests, and its emails and letters on their way, by their own indexes", async () => {
    const queries = await queriesOf((db) => listWorkQueue(db));
    const details = (await Promise.all(queries.map(planOf))).flat().map((row) => row.detail);
    expect(details).toContain("SEARCH requests USING INDEX requests_premium_queue_idx (ownerPremium=? AND status=? AND processedAt=?)");
    expect(details).toContain("SEARCH jobs USING INDEX jobs_pending_email_idx (<expr>=? AND userId=?)");
    expect(details).toContain("SEARCH jobs USING INDEX jobs_pending_letter_idx (<expr>=? AND userId=?)");
  });

  it("walks the requests still coming by their own index, however many requests there are", async () => {
    const queries = await queriesOf((db) => requestsDueForFollowUp(db, NOW, 500));
    const details = (await Promise.all(queries.map(planOf))).flat().map((row) => row.detail);
    expect(details).toEqual([expect.stringMatching(/^SEARCH requests USING INDEX requests_still_coming_idx \(stillComingAt[<>]/)]);
  });

  it("walks the senders' outcomes a page at a time in key order, each page from where the last ended, sorting nothing", async () => {
    const pages = await queriesOf(async (db) => {
      await senderOutcomesPage(db, NOW, null);
      await senderOutcomesPage(db, NOW, { userId: "some-user", id: "some-request" });
    });
    const [first, later] = await Promise.all(pages.map(planOf));
    const requestSteps = (plan: PlanRow[]) =>
      plan.map((row) => row.detail).filter((detail) => /^(SCAN|SEARCH) requests\b|TEMP B-TREE/.test(detail));
    // Through the status index, every page would read and sort all such requests (decision 0086).
    expect(requestSteps(first!)).toEqual(["SCAN requests USING INDEX sqlite_autoindex_requests_1"]);
    expect(requestSteps(later!)).toEqual(["SEARCH requests USING INDEX sqlite_autoindex_requests_1 ((userId,id)>(?,?))"]);
  });

  it("claims first reminders from the sendings without one, and second ones after looking up each by its key", async () => {
    const [first, second] = await queriesOf((db) => claimDueReminders(db, NOW), /^\s*insert into "request_reminders"/i);
    // The first round walks only the sendings whose first reminder is not claimed yet (decision 0090).
    const firstRoundSteps = (await planOf(first!)).map((row) => row.detail).filter((detail) => /^(SCAN|SEARCH) requests\b/.test(detail));
    expect(firstRoundSteps).toEqual([
      "SEARCH requests USING INDEX requests_first_reminder_idx (status=? AND followUpStep=? AND processedAt>?)",
    ]);
    expect((await planOf(second!)).map((row) => row.detail)).toContain(
      "SEARCH claimed USING COVERING INDEX sqlite_autoindex_request_reminders_1 (userId=? AND requestId=? AND processedAt=? AND round=?)",
    );
    // The second round reads one week of first reminders by their own index, then each one's request by its key (decision 0088).
    const secondRoundSteps = (await planOf(second!))
      .map((row) => row.detail)
      .filter((detail) => /^(SCAN|SEARCH) (request_reminders|requests)\b/.test(detail));
    expect(secondRoundSteps).toEqual([
      "SEARCH request_reminders USING INDEX request_reminders_first_round_idx (createdAt>? AND createdAt<?)",
      "SEARCH requests USING INDEX sqlite_autoindex_requests_1 (userId=? AND id=?)",
    ]);
  });

  it("reads the overview's latest confirmations from two covering indexes, never the tables", async () => {
    const queries = await queriesOf((db) => getStaffOverview([db], NOW));
    const details = (await Promise.all(queries.map(planOf))).flat().map((row) => row.detail);
    expect(details).toContain("SEARCH r USING COVERING INDEX requests_confirmed_idx (status=?)");
    expect(details).toContain("SEARCH l USING COVERING INDEX request_logs_confirm_idx (userId=? AND requestId=? AND status=?)");
  });

  it("reads the overview's weeks sent with no staff touch from their running totals, never the log's sendings", async () => {
    const queries = await queriesOf((db) => getStaffOverview([db], NOW));
    const details = (await Promise.all(queries.map(planOf))).flat().map((row) => row.detail);
    // request_logs only for each of the latest confirmations, by its key; the audit not at all.
    expect(details.filter((detail) => /\b(request_logs|staff_audit)\b/.test(detail) || / l\b/.test(detail))).toEqual([
      "SEARCH l USING COVERING INDEX request_logs_confirm_idx (userId=? AND requestId=? AND status=?)",
    ]);
    expect(details).toContainEqual(
      expect.stringMatching(/^SEARCH staff_sent_weeks USING INDEX sqlite_autoindex_staff_sent_weeks_1 \(week>\?\)$/),
    );
  });

  it("fails a query once the index it relies on is gone", async () => {
    const [query] = await queriesOf((db) => listRecentJobs(db));
    expect(unboundedSteps(query!.sql, await planOf(query!))).toEqual([]);
    await env.DB.prepare("DROP INDEX jobs_updated_idx").run();
    try {
      expect(unboundedSteps(query!.sql, await planOf(query!))).toEqual(["SCAN jobs", "USE TEMP B-TREE FOR ORDER BY"]);
    } finally {
      await env.DB.prepare("CREATE INDEX `jobs_updated_idx` ON `jobs` (`updatedAt`)").run();
    }
  });
});
