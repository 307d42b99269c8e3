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
import { countingD1, countingKV, Recorder } from "../support/round-trips";

const db = getDb(env.DB);

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
