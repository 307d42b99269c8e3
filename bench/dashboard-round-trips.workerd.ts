// Run by bench/dashboard.ts through bench/vitest.dashboard.config.ts (not part of `npm test`):
// counts the KV and D1 round trips of GET /dashboard, and of the staff pages as the local admin,
// inside workerd, for real.
//
// The built Worker (app/worker.ts, the module wrangler deploys) gets the test's own bindings
// wrapped in counting proxies: every D1 call that reaches the database (`batch`, `exec`, and
// `first`/`all`/`run`/`raw` of a prepared statement) and every KV call (`get`, `put`, ...) is one
// round trip. Calls made while the response is produced are told apart from work the Worker
// leaves to ctx.waitUntil after it (the batched visit analytics). Figures go back to the bench in
// the test's task meta (the JSON reporter keeps it); nothing here asserts a budget.
import { applyD1Migrations, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import worker from "../app/worker";
import catalog from "../drizzle/senders.json";
import { recipients, users as usersTable } from "../drizzle/schema";
import type { CatalogSender } from "~/domain/sender-catalog";
import { seedSenderCatalog } from "~/models/request-template.server";
import { getDb } from "~/utils/db.server";
import { recordedVisit, userWithRequests, type RoundTrip } from "../test/support/round-trips";
import { sessionCookieFor } from "../test/workers/support";
import { BROWSER_HEADERS } from "./load";

export type DashboardRoundTrips = {
  label: string;
  path: string;
  requests: number;
  status: number;
  cards: number;
  roundTrips: RoundTrip[];
};

declare module "vitest" {
  interface TaskMeta {
    dashboardRoundTrips?: DashboardRoundTrips;
  }
}

const db = getDb(env.DB);

/** GET `path` as a signed-in browser that accepted analytics, on counting bindings. */
async function measure(label: string, userId: string, total: number, path: string): Promise<DashboardRoundTrips & { html: string }> {
  const cookie = `${await sessionCookieFor(userId)}; tracking_consent=yes`;
  const request = new Request(`https://example.test${path}`, { headers: { ...BROWSER_HEADERS, Cookie: cookie } });
  const { status, cards, html, recorder } = await recordedVisit(worker, env, request);
  return { label, path, requests: total, status, cards, roundTrips: recorder.roundTrips, html };
}

/** A user with `total` requests and one person on the account besides them. */
async function benchUser(label: string, total: number) {
  const id = await userWithRequests(db, `${label}@bench.quietmailbox.local`, total);
  await db
    .insert(recipients)
    .values({ userId: id, fullName: "Housemate", street1: "12 MAIN ST", city: "SPRINGFIELD", state: "IL", zipCode: "62701" });
  return id;
}

const users = new Map<number, string>();

beforeAll(async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  await seedSenderCatalog(db, catalog.senders as CatalogSender[]);
  for (const total of [20, 200]) users.set(total, await benchUser(`bench-${total}`, total));
  // The first request of an isolate pays for module setup; keep it out of the figures.
  await measure("warm-up", users.get(20)!, 20, "/dashboard");
});

for (const [total, open] of [
  [20, false],
  [200, false],
  [200, true],
] as const) {
  const path = open ? "/dashboard?request=custom-0" : "/dashboard";
  it(`GET ${path} with ${total} requests`, async ({ task }) => {
    const { html: _, ...result } = await measure(`${total} requests${open ? ", one open" : ""}`, users.get(total)!, total, path);
    task.meta.dashboardRoundTrips = result;
    // Not a budget: a page that did not render would make the counts meaningless.
    expect(result.status).toBe(200);
  });
}

// The staff pages, as the local admin (wrangler.toml's ADMIN_USER_IDS), over the users above.
const ADMIN_ID = "local-admin";
const STAFF_PAGES = [
  ["overview", "/admin"],
  ["work queue", "/admin/queue"],
  ["print batch", "print"],
  ["users list", "/admin/users"],
  ["users search", "/admin/users?q=bench-2"],
  ["jobs", "/admin/jobs"],
  ["audit trail", "/admin/audit"],
] as const;

for (const [label, page] of STAFF_PAGES) {
  it(`GET ${page} as the admin`, async ({ task }) => {
    const [admin] = await db.select({ id: usersTable.id }).from(usersTable).where(eq(usersTable.id, ADMIN_ID));
    if (!admin)
      await db.insert(usersTable).values({
        id: ADMIN_ID,
        email: "admin@bench.quietmailbox.local",
        passwordHash: "not-used-the-session-is-made-directly",
        fullName: "Local Admin",
        street1: "1 MAIN ST",
        city: "SPRINGFIELD",
        state: "IL",
        zipCode: "62701",
      });
    let path: string = page;
    if (page === "print") {
      const queue = await measure("queue", ADMIN_ID, 0, "/admin/queue");
      const group = queue.html.match(/href="\/admin\/queue\/print\?group=([^"]+)"/)?.[1];
      path = `/admin/queue/print?group=${group ?? "none"}`.replaceAll("&amp;", "&");
    }
    const { html: _, ...result } = await measure(`staff: ${label}`, ADMIN_ID, 0, path);
    task.meta.dashboardRoundTrips = result;
    expect(result.status).toBe(200);
  });
}
