import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../drizzle/schema";
import { listUserRecipients } from "~/models/recipient.server";
import { getDb } from "~/utils/db.server";
import { Browser, signedUpUser } from "./http";

const db = getDb(env.DB);

// The signup fixture's address as signup stores it.
const ACCOUNT_ADDRESS = { street1: "12 MAIN ST", street2: null, city: "SPRINGFIELD", state: "IL", zipCode: "62701" };

const recipientsOf = (userId: string) => listUserRecipients(db, userId);

async function addedRecipient(browser: Browser, userId: string, fullName: string) {
  const response = await browser.post("/recipients/add", {
    fullName,
    street1: "12 Main St",
    street2: "",
    city: "Springfield",
    state: "IL",
    zipCode: "62701",
  });
  expect(response.status).toBe(303);
  const row = (await recipientsOf(userId)).find((recipient) => recipient.fullName === fullName);
  return row!;
}

describe("recipients for a visitor", () => {
  it.each(["/recipients", "/recipients/add", "/recipients/edit/some-id"])("%s sends a GET and a POST to /signin", async (path) => {
    const browser = new Browser();
    for (const response of [await browser.get(path), await browser.post(path, { intent: "remove", id: "some-id", fullName: "Ada King" })]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/signin?redirectTo=${encodeURIComponent(path)}`);
    }
  });
});

describe("recipients", () => {
  it("start empty, with a word on what they are for and on the account holder", async () => {
    const { browser } = await signedUpUser("recipients-empty");
    const response = await browser.get("/recipients");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("No one added yet");
    expect(html).toContain("every variant and every person at the address");
    expect(html).toContain("You, Ada Lovelace, are always covered");
    expect(html).toContain('href="/recipients/add"');
  });

  it("offer the account's address on the add form, never anything private", async () => {
    const { browser, userId } = await signedUpUser("recipients-prefill");
    const html = await (await browser.get("/recipients/add")).text();
    expect(html).toContain('name="fullName"');
    for (const value of ["12 MAIN ST", "SPRINGFIELD", "IL", "62701"]) expect(html).toContain(`value="${value}"`);
    const [account] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    expect(html).not.toContain(account!.passwordHash.split("$").at(-1));
  });

  it("are added with a standardized address, edited and removed", async () => {
    const { browser, userId } = await signedUpUser("recipients-round-trip");

    const added = await browser.post("/recipients/add", {
      fullName: "  Ada King ",
      street1: "12 main street",
      street2: "",
      city: "springfield",
      state: "illinois",
      zipCode: "62701",
    });
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe("/recipients");
    const [recipient] = await recipientsOf(userId);
    expect(recipient).toEqual({ id: expect.any(String), fullName: "Ada King", ...ACCOUNT_ADDRESS, addressCheck: "standardized" });

    const moved = await browser.post("/recipients/add", {
      fullName: "A. Lovelace",
      street1: "5 elm avenue",
      street2: "apartment 2",
      city: "Chicago",
      state: "IL",
      zipCode: "60601",
    });
    expect(moved.status).toBe(303);
    const list = await (await browser.get("/recipients")).text();
    expect(list.indexOf("Ada King")).toBeLessThan(list.indexOf("A. Lovelace"));
    expect(list).toContain("12 MAIN ST<br/>SPRINGFIELD, IL 62701");
    expect(list).toContain("5 ELM AVE, APT 2<br/>CHICAGO, IL 60601");
    expect(list).toContain("At your address");
    expect(list).toContain("At an earlier address");
    expect(list).toContain(`href="/recipients/edit/${recipient!.id}"`);

    const editPage = await browser.get(`/recipients/edit/${recipient!.id}`);
    expect(editPage.status).toBe(200);
    expect(await editPage.text()).toContain('value="Ada King"');
    const edited = await browser.post(`/recipients/edit/${recipient!.id}`, {
      fullName: "Ada Byron King",
      street1: "12 Main St",
      street2: "apt 4b",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
    });
    expect(edited.status).toBe(303);
    expect(edited.headers.get("Location")).toBe("/recipients");
    expect((await recipientsOf(userId)).find((row) => row.id === recipient!.id)).toMatchObject({
      fullName: "Ada Byron King",
      street2: "APT 4B",
    });

    const removed = await browser.post("/recipients", { intent: "remove", id: recipient!.id });
    expect(removed.status).toBe(303);
    expect(removed.headers.get("Location")).toBe("/recipients");
    expect((await recipientsOf(userId)).map((row) => row.fullName)).toEqual(["A. Lovelace"]);
    expect(await (await browser.get("/recipients")).text()).not.toContain("Ada Byron King");
  });

  it("answer bad input with 400, the product rules' message and what was typed, and write nothing", async () => {
    const { browser, userId } = await signedUpUser("recipients-bad-input");
    const typed = { fullName: "Ada", street1: "12 Main St", street2: "", city: "Springfield", state: "IL", zipCode: "" };
    const response = await browser.post("/recipients/add", typed);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter your full name.");
    expect(html).toContain("Please enter the zip code.");
    expect(html).toContain('value="Ada"');
    expect(html).toContain('value="12 Main St"');
    expect(await recipientsOf(userId)).toEqual([]);

    const recipient = await addedRecipient(browser, userId, "Ada King");
    const edit = await browser.post(`/recipients/edit/${recipient.id}`, { ...typed, fullName: "", zipCode: "62701" });
    expect(edit.status).toBe(400);
    const editHtml = await edit.text();
    expect(editHtml).toContain("Please enter your full name.");
    expect(editHtml).toContain('aria-invalid="true"');
    expect(await recipientsOf(userId)).toEqual([recipient]);
  });
});

describe("another user's recipient", () => {
  it("is not found on the edit page, its form or the remove button, and stays as it was", async () => {
    const owner = await signedUpUser("recipients-owner");
    const other = await signedUpUser("recipients-other");
    const recipient = await addedRecipient(owner.browser, owner.userId, "Ada King");
    const path = `/recipients/edit/${recipient.id}`;

    expect((await other.browser.get(path)).status).toBe(404);
    const edit = await other.browser.post(path, {
      fullName: "Mallory Hacker",
      street1: "1 Evil Way",
      street2: "",
      city: "Gotham",
      state: "NY",
      zipCode: "10001",
    });
    expect(edit.status).toBe(404);
    expect((await other.browser.post("/recipients", { intent: "remove", id: recipient.id })).status).toBe(404);
    // A bad form from someone else is still nobody's business: 404 before 400.
    expect((await other.browser.post(path, { fullName: "" })).status).toBe(404);

    expect(await recipientsOf(owner.userId)).toEqual([recipient]);
    expect(await recipientsOf(other.userId)).toEqual([]);
    expect(await (await other.browser.get("/recipients")).text()).not.toContain("Ada King");
  });

  it("is like a made-up id", async () => {
    const { browser } = await signedUpUser("recipients-made-up");
    const path = `/recipients/edit/${crypto.randomUUID()}`;
    expect((await browser.get(path)).status).toBe(404);
    expect(
      (
        await browser.post(path, {
          fullName: "Ada King",
          street1: "12 Main St",
          street2: "",
          city: "Springfield",
          state: "IL",
          zipCode: "62701",
        })
      ).status,
    ).toBe(404);
    expect((await browser.post("/recipients", { intent: "remove", id: "made-up" })).status).toBe(404);
  });
});
