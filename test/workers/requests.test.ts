import { env } from "cloudflare:test";
import { and, desc, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import { analyticsEvents, jobs, requestLogs, requests, requestTemplates, users } from "../../drizzle/schema";
import { ALLOWANCE_REFUSED_MESSAGE, STATUS_OF_ACTION, type RequestAction } from "~/domain/requests";
import type { CatalogSender } from "~/domain/sender-catalog";
import { seedSenderCatalog } from "~/models/request-template.server";
import { getSessionUser } from "~/models/user.server";
import type { CurrentUser } from "~/services/auth.server";
import { createWithAllowance } from "~/services/requests.server";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { Browser, signedUpUser } from "./http";

const db = getDb(env.DB);
const appEnv = parseEnv(env);

// New users get a preset per active template, as after `npm start`'s seed.
beforeAll(() => seedSenderCatalog(db, catalog.senders as CatalogSender[]));

const requestOf = async (userId: string, id: string) =>
  (
    await db
      .select()
      .from(requests)
      .where(and(eq(requests.userId, userId), eq(requests.id, id)))
  )[0];
const logsOf = (userId: string, id: string) =>
  db
    .select({ creator: requestLogs.creator, status: requestLogs.status })
    .from(requestLogs)
    .where(and(eq(requestLogs.userId, userId), eq(requestLogs.requestId, id)))
    .orderBy(desc(requestLogs.createdAt));
const allowanceOf = async (userId: string) =>
  (await db.select({ left: users.numOfFreeRequest }).from(users).where(eq(users.id, userId)))[0]!.left;
const customRequestsOf = (userId: string) =>
  db
    .select({ id: requests.id, senderName: requests.senderName })
    .from(requests)
    .where(and(eq(requests.userId, userId), eq(requests.type, "custom")));
const act = (browser: Browser, requestId: string, intent: string) => browser.post("/dashboard", { requestId, intent });

/** Presets a new user has, in id order; not ones emailed automatically, whose system history entry would arrive mid-test. */
async function presetIds(count: number) {
  const templates = await db
    .select({ id: requestTemplates.id })
    .from(requestTemplates)
    .where(and(eq(requestTemplates.isActive, true), eq(requestTemplates.consumerFiles, false), ne(requestTemplates.acceptsAgent, "yes")))
    .orderBy(requestTemplates.id)
    .limit(count);
  return templates.map((template) => template.id);
}

async function firstPresetId() {
  return (await presetIds(1))[0]!;
}

describe("the dashboard", () => {
  it("sends a visitor to /signin", async () => {
    const response = await new Browser().get("/dashboard");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin?redirectTo=%2Fdashboard");
  });

  it("lists every preset of a new user, unsent, with Unsubscribe and the allowance", async () => {
    const { browser } = await signedUpUser("dashboard-presets");
    const html = await (await browser.get("/dashboard")).text();
    const active = await db.select({ title: requestTemplates.title }).from(requestTemplates).where(eq(requestTemplates.isActive, true));
    expect(active.length).toBeGreaterThan(10);
    for (const { title } of active) expect(html).toContain(title.replaceAll("&", "&amp;").replaceAll("'", "&#x27;"));
    expect(html).toContain("3 of 3 free requests left.");
    expect(html).toContain('value="unsubscribe"');
    expect(html).toContain('href="/learn#saturation-mail"');
  });

  it("shows an open request's letter and history, and 404s for an id that is not the user's", async () => {
    const owner = await signedUpUser("dashboard-open");
    const other = await signedUpUser("dashboard-open-other");
    const presetId = await firstPresetId();
    expect((await act(owner.browser, presetId, "unsubscribe")).status).toBe(303);

    const html = await (await owner.browser.get(`/dashboard?request=${presetId}`)).text();
    expect(html).toContain("Do Not Mail list");
    expect(html).toContain("12 MAIN ST");
    expect(html).toContain("You asked for your name to be removed");

    // Presets share their template's id across users; a custom request's id is the owner's alone.
    await owner.browser.post("/requests/add", { senderName: "Owner's Catalog" });
    const [custom] = await customRequestsOf(owner.userId);
    expect((await owner.browser.get(`/dashboard?request=${custom!.id}`)).status).toBe(200);
    expect((await other.browser.get(`/dashboard?request=${custom!.id}`)).status).toBe(404);
    expect((await other.browser.post("/dashboard", { requestId: custom!.id, intent: "delete" })).status).toBe(404);
    expect((await requestOf(owner.userId, custom!.id))!.status).toBe("inQueue");
    expect((await other.browser.get("/dashboard?request=made-up")).status).toBe(404);
    // Deleted by its owner: the dashboard shows without it; for anyone else it stays 404.
    await owner.browser.post("/dashboard", { intent: "delete", requestId: custom!.id });
    expect((await owner.browser.get(`/dashboard?request=${custom!.id}`)).status).toBe(200);
    expect((await other.browser.get(`/dashboard?request=${custom!.id}`)).status).toBe(404);
  });
});

describe("request actions", () => {
  it.each<[RequestAction]>([["unsubscribe"], ["report"], ["confirm"], ["cancel"], ["delete"]])(
    "%s sets its status and updatedAt, appends a log entry and records the click",
    async (action) => {
      const { browser, userId } = await signedUpUser(`action-${action}`);
      const presetId = await firstPresetId();
      // Dated well before the action, so that an action that forgot updatedAt fails below.
      const longAgo = new Date("2026-01-01T00:00:00Z");
      // A report is taken only for a request sent whose wait is over (decision 0064): sent long ago.
      const sent = action === "report" ? { status: "inQueue" as const, queuedAt: longAgo, processedAt: longAgo } : {};
      await db
        .update(requests)
        .set({ updatedAt: longAgo, ...sent })
        .where(and(eq(requests.userId, userId), eq(requests.id, presetId)));
      const actedFrom = Date.now();

      const response = await act(browser, presetId, action);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(`/dashboard?notice=${action}&about=${presetId}#outcome`);

      const after = await requestOf(userId, presetId);
      expect(after!.status).toBe(STATUS_OF_ACTION[action]);
      expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(actedFrom);
      // A report on a sent request also takes the follow-up ladder's step, a line of the system's.
      expect((await logsOf(userId, presetId)).filter((log) => log.creator === "user")).toEqual([{ creator: "user", status: action }]);
      const events = await db
        .select({ properties: analyticsEvents.properties })
        .from(analyticsEvents)
        .where(and(eq(analyticsEvents.userId, userId), eq(analyticsEvents.name, "clicked request action button")));
      expect(events).toEqual([{ properties: { action } }]);
    },
  );

  it("redirects every action back to the dashboard's notice, and keeps the history newest first", async () => {
    const { browser, userId } = await signedUpUser("action-notice");
    const presetId = await firstPresetId();
    for (const intent of ["unsubscribe", "confirm", "report"]) {
      // "Mail came back" after "Mail stopped" is taken once mail printed before should have stopped (decision 0064).
      if (intent === "report") {
        await db
          .update(requests)
          .set({ processedAt: new Date(Date.now() - 70 * 24 * 3_600_000) })
          .where(and(eq(requests.userId, userId), eq(requests.id, presetId)));
      }
      const response = await browser.post("/dashboard", { requestId: presetId, intent });
      expect(response.status).toBe(303);
    }
    expect((await logsOf(userId, presetId)).filter((log) => log.creator === "user").map((log) => log.status)).toEqual([
      "report",
      "confirm",
      "unsubscribe",
    ]);
  });

  it("hides a deleted request from the dashboard", async () => {
    const { browser } = await signedUpUser("action-delete");
    const presetId = await firstPresetId();
    expect(await (await browser.get("/dashboard")).text()).toContain(`id="request-${presetId}"`);
    await act(browser, presetId, "delete");
    expect(await (await browser.get("/dashboard")).text()).not.toContain(`id="request-${presetId}"`);
  });

  it("refuses an unknown action with 400 and another user's or a made-up id with 404, changing nothing", async () => {
    const owner = await signedUpUser("action-owner");
    const other = await signedUpUser("action-intruder");
    const presetId = await firstPresetId();

    expect((await act(owner.browser, presetId, "launch")).status).toBe(400);
    expect((await other.browser.post("/dashboard", { requestId: "made-up", intent: "confirm" })).status).toBe(404);
    // The other user has a preset under the same template id; the owner's must not move.
    expect((await act(other.browser, presetId, "delete")).status).toBe(303);
    expect((await requestOf(owner.userId, presetId))!.status).toBeNull();
    expect(await logsOf(owner.userId, presetId)).toEqual([]);
    expect(await allowanceOf(owner.userId)).toBe(3);
  });
});

describe("the free allowance", () => {
  it("Unsubscribe uses one free request once per request; Report, Confirm and Cancel use none", async () => {
    const { browser, userId } = await signedUpUser("allowance-once");
    const presetId = await firstPresetId();
    await act(browser, presetId, "unsubscribe");
    expect(await allowanceOf(userId)).toBe(2);
    for (const intent of ["report", "confirm", "cancel", "unsubscribe"]) await act(browser, presetId, intent);
    expect(await allowanceOf(userId)).toBe(2);
  });

  it("counts a missing value as 3", async () => {
    const { browser, userId } = await signedUpUser("allowance-missing");
    await db.update(users).set({ numOfFreeRequest: null }).where(eq(users.id, userId));
    await act(browser, await firstPresetId(), "unsubscribe");
    expect(await allowanceOf(userId)).toBe(2);
  });

  it("never goes below zero with many tabs creating requests at once: three are created, the rest refused", async () => {
    const { browser, userId } = await signedUpUser("allowance-race");
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) => browser.post("/requests/add", { senderName: `Racing Catalog ${index}`, customerNumber: "" })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([303, 303, 303, 403, 403, 403, 403, 403]);
    expect(await customRequestsOf(userId)).toHaveLength(3);
    expect(await allowanceOf(userId)).toBe(0);

    const tagJobs = await db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.userId, userId), eq(jobs.type, "newsletter.tag")));
    expect(tagJobs).toHaveLength(1);
    expect(tagJobs[0]!.payload).toMatchObject({ tag: "free-requests-used" });
  });

  it("charges once when two tabs send the same preset at the same moment", async () => {
    const { browser, userId } = await signedUpUser("allowance-same-preset");
    const presetId = await firstPresetId();
    const responses = await Promise.all([act(browser, presetId, "unsubscribe"), act(browser, presetId, "unsubscribe")]);
    expect(responses.map((response) => response.status)).toEqual([303, 303]);
    expect(await allowanceOf(userId)).toBe(2);
  });

  it("answers ten identical clicks at once with the one success, and charges once", async () => {
    const { browser, userId } = await signedUpUser("allowance-ten-clicks");
    const presetId = await firstPresetId();
    const responses = await Promise.all(Array.from({ length: 10 }, () => act(browser, presetId, "unsubscribe")));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(303));
    expect(await allowanceOf(userId)).toBe(2);
    expect((await requestOf(userId, presetId))!.status).toBe("inQueue");
  });

  it("queues the last free request's preset once however many tabs click, and refuses the next", async () => {
    const { browser, userId } = await signedUpUser("allowance-last-one");
    await db.update(users).set({ numOfFreeRequest: 1 }).where(eq(users.id, userId));
    const [presetId, otherId] = await presetIds(2);
    const responses = await Promise.all(Array.from({ length: 6 }, () => act(browser, presetId!, "unsubscribe")));
    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(303));
    expect(await allowanceOf(userId)).toBe(0);
    const refused = await act(browser, otherId!, "unsubscribe");
    expect(refused.status).toBe(403);
    expect((await requestOf(userId, otherId!))!.status).toBeNull();
    expect(await logsOf(userId, otherId!)).toEqual([]);
  });

  describe("createWithAllowance, for custom requests", () => {
    const payer = async (label: string): Promise<CurrentUser> => {
      const { userId } = await signedUpUser(label);
      return { ...(await getSessionUser(db, userId))!, role: "none" };
    };

    it("gives the free request back when the write fails, and passes the failure on", async () => {
      const user = await payer("allowance-failed-write");
      await expect(createWithAllowance(appEnv, user, () => Promise.reject(new Error("D1 unavailable")))).rejects.toThrow("D1 unavailable");
      expect(await allowanceOf(user.id)).toBe(3);
    });

    it("writes nothing when none is left", async () => {
      const user = await payer("allowance-none-left");
      await db.update(users).set({ numOfFreeRequest: 0 }).where(eq(users.id, user.id));
      let wrote = false;
      expect(await createWithAllowance(appEnv, user, async () => (wrote = true))).toBeNull();
      expect(wrote).toBe(false);
    });
  });

  it("refuses a user with none left, with the way to upgrade, and creates nothing", async () => {
    const { browser, userId } = await signedUpUser("allowance-refused");
    await db.update(users).set({ numOfFreeRequest: 0 }).where(eq(users.id, userId));

    const added = await browser.post("/requests/add", { senderName: "One Catalog Too Many", customerNumber: "X1" });
    expect(added.status).toBe(403);
    const html = await added.text();
    expect(html).toContain(ALLOWANCE_REFUSED_MESSAGE);
    expect(html).toContain('href="/subscription"');
    expect(html).toContain('value="One Catalog Too Many"');
    expect(await customRequestsOf(userId)).toEqual([]);

    const presetId = await firstPresetId();
    const unsubscribed = await act(browser, presetId, "unsubscribe");
    expect(unsubscribed.status).toBe(403);
    expect(await unsubscribed.text()).toContain(ALLOWANCE_REFUSED_MESSAGE);
    expect((await requestOf(userId, presetId))!.status).toBeNull();
    expect(await logsOf(userId, presetId)).toEqual([]);
    expect(await allowanceOf(userId)).toBe(0);
  });

  it("does not limit a subscriber", async () => {
    const { browser, userId } = await signedUpUser("allowance-subscriber");
    await db
      .update(users)
      .set({ numOfFreeRequest: 0, stripeSubscriptionId: "sub_test_unlimited", plan: "basic" })
      .where(eq(users.id, userId));
    expect((await browser.post("/requests/add", { senderName: "Subscriber Catalog" })).status).toBe(303);
    expect(await customRequestsOf(userId)).toHaveLength(1);
    expect(await allowanceOf(userId)).toBe(0);
    const dashboard = await (await browser.get("/dashboard")).text();
    expect(dashboard).toContain("Your plan includes unlimited requests.");
    expect(dashboard, "a subscriber is not told what a send uses").not.toMatch(/uses (\d+ of your|your last) free request/);
    expect(await (await browser.get("/requests/add")).text()).not.toMatch(/uses (\d+ of your|your last) free request/);
  });

  it("says under Send request what it uses of the free requests, the last one by name", async () => {
    const { browser, userId } = await signedUpUser("allowance-note");
    const note = async () => (await (await browser.get("/requests/add")).text()).match(/id="send-request-note">([^<]*)</)?.[1];
    expect(await note()).toBe("This uses 1 of your 3 free requests.");
    await db.update(users).set({ numOfFreeRequest: 1 }).where(eq(users.id, userId));
    expect(await note()).toBe("This uses your last free request.");
    await db.update(users).set({ numOfFreeRequest: 0 }).where(eq(users.id, userId));
    expect(await note(), "none left: the way to the plans instead").toBeUndefined();
  });
});

describe("adding a request", () => {
  it("creates a custom request in queue for 30 days with the user's name and address, logged, and opens its letter", async () => {
    const { browser, userId } = await signedUpUser("add-custom");
    const response = await browser.post("/requests/add", { senderName: "  Lands' End ", customerNumber: " K-12345 " });
    expect(response.status).toBe(303);
    const [created] = await customRequestsOf(userId);
    expect(response.headers.get("Location")).toBe(`/dashboard?notice=unsubscribe&about=${created!.id}&request=${created!.id}#outcome`);
    const opened = await (await browser.get(`/dashboard?notice=unsubscribe&about=${created!.id}&request=${created!.id}`)).text();
    expect(opened).toContain(
      // A typed name waits first for the return address printed on the piece (decision 0067).
      "Your request to Lands&#x27; End is on its way: waiting for the sender&#x27;s return address from you.",
    );

    const row = await requestOf(userId, created!.id);
    expect(row).toMatchObject({
      senderName: "Lands' End",
      type: "custom",
      status: "inQueue",
      requiredDays: 30,
      fullName: "Ada Lovelace",
      street1: "12 MAIN ST",
      city: "SPRINGFIELD",
      state: "IL",
      zipCode: "62701",
      customerNumber: "K-12345",
    });
    expect(await logsOf(userId, created!.id)).toEqual([{ creator: "user", status: "created" }]);
    const [event] = await db
      .select({ name: analyticsEvents.name })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.userId, userId), eq(analyticsEvents.name, "created request")));
    expect(event).toBeDefined();

    const letter = await (await browser.get(`/dashboard?request=${created!.id}`)).text();
    expect(letter).toContain("K-12345");
  });

  it("keeps what was typed and writes nothing when the sender is missing", async () => {
    const { browser, userId } = await signedUpUser("add-invalid");
    const response = await browser.post("/requests/add", { senderName: "  ", customerNumber: "K-1" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter the sender&#x27;s name.");
    expect(html).toContain('value="K-1"');
    expect(await customRequestsOf(userId)).toEqual([]);
    expect(await allowanceOf(userId)).toBe(3);
  });

  it("sends the user's preset for a catalog sender instead of a duplicate, then says it is already there", async () => {
    const { browser, userId } = await signedUpUser("add-preset");
    const presetId = await firstPresetId();
    const [template] = await db.select({ title: requestTemplates.title }).from(requestTemplates).where(eq(requestTemplates.id, presetId));

    const first = await browser.post("/requests/add", { senderName: template!.title.toUpperCase(), customerNumber: "ABC" });
    expect(first.status).toBe(303);
    expect(await requestOf(userId, presetId)).toMatchObject({ status: "inQueue", customerNumber: "ABC" });
    expect(await customRequestsOf(userId)).toEqual([]);

    const again = await browser.post("/requests/add", { senderName: template!.title });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("is already on your dashboard (In queue).");
    expect(await allowanceOf(userId)).toBe(2);
  });

  it("names the ticked recipients in the letter, and only the user's own", async () => {
    const { browser, userId } = await signedUpUser("add-recipients");
    const intruder = await signedUpUser("add-recipients-intruder");
    for (const fullName of ["Ada King", "Augusta Byron"]) {
      await browser.post("/recipients/add", {
        fullName,
        street1: "12 Main St",
        street2: "",
        city: "Springfield",
        state: "IL",
        zipCode: "62701",
      });
    }
    await intruder.browser.post("/recipients/add", {
      fullName: "Not Household",
      street1: "1 Elm St",
      street2: "",
      city: "Peoria",
      state: "IL",
      zipCode: "61602",
    });
    const page = await (await browser.get("/requests/add")).text();
    const ids = [...page.matchAll(/name="recipientIds"[^>]* value="([^"]+)"/g)].map((match) => match[1]!);
    expect(ids).toHaveLength(2);
    const intruderPage = await (await intruder.browser.get("/requests/add")).text();
    const intruderId = /name="recipientIds"[^>]* value="([^"]+)"/.exec(intruderPage)![1]!;

    const body = new URLSearchParams({ senderName: "Household Catalog" });
    body.append("recipientIds", ids[0]!);
    body.append("recipientIds", intruderId);
    const created = await browser.post("/requests/add", body);
    expect(created.status).toBe(303);
    const [row] = (await customRequestsOf(userId)).filter((request) => request.senderName === "Household Catalog");
    expect((await requestOf(userId, row!.id))!.recipientIds).toEqual([ids[0]]);

    const letter = await (await browser.get(`/dashboard?request=${row!.id}`)).text();
    expect(letter).toContain("Ada King");
    expect(letter).not.toContain("Augusta Byron");
    expect(letter).not.toContain("Not Household");
  });
});

describe("the letter as a text file", () => {
  const unescapeHtml = (html: string) =>
    html.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

  /** The address block and the letter exactly as the dashboard shows them for the open request. */
  async function letterOnPage(browser: Browser, requestId: string) {
    const html = await (await browser.get(`/dashboard?request=${encodeURIComponent(requestId)}`)).text();
    const address = /<address class="letter-address"[^>]*>(.*?)<\/address>/s.exec(html)?.[1];
    const lines = address ? [...address.matchAll(/<span>(.*?)<\/span>/g)].map((match) => unescapeHtml(match[1]!)) : [];
    const letter = unescapeHtml(/<pre class="letter"[^>]*>(.*?)<\/pre>/s.exec(html)![1]!);
    return { lines, letter };
  }

  it("gives the owner the letter the page shows, with the sender's address, as an attachment never cached", async () => {
    const { browser } = await signedUpUser("letter-file");
    const response = await browser.get("/requests/epsilon/letter.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="opt-out-letter-epsilon-abacus-catalog-cooperative.txt"',
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");

    const { lines, letter } = await letterOnPage(browser, "epsilon");
    expect(lines).toEqual(["Epsilon", "Attention: Privacy", "P.O. Box 1478", "Broomfield, CO 80038"]);
    expect(letter).toContain("12 MAIN ST");
    expect(await response.text()).toBe(`${lines.join("\r\n")}\r\n\r\n${letter.replaceAll("\n", "\r\n")}`);
  });

  it("has no address block for a sender the catalog lacks, and a file name nothing in the sender's name can break", async () => {
    const { browser, userId } = await signedUpUser("letter-file-custom");
    await browser.post("/requests/add", { senderName: 'Acme "Catalogs"; filename=evil.exe <b>' });
    const [custom] = await customRequestsOf(userId);
    const response = await browser.get(`/requests/${custom!.id}/letter.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="opt-out-letter-acme-catalogs-filename-evil-exe-b.txt"');
    const { lines, letter } = await letterOnPage(browser, custom!.id);
    expect(lines).toEqual([]);
    expect(letter).toContain('To Acme "Catalogs"; filename=evil.exe <b>:');
    expect(await response.text()).toBe(letter.replaceAll("\n", "\r\n"));
  });

  it("is 404 for another user's request, a made-up id and a deleted request, and sends a visitor to sign in", async () => {
    const owner = await signedUpUser("letter-file-owner");
    const other = await signedUpUser("letter-file-other");
    await owner.browser.post("/requests/add", { senderName: "Owner's Own Catalog" });
    const [custom] = await customRequestsOf(owner.userId);
    const path = `/requests/${custom!.id}/letter.txt`;
    expect((await owner.browser.get(path)).status).toBe(200);

    const theirs = await other.browser.get(path);
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).not.toContain("Owner's Own Catalog");
    expect((await other.browser.get("/requests/made-up/letter.txt")).status).toBe(404);

    const visitor = await new Browser().get(path);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/signin?redirectTo=${encodeURIComponent(path)}`);

    await owner.browser.post("/dashboard", { intent: "delete", requestId: custom!.id });
    expect((await owner.browser.get(path)).status).toBe(404);
  });

  it("is only read: a post is refused and changes nothing", async () => {
    const { browser, userId } = await signedUpUser("letter-file-post");
    const response = await browser.post("/requests/epsilon/letter.txt", { intent: "delete" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
    expect(await response.text()).toBe("This address is only read, never posted to.");
    const [epsilon] = await db
      .select({ status: requests.status })
      .from(requests)
      .where(and(eq(requests.userId, userId), eq(requests.id, "epsilon")));
    expect(epsilon!.status, "nothing changed").toBeNull();
  });
});
