// Requests sent at the same moment, against every limit and every "only once" rule: each test
// fires its requests together and asserts exactly how many may pass. A check that reads, decides
// and only then writes lets a burst through; these fail on such code.
import { env } from "cloudflare:test";
import { and, eq, isNull } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import { authThrottle, jobs, requestLogs, requests, users } from "../../drizzle/schema";
import { HOUSEHOLD_RECIPIENT_LIMIT } from "~/domain/plans";
import type { CatalogSender } from "~/domain/sender-catalog";
import { LIMITS } from "~/models/rate-limit.server";
import { listUserRecipients } from "~/models/recipient.server";
import { seedSenderCatalog } from "~/models/request-template.server";
import { getDb } from "~/utils/db.server";
import { ADDRESS, Browser, signedUpUser } from "./http";
import { emailedLink, received, uniqueEmail } from "./stand-ins";

const db = getDb(env.DB);

/** A client of its own for each test: a /64 of the documentation prefix, any address in it. */
let network = 0;
function clientNetwork() {
  network += 1;
  return (host = 1) => ({ "CF-Connecting-IP": `2001:db8:b:${network.toString(16)}::${host.toString(16)}` });
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

const at = <T>(count: number, run: (index: number) => Promise<T>) => Promise.all(Array.from({ length: count }, (_, index) => run(index)));

describe("sign-in under a burst", () => {
  it("checks 5 of 12 wrong passwords sent at once from one client and refuses the rest", async () => {
    const { email } = await signedUpUser("burst-signin");
    const client = clientNetwork();
    const answers = await at(12, (index) => new Browser().post("/signin", { email, password: `guess-${index}` }, client(index + 1)));
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 401: 5, 429: 7 });
  }, 60_000);

  it("lets a right password among wrong ones at once through only if it is one of the 5 checked", async () => {
    const { email } = await signedUpUser("burst-signin-right");
    const client = clientNetwork();
    const answers = await at(10, (index) =>
      new Browser().post("/signin", { email, password: index === 9 ? "secret-123" : `guess-${index}` }, client()),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401 || status === 303)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  }, 60_000);

  it("checks the current password of /account/password 5 times of 12 at once, from a session", async () => {
    const { browser, userId } = await signedUpUser("burst-password");
    const before = (await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)))[0]!.hash;
    const answers = await at(12, (index) =>
      browser.post("/account/password", { currentPassword: `guess-${index}`, password: "taken-over" }, clientNetwork()()),
    );
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 401: 5, 429: 7 });
    const after = (await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)))[0]!.hash;
    expect(after).toBe(before);
  }, 60_000);
});

describe("email changes under a burst", () => {
  it("tell whether an address is taken 3 times an hour, however many are sent at once", async () => {
    const { email: taken } = await signedUpUser("burst-taken");
    const { browser } = await signedUpUser("burst-prober");
    // Sent in two waves of 5, so the current-password check (5 at once) lets each one through.
    const answers = [];
    for (let wave = 0; wave < 2; wave++) {
      answers.push(...(await at(5, () => browser.post("/account/email", { email: taken, currentPassword: "secret-123" }))));
    }
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(bodies.filter((body) => body.includes("Email has already been used."))).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(7);
  }, 60_000);
});

describe("reset links under a burst", () => {
  it("sends 3 links of 8 asked at once for one email", async () => {
    const { email } = await signedUpUser("burst-reset");
    const answers = await at(8, (index) => new Browser().post("/password/forgot", { email }, clientNetwork()(index + 1)));
    const sent = answers.filter((answer) => answer.headers.get("Location") === "/password/forgot?sent=1");
    expect(sent).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(5);
    // The links go out after the answer, through the queue.
    const resetEmails = async () =>
      (await received("email", (request) => (request.body as { To?: string } | null)?.To === email)).filter((request) =>
        (request.body as { TextBody?: string }).TextBody?.includes("/password/reset?token="),
      ).length;
    await expect.poll(resetEmails, { timeout: 30_000 }).toBe(3);
  }, 60_000);
});

describe("signups under a burst", () => {
  it("answer 10 step-2 posts of 14 sent at once from one /64, from any address in it", async () => {
    const client = clientNetwork();
    const browsers = await at(14, async (index) => {
      const browser = new Browser();
      await browser.post("/start/step1", ADDRESS, client(index + 1));
      return browser;
    });
    const emails = browsers.map(() => uniqueEmail("burst-signup"));
    const answers = await at(14, (index) =>
      browsers[index]!.post("/start/step2", { email: emails[index]!, password: "secret-123" }, client(index + 1)),
    );
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 303: 10, 429: 4 });
    const made = await Promise.all(emails.map((email) => db.$count(users, eq(users.email, email))));
    expect(made.reduce((sum, count) => sum + count, 0)).toBe(10);
  }, 90_000);

  // The total blocks signups for an hour once reached: the next tests of this file sign up again.
  afterEach(() => db.delete(authThrottle).where(eq(authThrottle.key, "signup-total")));

  it("past the site-wide total, finish by a link to the email instead of being turned away", async () => {
    // Two accounts short of the hour's total, then six signups at once from six clients.
    await db
      .insert(authThrottle)
      .values({ key: "signup-total", failures: LIMITS.signupInTotal.blockAt - 3, windowStartedAt: new Date(), blockedUntil: null })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: { failures: LIMITS.signupInTotal.blockAt - 3, windowStartedAt: new Date(), blockedUntil: null },
      });
    const signups = await at(6, async (index) => {
      const browser = new Browser();
      const headers = clientNetwork()(index + 1);
      await browser.post("/start/step1", ADDRESS, headers);
      return { browser, headers, email: uniqueEmail("burst-total") };
    });
    const answers = await at(6, (index) =>
      signups[index]!.browser.post("/start/step2", { email: signups[index]!.email, password: "secret-123" }, signups[index]!.headers),
    );
    const places = answers.map((answer) => answer.headers.get("Location"));
    expect(places.filter((place) => place === "/dashboard")).toHaveLength(2);
    expect(places.filter((place) => place === "/start/step2?sent=1")).toHaveLength(4);
    const accounts = await Promise.all(signups.map(({ email }) => db.$count(users, eq(users.email, email))));
    expect(accounts.reduce((sum, count) => sum + count, 0)).toBe(2);

    // One of those who got a link opens it, on another device: the account opens and signs in there.
    const waiting = signups[places.indexOf("/start/step2?sent=1")]!;
    const notice = await waiting.browser.get("/start/step2?sent=1");
    expect(await notice.text()).toContain("Check your email");
    const link = await emailedLink(waiting.email, "/start/confirm");
    const phone = new Browser();
    const page = await phone.get(link.pathname + link.search);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    expect(await page.text()).toContain(waiting.email);
    expect(await db.$count(users, eq(users.email, waiting.email))).toBe(0);
    const opened = await phone.post("/start/confirm", { token: link.searchParams.get("token")! });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("Location")).toBe("/dashboard");
    expect((await phone.get("/dashboard")).status).toBe(200);
    expect(await db.$count(users, eq(users.email, waiting.email))).toBe(1);
    // The link works once.
    const again = await new Browser().post("/start/confirm", { token: link.searchParams.get("token")! });
    expect(again.status).toBe(400);
  }, 90_000);

  it('"Email has already been used." never counts towards the site-wide total', async () => {
    const { email: taken } = await signedUpUser("burst-total-taken");
    const totalBefore = await signupTotal();
    const answers = await at(5, async (index) => {
      const browser = new Browser();
      const headers = clientNetwork()(index + 1);
      await browser.post("/start/step1", ADDRESS, headers);
      return browser.post("/start/step2", { email: taken, password: "secret-123" }, headers);
    });
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
    expect(await signupTotal()).toBe(totalBefore);
  }, 60_000);
});

describe("address checks under a burst", () => {
  it("check 30 of 34 sent at once from one client", async () => {
    const client = clientNetwork();
    const answers = await at(34, (index) =>
      new Browser().postJson("/api/address/verify", { address: { ...ADDRESS, street1: `${index + 1} Burst St` } }, client(index + 1)),
    );
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 200: 30, 429: 4 });
  }, 60_000);
});

describe("free requests under a burst", () => {
  beforeAll(() => seedSenderCatalog(db, catalog.senders as CatalogSender[]));

  it("six different senders added at once with three free requests: three sent, three refused", async () => {
    const { browser, userId } = await signedUpUser("burst-allowance");
    const answers = await at(6, (index) => browser.post("/requests/add", { senderName: `Burst Outfitters ${index + 1}` }));
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 303: 3, 403: 3 });
    const [account] = await db.select({ left: users.numOfFreeRequest }).from(users).where(eq(users.id, userId));
    expect(account!.left).toBe(0);
    expect(await db.$count(requests, and(eq(requests.userId, userId), eq(requests.status, "inQueue")))).toBe(3);
  }, 60_000);

  it("suggestions sent four times at once, all ticked: three sent once each, the allowance spent once", async () => {
    const { browser, userId } = await signedUpUser("burst-send-all");
    const unsent = await db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.userId, userId), isNull(requests.status)));
    expect(unsent.length).toBeGreaterThan(3);
    const form = new URLSearchParams({ intent: "sendSuggested", selection: "chosen" });
    for (const { id } of unsent) form.append("requestIds", id);
    await at(4, () => browser.post("/dashboard", form));
    const [account] = await db.select({ left: users.numOfFreeRequest }).from(users).where(eq(users.id, userId));
    expect(account!.left).toBe(0);
    const queued = await db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.userId, userId), eq(requests.status, "inQueue")));
    expect(queued).toHaveLength(3);
    // Each sender gets one letter and is named in one confirmation, whichever post queued it.
    const userJobs = await db.select({ type: jobs.type, payload: jobs.payload }).from(jobs).where(eq(jobs.userId, userId));
    for (const { id } of queued) {
      expect(userJobs.filter((job) => job.type === "optOut.email" && JSON.stringify(job.payload).includes(id)).length).toBeLessThanOrEqual(
        1,
      );
    }
    const confirmed = userJobs
      .filter((job) => job.type === "email.send" && (job.payload as { tag?: string }).tag === "requests-sent")
      .flatMap((job) => (job.payload as { text: string }).text.match(/^- .+$/gm) ?? []);
    expect(confirmed).toHaveLength(3);
    expect(new Set(confirmed).size).toBe(3);
  }, 60_000);
});

describe("household recipients under a burst", () => {
  it(`adds ${HOUSEHOLD_RECIPIENT_LIMIT} of 8 people sent at once, the plan's limit`, async () => {
    const { browser, userId } = await signedUpUser("burst-recipients");
    const answers = await at(8, (index) =>
      browser.post("/recipients/add", {
        fullName: `Burst Person${String.fromCharCode(97 + index)}`,
        street1: "12 Main St",
        street2: "",
        city: "Springfield",
        state: "IL",
        zipCode: "62701",
      }),
    );
    // A refused one goes back to the form, which now says the household is full.
    expect(answers.filter((answer) => answer.headers.get("Location") === "/recipients")).toHaveLength(HOUSEHOLD_RECIPIENT_LIMIT);
    expect(await listUserRecipients(db, userId)).toHaveLength(HOUSEHOLD_RECIPIENT_LIMIT);
  }, 60_000);
});

describe("undo under a burst", () => {
  it("five undos at once bring a deleted request back once", async () => {
    const { browser, userId } = await signedUpUser("burst-undo");
    expect((await browser.post("/requests/add", { senderName: "Undo Burst Gifts" })).status).toBe(303);
    const [request] = await db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.userId, userId), eq(requests.type, "custom")));
    expect((await browser.post("/dashboard", { intent: "delete", requestId: request!.id })).status).toBe(303);
    await at(5, () => browser.post("/dashboard", { intent: "undo", requestId: request!.id }));
    const undos = await db.$count(requestLogs, and(eq(requestLogs.requestId, request!.id), eq(requestLogs.status, "undo")));
    expect(undos).toBe(1);
  }, 60_000);

  it("refuses to undo the delete of a sent request once the same sender was added again", async () => {
    const { browser, userId } = await signedUpUser("undo-twice");
    const ownCustom = () =>
      db
        .select({ id: requests.id, status: requests.status })
        .from(requests)
        .where(and(eq(requests.userId, userId), eq(requests.type, "custom")));
    expect((await browser.post("/requests/add", { senderName: "Twice Told Catalogs" })).status).toBe(303);
    const [first] = await ownCustom();
    expect((await browser.post("/dashboard", { intent: "delete", requestId: first!.id })).status).toBe(303);
    expect((await browser.post("/requests/add", { senderName: "twice told catalogs" })).status).toBe(303);

    const undo = await browser.post("/dashboard", { intent: "undo", requestId: first!.id });
    expect(undo.status).toBe(409);
    expect(await undo.text()).toContain("stays deleted");
    const live = (await ownCustom()).filter((row) => row.status !== "deleted");
    expect(live).toHaveLength(1);
  }, 60_000);
});

async function signupTotal() {
  const [row] = await db.select({ count: authThrottle.failures }).from(authThrottle).where(eq(authThrottle.key, "signup-total"));
  return row?.count ?? 0;
}
