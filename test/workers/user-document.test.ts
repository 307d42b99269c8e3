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

describe("updateUserDocument (spec section 5: only the admin updates another user's document)", () => {
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

  it("lets the admin update another user's document", async () => {
    const { id: target } = await newUser("admin-target");
    expect(await updateUserDocument(db, { userId: "local-admin", role: "admin" }, target, { numOfFreeRequest: 10 })).toBe(true);
    expect((await db.select({ n: users.numOfFreeRequest }).from(users).where(eq(users.id, target)))[0]!.n).toBe(10);
  });
});
