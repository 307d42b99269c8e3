import { env, SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs, users } from "../../drizzle/schema";
import { getDb } from "~/utils/db.server";
import { Browser, LOOSE_ADDRESS, ORIGIN, signUp } from "./http";
import { uniqueEmail } from "./stand-ins";

const db = getDb(env.DB);

async function signedIn(label: string) {
  const browser = new Browser();
  const email = uniqueEmail(label);
  await signUp(browser, email);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { browser, email, userId: user!.id };
}

const jobCount = (userId: string, type: string) => db.$count(jobs, and(eq(jobs.userId, userId), eq(jobs.type, type)));

describe("the endpoints of product rules: Calls to the server", () => {
  it("refuse visitors with 401 and GET with 404", async () => {
    const visitor = new Browser();
    for (const path of [
      "/api/mailchimp/subscribers/add",
      "/api/mailchimp/tags/add",
      "/api/mailchimp/notifications/new_user",
      "/api/customers/create",
      "/api/subscriptions/create",
    ]) {
      expect((await visitor.postJson(path, {})).status, path).toBe(401);
      expect((await visitor.get(path)).status, path).toBe(404);
    }
  });

  it("subscribe only the signed-in user's own email, never a stranger's", async () => {
    const { browser, email, userId } = await signedIn("api-subscribe");
    const before = await jobCount(userId, "newsletter.subscribe");
    expect(
      (await browser.postJson("/api/mailchimp/subscribers/add", { fullName: "Ada Lovelace", email: "victim@example.com" })).status,
    ).toBe(403);
    expect(await jobCount(userId, "newsletter.subscribe")).toBe(before);
    expect((await browser.postJson("/api/mailchimp/subscribers/add", { fullName: "Ada Lovelace", email })).status).toBe(202);
    expect(await jobCount(userId, "newsletter.subscribe")).toBe(before + 1);
    expect((await browser.postJson("/api/mailchimp/subscribers/add", "not json")).status).toBe(400);
  });

  it("add a tag only when it is true of the user", async () => {
    const { browser, email, userId } = await signedIn("api-tag");
    expect((await browser.postJson("/api/mailchimp/tags/add", { email, tagName: "free-requests-used" })).status).toBe(422);
    expect((await browser.postJson("/api/mailchimp/tags/add", { email, tagName: "premium-user" })).status).toBe(422);
    await db.update(users).set({ numOfFreeRequest: 0 }).where(eq(users.id, userId));
    expect((await browser.postJson("/api/mailchimp/tags/add", { email, tagName: "free-requests-used" })).status).toBe(202);
    expect(await jobCount(userId, "newsletter.tag")).toBe(1);
    // Someone who left the newsletter is not a member to tag.
    await db.update(users).set({ newsletter: false }).where(eq(users.id, userId));
    expect((await browser.postJson("/api/mailchimp/tags/add", { email, tagName: "free-requests-used" })).status).toBe(422);
    expect(await jobCount(userId, "newsletter.tag")).toBe(1);
  });

  it("notify staff of a new user once, whatever the client sends", async () => {
    const { browser, userId } = await signedIn("api-notify");
    expect(await jobCount(userId, "newsletter.notifyNewUser")).toBe(1);
    expect((await browser.postJson("/api/mailchimp/notifications/new_user", { fullName: "Someone Else" })).status).toBe(202);
    expect(await jobCount(userId, "newsletter.notifyNewUser")).toBe(1);
  });

  it("create one payment customer per user and answer it again", async () => {
    const { browser, email, userId } = await signedIn("api-customer");
    expect((await browser.postJson("/api/customers/create", { name: "Ada Lovelace", email: "other@example.com" })).status).toBe(403);
    const first = await browser.postJson("/api/customers/create", { name: "Ada Lovelace", email });
    expect(first.status).toBe(200);
    const { customer } = (await first.json()) as { customer: { id: string } };
    expect(customer.id).toMatch(/^cus_/);
    const second = (await (await browser.postJson("/api/customers/create", { name: "Ada Lovelace", email })).json()) as {
      customer: { id: string };
    };
    expect(second.customer.id).toBe(customer.id);
    const [row] = await db.select({ stripeCustomerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
    expect(row!.stripeCustomerId).toBe(customer.id);
  });

  it("verify an address for the signup form, and only for pages of this site", async () => {
    const browser = new Browser();
    const { fullName: _name, ...address } = LOOSE_ADDRESS;
    const fromElsewhere = await SELF.fetch(`${ORIGIN}/api/address/verify`, { method: "POST", body: JSON.stringify({ address }) });
    expect(fromElsewhere.status).toBe(403);
    const response = await browser.postJson("/api/address/verify", { address }, { "Sec-Fetch-Site": "same-origin" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 200,
      result: {
        primary_line: "12 N MAIN ST",
        secondary_line: "APT 4B",
        components: { city: "SPRINGFIELD", state: "IL", zip_code: "62701" },
      },
    });
  });
});
