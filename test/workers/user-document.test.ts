import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../drizzle/schema";
import { createUserWithPresets, ForbiddenUpdateError, updateUserDocument } from "~/models/user.server";
import { getDb } from "~/utils/db.server";
import { uniqueEmail } from "./stand-ins";

const db = getDb(env.DB);

async function newUser(label: string) {
  return createUserWithPresets(db, {
    email: uniqueEmail(label),
    passwordHash: "not-a-real-hash",
    fullName: "Ada Lovelace",
    street1: "12 MAIN ST",
    street2: null,
    city: "SPRINGFIELD",
    state: "IL",
    zipCode: "62701",
    newsletter: true,
  });
}

const cityOf = async (id: string) => (await db.select({ city: users.city }).from(users).where(eq(users.id, id)))[0]!.city;

describe("updateUserDocument (product rules: Roles: only the admin updates another user's document, or anyone's allowance and plan)", () => {
  it("lets a user update their own document", async () => {
    const { id } = await newUser("self-update");
    expect(await updateUserDocument(db, { userId: id, role: "none" }, id, { city: "CHICAGO" })).toBe(true);
    expect(await cityOf(id)).toBe("CHICAGO");
  });

  it("refuses a user or a moderator writing someone else's, and changes nothing", async () => {
    const { id: target } = await newUser("target");
    const { id: other } = await newUser("other");
    await expect(updateUserDocument(db, { userId: other, role: "none" }, target, { city: "X" })).rejects.toThrow(ForbiddenUpdateError);
    await expect(updateUserDocument(db, { userId: other, role: "moderator" }, target, { city: "X" })).rejects.toThrow(ForbiddenUpdateError);
    expect(await cityOf(target)).toBe("SPRINGFIELD");
  });

  it("refuses a user writing their own allowance or plan, and changes nothing", async () => {
    const { id } = await newUser("self-allowance");
    const self = { userId: id, role: "none" } as const;
    await expect(updateUserDocument(db, self, id, { numOfFreeRequest: 100 })).rejects.toThrow(ForbiddenUpdateError);
    await expect(updateUserDocument(db, self, id, { plan: "premium" })).rejects.toThrow(ForbiddenUpdateError);
    await expect(updateUserDocument(db, self, id, { plan: null })).rejects.toThrow(ForbiddenUpdateError);
    // Smuggled in with a field the user may change: nothing at all is written.
    await expect(updateUserDocument(db, self, id, { city: "CHICAGO", numOfFreeRequest: 100 })).rejects.toThrow(ForbiddenUpdateError);
    // A moderator's own document is no different.
    const { id: moderatorId } = await newUser("moderator-self");
    await expect(
      updateUserDocument(db, { userId: moderatorId, role: "moderator" }, moderatorId, { numOfFreeRequest: 100 }),
    ).rejects.toThrow(ForbiddenUpdateError);
    const [row] = await db.select({ city: users.city, n: users.numOfFreeRequest, plan: users.plan }).from(users).where(eq(users.id, id));
    expect(row).toEqual({ city: "SPRINGFIELD", n: 3, plan: null });
  });

  it("lets the admin update another user's document", async () => {
    const { id: target } = await newUser("admin-target");
    expect(await updateUserDocument(db, { userId: "local-admin", role: "admin" }, target, { numOfFreeRequest: 10 })).toBe(true);
    expect((await db.select({ n: users.numOfFreeRequest }).from(users).where(eq(users.id, target)))[0]!.n).toBe(10);
  });

  it("lets the admin set their own allowance", async () => {
    const { id } = await newUser("admin-self");
    expect(await updateUserDocument(db, { userId: id, role: "admin" }, id, { numOfFreeRequest: 7, plan: "basic" })).toBe(true);
    const [row] = await db.select({ n: users.numOfFreeRequest, plan: users.plan }).from(users).where(eq(users.id, id));
    expect(row).toEqual({ n: 7, plan: "basic" });
  });
});
