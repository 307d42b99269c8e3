import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import { jobs, requests, staffAudit, users } from "../../drizzle/schema";
import type { CatalogSender } from "~/domain/sender-catalog";
import { seedSenderCatalog } from "~/models/request-template.server";
import { adminUpdateUser } from "~/models/staff-users.server";
import { ForbiddenUpdateError } from "~/models/user.server";
import { getDb } from "~/utils/db.server";
import { ADDRESS, signedInStaff, signedUpUser } from "./http";

const db = getDb(env.DB);

beforeAll(() => seedSenderCatalog(db, catalog.senders as CatalogSender[]));

const html = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

async function userRow(userId: string) {
  const [row] = await db
    .select({
      fullName: users.fullName,
      street1: users.street1,
      street2: users.street2,
      city: users.city,
      state: users.state,
      zipCode: users.zipCode,
      numOfFreeRequest: users.numOfFreeRequest,
      plan: users.plan,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

const auditAbout = (userId: string) =>
  db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.targetType, "user"), eq(staffAudit.targetId, userId)));

/** The edit form as the page fills it in for `userId`, with `overrides` typed over it. */
async function editForm(userId: string, overrides: Record<string, string> = {}) {
  const row = await userRow(userId);
  return {
    fullName: row.fullName,
    street1: row.street1,
    street2: row.street2 ?? "",
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    numOfFreeRequest: String(row.numOfFreeRequest ?? 3),
    plan: row.plan ?? "",
    reason: "",
    ...overrides,
  };
}

describe("finding users", () => {
  it("lets a moderator find a new user by email and by id, and see their requests and jobs", async () => {
    const user = await signedUpUser("staff-find");
    expect((await user.browser.post("/requests/add", { senderName: "Staff Find Outfitters" })).status).toBe(303);
    const jobId = crypto.randomUUID();
    await db
      .insert(jobs)
      .values({ id: jobId, type: "newsletter.tag", userId: user.userId, state: "dead", attempts: 5, lastError: "stand-in answered 503" });
    const { browser } = await signedInStaff("moderator");

    // Part of the email, typed in capitals: the match ignores case.
    const byEmail = await browser.get(`/admin/users?q=${encodeURIComponent(user.email.split("@")[0]!.toUpperCase())}`);
    expect(byEmail.status).toBe(200);
    const byEmailPage = await byEmail.text();
    expect(byEmailPage).toContain(user.email);
    expect(byEmailPage).toContain(`href="/admin/users/${user.userId}"`);
    expect(byEmailPage).toContain("Free");

    const byIdPage = await (await browser.get(`/admin/users?q=${user.userId}`)).text();
    expect(byIdPage).toContain(user.email);
    expect(byIdPage.match(/<tr>/g)?.length).toBe(2); // the header row and the one user

    const newest = await (await browser.get("/admin/users")).text();
    expect(newest).toContain(user.email);
    expect(newest.match(/<tr>/g)!.length).toBeLessThanOrEqual(51);

    const nobody = await (await browser.get("/admin/users?q=no-such-user-anywhere")).text();
    expect(nobody).toContain("No user has the id");
    expect(nobody).not.toContain("<table");

    const response = await browser.get(`/admin/users/${user.userId}`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain(user.email);
    expect(page).toContain("Staff Find Outfitters");
    expect(page).toContain("In queue");
    expect(page).toContain("user, created");
    // A preset the user never sent is listed too.
    expect(page).toContain("Not sent yet");
    expect(page).toContain("newsletter.subscribe");
    expect(page).toContain("stand-in answered 503");
    expect(page).toContain("No subscription");
    // 3 free requests, one used by the custom request.
    expect(page).toMatch(/Free requests left<\/p><p class="figure">2</);
    // A moderator reads; only the admin gets the form.
    expect(page).not.toContain('name="reason"');
  });

  it("lists a deleted request after the others, marked", async () => {
    const user = await signedUpUser("staff-deleted");
    await user.browser.post("/requests/add", { senderName: "Staff Deleted Catalog" });
    const [custom] = await db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.userId, user.userId), eq(requests.type, "custom")));
    expect((await user.browser.post("/dashboard", { requestId: custom!.id, intent: "delete" })).status).toBe(303);

    const { browser } = await signedInStaff("moderator");
    const page = await (await browser.get(`/admin/users/${user.userId}`)).text();
    expect(page).toContain("<del>Staff Deleted Catalog</del>");
    expect(page).toContain("user, delete");
    const rows = page.slice(page.indexOf('aria-labelledby="requests-title"')).split("</tbody>")[0]!.split("<tr ").slice(2);
    expect(rows.at(-1)).toContain(custom!.id);
  });

  it("answers 404 for an unknown id, to reading and to the admin's form", async () => {
    const { browser } = await signedInStaff("admin");
    expect((await browser.get("/admin/users/no-such-user")).status).toBe(404);
    const posted = await browser.post("/admin/users/no-such-user", {
      fullName: "Nobody Here",
      street1: "1 Main St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      numOfFreeRequest: "5",
      reason: "Checking an unknown id",
    });
    expect(posted.status).toBe(404);
  });

  it("keeps a signed-in user who is not staff out", async () => {
    const user = await signedUpUser("staff-outsider");
    expect((await user.browser.get("/admin/users")).status).toBe(404);
    expect((await user.browser.get(`/admin/users/${user.userId}`)).status).toBe(404);
    expect(
      (
        await user.browser.post(
          `/admin/users/${user.userId}`,
          await editForm(user.userId, { numOfFreeRequest: "99", reason: "I want more" }),
        )
      ).status,
    ).toBe(404);
    expect((await userRow(user.userId)).numOfFreeRequest).toBe(3);
  });

  it("never shows a password hash", async () => {
    const user = await signedUpUser("staff-hash");
    const { passwordHash } = await userRow(user.userId);
    expect(passwordHash.length).toBeGreaterThan(20);
    for (const role of ["admin", "moderator"] as const) {
      const { browser } = await signedInStaff(role);
      for (const path of ["/admin/users", `/admin/users?q=${encodeURIComponent(user.email)}`, `/admin/users/${user.userId}`]) {
        const page = await (await browser.get(path)).text();
        expect(page).toContain(user.email);
        expect(page).not.toContain(passwordHash);
        expect(page).not.toContain(html(passwordHash));
      }
    }
  });
});

describe("changing a user (product rules: Roles: only the admin may change another user's details)", () => {
  it("refuses a moderator's post with 403 and changes nothing", async () => {
    const user = await signedUpUser("staff-mod-edit");
    const { browser } = await signedInStaff("moderator");
    const response = await browser.post(
      `/admin/users/${user.userId}`,
      await editForm(user.userId, { numOfFreeRequest: "50", reason: "Moderator trying" }),
    );
    expect(response.status).toBe(403);
    expect((await userRow(user.userId)).numOfFreeRequest).toBe(3);
    expect(await auditAbout(user.userId)).toEqual([]);
  });

  it("refuses a moderator in the model itself", async () => {
    const user = await signedUpUser("staff-mod-model");
    await expect(
      adminUpdateUser(db, { id: "local-moderator", role: "moderator" }, user.userId, { numOfFreeRequest: 50 }, "Straight to the model"),
    ).rejects.toThrow(ForbiddenUpdateError);
    await expect(adminUpdateUser(db, { id: user.userId, role: "none" }, user.userId, { numOfFreeRequest: 50 }, "Myself")).rejects.toThrow(
      ForbiddenUpdateError,
    );
    expect((await userRow(user.userId)).numOfFreeRequest).toBe(3);
    expect(await auditAbout(user.userId)).toEqual([]);
  });

  it("lets a user change their own name and address, never their allowance or plan, and not another user's details", async () => {
    const user = await signedUpUser("staff-self-raise");
    const other = await signedUpUser("staff-self-other");
    // The user's own form, with the staff-only fields added by hand: the details change, nothing else.
    const typed = { ...ADDRESS, fullName: "Ada King Lovelace", numOfFreeRequest: "1000", plan: "premium" };
    expect((await user.browser.post("/account/address", typed)).status).toBe(303);
    expect((await user.browser.post("/account/address/confirm", {})).headers.get("Location")).toBe("/account?saved=address");
    // The staff form, for themselves and for someone else: the area does not exist for them.
    for (const target of [user.userId, other.userId]) {
      const posted = await user.browser.post(
        `/admin/users/${target}`,
        await editForm(target, { numOfFreeRequest: "1000", plan: "premium", reason: "Mine" }),
      );
      expect(posted.status).toBe(404);
    }
    expect(await userRow(user.userId)).toMatchObject({ fullName: "Ada King Lovelace", numOfFreeRequest: 3, plan: null });
    expect(await userRow(other.userId)).toMatchObject({ fullName: "Ada Lovelace", numOfFreeRequest: 3, plan: null });
    expect(await auditAbout(user.userId)).toEqual([]);
  });

  it("lets the admin change their own allowance and plan through the staff form", async () => {
    const { browser } = await signedInStaff("admin");
    const posted = await browser.post(
      "/admin/users/local-admin",
      await editForm("local-admin", { numOfFreeRequest: "7", plan: "basic", reason: "Own test account" }),
    );
    expect(posted.status).toBe(303);
    expect(await userRow("local-admin")).toMatchObject({ numOfFreeRequest: 7, plan: "basic" });
  });

  it("lets the admin grant two more free requests with a reason, and records who, why and what", async () => {
    const user = await signedUpUser("staff-grant");
    const { browser } = await signedInStaff("admin");
    const page = await (await browser.get(`/admin/users/${user.userId}`)).text();
    expect(page).toContain('name="reason"');
    expect(page).toContain('name="numOfFreeRequest"');

    const before = await userRow(user.userId);
    const reason = "Support ticket 1042: two letters were lost in the mail";
    const response = await browser.post(`/admin/users/${user.userId}`, await editForm(user.userId, { numOfFreeRequest: "5", reason }));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/admin/users/${user.userId}?saved=1`);

    expect(await userRow(user.userId)).toEqual({ ...before, numOfFreeRequest: 5 });
    const entries = await auditAbout(user.userId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: "local-admin",
      actorRole: "admin",
      action: "user.updated",
      reason,
      details: { before: { numOfFreeRequest: 3 }, after: { numOfFreeRequest: 5 } },
    });

    const after = await (await browser.get(`/admin/users/${user.userId}?saved=1`)).text();
    expect(after).toContain("The changes were saved");
    expect(after).toContain(html(reason));
    expect(after).toContain("Free requests left: 3 → 5");
    expect(after).toContain("local-admin (admin)");
  });

  it("writes only the fields that changed, and clears a plan", async () => {
    const user = await signedUpUser("staff-fields");
    await db.update(users).set({ plan: "basic" }).where(eq(users.id, user.userId));
    const { browser } = await signedInStaff("admin");
    const response = await browser.post(
      `/admin/users/${user.userId}`,
      await editForm(user.userId, {
        fullName: "Grace Brewster Hopper",
        street2: "Apt 4",
        plan: "",
        reason: "Name change after a support call",
      }),
    );
    expect(response.status).toBe(303);
    const row = await userRow(user.userId);
    // A changed address is checked as everywhere else: written in the Postal Service's form.
    expect(row).toMatchObject({
      fullName: "Grace Brewster Hopper",
      street2: "APT 4",
      plan: null,
      numOfFreeRequest: 3,
    });
    const [entry] = await auditAbout(user.userId);
    expect(entry!.details).toEqual({
      before: { fullName: "Ada Lovelace", street2: null, plan: "basic" },
      after: { fullName: "Grace Brewster Hopper", street2: "APT 4", plan: null },
    });
  });

  it("answers 400 to bad input with the message next to the field, keeps what was typed and writes nothing", async () => {
    const user = await signedUpUser("staff-bad-input");
    const { browser } = await signedInStaff("admin");
    const before = await userRow(user.userId);
    const cases: Array<[Record<string, string>, string]> = [
      [{ numOfFreeRequest: "5", reason: "" }, "Say why you are making this change."],
      [{ numOfFreeRequest: "5", reason: "ok" }, "Say why you are making this change."],
      [{ numOfFreeRequest: "5", reason: "x".repeat(501) }, "Say why you are making this change."],
      [{ numOfFreeRequest: "1001", reason: "Too generous" }, "Enter a whole number from 0 to 1000."],
      [{ numOfFreeRequest: "-1", reason: "Below zero" }, "Enter a whole number from 0 to 1000."],
      [{ numOfFreeRequest: "2.5", reason: "Half a request" }, "Enter a whole number from 0 to 1000."],
      [{ numOfFreeRequest: "many", reason: "Not a number" }, "Enter a whole number from 0 to 1000."],
      [{ plan: "gold", reason: "No such plan" }, "Choose Basic, Premium or no plan."],
      [{ fullName: "Ada", reason: "One word only" }, "Please enter your full name."],
    ];
    for (const [overrides, message] of cases) {
      const fields = await editForm(user.userId, { city: "Typed City", ...overrides });
      const response = await browser.post(`/admin/users/${user.userId}`, fields);
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      const page = await response.text();
      expect(page).toContain(`class="field-error" id="`);
      expect(page).toContain(message);
      // What the admin typed is still in the form.
      expect(page).toContain('value="Typed City"');
    }

    const unchanged = await browser.post(`/admin/users/${user.userId}`, await editForm(user.userId, { reason: "Saving without a change" }));
    expect(unchanged.status).toBe(400);
    expect(await unchanged.text()).toContain("Nothing changed.");

    expect(await userRow(user.userId)).toEqual(before);
    expect(await auditAbout(user.userId)).toEqual([]);
  });
});
