import { env } from "cloudflare:test";
import { and, asc, eq, like, notExists, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import { requests, requestTemplates, staffAudit, users } from "../../drizzle/schema";
import type { CatalogSender } from "~/domain/sender-catalog";
import { SENDER_FORM_MESSAGES, SenderSchema } from "~/domain/sender-form";
import { AdminOnlyError } from "~/models/audit.server";
import { UNKNOWN_INTENT_MESSAGE } from "~/utils/intent";
import {
  getTemplateForStaff,
  listTemplatesForStaff,
  offerTemplateToExistingUsers,
  seedSenderCatalog,
  updateTemplate,
} from "~/models/request-template.server";
import { chunkedInserts, getDb } from "~/utils/db.server";
import { Browser, signedInStaff, signedUpUser } from "./http";

const db = getDb(env.DB);
const tag = crypto.randomUUID().slice(0, 8);
const senderId = `acme-catalogs-${tag}`;
const page = `/admin/senders/${senderId}`;
/** Enough users that an offer takes more than one INSERT ... SELECT (500 users each). */
const BULK_USERS = 520;

const NEW_SENDER = {
  id: senderId,
  title: `Acme Catalogs ${tag}`,
  category: "catalogs",
  covers: "catalogs and seasonal flyers",
  channels:
    "email: optout@acme.example\nmail: Acme Privacy, PO Box 1, Town, ST 12345 | attention Privacy\nweb: https://acme.example/opt-out",
  acceptsAgent: "yes",
  needs: "full name\nmailing address",
  lasts: "5 years",
  takes: "",
  confidence: "medium",
  sourceYear: "2024",
  requiredDays: "45",
  notes: "",
};
const { id: _id, ...EDIT_FIELDS } = NEW_SENDER;

const templateRow = async (id: string) => (await db.select().from(requestTemplates).where(eq(requestTemplates.id, id)))[0];
const requestOf = async (userId: string, id: string) =>
  (
    await db
      .select()
      .from(requests)
      .where(and(eq(requests.userId, userId), eq(requests.id, id)))
  )[0];
const auditOf = (id: string) =>
  db
    .select({ action: staffAudit.action, actorId: staffAudit.actorId, actorRole: staffAudit.actorRole, details: staffAudit.details })
    .from(staffAudit)
    .where(and(eq(staffAudit.targetType, "template"), eq(staffAudit.targetId, id)))
    .orderBy(asc(staffAudit.id));
const usersLacking = async (id: string) => {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(users)
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(requests)
          .where(and(eq(requests.userId, users.id), eq(requests.id, id))),
      ),
    );
  return Number(row!.count);
};
/** React escapes quotes in text. */
const html = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

let admin: Browser;
let moderator: Browser;

beforeAll(async () => {
  await seedSenderCatalog(db, catalog.senders as CatalogSender[]);
  admin = (await signedInStaff("admin")).browser;
  moderator = (await signedInStaff("moderator")).browser;
});

// New users of other test files must not get this file's sender.
afterAll(async () => {
  await db
    .update(requestTemplates)
    .set({ isActive: false })
    .where(like(requestTemplates.id, `%-${tag}`));
  await db.delete(users).where(like(users.email, `offer-bulk-${tag}-%`));
});

describe("the senders list", () => {
  it("shows the catalog to staff, and Add a sender to the admin only", async () => {
    const adminPage = await admin.get("/admin/senders");
    expect(adminPage.status).toBe(200);
    const adminHtml = await adminPage.text();
    expect(adminHtml).toContain('href="/admin/senders/new"');
    expect(adminHtml).toContain(">Add a sender<");
    expect(adminHtml).toContain('href="/admin/senders/epsilon"');
    expect(adminHtml).toContain('<th scope="col">Users with it</th>');
    // OptOutPrescreen asks for an SSN: the consumer files it; it has web and phone channels.
    const row = adminHtml.slice(adminHtml.indexOf('href="/admin/senders/optoutprescreen"'));
    expect(row.slice(0, row.indexOf("</tr>"))).toMatch(/web, phone<\/td><td>no<\/td><td>yes<\/td><td>high<\/td><td>active<\/td>/);

    const moderatorPage = await moderator.get("/admin/senders");
    expect(moderatorPage.status).toBe(200);
    const moderatorHtml = await moderatorPage.text();
    expect(moderatorHtml).toContain('href="/admin/senders/epsilon"');
    expect(moderatorHtml).not.toContain('href="/admin/senders/new"');
  });

  it("is not there for visitors and users", async () => {
    const visitor = await new Browser().get("/admin/senders");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/signin?redirectTo=%2Fadmin%2Fsenders");
    const { browser } = await signedUpUser("senders-not-staff");
    expect((await browser.get("/admin/senders")).status).toBe(404);
    expect((await browser.get("/admin/senders/epsilon")).status).toBe(404);
    expect((await browser.post("/admin/senders/epsilon", { intent: "deactivate" })).status).toBe(404);
    expect((await templateRow("epsilon"))!.isActive).toBe(true);
  });
});

describe("the admin's sender catalog", () => {
  let firstUser: { browser: Browser; userId: string };

  it("adds a sender, which users who sign up afterwards get as a preset", async () => {
    const response = await admin.post("/admin/senders/new", NEW_SENDER);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(page);

    expect(await templateRow(senderId)).toMatchObject({
      title: NEW_SENDER.title,
      category: "catalogs",
      covers: "catalogs and seasonal flyers",
      channels: [
        { kind: "email", value: "optout@acme.example" },
        { kind: "mail", value: "Acme Privacy, PO Box 1, Town, ST 12345", note: "attention Privacy" },
        { kind: "web", value: "https://acme.example/opt-out" },
      ],
      acceptsAgent: "yes",
      needs: ["full name", "mailing address"],
      consumerFiles: false,
      lasts: "5 years",
      takes: null,
      confidence: "medium",
      sourceYear: 2024,
      requiredDays: 45,
      notes: null,
      isActive: true,
    });
    const [created] = await auditOf(senderId);
    expect(created).toMatchObject({ action: "template.created", actorId: "local-admin", actorRole: "admin" });
    expect(created!.details).toMatchObject({ after: { id: senderId, title: NEW_SENDER.title, requiredDays: 45, isActive: true } });

    const detail = await (await admin.get(page)).text();
    expect(detail).toContain(NEW_SENDER.title);
    expect(detail).toContain("email: optout@acme.example");
    expect(detail).toContain("template.created");

    firstUser = await signedUpUser("senders-after-add");
    expect(await requestOf(firstUser.userId, senderId)).toMatchObject({
      templateId: senderId,
      senderName: NEW_SENDER.title,
      title: NEW_SENDER.title,
      type: "preset",
      status: null,
      requiredDays: 45,
    });
    expect(await (await firstUser.browser.get("/dashboard")).text()).toContain(NEW_SENDER.title);
    const list = await (await admin.get("/admin/senders")).text();
    const row = list.slice(list.indexOf(`href="${page}"`));
    expect(row.slice(0, row.indexOf("</tr>"))).toMatch(
      /email, mail, web<\/td><td>yes<\/td><td>no<\/td><td>medium<\/td><td>active<\/td><td>1<\/td>/,
    );
  });

  it("refuses bad input with 400 and the message, keeps what was typed and writes nothing", async () => {
    const badId = `bad-input-${tag}`;
    const bad = await admin.post("/admin/senders/new", {
      ...NEW_SENDER,
      id: badId,
      title: "Kept Name",
      channels: "email: optout@acme.example\nfax: 800-555-0100",
    });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain(html('Line 2 ("fax: 800-555-0100"): start the line with web:, email:, mail: or phone:.'));
    expect(badHtml).toContain('value="Kept Name"');
    expect(badHtml).toContain("fax: 800-555-0100</textarea>");
    expect(badHtml).toMatch(/aria-invalid="true" aria-describedby="[^"]*-error[^"]*"/);
    expect(await templateRow(badId)).toBeUndefined();
    expect(await auditOf(badId)).toEqual([]);

    const uppercase = await admin.post("/admin/senders/new", { ...NEW_SENDER, id: "Acme" });
    expect(uppercase.status).toBe(400);
    expect(await uppercase.text()).toContain(SENDER_FORM_MESSAGES.id);
    expect(await templateRow("Acme")).toBeUndefined();

    const auditBefore = (await auditOf(senderId)).length;
    const taken = await admin.post("/admin/senders/new", { ...NEW_SENDER, title: "Someone Else" });
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain(SENDER_FORM_MESSAGES.idTaken);
    expect((await templateRow(senderId))!.title).toBe(NEW_SENDER.title);

    const before = await templateRow(senderId);
    const badEdit = await admin.post(page, { intent: "update", ...EDIT_FIELDS, title: "Renamed", requiredDays: "400" });
    expect(badEdit.status).toBe(400);
    const badEditHtml = await badEdit.text();
    expect(badEditHtml).toContain(SENDER_FORM_MESSAGES.requiredDays);
    expect(badEditHtml).toContain('value="400"');
    expect(badEditHtml).toContain('value="Renamed"');
    expect(await templateRow(senderId)).toEqual(before);
    expect((await auditOf(senderId)).length).toBe(auditBefore);

    // A button the page does not have, or none, is refused before anything is touched.
    for (const fields of [{ intent: "archive" }, {}, { ...EDIT_FIELDS, title: "No Intent" }] as Record<string, string>[]) {
      const unknown = await admin.post(page, fields);
      expect(unknown.status, JSON.stringify(fields)).toBe(400);
      expect(await unknown.text()).toContain(html(UNKNOWN_INTENT_MESSAGE));
    }
    const tooLong = await admin.post(page, { intent: "name", name: "n".repeat(500) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toMatch(
      /<p class="field-error" id="sender-name-error" role="alert">Please shorten the name to \d+ characters\.<\/p>/,
    );
    expect((await admin.post(page, { intent: "name" })).status).toBe(400);
    expect(await templateRow(senderId)).toEqual(before);
    expect((await auditOf(senderId)).length).toBe(auditBefore);
  });

  it("edits a sender and audits the fields that changed, before and after", async () => {
    const response = await admin.post(page, {
      intent: "update",
      ...EDIT_FIELDS,
      title: `Acme Catalog Co ${tag}`,
      needs: "full name\nmailing address\nSSN",
      notes: "Asked for a Social Security number in 2025.",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${page}?saved=4`);
    // An SSN in what it asks for hands the request to the consumer, as in the gathered catalog.
    expect(await templateRow(senderId)).toMatchObject({
      title: `Acme Catalog Co ${tag}`,
      consumerFiles: true,
      notes: "Asked for a Social Security number in 2025.",
    });

    const updated = (await auditOf(senderId)).at(-1)!;
    expect(updated).toMatchObject({ action: "template.updated", actorId: "local-admin" });
    expect(updated.details).toEqual({
      before: { title: NEW_SENDER.title, needs: ["full name", "mailing address"], consumerFiles: false, notes: null },
      after: {
        title: `Acme Catalog Co ${tag}`,
        needs: ["full name", "mailing address", "SSN"],
        consumerFiles: true,
        notes: "Asked for a Social Security number in 2025.",
      },
    });
    const detail = await (await admin.get(`${page}?saved=4`)).text();
    expect(detail).toContain("Changes saved.");
    expect(detail).toContain(`value="Acme Catalog Co ${tag}"`);

    // Saving again without a change writes nothing.
    const auditCount = (await auditOf(senderId)).length;
    const same = await admin.post(page, {
      intent: "update",
      ...EDIT_FIELDS,
      title: `Acme Catalog Co ${tag}`,
      needs: "full name\nmailing address\nSSN",
      notes: "Asked for a Social Security number in 2025.",
    });
    expect(same.headers.get("Location")).toBe(`${page}?saved=0`);
    expect((await auditOf(senderId)).length).toBe(auditCount);

    // Back to an agent-friendly sender for the offer below.
    await admin.post(page, { intent: "update", ...EDIT_FIELDS, title: `Acme Catalog Co ${tag}` });
    expect((await templateRow(senderId))!.consumerFiles).toBe(false);
  });

  it("deactivates a sender: new users no longer get it, and it cannot be offered", async () => {
    const response = await admin.post(page, { intent: "deactivate" });
    expect(response.status).toBe(303);
    expect((await templateRow(senderId))!.isActive).toBe(false);
    expect((await auditOf(senderId)).at(-1)).toMatchObject({
      action: "template.deactivated",
      details: { before: { isActive: true }, after: { isActive: false } },
    });

    const detail = await (await admin.get(page)).text();
    expect(detail).toContain(">Activate</button>");
    expect(detail).not.toContain("Offer to existing users");

    const lateUser = await signedUpUser("senders-after-deactivate");
    expect(await requestOf(lateUser.userId, senderId)).toBeUndefined();

    const offer = await admin.post(page, { intent: "offer" });
    expect(offer.status).toBe(400);
    expect(await offer.text()).toContain("Activate this sender before offering it");
    expect(await requestOf(lateUser.userId, senderId)).toBeUndefined();
    expect((await auditOf(senderId)).at(-1)!.action).toBe("template.deactivated");
  });

  it("activates it and offers it to every existing user who lacks it, once", async () => {
    const lacking = await signedUpUser("senders-lacking");
    // A user who deleted the preset keeps its row, so an offer does not bring it back.
    expect((await firstUser.browser.post("/dashboard", { requestId: senderId, intent: "delete" })).status).toBe(303);
    expect((await requestOf(firstUser.userId, senderId))!.status).toBe("deleted");
    // More users than one statement of the offer covers.
    const bulk = Array.from({ length: BULK_USERS }, (_, index) => ({
      id: `offer-bulk-${tag}-${index}`,
      email: `offer-bulk-${tag}-${index}@quietmailbox.test`,
      passwordHash: "not-a-real-hash",
      fullName: `Bulk User ${index}`,
      street1: `${index} Elm St`,
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
    }));
    const [first, ...rest] = chunkedInserts(db, users, bulk);
    await db.batch([first!, ...rest]);

    expect((await admin.post(page, { intent: "activate" })).status).toBe(303);
    expect((await templateRow(senderId))!.isActive).toBe(true);
    expect((await auditOf(senderId)).at(-1)!.action).toBe("template.activated");

    const expected = await usersLacking(senderId);
    expect(expected).toBeGreaterThan(BULK_USERS);
    const offer = await admin.post(page, { intent: "offer" });
    expect(offer.status).toBe(303);
    expect(offer.headers.get("Location")).toBe(`${page}?offered=${expected}`);
    expect(await (await admin.get(offer.headers.get("Location")!)).text()).toContain(`Offered to ${expected} users.`);
    expect((await auditOf(senderId)).at(-1)).toMatchObject({
      action: "template.offered",
      actorId: "local-admin",
      details: { added: expected },
    });
    expect(await usersLacking(senderId)).toBe(0);

    const [account] = await db.select().from(users).where(eq(users.id, lacking.userId));
    const preset = await requestOf(lacking.userId, senderId);
    expect(preset).toMatchObject({
      templateId: senderId,
      senderName: `Acme Catalog Co ${tag}`,
      title: `Acme Catalog Co ${tag}`,
      fullName: account!.fullName,
      type: "preset",
      status: null,
      requiredDays: 45,
      customerNumber: null,
      recipientIds: null,
      street1: account!.street1,
      street2: account!.street2,
      city: account!.city,
      state: account!.state,
      zipCode: account!.zipCode,
      queuedAt: null,
      processedAt: null,
    });
    expect(await (await lacking.browser.get("/dashboard")).text()).toContain(`Acme Catalog Co ${tag}`);
    expect(await requestOf(`offer-bulk-${tag}-${BULK_USERS - 1}`, senderId)).toMatchObject({
      type: "preset",
      fullName: `Bulk User ${BULK_USERS - 1}`,
    });
    expect((await requestOf(firstUser.userId, senderId))!.status).toBe("deleted");

    const again = await admin.post(page, { intent: "offer" });
    expect(again.headers.get("Location")).toBe(`${page}?offered=0`);
    expect(await requestOf(lacking.userId, senderId)).toEqual(preset);
    const [holders] = await db
      .select({ count: sql<number>`count(*)` })
      .from(requests)
      .where(eq(requests.id, senderId));
    const [everyone] = await db.select({ count: sql<number>`count(*)` }).from(users);
    expect(Number(holders!.count)).toBe(Number(everyone!.count));
    expect((await auditOf(senderId)).at(-1)).toMatchObject({ action: "template.offered", details: { added: 0 } });
  });
});

describe("a moderator", () => {
  it("can view senders but gets 403 on every post, and nothing changes", async () => {
    const view = await moderator.get(page);
    expect(view.status).toBe(200);
    const viewHtml = await view.text();
    expect(viewHtml).toContain(`Acme Catalog Co ${tag}`);
    expect(viewHtml).not.toContain("Save changes");
    expect(viewHtml).not.toContain("Offer to existing users");
    const newPage = await moderator.get("/admin/senders/new");
    expect(newPage.status).toBe(200);
    expect(await newPage.text()).toContain("Only the admin may add senders.");

    const before = await templateRow(senderId);
    const auditBefore = await auditOf(senderId);
    const holdersBefore = await db.select({ userId: requests.userId }).from(requests).where(eq(requests.id, senderId));
    const moderatorId = `moderator-${tag}`;
    expect((await moderator.post("/admin/senders/new", { ...NEW_SENDER, id: moderatorId })).status).toBe(403);
    expect((await moderator.post(page, { intent: "update", ...EDIT_FIELDS, title: "Moderated" })).status).toBe(403);
    expect((await moderator.post(page, { intent: "deactivate" })).status).toBe(403);
    expect((await moderator.post(page, { intent: "activate" })).status).toBe(403);
    expect((await moderator.post(page, { intent: "offer" })).status).toBe(403);
    expect((await moderator.post("/admin/senders/money-mailer", { intent: "activate" })).status).toBe(403);

    expect(await templateRow(senderId)).toEqual(before);
    expect(await templateRow(moderatorId)).toBeUndefined();
    expect((await templateRow("money-mailer"))!.isActive).toBe(false);
    expect(await auditOf(senderId)).toEqual(auditBefore);
    expect(await db.select({ userId: requests.userId }).from(requests).where(eq(requests.id, senderId))).toEqual(holdersBefore);
  });

  it("is refused by the model functions themselves, whatever page calls them", async () => {
    const actor = { id: "local-moderator", role: "moderator" as const };
    const values = SenderSchema.parse({ ...EDIT_FIELDS, sourceYear: 2024, requiredDays: 45, title: "Moderated" });
    await expect(updateTemplate(db, actor, senderId, values)).rejects.toThrow(AdminOnlyError);
    await expect(offerTemplateToExistingUsers(db, actor, senderId)).rejects.toThrow(AdminOnlyError);
    expect((await templateRow(senderId))!.title).toBe(`Acme Catalog Co ${tag}`);
  });
});

describe("an unknown sender", () => {
  it("answers 404 to the page and to every post", async () => {
    expect((await admin.get("/admin/senders/no-such-sender")).status).toBe(404);
    expect((await moderator.get("/admin/senders/no-such-sender")).status).toBe(404);
    for (const intent of ["update", "activate", "deactivate", "offer"]) {
      expect((await admin.post("/admin/senders/no-such-sender", { intent, ...EDIT_FIELDS })).status).toBe(404);
    }
    expect(await templateRow("no-such-sender")).toBeUndefined();
    expect(await auditOf("no-such-sender")).toEqual([]);
    expect(await db.select({ id: requests.id }).from(requests).where(eq(requests.id, "no-such-sender"))).toEqual([]);
  });
});

describe("how many users hold a sender", () => {
  it("counts, on the sender's page as in the list, the users who have not deleted that sender's request", async () => {
    const holdersOf = async (id: string) => ({
      page: (await getTemplateForStaff(db, id))!.holders,
      list: (await listTemplatesForStaff(db)).find((template) => template.id === id)!.holders,
    });
    const before = await holdersOf("epsilon");
    const { browser } = await signedUpUser("holder-count");
    expect(await holdersOf("epsilon")).toEqual({ page: before.page + 1, list: before.list + 1 });
    // Deleting this one sender's preset leaves the user holding the others, but not this one.
    expect((await browser.post("/dashboard", { intent: "delete", requestId: "epsilon" })).status).toBe(303);
    expect(await holdersOf("epsilon")).toEqual(before);
  });
});
