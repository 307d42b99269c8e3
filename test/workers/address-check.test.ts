import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import { jobs, recipients, requests, users } from "../../drizzle/schema";
import { ADDRESS_CHECK_LABELS, ADDRESS_DOUBT_MESSAGES, STAFF_ADDRESS_WARNING } from "~/domain/address-check";
import type { CatalogSender } from "~/domain/sender-catalog";
import { seedSenderCatalog } from "~/models/request-template.server";
import { getDb } from "~/utils/db.server";
import { allowConsoleErrors } from "./console-errors";
import { ADDRESS, Browser, signedInStaff, signedUpUser } from "./http";
import { clearFaults, fault, received, uniqueEmail } from "./stand-ins";

const db = getDb(env.DB);
const html = (text: string) => text.replaceAll("'", "&#x27;");
const KEEP = { keepAsTyped: "yes" };
// 90210 is a California ZIP code: written like an address, but not one in Illinois.
const WRONG_ZIP = { ...ADDRESS, zipCode: "90210" };
const LOB_PATH = "/us_verifications";

beforeAll(() => seedSenderCatalog(db, catalog.senders as CatalogSender[]));
afterEach(clearFaults);

async function userByEmail(email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user!;
}

describe("an address verification doubts, at signup", () => {
  it("is refused next to the field with what was typed, and can be corrected", async () => {
    const browser = new Browser();
    const refused = await browser.post("/start/step1", WRONG_ZIP);
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain("The ZIP code 90210 is not in IL.");
    expect(page).toContain(ADDRESS_DOUBT_MESSAGES.summary);
    expect(page).toMatch(/name="keepAsTyped"[^>]*value="yes"/);
    expect(page).toMatch(/name="zipCode"[^>]*value="90210"/);
    // Nothing was kept: step 2 is still out of reach.
    expect((await browser.get("/start/step2")).headers.get("Location")).toBe("/start/step1");

    const corrected = await browser.post("/start/step1", ADDRESS);
    expect(corrected.status).toBe(303);
    const step2 = await (await browser.get("/start/step2")).text();
    expect(step2).toContain(html(ADDRESS_CHECK_LABELS.standardized));
    expect(step2).not.toContain(ADDRESS_CHECK_LABELS.verified);
  });

  it("can be kept as typed by an explicit choice: nothing claims it was standardized, and staff are told", async () => {
    const browser = new Browser();
    const typed = { ...WRONG_ZIP, street1: "12 main street" };
    const kept = await browser.post("/start/step1", { ...typed, ...KEEP });
    expect(kept.status).toBe(303);
    const step2 = await (await browser.get("/start/step2")).text();
    expect(step2).toContain(ADDRESS_CHECK_LABELS.asTyped);
    expect(step2).toContain("12 main street");
    expect(step2).not.toContain("the way the Postal Service does");
    expect(step2).not.toContain("Postal Service&#x27;s form");

    const email = uniqueEmail("kept-as-typed");
    expect((await browser.post("/start/step2", { email, password: "secret-123" })).status).toBe(303);
    const user = await userByEmail(email);
    expect(user).toMatchObject({ street1: "12 main street", zipCode: "90210", addressCheck: "asTyped" });
    // Every request made from it carries the mark, so staff check it before a letter goes out.
    const presets = await db.select({ addressCheck: requests.addressCheck }).from(requests).where(eq(requests.userId, user.id));
    expect(presets.length).toBeGreaterThan(0);
    expect(new Set(presets.map((row) => row.addressCheck))).toEqual(new Set(["asTyped"]));
    expect(await (await browser.get("/account")).text()).toContain(ADDRESS_CHECK_LABELS.asTyped);

    const custom = await browser.post("/requests/add", { senderName: `Kept Catalog ${user.id}` });
    expect(custom.status).toBe(303);
    const { browser: staff } = await signedInStaff("admin");
    const queue = await (await staff.get("/admin/queue")).text();
    const group = queue.slice(queue.indexOf(`Kept Catalog ${user.id}`));
    expect(group).toContain(STAFF_ADDRESS_WARNING);
    expect(await (await staff.get(`/admin/users/${user.id}`)).text()).toContain(STAFF_ADDRESS_WARNING);
  });
});

describe("with a verification service", () => {
  const lob = new Browser({ LOB_API_KEY: "test_address_check" });

  it("calls an address it delivers to verified", async () => {
    const answer = await lob.post("/start/step1", { ...ADDRESS, fullName: "Lob Deliverable" });
    expect(answer.status).toBe(303);
    expect(await (await lob.get("/start/step2")).text()).toContain(ADDRESS_CHECK_LABELS.verified);
    const calls = await received("lob", (call) => call.path === LOB_PATH && JSON.stringify(call.body).includes("12 Main St"));
    expect(calls.length).toBeGreaterThan(0);
  });

  it("asks for a missing unit next to the unit field", async () => {
    await fault({
      vendor: "lob",
      path: LOB_PATH,
      status: 200,
      body: {
        id: "us_ver_missingunit",
        primary_line: "12 MAIN ST",
        secondary_line: "",
        deliverability: "deliverable_missing_unit",
        components: { city: "SPRINGFIELD", state: "IL", zip_code: "62701" },
      },
    });
    const answer = await lob.post("/start/step1", ADDRESS);
    expect(answer.status).toBe(400);
    const page = await answer.text();
    expect(page).toMatch(new RegExp(`id="[^"]*street2[^"]*-error"[^>]*>${html(ADDRESS_DOUBT_MESSAGES.missingUnit)}`));
  });

  it("leaves the choice to the person when it does not answer, and records nothing", async () => {
    allowConsoleErrors(/address verification/);
    await fault({ vendor: "lob", path: LOB_PATH, status: 500 });
    const { browser, userId } = await signedUpUser("lob-down");
    const people = browser.with({ LOB_API_KEY: "test_address_check" });
    const typed = { ...ADDRESS, fullName: "Grace Hopper" };
    const refused = await people.post("/recipients/add", typed);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(ADDRESS_DOUBT_MESSAGES.unavailable);
    expect(await db.select().from(recipients).where(eq(recipients.userId, userId))).toEqual([]);

    const kept = await people.post("/recipients/add", { ...typed, ...KEEP });
    expect(kept.status).toBe(303);
    const [person] = await db.select().from(recipients).where(eq(recipients.userId, userId));
    expect(person).toMatchObject({ fullName: "Grace Hopper", street1: "12 Main St", addressCheck: "asTyped" });
    expect(await (await browser.get("/recipients")).text()).toContain(ADDRESS_CHECK_LABELS.asTyped);
  });
});

describe("the account page and the staff user form", () => {
  it("refuse a doubtful address the same way, and keep it as typed when asked", async () => {
    const { browser, userId } = await signedUpUser("account-doubt");
    const refused = await browser.post("/account/address", WRONG_ZIP);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("The ZIP code 90210 is not in IL.");
    expect((await browser.post("/account/address", { ...WRONG_ZIP, ...KEEP })).status).toBe(303);
    expect(await (await browser.get("/account/address/confirm")).text()).toContain(ADDRESS_CHECK_LABELS.asTyped);
    expect((await browser.post("/account/address/confirm", {})).status).toBe(303);
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ zipCode: "90210", addressCheck: "asTyped" });

    const { browser: admin } = await signedInStaff("admin");
    const form = { ...ADDRESS, numOfFreeRequest: "3", plan: "", reason: "Address from a support call" };
    const staffRefused = await admin.post(`/admin/users/${userId}`, { ...form, zipCode: "10001" });
    expect(staffRefused.status).toBe(400);
    const staffPage = await staffRefused.text();
    expect(staffPage).toContain("The ZIP code 10001 is not in IL.");
    expect(staffPage).toContain("Save the address as typed");
    expect((await admin.post(`/admin/users/${userId}`, form)).status).toBe(303);
    const [fixed] = await db.select().from(users).where(eq(users.id, userId));
    expect(fixed).toMatchObject({ street1: "12 MAIN ST", city: "SPRINGFIELD", zipCode: "62701", addressCheck: "standardized" });
  });
});

describe("sending at once", () => {
  it("never emails a sender a request whose address was kept as typed: it waits for staff", async () => {
    const browser = new Browser();
    expect((await browser.post("/start/step1", { ...WRONG_ZIP, ...KEEP })).status).toBe(303);
    const email = uniqueEmail("kept-no-auto");
    expect((await browser.post("/start/step2", { email, password: "secret-123" })).status).toBe(303);
    const user = await userByEmail(email);
    // Acxiom takes requests from agents by email: a checked address would go to it at once.
    expect((await browser.post("/dashboard", { intent: "unsubscribe", requestId: "acxiom" })).status).toBe(303);
    const [request] = await db
      .select()
      .from(requests)
      .where(and(eq(requests.userId, user.id), eq(requests.id, "acxiom")));
    expect(request).toMatchObject({ status: "inQueue", processedAt: null, addressCheck: "asTyped" });
    const emailJobs = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.userId, user.id), eq(jobs.type, "optOut.email")));
    expect(emailJobs).toEqual([]);
    const { browser: staff } = await signedInStaff("moderator");
    const queue = await (await staff.get("/admin/queue")).text();
    expect(queue).toContain(`${user.id}:acxiom`);
  });
});
