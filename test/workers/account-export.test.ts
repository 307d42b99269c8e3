// "Export my data": /account/export (a page to read and print) and /account/export.json (the
// file), and the rule that every table holding a user's data is in the export or left out with a
// reason (EXPORTED_TABLES and NOT_EXPORTED of app/models/account-export.server.ts).
import { env } from "cloudflare:test";
import { eq, getTableColumns, is } from "drizzle-orm";
import { getTableConfig, integer, SQLiteTable, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../drizzle/schema";
import {
  analyticsEvents,
  earlierAddresses,
  emailChanges,
  jobs,
  recipients,
  requestLogs,
  requestReminders,
  requests,
  users,
} from "../../drizzle/schema";
import { isoDate } from "~/domain/dates";
import { EXPORTED_TABLES, NOT_EXPORTED, type AccountExport } from "~/models/account-export.server";
import { getDb } from "~/utils/db.server";
import { Browser } from "./http";
import { uniqueEmail } from "./stand-ins";
import { htmlOf, scrollRegionsOf, sessionCookieFor } from "./support";

const db = getDb(env.DB);

// ---------------------------------------------------------------------------------------------
// Every table that holds a user's data is accounted for

const tablesOf = (module: Record<string, unknown>) => Object.values(module).filter((value): value is SQLiteTable => is(value, SQLiteTable));
const sqlName = (table: SQLiteTable) => getTableConfig(table).name;
const holdsUserData = (table: SQLiteTable) =>
  sqlName(table) === "users" || Object.values(getTableColumns(table)).some((column) => column.name === "userId");

/** What is wrong with the export's account of these tables; nothing when every one is covered. */
function coverageProblems(tables: SQLiteTable[]): string[] {
  const exported = new Map<string, { reads: Record<string, { name: string }>; withheld: Record<string, string> }>(
    Object.entries(EXPORTED_TABLES),
  );
  const notExported = new Map(NOT_EXPORTED.map((entry) => [entry.table, entry.reason]));
  const names = new Set(tables.map(sqlName));
  const problems: string[] = [];

  for (const table of tables) {
    const name = sqlName(table);
    const entry = exported.get(name);
    if (holdsUserData(table) && !entry && !notExported.has(name)) {
      problems.push(`${name} holds user data but is neither in EXPORTED_TABLES nor in NOT_EXPORTED`);
    }
    if (entry && notExported.has(name)) problems.push(`${name} is both exported and listed as not exported`);
    if (!entry) continue;
    const read = new Set(Object.values(entry.reads).map((column) => column.name));
    const columns = getTableColumns(table);
    for (const [key, column] of Object.entries(columns)) {
      if (!read.has(column.name) && !Object.hasOwn(entry.withheld, key)) {
        problems.push(`${name}.${key} is neither read by the export nor withheld`);
      }
    }
    for (const key of Object.keys(entry.withheld)) {
      if (!Object.hasOwn(columns, key)) problems.push(`${name}.${key} is withheld but is not a column`);
    }
  }
  for (const name of [...exported.keys(), ...notExported.keys()]) {
    if (!names.has(name)) problems.push(`${name} is listed but is not a table of the schema`);
  }
  for (const [name, reason] of notExported) {
    if (reason.trim().length < 10) problems.push(`${name} is left out without a reason`);
  }
  return problems;
}

describe("what the export covers", () => {
  it("accounts for every table that holds a user's data, and every column of the exported ones", () => {
    const tables = tablesOf(schema);
    // The schema's user tables, so that a broken finder cannot pass by finding nothing.
    expect(tables.filter(holdsUserData).map(sqlName)).toEqual(expect.arrayContaining(["users", "requests", "request_logs", "recipients"]));
    expect(coverageProblems(tables)).toEqual([]);
  });

  it("notices a new table with a userId, and a new column of an exported table", () => {
    // What the check adds for each, whatever it says of the schema as it is.
    const schemaTables = tablesOf(schema);
    const newProblems = (tables: SQLiteTable[]) => {
      const known = new Set(coverageProblems(schemaTables));
      return coverageProblems(tables).filter((problem) => !known.has(problem));
    };
    const phoneNumbers = sqliteTable("phone_numbers", { userId: text("userId").notNull(), phone: text("phone").notNull() });
    expect(newProblems([...schemaTables, phoneNumbers])).toEqual([
      "phone_numbers holds user data but is neither in EXPORTED_TABLES nor in NOT_EXPORTED",
    ]);
    const sameColumns = Object.fromEntries(Object.values(getTableColumns(recipients)).map((column) => [column.name, text(column.name)]));
    const widerRecipients = sqliteTable("recipients", { ...sameColumns, birthday: integer("birthday") });
    const others = schemaTables.filter((table) => table !== recipients);
    expect(newProblems([...others, widerRecipients])).toEqual(["recipients.birthday is neither read by the export nor withheld"]);
  });
});

// ---------------------------------------------------------------------------------------------
// One user with a row in every exported table, and another user who must never show

const PAST = new Date("2026-03-02T15:00:00Z");
const LATER = new Date("2026-03-09T15:00:00Z");

async function insertUser(label: string, fullName: string) {
  const [user] = await db
    .insert(users)
    .values({
      email: uniqueEmail(label),
      passwordHash: `hash-${crypto.randomUUID()}`,
      fullName,
      street1: "12 MAIN ST",
      city: "SPRINGFIELD",
      state: "IL",
      zipCode: "62701",
      addressCheck: "verified",
      numOfFreeRequest: 1,
      createdAt: PAST,
      updatedAt: PAST,
    })
    .returning();
  return user!;
}

/** A row in every exported table, each naming `marker`, and one request sent to a sender. */
async function seedEverything(userId: string, marker: string) {
  const requestId = crypto.randomUUID();
  const recipientId = crypto.randomUUID();
  const secrets = { tokenHash: `token-hash-${marker}`, replyToken: `reply-${marker}`, unsentText: `unsent-body-${marker}` };
  await db.batch([
    db.insert(recipients).values({
      id: recipientId,
      userId,
      fullName: `${marker} King`,
      street1: "5 ELM ST",
      city: "PEORIA",
      state: "IL",
      zipCode: "61602",
      createdAt: PAST,
      updatedAt: PAST,
    }),
    db.insert(earlierAddresses).values({ userId, street1: `9 ${marker} RD`, city: "PEORIA", state: "IL", zipCode: "61602", movedAt: PAST }),
    db.insert(emailChanges).values({
      tokenHash: secrets.tokenHash,
      userId,
      newEmail: `${marker.toLowerCase()}@new.quietmailbox.test`,
      expiresAt: new Date(Date.now() + 3_600_000),
      createdAt: LATER,
    }),
    db.insert(requests).values({
      userId,
      id: requestId,
      senderName: `${marker} Catalogs`,
      title: `${marker} Catalogs`,
      fullName: `${marker} Lovelace`,
      type: "custom",
      status: "inQueue",
      requiredDays: 30,
      customerNumber: `CN-${marker}`,
      recipientIds: [recipientId],
      street1: "12 MAIN ST",
      city: "SPRINGFIELD",
      state: "IL",
      zipCode: "62701",
      queuedAt: PAST,
      processedAt: LATER,
      replyToken: secrets.replyToken,
      createdAt: PAST,
      updatedAt: LATER,
    }),
    db.insert(requestLogs).values([
      { userId, requestId, creator: "user", status: "created", createdAt: PAST },
      { userId, requestId, creator: "staff", status: "mailed", detail: `Mailed by staff for ${marker}`, createdAt: LATER },
      {
        userId,
        requestId,
        creator: "sender",
        status: "replied",
        detail: `${marker}: you are off our list`,
        createdAt: new Date(LATER.getTime() + 60_000),
      },
    ]),
    db.insert(requestReminders).values({ userId, requestId, processedAt: LATER, round: 1, createdAt: new Date("2026-04-09T14:00:00Z") }),
    db.insert(jobs).values([
      {
        id: crypto.randomUUID(),
        type: "email.send",
        userId,
        state: "succeeded",
        payload: { subject: `Reset your password, ${marker}`, tag: "password-reset" },
        updatedAt: LATER,
      },
      // Not sent yet: its whole payload is still there, and none of it is the user's record of mail received.
      {
        id: crypto.randomUUID(),
        type: "email.send",
        userId,
        state: "queued",
        payload: { to: "x@quietmailbox.test", subject: `Queued for ${marker}`, text: secrets.unsentText },
      },
    ]),
    db.insert(analyticsEvents).values({ name: "clicked request action button", userId, properties: { action: `unsubscribe-${marker}` } }),
  ]);
  return { requestId, recipientId, secrets };
}

let ada: Awaited<ReturnType<typeof insertUser>>;
let adaRows: Awaited<ReturnType<typeof seedEverything>>;
let other: Awaited<ReturnType<typeof insertUser>>;

async function signedIn(userId: string, extraCookie = "") {
  const cookie = [await sessionCookieFor(userId), extraCookie].filter(Boolean).join("; ");
  return { get: (path: string) => new Browser().get(path, { Cookie: cookie }) };
}

async function postedTo(userId: string, path: string) {
  return new Browser().post(path, { a: "1" }, { Cookie: await sessionCookieFor(userId) });
}

async function exportOf(userId: string, extraCookie = "") {
  const response = await (await signedIn(userId, extraCookie)).get("/account/export.json");
  expect(response.status).toBe(200);
  const text = await response.text();
  return { response, text, data: JSON.parse(text) as AccountExport };
}

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

// The seeding needs the migrated tables; the coverage checks above do not.
describe("a user with a row in every exported table", () => {
  beforeAll(async () => {
    ada = await insertUser("export-ada", "Ada Lovelace");
    adaRows = await seedEverything(ada.id, "Ada");
    await db
      .update(users)
      .set({
        plan: "basic",
        stripeCustomerId: `cus_${ada.id}`,
        stripeSubscriptionId: `sub_${ada.id}`,
        subscriptionStatus: "active",
        subscriptionPeriodEnd: new Date("2026-12-01T00:00:00Z"),
        reminderEmails: false,
        followUpEmails: false,
      })
      .where(eq(users.id, ada.id));
    other = await insertUser("export-other", "Zed Intruder");
    await seedEverything(other.id, "Zed");
  });

  describe("/account/export.json", () => {
    it("is a pretty-printed JSON download, dated, never stored by a cache", async () => {
      const before = isoDate(new Date(), "America/Chicago");
      const { response, text } = await exportOf(ada.id);
      const after = isoDate(new Date(), "America/Chicago");
      expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
      expect([before, after].map((day) => `attachment; filename="quiet-mailbox-data-${day}.json"`)).toContain(
        response.headers.get("Content-Disposition"),
      );
      expect(response.headers.get("Cache-Control")).toContain("no-store");
      expect(text).toMatch(/^\{\n {2}"generatedAt": "\d{4}-\d{2}-\d{2}T[\d:.]+Z",\n/);
    });

    it("holds the account, its addresses, people, email changes, plan and choices", async () => {
      const { data } = await exportOf(ada.id, "tracking_consent=no");
      expect(data.account).toEqual({
        email: ada.email,
        fullName: "Ada Lovelace",
        street1: "12 MAIN ST",
        street2: null,
        city: "SPRINGFIELD",
        state: "IL",
        zipCode: "62701",
        addressCheck: "verified",
        createdAt: PAST.toISOString(),
        updatedAt: expect.any(String),
        newsletter: true,
        reminderEmails: false,
        followUpEmails: false,
        freeRequestsLeft: 1,
      });
      expect(data.earlierAddresses).toEqual([
        { street1: "9 Ada RD", street2: null, city: "PEORIA", state: "IL", zipCode: "61602", movedAt: PAST.toISOString() },
      ]);
      expect(data.pendingEmailChanges).toEqual([
        {
          newEmail: "ada@new.quietmailbox.test",
          state: "waiting",
          createdAt: LATER.toISOString(),
          expiresAt: expect.any(String),
          usedAt: null,
        },
      ]);
      expect(data.recipients).toEqual([
        expect.objectContaining({ id: adaRows.recipientId, fullName: "Ada King", street1: "5 ELM ST", city: "PEORIA" }),
      ]);
      expect(data.billing).toMatchObject({
        plan: "basic",
        subscriptionId: `sub_${ada.id}`,
        subscriptionStatus: "active",
        subscriptionCancelAt: null,
        subscriptionPeriodEnd: "2026-12-01T00:00:00.000Z",
        hasStripeCustomer: true,
        stripeCustomerId: `cus_${ada.id}`,
      });
      expect(data.consent).toMatchObject({ analytics: "no", newsletter: true, reminderEmails: false, followUpEmails: false });
      expect(data.consent.analyticsNote).toContain("cookie");
      expect(data.analyticsEvents).toEqual([
        { name: "clicked request action button", properties: { action: "unsubscribe-Ada" }, createdAt: expect.any(String) },
      ]);
      for (const { sections } of Object.values(EXPORTED_TABLES)) for (const section of sections) expect(data).toHaveProperty(section);
    });

    it("holds every request with its letter, its history, the sender's reply and the reminders", async () => {
      const { data } = await exportOf(ada.id);
      const request = data.requests.find((row) => row.id === adaRows.requestId);
      expect(request).toMatchObject({
        senderName: "Ada Catalogs",
        type: "custom",
        status: "inQueue",
        customerNumber: "CN-Ada",
        recipientIds: [adaRows.recipientId],
        address: { street1: "12 MAIN ST", street2: null, city: "SPRINGFIELD", state: "IL", zipCode: "62701" },
        queuedAt: PAST.toISOString(),
        processedAt: LATER.toISOString(),
        requiredDays: 30,
        senderReplies: [{ text: "Ada: you are off our list", receivedAt: new Date(LATER.getTime() + 60_000).toISOString() }],
        remindersSent: [{ round: 1, processedAt: LATER.toISOString(), createdAt: "2026-04-09T14:00:00.000Z" }],
      });
      expect(request!.history.map((entry) => [entry.creator, entry.status, entry.detail])).toEqual([
        ["sender", "replied", "Ada: you are off our list"],
        ["staff", "mailed", "Mailed by staff for Ada"],
        ["user", "created", null],
      ]);
      // The letter names the holder and the recipient it was sent for, dated the day it was queued.
      expect(request!.letter).toContain("To Ada Catalogs:");
      expect(request!.letter).toContain("Ada Lovelace");
      expect(request!.letter).toContain("Ada King, at 5 ELM ST, PEORIA, IL 61602");
      expect(request!.letter).toContain("03/02/2026");
      expect(request!.letter).toContain("CN-Ada");
    });

    it("writes the same letter the dashboard shows for the request", async () => {
      const { data } = await exportOf(ada.id);
      const letter = data.requests.find((row) => row.id === adaRows.requestId)!.letter;
      const page = await htmlOf(await (await signedIn(ada.id)).get(`/dashboard?request=${adaRows.requestId}&view=print`));
      expect(page).toMatch(/<pre class="letter"[^>]*>/);
      expect(page).toContain(`>${escapeHtml(letter)}</pre>`);
    });

    it("lists the emails sent, by subject and date only", async () => {
      const { data, text } = await exportOf(ada.id);
      expect(data.emailsSent).toEqual([{ subject: "Reset your password, Ada", kind: "password-reset", sentAt: LATER.toISOString() }]);
      expect(text).not.toContain("Queued for Ada");
      expect(text).not.toContain(adaRows.secrets.unsentText);
    });

    it("never holds secrets: the password hash, link hashes or the reply token", async () => {
      const { text } = await exportOf(ada.id);
      for (const secret of [ada.passwordHash, adaRows.secrets.tokenHash, adaRows.secrets.replyToken]) expect(text).not.toContain(secret);
    });

    it("holds nothing of another user", async () => {
      const { text } = await exportOf(ada.id);
      for (const theirs of ["Zed", other.email, other.id]) expect(text).not.toContain(theirs);
      const { text: theirText } = await exportOf(other.id);
      for (const adas of ["Ada", ada.email, ada.id]) expect(theirText).not.toContain(adas);
    });

    it("says when the analytics question was never answered, and what was answered", async () => {
      expect((await exportOf(ada.id)).data.consent.analytics).toBe("not asked");
      expect((await exportOf(ada.id, "tracking_consent=yes")).data.consent.analytics).toBe("yes");
    });
  });

  describe("/account/export", () => {
    it("shows the same facts on a page with the download link, and ships no JavaScript", async () => {
      const response = await (await signedIn(ada.id)).get("/account/export");
      expect(response.status).toBe(200);
      const html = await htmlOf(response);
      expect(html).toContain("<title>Your data · Quiet Mailbox</title>");
      expect(html).toMatch(/<a href="\/account\/export\.json" class="button" download="">/);
      for (const fact of [
        ada.email,
        "Ada King",
        "9 Ada RD, PEORIA, IL 61602",
        "ada@new.quietmailbox.test",
        "Ada Catalogs",
        "CN-Ada",
        "Mailed by staff for Ada",
        "Ada: you are off our list",
        "Reset your password, Ada",
        "clicked request action button",
        "action: unsubscribe-Ada",
        "Basic",
        `cus_${ada.id}`,
        // 14:00 UTC is 9:00 AM in Springfield, Illinois (CDT): dates read in the account's time zone.
        "9:00 AM 04/09/2026",
      ]) {
        expect(html).toContain(fact);
      }
      const { data } = await exportOf(ada.id);
      expect(html).toContain(escapeHtml(data.requests.find((row) => row.id === adaRows.requestId)!.letter));
      expect(html).not.toMatch(/<script\b/);
      expect(html, "the zone of a known state goes without saying").not.toContain("Times are U.S. Eastern.");
      for (const theirs of ["Zed", other.email]) expect(html).not.toContain(theirs);
    });

    it("puts every table in a named region the keyboard can reach, to scroll it on a phone", async () => {
      const html = await htmlOf(await (await signedIn(ada.id)).get("/account/export"));
      const regions = scrollRegionsOf(html);
      expect(regions.length, "one region a table").toBe(html.match(/<table\b/g)!.length);
      expect(regions.length).toBeGreaterThanOrEqual(2);
      expect(regions.filter((region) => region.problems.length > 0)).toEqual([]);
      expect(new Set(regions.map((region) => region.name)).size, "each region has a name of its own").toBe(regions.length);
      for (const { name } of regions) expect(html, "the region and its table share a name").toContain(`<table aria-label="${name}">`);
    });

    it("only reads: a post to either address changes nothing and says so", async () => {
      const page = await postedTo(ada.id, "/account/export");
      expect(page.status).toBe(405);
      expect(await page.text()).toContain("This page can&#x27;t take that request");
      const file = await postedTo(ada.id, "/account/export.json");
      expect(file.status).toBe(405);
      expect(file.headers.get("Allow")).toBe("GET, HEAD");
    });

    it("shows what a user typed as text, never as markup", async () => {
      const mallory = await insertUser("export-markup", '<script>alert("hi")</script> Mallory');
      const html = await htmlOf(await (await signedIn(mallory.id)).get("/account/export"));
      expect(html).toContain("&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; Mallory");
      expect(html).not.toContain("<script>alert");
      expect(html).not.toMatch(/<script\b/);
    });
  });
});

describe("for a visitor", () => {
  it.each(["/account/export", "/account/export.json"])("%s sends them to /signin and back afterwards", async (path) => {
    const response = await new Browser().get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/signin?redirectTo=${encodeURIComponent(path)}`);
  });
});
