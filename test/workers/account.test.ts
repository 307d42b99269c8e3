import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { and, eq, inArray, is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it, vi } from "vitest";
import * as schema from "../../drizzle/schema";
import { deletedAccounts, earlierAddresses, jobs, requestLogs, requests, staffAudit, users } from "../../drizzle/schema";
import worker from "../../app/worker";
import { ADDRESS, Browser, signedInStaff, signedUpUser, signUp } from "./http";
import { paidUser } from "./stripe";
import { fault, received } from "./stand-ins";
import { htmlOf, requestRow } from "./support";
import { allowConsoleErrors } from "./console-errors";
import { getDb } from "~/utils/db.server";

const db = getDb(env.DB);
const QUEUE = "quiet-mailbox-jobs";
const NEW_HOME = { fullName: "Ada Lovelace", street1: "40 Elm Street", street2: "", city: "Peoria", state: "IL", zipCode: "61602" };

async function userRow(userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

async function jobsOf(userId: string, type: string) {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.type, type)));
}

/** Delivers the jobs' envelopes to the Worker's consumer, as the queue would (again, when it already did). */
async function deliver(rows: { id: string; type: string; payload: unknown; createdAt: Date }[], payloads?: unknown[]) {
  const batch = createMessageBatch(
    QUEUE,
    rows.map((row, index) => ({
      id: `message-${crypto.randomUUID()}`,
      timestamp: new Date(),
      attempts: 1,
      body: { id: row.id, type: row.type, payload: payloads?.[index] ?? row.payload, enqueuedAt: row.createdAt.toISOString() },
    })),
  );
  await worker.queue(batch, env);
  return getQueueResult(batch, createExecutionContext());
}

/** Waits for the local queue to finish the user's jobs of these types. */
function settled(userId: string, types: string[]) {
  return vi.waitFor(
    async () => {
      const rows = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.userId, userId), inArray(jobs.type, types)));
      expect(rows, "the user's jobs").not.toEqual([]);
      expect(
        rows.filter((row) => !["succeeded", "dead", "cancelled"].includes(row.state)).map((row) => [row.type, row.state]),
        "jobs still running",
      ).toEqual([]);
      return rows;
    },
    { timeout: 20_000, interval: 100 },
  );
}

/** A user with three requests: one waiting for staff, one sent to the sender, one confirmed. */
async function userWithRequests(label: string) {
  const user = await signedUpUser(label);
  for (const sender of ["First Catalog", "Second Catalog", "Third Catalog"]) {
    expect((await user.browser.post("/requests/add", { senderName: sender })).status).toBe(303);
  }
  const [first, second, third] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(eq(requests.userId, user.userId))
    .orderBy(requests.senderName);
  const sentAt = new Date("2026-10-01T12:00:00Z");
  await db
    .update(requests)
    .set({ processedAt: sentAt })
    .where(and(eq(requests.userId, user.userId), inArray(requests.id, [second!.id, third!.id])));
  expect((await user.browser.post("/dashboard", { intent: "confirm", requestId: third!.id })).status).toBe(303);
  return { ...user, waiting: first!.id, sent: second!.id, confirmed: third!.id, sentAt };
}

describe("the account page", () => {
  it("shows the account's details and every form, and the Settings menu links to it", async () => {
    const { browser, email } = await signedUpUser("account-page");
    const html = await htmlOf(await browser.get("/account"));
    expect(html).toContain(email);
    expect(html).toContain("Ada Lovelace");
    for (const link of ["/account/address", "/account/email", "/account/password", "/account/delete", "/account/export.json"]) {
      expect(html).toContain(`href="${link}"`);
    }
    expect(html).toMatch(/<a[^>]*href="\/account">Account<\/a>/);
    expect(html).toMatch(/name="newsletter"[^>]*checked/);
  });
});

describe("changing the name and address", () => {
  it("checks the address as at signup, shows what verification changed, and saves it after confirmation", async () => {
    const { browser, userId } = await signedUpUser("account-fix");
    expect((await browser.post("/requests/add", { senderName: "Unsent Catalog" })).status).toBe(303);
    const typed = { ...ADDRESS, fullName: "Ada King Lovelace", street1: "12 north main street" };
    const checked = await browser.post("/account/address", typed);
    expect(checked.status).toBe(303);
    expect(checked.headers.get("Location")).toBe("/account/address/confirm");
    const before = await userRow(userId);
    expect(before!.fullName).toBe("Ada Lovelace");

    const confirm = await htmlOf(await browser.get("/account/address/confirm"));
    expect(confirm).toContain("Ada King Lovelace");
    expect(confirm).toContain("We wrote it the way the Postal Service does");
    // The offline check says how the address is written, never that it exists.
    expect(confirm).toContain("Written in the Postal Service&#x27;s form. We checked how it is written, not that the address exists");
    expect(confirm).not.toMatch(/verified|deliverable/i);

    const saved = await browser.post("/account/address/confirm", {});
    expect(saved.headers.get("Location")).toBe("/account?saved=address");
    const after = await userRow(userId);
    expect(after!.fullName).toBe("Ada King Lovelace");
    expect(after!.addressCheck).toBe("standardized");
    // Requests no letter has gone out for follow the account.
    const [preset] = await db.select().from(requests).where(eq(requests.userId, userId)).limit(1);
    expect(preset!.fullName).toBe("Ada King Lovelace");
    expect(await db.select().from(earlierAddresses).where(eq(earlierAddresses.userId, userId))).toEqual([]);
    // The draft is spent: the confirmation page sends the user back to the form.
    expect((await browser.get("/account/address/confirm")).headers.get("Location")).toBe("/account/address");
  });

  it("refuses bad input next to the field, keeps what was typed and changes nothing", async () => {
    const { browser, userId } = await signedUpUser("account-bad-address");
    const response = await browser.post("/account/address", { ...ADDRESS, fullName: "Ada", city: "Typed City" });
    expect(response.status).toBe(400);
    const html = await htmlOf(response);
    expect(html).toContain("Please enter your full name.");
    expect(html).toContain('value="Typed City"');
    expect((await userRow(userId))!.fullName).toBe("Ada Lovelace");
  });

  it("refuses a move to the address the account already has", async () => {
    const { browser } = await signedUpUser("account-same-move");
    const response = await browser.post("/account/address", { ...ADDRESS, fullName: "Ada Lovelace", moved: "on" });
    expect(response.status).toBe(400);
    expect(await htmlOf(response)).toContain("This is the address we already have.");
  });
});

describe("moving house", () => {
  it("says how many requests go again, then puts every open one back in the queue for the new address, free, with both addresses on the letter", async () => {
    const user = await userWithRequests("account-move");
    const allowance = (await userRow(user.userId))!.numOfFreeRequest;

    expect((await user.browser.post("/account/address", { ...NEW_HOME, moved: "on" })).status).toBe(303);
    const confirm = await htmlOf(await user.browser.get("/account/address/confirm"));
    expect(confirm).toContain("Your 2 open requests go back to the sender for this address, free of charge.");

    const moved = await user.browser.post("/account/address/confirm", {});
    expect(moved.headers.get("Location")).toBe("/account?saved=moved");

    for (const id of [user.waiting, user.sent]) {
      const row = await requestRow(user.userId, id);
      expect(row).toMatchObject({ status: "inQueue", processedAt: null, street1: "40 ELM ST", city: "PEORIA" });
      const [log] = await db
        .select()
        .from(requestLogs)
        .where(and(eq(requestLogs.userId, user.userId), eq(requestLogs.requestId, id), eq(requestLogs.status, "moved")));
      expect(log?.detail).toContain("40 ELM ST");
    }
    // A confirmed request is done: it keeps the address its letter went to.
    expect(await requestRow(user.userId, user.confirmed)).toMatchObject({ status: "confirmedByUser", street1: "12 MAIN ST" });
    expect((await userRow(user.userId))!.numOfFreeRequest).toBe(allowance);
    const [earlier] = await db.select().from(earlierAddresses).where(eq(earlierAddresses.userId, user.userId));
    expect(earlier).toMatchObject({ street1: "12 MAIN ST", city: "SPRINGFIELD", state: "IL" });

    const dashboard = await htmlOf(await user.browser.get(`/dashboard?request=${user.sent}`));
    expect(dashboard).toContain("40 ELM ST");
    expect(dashboard).toContain("Ada Lovelace, at 12 MAIN ST");
    expect(dashboard).toContain("You moved house: sent again for your new address");
    const account = await htmlOf(await user.browser.get("/account?saved=moved"));
    expect(account).toContain("Your new address is saved.");
    expect(account).toContain("12 MAIN ST");
  });
});

describe("changing the email", () => {
  it("asks for the current password, and refuses an address someone else has", async () => {
    const { browser, userId, email } = await signedUpUser("account-email-refused");
    const other = await signedUpUser("account-email-owner");
    const wrong = await browser.post("/account/email", { email: "new.address@quietmailbox.test", currentPassword: "not-it" });
    expect(wrong.status).toBe(401);
    const wrongHtml = await htmlOf(wrong);
    expect(wrongHtml).toContain("That is not your current password.");
    expect(wrongHtml).toContain('value="new.address@quietmailbox.test"');
    expect(wrongHtml).not.toContain('value="not-it"');

    const taken = await browser.post("/account/email", { email: other.email.toUpperCase(), currentPassword: "secret-123" });
    expect(taken.status).toBe(400);
    expect(await htmlOf(taken)).toContain("Email has already been used.");
    expect((await userRow(userId))!.email).toBe(email);
    expect(await jobsOf(userId, "newsletter.changeEmail")).toEqual([]);
  });

  it("changes only when the link sent to the new address is used, once; the old address is told and the newsletter follows", async () => {
    const { browser, userId, email } = await signedUpUser("account-email");
    const newEmail = `moved.${crypto.randomUUID().slice(0, 8)}@quietmailbox.test`;
    const asked = await browser.post("/account/email", { email: newEmail, currentPassword: "secret-123" });
    expect(asked.headers.get("Location")).toBe("/account?saved=email-link");

    const [linkJob] = (await jobsOf(userId, "email.send")).filter((job) => (job.payload as { to?: string } | null)?.to === newEmail);
    const link = /\S+\/account\/email\/confirm\?token=\S+/.exec((linkJob!.payload as { text: string }).text)![0];
    // Until then, the old email still signs in.
    expect((await userRow(userId))!.email).toBe(email);
    expect((await new Browser().post("/signin", { email, password: "secret-123" })).status).toBe(303);
    expect(await htmlOf(await browser.get("/account"))).toContain(
      `Waiting for you to open the link we sent to <strong class="email-address">${newEmail}</strong>`,
    );

    // The link opens a page with a button, on any device.
    const elsewhere = new Browser();
    const path = new URL(link).pathname + new URL(link).search;
    expect(await htmlOf(await elsewhere.get(path))).toContain(newEmail);
    const token = new URL(link).searchParams.get("token")!;
    const used = await elsewhere.post("/account/email/confirm", { token });
    expect(used.headers.get("Location")).toBe("/signin?emailChanged=1");
    expect((await userRow(userId))!.email).toBe(newEmail);
    expect((await elsewhere.post("/account/email/confirm", { token })).status).toBe(400);

    const notices = (await jobsOf(userId, "email.send")).filter(
      (job) => job.payload && (job.payload as { subject?: string }).subject === "Your Quiet Mailbox email address was changed",
    );
    expect(notices).toHaveLength(1);
    const [follow] = await jobsOf(userId, "newsletter.changeEmail");
    expect(follow!.payload).toMatchObject({ userId, oldEmail: email });
    expect((await new Browser().post("/signin", { email: newEmail, password: "secret-123" })).status).toBe(303);
  });
});

describe("email-change links", () => {
  it("are sent at most three times an hour for one account, so it cannot be used to email strangers", async () => {
    const { browser, userId } = await signedUpUser("account-email-limit");
    const ask = (index: number) =>
      browser.post("/account/email", { email: `limit.${index}.${userId}@quietmailbox.test`, currentPassword: "secret-123" });
    for (const index of [1, 2, 3]) expect((await ask(index)).status).toBe(303);
    const refused = await ask(4);
    expect(refused.status).toBe(429);
    expect(await htmlOf(refused)).toContain("Too many attempts. Please try again in");
    const links = (await jobsOf(userId, "email.send")).filter((job) => (job.payload as { tag?: string } | null)?.tag === "email-change");
    expect(links).toHaveLength(3);
  });
});

describe("changing the password", () => {
  it("needs the current password, ends every other session and keeps this one", async () => {
    const { browser, email, userId } = await signedUpUser("account-password");
    const other = new Browser();
    await other.post("/signin", { email, password: "secret-123" });
    expect((await other.get("/account")).status).toBe(200);

    const wrong = await browser.post("/account/password", { currentPassword: "nope", password: "brand-new-secret" });
    expect(wrong.status).toBe(401);
    expect(await htmlOf(wrong)).toContain("That is not your current password.");

    const changed = await browser.post("/account/password", { currentPassword: "secret-123", password: "brand-new-secret" });
    expect(changed.headers.get("Location")).toBe("/account?saved=password");
    expect((await browser.get("/account")).status).toBe(200);
    expect((await other.get("/account")).status).toBe(302);
    expect((await userRow(userId))!.sessionsValidAfter).not.toBeNull();
    expect((await new Browser().post("/signin", { email, password: "brand-new-secret" })).status).toBe(303);
    const told = (await jobsOf(userId, "email.send")).filter(
      (job) => (job.payload as { subject?: string } | null)?.subject === "Your Quiet Mailbox password was changed",
    );
    expect(told).toHaveLength(1);
  }, 30_000);
});

describe("email choices and devices", () => {
  it("turns the newsletter, reminders and emails about follow-up steps off and on, telling Mailchimp through the queue", async () => {
    const { browser, userId } = await signedUpUser("account-preferences");
    expect(await userRow(userId), "all on from signup").toMatchObject({ reminderEmails: true, followUpEmails: true });
    expect(await (await browser.get("/account")).text()).toMatch(/<input type="checkbox" name="followUpEmails" checked=""/);
    const off = await browser.post("/account", { intent: "preferences" });
    expect(off.headers.get("Location")).toBe("/account?saved=preferences");
    expect(await userRow(userId)).toMatchObject({ newsletter: false, reminderEmails: false, followUpEmails: false });
    expect(await jobsOf(userId, "newsletter.sync")).toHaveLength(1);

    await browser.post("/account", { intent: "preferences", newsletter: "on", reminderEmails: "on", followUpEmails: "on" });
    expect(await userRow(userId)).toMatchObject({ newsletter: true, reminderEmails: true, followUpEmails: true });
    expect(await jobsOf(userId, "newsletter.sync")).toHaveLength(2);
  });

  it("signs out everywhere, this device included", async () => {
    const { browser, email } = await signedUpUser("account-everywhere");
    const other = new Browser();
    await other.post("/signin", { email, password: "secret-123" });
    const out = await browser.post("/account", { intent: "signOutEverywhere" });
    expect(out.headers.get("Location")).toBe("/signin?signedOut=everywhere");
    expect((await browser.get("/account")).status).toBe(302);
    expect((await other.get("/dashboard")).status).toBe(302);
  });
});

/** Every row of every table, as text: what deletion must leave without the person in it. */
async function everyRowAsText() {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));
  const texts: string[] = [];
  for (const table of tables) {
    const { name } = getTableConfig(table);
    const { results } = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
    texts.push(...results.map((row) => `${name}: ${JSON.stringify(row)}`));
  }
  return texts;
}

describe("deleting the account", () => {
  it("needs the password and changes nothing without it", async () => {
    const { browser, userId } = await signedUpUser("account-keep");
    const wrong = await browser.post("/account/delete", { currentPassword: "nope" });
    expect(wrong.status).toBe(401);
    expect(await htmlOf(wrong)).toContain("That is not your current password.");
    expect(await userRow(userId)).toBeDefined();
  });

  it("erases the person everywhere, cancels and deletes at Stripe and Mailchimp exactly once, and the email can sign up again", async () => {
    const user = await paidUser("account-delete");
    await user.browser.get(new URL(user.successUrl).pathname + new URL(user.successUrl).search);
    expect((await userRow(user.userId))!.stripeSubscriptionId).toBe(user.subscriptionId);
    await user.browser.post("/recipients/add", { ...ADDRESS, fullName: "Grace Quokkahopper" });
    await user.browser.post("/account/address", { ...NEW_HOME, fullName: "Adelina Quokka", street1: "77 Quokka Lane", moved: "on" });
    expect((await user.browser.post("/account/address/confirm", {})).status).toBe(303);
    // Staff changed the account once: the audit entry quotes the name.
    const admin = await signedInStaff("admin");
    const stored = (await userRow(user.userId))!;
    const edit = await admin.browser.post(`/admin/users/${user.userId}`, {
      fullName: "Adelina Byron Quokka",
      street1: stored.street1,
      city: stored.city,
      state: stored.state,
      zipCode: stored.zipCode,
      numOfFreeRequest: "3",
      plan: "basic",
      reason: "Asked by phone, Adelina Byron Quokka",
    });
    expect(edit.status).toBe(303);
    const auditBefore = await db.select().from(staffAudit).where(eq(staffAudit.targetId, user.userId));
    expect(JSON.stringify(auditBefore)).toContain("Quokka");

    const gone = await user.browser.post("/account/delete", { currentPassword: "secret-123" });
    expect(gone.status).toBe(303);
    expect(gone.headers.get("Location")).toBe("/?deleted=1");
    expect(await htmlOf(await user.browser.get("/?deleted=1"))).toContain("Your account is deleted");
    expect((await user.browser.get("/account")).status).toBe(302);

    const erasing = await settled(user.userId, ["account.eraseStripe", "account.eraseMailchimp", "email.send"]);
    expect(erasing.filter((job) => job.type.startsWith("account.")).map((job) => job.state)).toEqual(["succeeded", "succeeded"]);
    // The queue delivers again: nothing more reaches the vendors.
    await deliver(erasing.filter((job) => job.type.startsWith("account.")));

    const cancels = await received("stripe", (r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${user.subscriptionId}`);
    const deletions = await received("stripe", (r) => r.method === "DELETE" && r.path === `/v1/customers/${user.customerId}`);
    expect([cancels.length, deletions.length]).toEqual([1, 1]);
    const hash = (erasing.find((job) => job.type === "account.eraseMailchimp")!.payload ?? {}) as Record<string, unknown>;
    expect(Object.keys(hash)).toEqual(["subscriberHash"]);
    const forgotten = await received(
      "mailchimp",
      (r) => r.method === "POST" && r.path.endsWith(`/${hash.subscriberHash}/actions/delete-permanent`),
    );
    expect(forgotten).toHaveLength(1);

    const last = erasing.find((job) => job.type === "email.send" && job.state === "succeeded" && job.payload !== null);
    expect(last?.payload).toEqual({ subject: "Your Quiet Mailbox account is deleted", tag: "account-deleted" });
    const sentTo = await received("email", (r) => JSON.stringify(r.body).includes("Your Quiet Mailbox account is deleted"));
    expect(sentTo.some((r) => JSON.stringify(r.body).includes(user.email))).toBe(true);

    const rows = await everyRowAsText();
    expect(rows.filter((row) => [user.email, "quokka"].some((secret) => row.toLowerCase().includes(secret.toLowerCase())))).toEqual([]);
    // Only the anonymous id stays, where the business needs it.
    const keptTables = new Set(rows.filter((row) => row.includes(user.userId)).map((row) => row.split(":")[0]));
    expect([...keptTables].sort()).toEqual(["analytics_events", "deleted_accounts", "jobs", "staff_audit"]);
    expect(await db.select().from(deletedAccounts).where(eq(deletedAccounts.userId, user.userId))).toHaveLength(1);
    const auditAfter = await db.select().from(staffAudit).where(eq(staffAudit.targetId, user.userId));
    expect(auditAfter.map((entry) => [entry.action, entry.actorId, entry.reason, entry.details])).toEqual(
      auditBefore.map((entry) => [entry.action, entry.actorId, null, { erased: "account deleted" }]),
    );
    // The audit trail is still append-only for anything else.
    await expect(env.DB.prepare("UPDATE staff_audit SET action = 'x' WHERE targetId = ?").bind(user.userId).run()).rejects.toThrow(
      /append-only/,
    );

    const again = new Browser();
    expect((await signUp(again, user.email)).status).toBe(303);
    expect((await again.get("/dashboard")).status).toBe(200);
  }, 30_000);

  it("cancels a job still on the queue: it never runs, and keeps no payload", async () => {
    const { browser, userId, email } = await signedUpUser("account-inflight");
    await settled(userId, ["newsletter.subscribe"]);
    const putsBefore = await received("mailchimp", (r) => r.method === "PUT" && JSON.stringify(r.body).includes(email));
    const jobId = crypto.randomUUID();
    const payload = { email, fullName: "Ada Lovelace" };
    await db.insert(jobs).values({ id: jobId, type: "newsletter.subscribe", payload, userId });

    await browser.post("/account/delete", { currentPassword: "secret-123" });
    const [cancelled] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(cancelled).toMatchObject({ state: "cancelled", payload: null });

    const result = await deliver([{ id: jobId, type: "newsletter.subscribe", payload: null, createdAt: new Date() }], [payload]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await db.select().from(jobs).where(eq(jobs.id, jobId))).toMatchObject([{ state: "cancelled", payload: null }]);
    await settled(userId, ["account.eraseMailchimp"]);
    // Mailchimp heard of the address once, from signup, before the deletion.
    const puts = await received("mailchimp", (r) => r.method === "PUT" && JSON.stringify(r.body).includes(email));
    expect([putsBefore.length, puts.length]).toEqual([1, 1]);
  }, 30_000);

  it("keeps a deletion job Stripe refuses where staff see it, without personal data", async () => {
    allowConsoleErrors(/account\.eraseStripe/);
    const user = await paidUser("account-delete-fails");
    await fault({ vendor: "stripe", path: `/v1/customers/${user.customerId}`, status: 400, times: 1 });
    await user.browser.post("/account/delete", { currentPassword: "secret-123" });
    const [job] = await settled(user.userId, ["account.eraseStripe"]);
    expect(job).toMatchObject({ state: "dead" });
    expect(JSON.stringify(job!.payload)).not.toContain(user.email);
    const admin = await signedInStaff("admin");
    const page = await htmlOf(await admin.browser.get("/admin/jobs?state=dead"));
    expect(page).toContain(job!.id);
  });
});
