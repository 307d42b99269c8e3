import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { requestLogs, staffAudit, users } from "../../drizzle/schema";
import { deleteAccount } from "~/models/account.server";
import { getStaffOverview } from "~/models/staff-overview.server";
import { getDb } from "~/utils/db.server";

const db = getDb(env.DB);

// The overview's "Sent with no staff touch, by week" reads weekly totals kept as the rows change
// (decision 0032). Whatever happens to the sending lines and the staff's releases, they must equal
// what counting request_logs says: the query the overview ran at every view before.

const DAY_MS = 86_400_000;
/** A Wednesday far from the dates other tests write, so that only this file's lines fall in its weeks. */
const NOW = new Date("2031-03-12T15:00:00Z");
const WEEKS = 8;
const NINETY_DAYS_MS = 90 * DAY_MS;

/** The weekly figures counted from request_logs and the audit, as the overview once did at every view. */
async function countedFromTheLog(now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  const since = monday - (WEEKS - 1) * 7 * DAY_MS;
  const { results } = await env.DB.prepare(
    `with "released" as (
      select "request"."value" as "key" from "staff_audit" "audit", json_each("audit"."details", '$.requests') "request"
      where "audit"."createdAt" >= ?1 and "audit"."action" = 'requests.sentOnNewChannel'
    )
    select date("createdAt" / 1000, 'unixepoch', '-6 days', 'weekday 1') as "week", count(*) as "sent",
      sum("creator" = 'system' and ("userId" || ':' || "requestId") not in (select "key" from "released")) as "alone"
    from "request_logs"
    where "createdAt" >= ?2 and "status" in ('emailed', 'mailed', 'filed')
    group by "week" order by "week" desc`,
  )
    .bind(since - NINETY_DAYS_MS, since)
    .all<{ week: string; sent: number; alone: number }>();
  return results;
}

async function shown(now = NOW) {
  return (await getStaffOverview([db], now)).sentAlone;
}

async function aUser(label: string) {
  const id = `weeks-${label}-${crypto.randomUUID().slice(0, 8)}`;
  await db.insert(users).values({
    id,
    email: `${id}@quietmailbox.test`,
    passwordHash: "x",
    fullName: "Week Person",
    street1: "1 Main St",
    city: "Springfield",
    state: "IL",
    zipCode: "62701",
  });
  return id;
}

/** A moment `days` before NOW. */
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

type Creator = "system" | "staff" | "user";
const line = (userId: string, requestId: string, creator: Creator, status: string, createdAt: Date) => ({
  userId,
  requestId,
  creator,
  status,
  detail: null,
  createdAt,
});

/** Staff add a sender's channel and its waiting requests go out (decision 0054): the audit names them. */
const released = (requests: string[], createdAt: Date) =>
  db.insert(staffAudit).values({
    actorId: "local-admin",
    actorRole: "admin",
    action: "requests.sentOnNewChannel",
    targetType: "template",
    targetId: "weeks-sender",
    details: { sender: "Weeks Co", channel: "email", sent: requests.length, requests },
    createdAt,
  });

describe("the overview's weeks sent with no staff touch", () => {
  it("equal what counting request_logs says, through sendings, releases, sends at the same moment, moves and account deletion", async () => {
    const ada = await aUser("ada");
    const bea = await aUser("bea");

    await db.insert(requestLogs).values([
      // Before the eight weeks shown: never counted.
      line(ada, "old", "system", "emailed", daysAgo(70)),
      // Six weeks back: one went alone, one staff sent, one staff filed; the request itself is not a sending.
      line(ada, "alone-1", "system", "emailed", daysAgo(40)),
      line(ada, "staff-1", "staff", "mailed", daysAgo(40)),
      line(ada, "filed-1", "staff", "filed", daysAgo(39)),
      line(ada, "alone-1", "user", "unsubscribe", daysAgo(41)),
      // Four weeks back: a letter Lob mailed by itself.
      line(ada, "later-released", "system", "mailed", daysAgo(27)),
      line(bea, "bea-alone", "system", "emailed", daysAgo(27)),
    ]);
    // Staff released a request, and the system sent it: a touch.
    await released([`${ada}:released-first`, `${bea}:bea-released`], daysAgo(20));
    await db
      .insert(requestLogs)
      .values([line(ada, "released-first", "system", "emailed", daysAgo(20)), line(bea, "bea-released", "system", "mailed", daysAgo(19))]);
    // A release written after the request's sending counts as a touch too, as it did when counted from the log.
    await released([`${ada}:later-released`], daysAgo(13));
    // Two sendings at the same moment, each in its own statement: both count.
    const sameMoment = daysAgo(9);
    await Promise.all([
      db.insert(requestLogs).values(line(ada, "same-1", "system", "emailed", sameMoment)),
      db.insert(requestLogs).values(line(bea, "same-2", "system", "emailed", sameMoment)),
      db.insert(requestLogs).values(line(ada, "same-3", "staff", "mailed", sameMoment)),
    ]);
    // This week.
    await db
      .insert(requestLogs)
      .values([line(ada, "this-week", "system", "filed", daysAgo(1)), line(bea, "bea-now", "staff", "emailed", daysAgo(1))]);

    const counted = await countedFromTheLog(NOW);
    expect(counted.map(({ sent, alone }) => ({ sent, alone }))).toEqual([
      { sent: 2, alone: 1 },
      { sent: 3, alone: 2 },
      { sent: 2, alone: 0 },
      { sent: 2, alone: 1 },
      { sent: 3, alone: 1 },
    ]);
    expect(await shown()).toEqual(counted);
    // A week later, the oldest week leaves the eight shown.
    expect(await shown(new Date(NOW.getTime() + 14 * DAY_MS))).toEqual(await countedFromTheLog(new Date(NOW.getTime() + 14 * DAY_MS)));

    // A line moved to another week (the tests of other pages do so) moves with its figures.
    await db
      .update(requestLogs)
      .set({ createdAt: daysAgo(33) })
      .where(eq(requestLogs.requestId, "same-1"));
    expect(await shown()).toEqual(await countedFromTheLog(NOW));

    // A deleted account takes its lines with it, released or not.
    await deleteAccount(db, bea, NOW);
    expect(await shown()).toEqual(await countedFromTheLog(NOW));
    const left = await env.DB.prepare("select count(*) as n from staff_released_requests where userId = ?")
      .bind(bea)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("are filled by the migration from the lines and releases already there", async () => {
    const ada = await aUser("backfill");
    await released([`${ada}:touched`], daysAgo(16));
    await db
      .insert(requestLogs)
      .values([
        line(ada, "alone", "system", "emailed", daysAgo(16)),
        line(ada, "touched", "system", "mailed", daysAgo(16)),
        line(ada, "staff", "staff", "filed", daysAgo(2)),
      ]);
    const before = await countedFromTheLog(NOW);
    expect(before.length).toBeGreaterThan(0);

    const migration = (await import("../../migrations/0034_sent_alone_by_week.sql?raw")).default;
    const backfill = migration
      .split("--> statement-breakpoint")
      .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
      .filter((statement) => /^INSERT\b/i.test(statement));
    expect(backfill.length).toBe(2);
    await env.DB.batch([
      env.DB.prepare("delete from staff_sent_weeks"),
      env.DB.prepare("delete from staff_released_requests"),
      ...backfill.map((statement) => env.DB.prepare(statement)),
    ]);
    expect(await shown()).toEqual(before);
  });
});
