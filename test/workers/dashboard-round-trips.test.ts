// What GET /dashboard costs in round trips to D1 and KV, whatever the number of requests: one KV
// read (the session), then the signed-in user, then one D1 batch for everything the page shows
// (decision 0014). Counted on the built Worker with bindings that record every call; work left to
// ctx.waitUntil after the response (the visit analytics) is counted apart.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../app/worker";
import catalog from "../../drizzle/senders.json";
import { eq } from "drizzle-orm";
import { mailboxAddresses } from "../../drizzle/schema";
import type { CatalogSender } from "~/domain/sender-catalog";
import { seedSenderCatalog } from "~/models/request-template.server";
import { getDb } from "~/utils/db.server";
import { uniqueEmail } from "./stand-ins";
import { sessionCookieFor } from "./support";
import { recordedVisit, userWithRequests } from "../support/round-trips";

const db = getDb(env.DB);

/** GET `path` as a signed-in browser that accepted analytics, on recording bindings. */
async function roundTripsOf(userId: string, path: string) {
  const cookie = `${await sessionCookieFor(userId)}; tracking_consent=yes`;
  const request = new Request(`https://example.test${path}`, { headers: { Host: "example.test", Cookie: cookie } });
  return recordedVisit(worker, env, request);
}

const users = new Map<number, string>();

beforeAll(async () => {
  await seedSenderCatalog(db, catalog.senders as CatalogSender[]);
  for (const total of [20, 200]) users.set(total, await userWithRequests(db, uniqueEmail(`round-trips-${total}`), total));
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
