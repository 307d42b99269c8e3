// The pieces folded (decision 0084): what a person sees of the pieces seen in their mail is read
// from their tally, so the pages stay the same once the piece rows are deleted; a piece is counted
// once however many folds run at the same moment; the pieces read before the fold are folded by the
// daily sweep.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOG_SENDERS } from "../../drizzle/catalog";
import { mailArrivals, mailTallies, requests } from "../../drizzle/schema";
import { DAY_MS, utcDay } from "~/domain/dates";
import { piecesPerDaySince } from "~/domain/mail-tally";
import { recordPiece, recordPieces, type PieceReading } from "~/models/mail-piece.server";
import { digestShowedSender, foldPiecesOf, tallyOfRow } from "~/models/mail-tally.server";
import { seedSenderCatalog } from "~/models/request-template.server";
import { sweepMailbox } from "~/services/mailbox-digest.server";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { signedUpUser, type Browser } from "./http";
import { digestPiece, insertUser, textOf } from "./support";

const db = getDb(env.DB);
beforeAll(() => seedSenderCatalog(db, CATALOG_SENDERS));

const daysAgo = (days: number) => utcDay(new Date(Date.now() - days * DAY_MS));
const piecesOf = (userId: string) => db.select({ id: mailArrivals.id }).from(mailArrivals).where(eq(mailArrivals.userId, userId));
const tallyRowOf = async (userId: string) => (await db.select().from(mailTallies).where(eq(mailTallies.userId, userId)))[0];
const tallyOf = async (userId: string) => tallyOfRow(await tallyRowOf(userId));

let entry = 0;
const reading = (userId: string, arrivedOn: string, fields: Partial<PieceReading>): PieceReading => ({
  ...digestPiece({ userId, entryId: `tally-${(entry += 1)}`, arrivedOn, templateId: "" }),
  templateId: null,
  ...fields,
});

/** Every page that shows the pieces: the dashboard with the request's card open, /progress, and what the export counted. */
async function pagesOf(browser: Browser) {
  const exported = (await (await browser.get("/account/export.json")).json()) as { mailCounted: unknown };
  return {
    dashboard: await (await browser.get("/dashboard?request=epsilon")).text(),
    progress: await (await browser.get("/progress")).text(),
    counted: exported.mailCounted,
  };
}

/** The user's lands-end pieces are counted `count` times in their tally, once a piece, and none is left unfolded. */
async function expectCountedOnce(userId: string, count: number) {
  const tally = await tallyOf(userId);
  expect(tally.s["lands-end"]?.n).toBe(count);
  expect(piecesPerDaySince(tally, "").reduce((sum, day) => sum + day.count, 0)).toBe(count);
  expect(
    await db
      .select()
      .from(mailArrivals)
      .where(and(eq(mailArrivals.userId, userId), eq(mailArrivals.folded, false))),
  ).toEqual([]);
}

describe("the pieces folded", () => {
  it("give the same dashboard, card, progress and counts once the piece rows are deleted", async () => {
    const { browser, userId } = await signedUpUser("tally-pages");
    expect((await browser.post("/dashboard", { intent: "unsubscribe", requestId: "epsilon" })).status).toBe(303);
    const sentAt = new Date(Date.now() - 40 * DAY_MS);
    await db
      .update(requests)
      .set({ processedAt: sentAt, queuedAt: sentAt })
      .where(and(eq(requests.userId, userId), eq(requests.id, "epsilon")));
    const now = new Date();
    for (const piece of [
      reading(userId, daysAgo(50), { templateId: "epsilon" }),
      reading(userId, daysAgo(20), { templateId: "epsilon" }),
      reading(userId, daysAgo(10), { templateId: "epsilon", source: "photo" }),
      reading(userId, daysAgo(3), { templateId: "epsilon", authenticated: false }),
      reading(userId, daysAgo(12), { templateId: "lands-end" }),
      reading(userId, daysAgo(5), { templateId: "lands-end" }),
      reading(userId, daysAgo(8), { senderName: "Quiet Garden Seeds" }),
      reading(userId, daysAgo(6), { residentMail: true }),
      reading(userId, daysAgo(4), {}),
    ]) {
      await recordPiece(db, piece, now);
    }
    const before = await pagesOf(browser);
    expect(textOf(before.dashboard)).toContain("Seen in your mail, 2 pieces, last on");
    expect(textOf(before.dashboard)).toContain("Also seen, not in our list yet: Quiet Garden Seeds");
    expect(textOf(before.dashboard)).toContain("3 pieces seen since your request");
    expect(textOf(before.dashboard)).toContain("Seen in your mail (photo)");
    expect(textOf(before.progress)).toContain("9 pieces seen in your mail in the last 26 weeks");
    expect(textOf(before.progress)).toMatch(/\(sent [\d/]+\): Waiting\. 1 before, 3 after\./);

    // Six days on, the sweep deletes every piece row but the unverified one still waiting on its card.
    await sweepMailbox(parseEnv(env), new Date(Date.now() + 6 * DAY_MS));
    expect(await piecesOf(userId)).toHaveLength(1);
    const after = await pagesOf(browser);
    expect(after.dashboard).toBe(before.dashboard);
    expect(after.progress).toBe(before.progress);
    expect(after.counted).toEqual(before.counted);

    // The record is stored in two parts; one stored whole, as before decision 0085, reads the same.
    const row = await tallyRowOf(userId);
    expect(row?.packed).not.toBeNull();
    expect(row?.tally).not.toContain('"p":');
    // Epsilon's pieces came 50 days ago, before its request went out 40 days ago.
    const showed = async () =>
      (
        await db
          .select({ showed: digestShowedSender })
          .from(requests)
          .where(and(eq(requests.userId, userId), eq(requests.id, "epsilon")))
      )[0]?.showed;
    expect(await showed()).toBe(true);
    await db
      .update(mailTallies)
      .set({ tally: JSON.stringify(tallyOfRow(row)), packed: null })
      .where(eq(mailTallies.userId, userId));
    expect(await showed()).toBe(true);
    const whole = await pagesOf(browser);
    expect(whole.dashboard).toBe(before.dashboard);
    expect(whole.progress).toBe(before.progress);
    expect(whole.counted).toEqual(before.counted);
  });

  it("counts each piece once when folds run at the same moment", async () => {
    const { id: userId } = await insertUser("tally-folds-at-once");
    await db.insert(mailArrivals).values(
      // Nine rows: within D1's hundred bound values a statement.
      Array.from({ length: 9 }, (_, index) => ({
        userId,
        entryId: `at-once-${index}`,
        source: "digest" as const,
        state: "read" as const,
        authenticated: true,
        arrivedOn: daysAgo(index % 5),
        templateId: "lands-end",
      })),
    );
    const counted = await Promise.all(Array.from({ length: 6 }, () => foldPiecesOf(db, userId)));
    expect(counted.reduce((sum, count) => sum + count, 0)).toBe(9);
    expect((await tallyOf(userId)).s["lands-end"]?.n).toBe(9);
  });

  it("counts each piece once when many are recorded at the same moment", async () => {
    const { id: userId } = await insertUser("tally-at-once");
    const days = Array.from({ length: 24 }, (_, index) => daysAgo(index % 6));
    await Promise.all(days.map((day) => recordPiece(db, reading(userId, day, { templateId: "lands-end" }), new Date())));
    await expectCountedOnce(userId, 24);
  });

  it("counts each piece once when reading batches of pieces are recorded at the same moment", async () => {
    const { id: userId } = await insertUser("tally-batches-at-once");
    const batches = Array.from({ length: 6 }, (_, batch) =>
      Array.from({ length: 3 }, (_, index) => reading(userId, daysAgo((batch + index) % 6), { templateId: "lands-end" })),
    );
    // The first batch's first piece comes again in the last batch, at the same moment.
    batches[5]!.push(batches[0]![0]!);
    await Promise.all(batches.map((batch) => recordPieces(db, batch, new Date())));
    await expectCountedOnce(userId, 18);
  });

  it("counts nothing twice when the same piece is recorded again", async () => {
    const { id: userId } = await insertUser("tally-again");
    const piece = reading(userId, daysAgo(1), { templateId: "lands-end" });
    await recordPiece(db, piece, new Date());
    await recordPiece(db, piece, new Date());
    expect((await tallyOf(userId)).s["lands-end"]?.n).toBe(1);
  });

  it("folds in the daily sweep the pieces read before there was a tally, and only once", async () => {
    const { id: userId } = await insertUser("tally-backfill");
    await db.insert(mailArrivals).values(
      [daysAgo(30), daysAgo(9)].map((arrivedOn, index) => ({
        userId,
        entryId: `backfill-${index}`,
        source: "digest" as const,
        state: "read" as const,
        authenticated: true,
        arrivedOn,
        templateId: "lands-end",
        createdAt: new Date(`${arrivedOn}T14:00:00Z`),
      })),
    );
    expect(await tallyRowOf(userId)).toBeUndefined();
    await sweepMailbox(parseEnv(env), new Date());
    const row = await tallyRowOf(userId);
    expect(tallyOfRow(row).s["lands-end"]).toEqual({ n: 2, l: daysAgo(9), d: daysAgo(30) });
    expect(row?.seenOn).toBe(daysAgo(9));
    // Folded, and received more than the days a digest may come again: their rows are gone.
    expect(await piecesOf(userId)).toEqual([]);
    expect(await foldPiecesOf(db, userId)).toBe(0);
  });
});
