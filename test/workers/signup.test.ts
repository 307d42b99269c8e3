import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import catalog from "../../drizzle/senders.json";
import { analyticsEvents, jobs, requests, users } from "../../drizzle/schema";
import type { CatalogSender } from "~/domain/sender-catalog";
import { subscriberHash } from "~/integrations/mailchimp.server";
import { seedSenderCatalog } from "~/models/request-template.server";
import { getDb } from "~/utils/db.server";
import { ADDRESS, Browser, LOOSE_ADDRESS, signUp } from "./http";
import { fault, uniqueEmail } from "./stand-ins";

const db = getDb(env.DB);
const activeSenders = (catalog.senders as CatalogSender[]).filter((sender) => sender.channels.length > 0);

beforeAll(async () => {
  await seedSenderCatalog(db, catalog.senders as CatalogSender[]);
});

describe("signup step 1", () => {
  it("shows the product rules' message next to each missing field and changes nothing", async () => {
    const browser = new Browser();
    const response = await browser.post("/start/step1", { fullName: "", street1: "", street2: "", city: "", state: "", zipCode: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const message of [
      "Please enter your full name.",
      "Please enter the street address.",
      "Please enter the city name.",
      "Please enter the state.",
      "Please enter the zip code.",
    ]) {
      expect(html).toContain(message);
    }
    expect(html).toContain('aria-invalid="true"');
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("wants two words in the full name and keeps what was typed", async () => {
    const browser = new Browser();
    const response = await browser.post("/start/step1", { ...ADDRESS, fullName: "Ada" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter your full name.");
    expect(html).toContain('value="12 Main St"');
    expect(html).toContain('value="Ada"');
  });

  it("refuses a state that is not one and a ZIP that is not one, next to each field, keeping what was typed", async () => {
    const browser = new Browser();
    const response = await browser.post("/start/step1", { ...ADDRESS, city: "springfeld", state: "XX", zipCode: "627<b>" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/id="[^"]*-error"[^>]*>Please enter a U.S. state or territory, like IL or Illinois.</);
    expect(html).toMatch(/id="[^"]*-error"[^>]*>Please enter a 5-digit ZIP code, or ZIP\+4 like 62701-1234.</);
    expect(html).toContain('value="springfeld"');
    expect(html).toContain('value="627&lt;b&gt;"');
    // Nothing moved on: step 2 still sends the visitor back.
    expect((await browser.get("/start/step2")).headers.get("Location")).toBe("/start/step1");
  });

  it("standardizes a loosely typed address and shows step 2 what changed", async () => {
    const browser = new Browser();
    const step1 = await browser.post("/start/step1", LOOSE_ADDRESS);
    expect(step1.status).toBe(303);
    expect(step1.headers.get("Location")).toBe("/start/step2");
    const html = await (await browser.get("/start/step2")).text();
    expect(html).toContain("12 N MAIN ST");
    expect(html).toContain("APT 4B");
    expect(html).toContain("SPRINGFIELD, IL 62701");
    expect(html).toContain("“illinois” became “IL”");
  });

  it("sends a signed-in user to the dashboard", async () => {
    const browser = new Browser();
    await signUp(browser, uniqueEmail("step1-signed-in"));
    const response = await browser.get("/start/step1");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
  });
});

describe("signup step 2", () => {
  it("goes back to step 1 without a completed step 1", async () => {
    const response = await new Browser().get("/start/step2");
    expect(response.headers.get("Location")).toBe("/start/step1");
  });

  it("says plainly that the newsletter comes with the account, and how to leave it", async () => {
    const browser = new Browser();
    await browser.post("/start/step1", ADDRESS);
    const html = await (await browser.get("/start/step2")).text();
    expect(html).toContain("and our newsletter: leave it with one click from any issue or your account page.");
    expect(html).not.toContain("Only for news about your requests.");
  });

  it("shows the product rules' messages and never sends the password back", async () => {
    const browser = new Browser();
    await browser.post("/start/step1", ADDRESS);
    const empty = await browser.post("/start/step2", { email: "", password: "" });
    expect(empty.status).toBe(400);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain("Please enter your email address.");
    expect(emptyHtml).toContain("Please enter the password.");

    const bad = await browser.post("/start/step2", { email: "ada-at-example", password: "abc12" });
    const badHtml = await bad.text();
    expect(badHtml).toContain("Invalid email address");
    expect(badHtml).toContain("Password should be at least 6 characters.");
    expect(badHtml).toContain('value="ada-at-example"');
    expect(badHtml).not.toContain("abc12");
  });

  it("creates the account with its presets, queues the vendor calls, records the conversions and signs in", async () => {
    const browser = new Browser();
    const email = uniqueEmail("Signup.Works");
    const response = await signUp(browser, `  ${email.toUpperCase()} `);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/dashboard");

    const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(user).toMatchObject({
      fullName: "Ada Lovelace",
      street1: "12 MAIN ST",
      city: "SPRINGFIELD",
      state: "IL",
      numOfFreeRequest: 3,
      newsletter: true,
    });
    expect(user!.passwordHash).toMatch(/^scrypt\$/);

    const presets = await db.select().from(requests).where(eq(requests.userId, user!.id));
    expect(presets.map((request) => request.id).sort()).toEqual(activeSenders.map((sender) => sender.id).sort());
    expect(presets.every((request) => request.type === "preset" && request.status === null && request.fullName === "Ada Lovelace")).toBe(
      true,
    );
    expect(presets.find((request) => request.id === "acxiom")).toMatchObject({ senderName: "Acxiom", title: "Acxiom" });

    const queued = await db.select({ type: jobs.type }).from(jobs).where(eq(jobs.userId, user!.id));
    expect(queued.map((job) => job.type).sort()).toEqual([
      "billing.createCustomer",
      "email.send",
      "newsletter.notifyNewUser",
      "newsletter.subscribe",
    ]);
    const [welcome] = await db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.userId, user!.id), eq(jobs.type, "email.send")));
    expect(welcome!.payload).toMatchObject({ subject: "Welcome to Quiet Mailbox", tag: "welcome" });

    const events = await db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, user!.id));
    expect(events.map((event) => event.name).sort()).toEqual(["Lead", "Signed up", "sign_up"]);
    expect(events.find((event) => event.name === "Lead")!.properties).toEqual({ value: 2, currency: "USD" });
    for (const event of events) expect(JSON.stringify(event)).not.toContain(email.split("@")[0]!.toLowerCase());

    const dashboard = await browser.get("/dashboard");
    expect(dashboard.status).toBe(200);
    expect(await (await browser.get("/start/step2")).headers.get("Location")).toBe("/dashboard");
  });

  it("answers an email already registered with the product rules' message", async () => {
    const email = uniqueEmail("twice");
    await signUp(new Browser(), email);
    const again = await signUp(new Browser(), email.toUpperCase());
    expect(again.status).toBe(400);
    const html = await again.text();
    expect(html).toContain("Email has already been used.");
    expect(html).toContain(`value="${email.toUpperCase()}"`);
    expect(await db.$count(users, eq(users.email, email))).toBe(1);
  });

  it("still signs the user up when the newsletter stand-in is failing, and keeps the jobs", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const email = uniqueEmail("vendors-down");
    // Only this user's member path fails, so tests running beside this one are not disturbed.
    await fault({ vendor: "mailchimp", path: `/lists/local-list/members/${await subscriberHash(email)}`, status: 503, times: 20 });
    const response = await signUp(new Browser(), email);
    expect(response.status).toBe(303);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const queued = await db
      .select({ type: jobs.type })
      .from(jobs)
      .where(and(eq(jobs.userId, user!.id), inArray(jobs.type, ["newsletter.subscribe", "billing.createCustomer"])));
    expect(queued).toHaveLength(2);
  });
});
