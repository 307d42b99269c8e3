import { env } from "cloudflare:test";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import { requestLogs, requests, requestTemplates, users } from "../../drizzle/schema";
import type { CatalogSender } from "~/domain/sender-catalog";
import { seedSenderCatalog } from "~/models/request-template.server";
import { getUserRecipient } from "~/models/recipient.server";
import { getDb } from "~/utils/db.server";

const db = getDb(env.DB);
const senders = catalog.senders as CatalogSender[];

async function insertUser(email: string) {
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: "not-a-real-hash",
      fullName: "Ada Lovelace",
      street1: "12 Main St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
    })
    .returning();
  return user!;
}

describe("the sender catalog seed", () => {
  it("adds every sender once, in statements within D1's parameter limit, and is safe to run twice", async () => {
    expect(await seedSenderCatalog(db, senders)).toBe(senders.length);
    expect(await seedSenderCatalog(db, senders)).toBe(0);
    expect(await db.$count(requestTemplates)).toBe(senders.length);
  });

  it("keeps staff corrections when it runs again", async () => {
    await seedSenderCatalog(db, senders);
    await db.update(requestTemplates).set({ notes: "checked by staff" }).where(eq(requestTemplates.id, "acxiom"));
    await seedSenderCatalog(db, senders);
    const [row] = await db.select().from(requestTemplates).where(eq(requestTemplates.id, "acxiom"));
    expect(row!.notes).toBe("checked by staff");
  });

  it("keeps each sender's channels, confidence and source year", async () => {
    await seedSenderCatalog(db, senders);
    const [acxiom] = await db.select().from(requestTemplates).where(eq(requestTemplates.id, "acxiom"));
    expect(acxiom).toMatchObject({
      title: "Acxiom",
      confidence: "high",
      sourceYear: 2021,
      acceptsAgent: "yes",
      isActive: true,
      consumerFiles: false,
    });
    expect(acxiom!.channels.map((channel) => channel.kind)).toEqual(["web", "email", "mail", "phone"]);
  });

  it("leaves senders that ask for an SSN or refuse agents to the consumer, and senders with no channel inactive", async () => {
    await seedSenderCatalog(db, senders);
    const rows = await db.select().from(requestTemplates);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get("optoutprescreen")).toMatchObject({ consumerFiles: true });
    expect(byId.get("dmachoice")).toMatchObject({ consumerFiles: true, acceptsAgent: "no" });
    expect(byId.get("money-mailer")).toMatchObject({ isActive: false, confidence: "low", notes: "no current opt-out channel found" });
  });
});

describe("the data model", () => {
  it("gives a new user 3 free requests and a creation time", async () => {
    const user = await insertUser("ada@example.com");
    expect(user.numOfFreeRequest).toBe(3);
    expect(user.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(user.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(user.stripeSubscriptionId).toBeNull();
  });

  it("refuses a second user with the same email", async () => {
    await insertUser("grace@example.com");
    await expect(insertUser("grace@example.com")).rejects.toThrow();
  });

  it("keeps requests per user: two users can hold a preset under the same template id", async () => {
    await seedSenderCatalog(db, senders);
    const first = await insertUser("first@example.com");
    const second = await insertUser("second@example.com");
    const preset = (userId: string) => ({
      userId,
      id: "acxiom",
      templateId: "acxiom",
      senderName: "Acxiom",
      title: "Acxiom",
      fullName: "Ada Lovelace",
      type: "preset" as const,
      street1: "12 Main St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
    });
    await db.insert(requests).values([preset(first.id), preset(second.id)]);
    await expect(db.insert(requests).values(preset(first.id))).rejects.toThrow();
    const rows = await db.select().from(requests).where(eq(requests.id, "acxiom"));
    expect(rows.map((row) => row.status)).toEqual([null, null]);
  });

  it("reads a request's logs newest first", async () => {
    const user = await insertUser("logs@example.com");
    const base = Date.now();
    await db.insert(requestLogs).values(
      ["unsubscribe", "report", "confirm"].map((status, index) => ({
        userId: user.id,
        requestId: "r1",
        creator: "user" as const,
        status,
        createdAt: new Date(base + index * 1000),
      })),
    );
    const logs = await db
      .select({ status: requestLogs.status })
      .from(requestLogs)
      .where(and(eq(requestLogs.userId, user.id), eq(requestLogs.requestId, "r1")))
      .orderBy(desc(requestLogs.createdAt));
    expect(logs.map((log) => log.status)).toEqual(["confirm", "report", "unsubscribe"]);
  });

  it("never returns another user's recipient", async () => {
    const owner = await insertUser("owner@example.com");
    const other = await insertUser("other@example.com");
    const { recipients } = await import("../../drizzle/schema");
    const [recipient] = await db.insert(recipients).values({ userId: owner.id, fullName: "Charles Babbage" }).returning();
    expect(await getUserRecipient(db, owner.id, recipient!.id)).toMatchObject({ id: recipient!.id, fullName: "Charles Babbage" });
    expect(await getUserRecipient(db, other.id, recipient!.id)).toBeNull();
  });

  it("deletes a user's requests and logs with the user", async () => {
    const user = await insertUser("gone@example.com");
    await db.insert(requests).values({
      userId: user.id,
      senderName: "Some Catalog",
      title: "Some Catalog",
      fullName: "Ada Lovelace",
      type: "custom",
      status: "inQueue",
      street1: "12 Main St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
    });
    await db.delete(users).where(eq(users.id, user.id));
    expect(await db.$count(requests, eq(requests.userId, user.id))).toBe(0);
  });
});
