// Every security event closes every open door: a new password, a reset, signing out everywhere
// and a new email void the account's outstanding links (reset and email change), and a link
// made before the account's last such event never works. Plus the headers every answer carries.
import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailChanges, users } from "../../drizzle/schema";
import { startEmailChange } from "~/models/account.server";
import { createPasswordResetToken, findUsableResetToken } from "~/models/password-reset.server";
import { getDb } from "~/utils/db.server";
import { Browser, ORIGIN, signedUpUser } from "./http";
import { emailedLink, uniqueEmail } from "./stand-ins";

const db = getDb(env.DB);

const emailOf = async (userId: string) => (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;

/** Asks to move the account to a new address, as its holder would, and answers the link sent there. */
async function pendingEmailChange(browser: Browser) {
  const newEmail = uniqueEmail("moved-to");
  const asked = await browser.post("/account/email", { email: newEmail, currentPassword: "secret-123" });
  expect(asked.headers.get("Location")).toBe("/account?saved=email-link");
  return { newEmail, link: await emailedLink(newEmail, "/account/email/confirm") };
}

async function useEmailChangeLink(link: URL) {
  return new Browser().post("/account/email/confirm", { token: link.searchParams.get("token")! });
}

describe("a pending email change", () => {
  it("dies with a password change: the link no longer moves the account", async () => {
    const { browser, userId, email } = await signedUpUser("change-then-password");
    const { link } = await pendingEmailChange(browser);
    expect((await browser.post("/account/password", { currentPassword: "secret-123", password: "owner-new-secret" })).status).toBe(303);

    expect(await (await new Browser().get(link.pathname + link.search)).text()).toContain("This link has expired or was already used.");
    expect((await useEmailChangeLink(link)).status).toBe(400);
    expect(await emailOf(userId)).toBe(email);
  }, 60_000);

  it("dies with signing out everywhere", async () => {
    const { browser, userId, email } = await signedUpUser("change-then-signout");
    const { link } = await pendingEmailChange(browser);
    expect((await browser.post("/account", { intent: "signOutEverywhere" })).status).toBe(303);
    expect((await useEmailChangeLink(link)).status).toBe(400);
    expect(await emailOf(userId)).toBe(email);
  }, 60_000);

  it("dies with a password reset", async () => {
    const { browser, userId, email } = await signedUpUser("change-then-reset");
    const { link } = await pendingEmailChange(browser);
    const token = await createPasswordResetToken(db, userId);
    const reset = await new Browser().post(`/password/reset?token=${token}`, { token, password: "reset-secret" });
    expect(reset.status).toBe(303);
    expect((await useEmailChangeLink(link)).status).toBe(400);
    expect(await emailOf(userId)).toBe(email);
  }, 60_000);

  it("can be cancelled from the account page, JavaScript or not", async () => {
    const { browser, userId, email } = await signedUpUser("change-cancelled");
    const { newEmail, link } = await pendingEmailChange(browser);
    const page = await (await browser.get("/account")).text();
    expect(page).toContain(newEmail);
    expect(page).toContain('value="cancelEmailChange"');

    const cancelled = await browser.post("/account", { intent: "cancelEmailChange" });
    expect(cancelled.headers.get("Location")).toBe("/account?saved=email-cancelled");
    const after = await (await browser.get("/account?saved=email-cancelled")).text();
    expect(after).toContain("The change of email is cancelled");
    expect(after).not.toContain(newEmail);
    expect((await useEmailChangeLink(link)).status).toBe(400);
    expect(await emailOf(userId)).toBe(email);
  }, 60_000);
});

describe("a reset link sent to the old address", () => {
  it("stops working once the account moves to a new email", async () => {
    const { browser, userId, email } = await signedUpUser("reset-then-move");
    const oldMailboxToken = await createPasswordResetToken(db, userId);
    const { newEmail, link } = await pendingEmailChange(browser);
    expect((await useEmailChangeLink(link)).status).toBe(303);
    expect(await emailOf(userId)).toBe(newEmail);

    expect(await findUsableResetToken(db, oldMailboxToken)).toBeNull();
    const replay = await new Browser().post(`/password/reset?token=${oldMailboxToken}`, {
      token: oldMailboxToken,
      password: "old-mailbox-reader",
    });
    expect(replay.status).toBe(400);
    // The owner still signs in with the password they had.
    expect((await new Browser().post("/signin", { email: newEmail, password: "secret-123" })).status).toBe(303);
    expect(email).not.toBe(newEmail);
  }, 60_000);
});

describe("a link made before the account's last security event", () => {
  it("is refused even if a batch left it outstanding", async () => {
    const { userId } = await signedUpUser("older-than-event");
    const made = new Date(Date.now() - 60_000);
    const resetToken = await createPasswordResetToken(db, userId, made);
    const changeToken = await startEmailChange(db, userId, uniqueEmail("older-link"), made);
    // The event, written on its own so that the links stay outstanding in their tables.
    await db
      .update(users)
      .set({ sessionsValidAfter: new Date(made.getTime() + 1) })
      .where(eq(users.id, userId));
    expect((await db.select().from(emailChanges).where(eq(emailChanges.userId, userId)))[0]!.usedAt).toBeNull();

    expect(await findUsableResetToken(db, resetToken)).toBeNull();
    expect((await new Browser().post("/account/email/confirm", { token: changeToken })).status).toBe(400);
  }, 60_000);
});

describe("headers", () => {
  it("pages opened from a link are never stored", async () => {
    const { userId } = await signedUpUser("token-pages");
    const resetToken = await createPasswordResetToken(db, userId);
    const changeToken = await startEmailChange(db, userId, uniqueEmail("token-page"));
    for (const path of [
      `/password/reset?token=${resetToken}`,
      `/account/email/confirm?token=${changeToken}`,
      "/start/confirm?token=unknown",
    ]) {
      const response = await new Browser().get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toContain("no-store");
    }
  }, 30_000);

  it("refusals the Worker writes itself carry the same policy and framing rules as every page", async () => {
    const refusals = [
      await SELF.fetch(`${ORIGIN}/signin`, { method: "PUT", headers: { Host: "example.test" } }),
      await SELF.fetch(`${ORIGIN}/signin`, {
        method: "POST",
        headers: { Host: "example.test", Origin: ORIGIN, "Content-Type": "application/json" },
        body: "{}",
      }),
      await SELF.fetch(`${ORIGIN}/signin`, {
        method: "POST",
        headers: { Host: "example.test", Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: `email=${"a".repeat(300 * 1024)}`,
      }),
    ];
    expect(refusals.map((response) => response.status)).toEqual([405, 415, 413]);
    for (const response of refusals) {
      expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
      expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
  });

  it("the data export is never sniffed into a page", async () => {
    const { browser } = await signedUpUser("export-nosniff");
    const response = await browser.get("/account/export.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  }, 30_000);
});
