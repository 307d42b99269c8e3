// Migration 0021 (decision 0062): requests already on the ladder to a sender the law does not reach
// never carry a legal request: a permission hold is lifted so that the daily run takes them to
// staff with the reason, and a legal request not sent yet goes to staff, its history saying why.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import migration from "../../migrations/0021_the_laws_reach.sql?raw";
import { CATALOG_SENDERS } from "../../drizzle/catalog";
import { requestLogs, requests } from "../../drizzle/schema";
import { seedSenderCatalog } from "~/models/request-template.server";
import { advanceFollowUps } from "~/services/follow-up.server";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { insertUser } from "./support";

const db = getDb(env.DB);
beforeAll(() => seedSenderCatalog(db, CATALOG_SENDERS));

/** The migration's data statements, run again over rows written before it (its ALTERs already ran). */
async function runDataStatements() {
  const statements = migration
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter((statement) => !/^ALTER TABLE/m.test(statement.replace(/^--.*$/gm, "").trim()));
  for (const statement of statements) await env.DB.prepare(statement).run();
}

async function requestAt(templateId: string, values: Partial<typeof requests.$inferInsert>) {
  const address = { street1: "100 MAIN ST", city: "DENVER", state: "CO", zipCode: "80202" };
  const { id: userId } = await insertUser("law-reach", { fullName: "Jane Q Public", ...address });
  await db.insert(requests).values({
    userId,
    id: templateId,
    templateId,
    senderName: templateId,
    title: templateId,
    fullName: "Jane Q Public",
    type: "preset",
    status: "inQueue",
    requiredDays: 30,
    ...address,
    queuedAt: new Date("2026-06-01T15:00:00Z"),
    ...values,
  });
  return userId;
}

const row = async (userId: string, id: string) =>
  (
    await db
      .select()
      .from(requests)
      .where(and(eq(requests.userId, userId), eq(requests.id, id)))
  )[0]!;

describe("migration 0021 over requests to a sender the law does not reach", () => {
  it("takes an unsent legal request to a card issuer to staff, saying why, and leaves a retailer's alone", async () => {
    const legal = { followUpStep: 2, legalLawId: "co-cpa", agentPermissionId: "permission-1", processedAt: null };
    const bank = await requestAt("chase", legal);
    const retailer = await requestAt("lands-end", legal);
    await runDataStatements();
    expect(await row(bank, "chase")).toMatchObject({ followUpStep: 3, legalLawId: null, agentPermissionId: null });
    const lines = await db.select().from(requestLogs).where(eq(requestLogs.userId, bank));
    expect(lines.map((line) => [line.creator, line.status, line.detail])).toEqual([
      [
        "system",
        "escalated",
        "With our staff: the law does not reach this sender (a bank, card issuer, lender, insurer, prescreened offer or mail processor), so no request under it goes out",
      ],
    ]);
    expect(await row(retailer, "lands-end")).toMatchObject({ followUpStep: 2, legalLawId: "co-cpa" });
  });

  it("lifts a permission hold on a lender's request, and the daily run takes it to staff with the law's reason", async () => {
    const held = {
      followUpStep: 1,
      followUpHold: "permissionNeeded" as const,
      stillComingAt: new Date("2026-11-20T15:00:00Z"),
      processedAt: new Date("2026-09-01T15:00:00Z"),
    };
    const lender = await requestAt("chase", held);
    await runDataStatements();
    expect((await row(lender, "chase")).followUpHold).toBeNull();
    await advanceFollowUps(parseEnv(env), new Date("2026-11-25T15:00:00Z"));
    expect(await row(lender, "chase")).toMatchObject({ followUpStep: 3, legalLawId: null });
    const [line] = await db
      .select()
      .from(requestLogs)
      .where(and(eq(requestLogs.userId, lender), eq(requestLogs.status, "escalated")));
    expect(line!.detail).toMatch(/Gramm-Leach-Bliley/);
  });
});
