// What GET /dashboard costs in round trips to D1 and KV, whatever the number of requests: one KV
// read (the session), then the signed-in user, then one D1 batch for everything the page shows
// (decision 0014). Counted on the built Worker with bindings that record every call; work left to
// ctx.waitUntil after the response (the visit analytics) is counted apart.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import type { BatchItem } from "drizzle-orm/batch";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../app/worker";
import catalog from "../../drizzle/senders.json";
import { eq } from "drizzle-orm";
import { mailboxAddresses, requests } from "../../drizzle/schema";
import type { CatalogSender } from "~/domain/sender-catalog";
import { seedSenderCatalog } from "~/models/request-template.server";
import { createUserWithPresets } from "~/models/user.server";
import { chunkedInserts, getDb } from "~/utils/db.server";
import { uniqueEmail } from "./stand-ins";
import { sessionCookieFor } from "./support";

const db = getDb(env.DB);

type RoundTrip = { binding: "D1" | "KV"; call: string; afterResponse: boolean };

class Recorder {
  roundTrips: RoundTrip[] = [];
  afterResponse = false;
  record(binding: RoundTrip["binding"], call: string) {
    this.roundTrips.push({ binding, call, afterResponse: this.afterResponse });
  }
  during(binding: RoundTrip["binding"]) {
    return this.roundTrips.filter((trip) => trip.binding === binding && !trip.afterResponse).map((trip) => trip.call);
  }
}

/** D1 with every call that reaches the database recorded: a batch, or one statement's first/all/run/raw. */
function countingD1(real: D1Database, recorder: Recorder): D1Database {
  const realStatements = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const reach = <T>(method: string, call: () => T) => {
      recorder.record("D1", `${method}: ${sql.slice(0, 80)}`);
      return call();
    };
    const wrapped = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values), sql),
      first: (column?: string) => reach("first", () => (column === undefined ? statement.first() : statement.first(column))),
      all: () => reach("all", () => statement.all()),
      run: () => reach("run", () => statement.run()),
      raw: (options?: { columnNames?: boolean }) => reach("raw", () => statement.raw(options as { columnNames: true })),
    };
    realStatements.set(wrapped, statement);
    return wrapped as unknown as D1PreparedStatement;
  };
  return new Proxy(real, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      if (property === "batch")
        return (statements: D1PreparedStatement[]) => {
          recorder.record("D1", `batch of ${statements.length}`);
          return target.batch(statements.map((statement) => realStatements.get(statement) ?? statement));
        };
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        recorder.record("D1", String(property));
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

function countingKV(real: KVNamespace, recorder: Recorder): KVNamespace {
  return new Proxy(real, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        recorder.record("KV", String(property));
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** A user as signup makes them (a preset for every active sender), plus custom requests up to `total`. */
async function userWithRequests(label: string, total: number) {
  const { id } = await createUserWithPresets(db, {
    email: uniqueEmail(label),
    passwordHash: "not-used",
    fullName: "Ada Lovelace",
    street1: "12 MAIN ST",
    street2: null,
    city: "SPRINGFIELD",
    state: "IL",
    zipCode: "62701",
    newsletter: false,
  });
  const presets = await env.DB.prepare("SELECT count(*) AS n FROM requests WHERE userId = ?").bind(id).first<number>("n");
  const now = Date.now();
  const customs = Array.from({ length: total - (presets ?? 0) }, (_, index) => ({
    userId: id,
    id: `custom-${index}`,
    senderName: `Local Sender ${index}`,
    title: `Local Sender ${index}`,
    fullName: "Ada Lovelace",
    type: "custom" as const,
    status: "inQueue" as const,
    requiredDays: 56,
    street1: "12 MAIN ST",
    city: "SPRINGFIELD",
    state: "IL",
    zipCode: "62701",
    queuedAt: new Date(now - index * 60_000),
    createdAt: new Date(now - index * 60_000),
    updatedAt: new Date(now - index * 60_000),
  }));
  const inserts: BatchItem<"sqlite">[] = chunkedInserts(db, requests, customs);
  await db.batch(inserts as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return id;
}

/** GET `path` as a signed-in browser that accepted analytics, on recording bindings. */
async function roundTripsOf(userId: string, path: string) {
  const recorder = new Recorder();
  const recordingEnv = { ...env, DB: countingD1(env.DB, recorder), SESSIONS: countingKV(env.SESSIONS, recorder) };
  const ctx = createExecutionContext();
  const cookie = `${await sessionCookieFor(userId)}; tracking_consent=yes`;
  const request = new Request(`https://example.test${path}`, { headers: { Host: "example.test", Cookie: cookie } });
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, recordingEnv, ctx);
  const html = await response.text();
  recorder.afterResponse = true;
  await waitOnExecutionContext(ctx);
  return { status: response.status, cards: (html.match(/<li id="request-/g) ?? []).length, html, recorder };
}

const users = new Map<number, string>();

beforeAll(async () => {
  await seedSenderCatalog(db, catalog.senders as CatalogSender[]);
  for (const total of [20, 200]) users.set(total, await userWithRequests(`round-trips-${total}`, total));
  // The first request of an isolate pays for module setup; this visit is also the 20's first.
  await roundTripsOf(users.get(20)!, "/dashboard");
});

const tokenOf = async (userId: string) =>
  (await db.select({ token: mailboxAddresses.token }).from(mailboxAddresses).where(eq(mailboxAddresses.userId, userId)))[0]?.token;

describe("GET /dashboard", () => {
  for (const [total, path, visit] of [
    [20, "/dashboard", "a returning visit"],
    [200, "/dashboard", "the first visit, which makes the mailbox address"],
    [200, "/dashboard?request=custom-0", "a returning visit with a request open"],
  ] as const) {
    it(`reads the session once and D1 twice, with ${total} requests: ${visit}`, async () => {
      const userId = users.get(total)!;
      const { status, cards, html, recorder } = await roundTripsOf(userId, path);
      expect(status).toBe(200);
      expect(cards, "every request has its card").toBe(total);
      expect(html, "the mailbox address is on the page").toContain((await tokenOf(userId))!);
      expect(recorder.during("KV")).toEqual(["get"]);
      expect(recorder.during("D1"), "the signed-in user, then one batch for the page").toEqual([
        expect.stringMatching(/^raw: select "id", "email"/),
        expect.stringMatching(/^batch of \d+$/),
      ]);
    });
  }
});
