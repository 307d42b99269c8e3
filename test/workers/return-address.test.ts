// The return address the person gives from the piece (decision 0067): a typed sender mailed
// through Lob to the address they gave, a bad address refused at its field with nothing saved or
// sent, two gives at once mailing one letter, someone else's request answering 404, and the staff
// work queue leaving the request to the person for its first 7 days.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jobs, mailedLetters, postalChannelProposals, requests, requestTemplates } from "../../drizzle/schema";
import worker from "../../app/worker";
import { DAY_MS } from "~/domain/dates";
import type { JobEnvelope } from "~/domain/job-envelope";
import { giveSenderAddress } from "~/services/sender-address.server";
import { sendAtOnceWhenSenderAllows } from "~/services/automatic-send.server";
import { learnTypedSenderAddress, sendTypedRequestWhenLearned } from "~/services/learned-channels.server";
import { getStaffOverview } from "~/models/staff-overview.server";
import { listWorkQueue } from "~/models/work-queue.server";
import { getDb } from "~/utils/db.server";
import { Browser } from "./http";
import { received } from "./stand-ins";
import { htmlOf, insertUser, lobEnvWithQueue, requestRow, sessionCookieFor, textOf } from "./support";

const db = getDb(env.DB);
const LOB = { LOB_API_KEY: "test_letters_key" };
const QUEUE = "quiet-mailbox-jobs";
const PIECE = { company: "Hometown Seeds", street1: "P.O. Box 11539", city: "Des Moines", state: "IA", zipCode: "50306" };

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

/** Delivers queued jobs to the Worker's queue handler, as the queue would, with letters through Lob. */
async function deliver(envelopes: JobEnvelope[]) {
  const batch = createMessageBatch(
    QUEUE,
    envelopes.map((body) => ({ id: `message-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })),
  );
  await worker.queue(batch, { ...env, ...LOB });
  await getQueueResult(batch, createExecutionContext());
}

/** A person's request to a sender they typed by name (or a catalog sender), in queue since `queuedAt`. */
async function typedRequest(
  label: string,
  { queuedAt = new Date(), templateId = null as string | null, homeStreet = "12 MAIN ST", senderName = `Hometown Seeds ${label}` } = {},
) {
  const user = await insertUser(label, {
    street1: homeStreet,
    city: "SPRINGFIELD",
    state: "IL",
    zipCode: "62701",
    addressCheck: "verified",
  });
  const id = templateId ?? `custom-${crypto.randomUUID().slice(0, 8)}`;
  await db.insert(requests).values({
    userId: user.id,
    id,
    templateId,
    senderName,
    title: senderName,
    fullName: "Ada Lovelace",
    type: templateId ? "preset" : "custom",
    status: "inQueue",
    street1: homeStreet,
    city: "SPRINGFIELD",
    state: "IL",
    zipCode: "62701",
    addressCheck: "verified",
    queuedAt,
  });
  return { userId: user.id, requestId: id, senderName };
}

const letterCalls = (requestId: string) =>
  received("lob", (call) => call.method === "POST" && call.path === "/letters" && JSON.stringify(call.body).includes(requestId));
const letterJobs = (userId: string) =>
  db
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, "optOut.letter"), eq(jobs.userId, userId)));

async function signedIn(userId: string) {
  const [name, value] = (await sessionCookieFor(userId)).split("=") as [string, string];
  return new Browser(undefined, new Map([[name, value]]));
}

describe("a typed sender", () => {
  it("is mailed through Lob to the return address the person gave, from the person's own address, and the card says so", async () => {
    const key = await typedRequest("mailed");
    const browser = await signedIn(key.userId);
    const asked = textOf(await htmlOf(await browser.get("/dashboard")));
    expect(asked).toContain(`We have no address for ${key.senderName}.`);
    expect(asked).toContain("Waiting for the sender's return address from you");

    const { env: appEnv, sent } = lobEnvWithQueue();
    expect(await giveSenderAddress(appEnv, key.userId, key.requestId, { ...PIECE, company: key.senderName }, "typed")).toEqual({
      ok: true,
    });
    const saved = await requestRow(key.userId, key.requestId);
    expect(saved).toMatchObject({
      senderAddress: `${key.senderName}, PO BOX 11539, DES MOINES, IA 50306`,
      senderAddressCheck: "verified",
      senderAddressFrom: "typed",
    });
    expect(sent.map((envelope) => envelope.type)).toEqual(["optOut.letter"]);

    await deliver(sent);
    const calls = await letterCalls(key.requestId);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({
      to: { company: key.senderName, address_line1: "PO BOX 11539", address_city: "DES MOINES", address_state: "IA", address_zip: "50306" },
      from: { name: "Ada Lovelace", address_line1: "12 MAIN ST", address_city: "SPRINGFIELD", address_state: "IL", address_zip: "62701" },
    });
    const [letter] = await db.select().from(mailedLetters).where(eq(mailedLetters.userId, key.userId));
    expect(letter).toMatchObject({ requestId: key.requestId, toAddress: saved.senderAddress });
    expect((await requestRow(key.userId, key.requestId)).processedAt).not.toBeNull();

    const card = textOf(await htmlOf(await browser.get("/dashboard")));
    expect(card).toMatch(/Letter mailed \d\d\/\d\d\/\d{4} to the return address you gave/);
  });

  it("sends its follow-up by letter to the return address the person gave, with no one on the staff", async () => {
    const key = await typedRequest("follow-up");
    const { env: appEnv, sent } = lobEnvWithQueue();
    expect(await giveSenderAddress(appEnv, key.userId, key.requestId, { ...PIECE, company: key.senderName }, "typed")).toEqual({
      ok: true,
    });
    await deliver(sent.splice(0));
    expect(await letterCalls(key.requestId)).toHaveLength(1);

    // The ladder's second request puts it back in the queue, unsent (decision 0058).
    await db
      .update(requests)
      .set({ followUpStep: 1, processedAt: null })
      .where(and(eq(requests.userId, key.userId), eq(requests.id, key.requestId)));
    expect(await sendAtOnceWhenSenderAllows(appEnv, key)).toBe(true);
    expect(sent.map((envelope) => envelope.type)).toEqual(["optOut.letter"]);
    await deliver(sent);
    const calls = await letterCalls(key.requestId);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toMatchObject({ to: { address_line1: "PO BOX 11539", address_zip: "50306" } });
  });

  it("refuses an address the Postal Service does not deliver to, next to its field, with what was typed kept and nothing saved or sent", async () => {
    const key = await typedRequest("refused");
    const { env: appEnv, sent } = lobEnvWithQueue();
    // A ZIP code outside the state: the verification says it is undeliverable.
    const outcome = await giveSenderAddress(appEnv, key.userId, key.requestId, { ...PIECE, zipCode: "10001" }, "typed");
    expect(outcome).toMatchObject({ ok: false, errors: { street1: expect.stringContaining("does not deliver") } });
    expect(await giveSenderAddress(appEnv, key.userId, key.requestId, { ...PIECE, city: "" }, "typed")).toMatchObject({
      ok: false,
      errors: { city: "Please enter the city name." },
    });

    // The same through the page, with JavaScript off: the page again, the field marked, the typed value kept.
    const browser = (await signedIn(key.userId)).with(LOB);
    const page = await browser.post(`/requests/${key.requestId}/return-address`, { intent: "give", ...PIECE, zipCode: "10001" });
    expect(page.status).toBe(400);
    const html = await htmlOf(page);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="street1"|<input[^>]*name="street1"[^>]*aria-invalid="true"/);
    expect(html).toContain('value="10001"');
    expect(textOf(html)).toContain("The Postal Service does not deliver to this address.");

    const row = await requestRow(key.userId, key.requestId);
    expect(row).toMatchObject({ senderAddress: null, senderAddressAt: null, processedAt: null });
    expect(sent).toHaveLength(0);
    expect(await letterJobs(key.userId)).toHaveLength(0);
    expect(await letterCalls(key.requestId)).toHaveLength(0);
  });

  it("mails one letter when the return address is given twice at once, and a give after the letter went changes nothing", async () => {
    const key = await typedRequest("twice");
    const { env: appEnv, sent } = lobEnvWithQueue();
    const outcomes = await Promise.all([
      giveSenderAddress(appEnv, key.userId, key.requestId, PIECE, "typed"),
      giveSenderAddress(appEnv, key.userId, key.requestId, { ...PIECE, street1: "P.O. Box 11540" }, "typed"),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(await letterJobs(key.userId)).toHaveLength(1);
    expect(sent).toHaveLength(1);
    await deliver(sent);
    // The queue delivering the same job again mails nothing more.
    await deliver(sent);

    const given = await requestRow(key.userId, key.requestId);
    const later = await giveSenderAddress(appEnv, key.userId, key.requestId, { ...PIECE, street1: "P.O. Box 999" }, "typed");
    expect(later).toMatchObject({ ok: false, settled: true });
    expect(await requestRow(key.userId, key.requestId)).toMatchObject({
      senderAddress: given.senderAddress,
      senderAddressAt: given.senderAddressAt,
    });
    expect(await letterCalls(key.requestId)).toHaveLength(1);
    expect(await db.select().from(mailedLetters).where(eq(mailedLetters.userId, key.userId))).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it("takes what a photo read on a piece of a catalog sender with no channel in one press", async () => {
    const templateId = `no-channel-${crypto.randomUUID().slice(0, 8)}`;
    await db
      .insert(requestTemplates)
      .values({ id: templateId, title: "Seed Savers", category: "catalogs", channels: [], confidence: "low" });
    await db
      .insert(postalChannelProposals)
      .values({ templateId, address: "P.O. Box 11539, Des Moines, IA 50306", normalizedAddress: `PO BOX 11539 ${templateId}` });
    const key = await typedRequest("read", { templateId });
    const browser = (await signedIn(key.userId)).with(LOB);
    const card = textOf(await htmlOf(await browser.get("/dashboard")));
    expect(card).toContain("We read this return address on a piece of its mail:");

    const confirmed = await browser.post(`/requests/${key.requestId}/return-address`, { intent: "confirmRead" });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toContain("notice=returnAddress");
    expect(await requestRow(key.userId, key.requestId)).toMatchObject({
      senderAddress: `${key.senderName}, PO BOX 11539, DES MOINES, IA 50306`,
      senderAddressFrom: "read",
    });
    expect(await letterJobs(key.userId)).toHaveLength(1);
  });
});

describe("someone else's request", () => {
  it("makes the address two households gave the sender's channel, and mails a third household's waiting request to it", async () => {
    const templateId = `no-channel-${crypto.randomUUID().slice(0, 8)}`;
    await db
      .insert(requestTemplates)
      .values({ id: templateId, title: "Seed Savers", category: "catalogs", channels: [], confidence: "low" });
    const first = await typedRequest("first-home", { templateId, homeStreet: "12 MAIN ST" });
    const second = await typedRequest("second-home", { templateId, homeStreet: "40 OAK AVE" });
    const third = await typedRequest("third-home", { templateId, homeStreet: "7 ELM ST" });
    const { env: appEnv, sent } = lobEnvWithQueue();

    expect(await giveSenderAddress(appEnv, first.userId, first.requestId, PIECE, "typed")).toEqual({ ok: true });
    const [afterOne] = await db
      .select({ channels: requestTemplates.channels })
      .from(requestTemplates)
      .where(eq(requestTemplates.id, templateId));
    expect(afterOne!.channels).toEqual([]);

    expect(await giveSenderAddress(appEnv, second.userId, second.requestId, PIECE, "typed")).toEqual({ ok: true });
    const [afterTwo] = await db
      .select({ channels: requestTemplates.channels })
      .from(requestTemplates)
      .where(eq(requestTemplates.id, templateId));
    expect(afterTwo!.channels).toEqual([expect.objectContaining({ kind: "mail", source: "return address confirmed by 2 households" })]);
    const letterJobs = sent.filter((job) => job.type === "optOut.letter").map((job) => (job.payload as { userId: string }).userId);
    expect(letterJobs.sort()).toEqual([first.userId, second.userId, third.userId].sort());
  });

  it("mails a typed sender's waiting requests to the address two households in the same state gave for that name, once", async () => {
    const name = `Sunrise Dental ${crypto.randomUUID().slice(0, 6)}`;
    const first = await typedRequest("typed-first", { senderName: name, homeStreet: "12 MAIN ST" });
    const second = await typedRequest("typed-second", { senderName: `${name.toUpperCase()}, LLC`, homeStreet: "40 OAK AVE" });
    const waiting = await typedRequest("typed-waiting", { senderName: name.toLowerCase(), homeStreet: "7 ELM ST" });
    const elsewhere = await typedRequest("typed-elsewhere", { senderName: name, homeStreet: "9 PINE ST" });
    await db.update(requests).set({ state: "WI" }).where(eq(requests.userId, elsewhere.userId));
    const piece = { ...PIECE, company: name };
    const { env: appEnv, sent } = lobEnvWithQueue();

    expect(await giveSenderAddress(appEnv, first.userId, first.requestId, piece, "typed")).toEqual({ ok: true });
    // One household is not enough.
    expect((await requestRow(waiting.userId, waiting.requestId)).senderAddress).toBeNull();

    expect(await giveSenderAddress(appEnv, second.userId, second.requestId, piece, "typed")).toEqual({ ok: true });
    const learned = await requestRow(waiting.userId, waiting.requestId);
    expect(learned).toMatchObject({ senderAddressFrom: "learned", senderAddressCheck: "verified" });
    expect(learned.senderAddress).toMatch(/PO BOX 11539, DES MOINES, IA 50306$/);
    // Another state's request of the same name is another sender, as far as anyone knows.
    expect((await requestRow(elsewhere.userId, elsewhere.requestId)).senderAddress).toBeNull();
    const letterUsers = () => sent.filter((job) => job.type === "optOut.letter").map((job) => (job.payload as { userId: string }).userId);
    expect(letterUsers().sort()).toEqual([first.userId, second.userId, waiting.userId].sort());

    // Learning again (the daily catch-up, a give at the same time) reserves no second letter.
    expect(await learnTypedSenderAddress(appEnv, name, "IL")).toBe(0);
    await deliver(sent);
    expect(await letterCalls(waiting.requestId)).toHaveLength(1);
    const card = textOf(await htmlOf(await (await signedIn(waiting.userId)).get("/dashboard")));
    expect(card).toMatch(/Letter mailed \d\d\/\d\d\/\d{4} to the return address other households gave for it/);

    // A request of that name made afterwards goes at once, with no question asked.
    const later = await typedRequest("typed-later", { senderName: name, homeStreet: "3 ASH ST" });
    await sendTypedRequestWhenLearned(appEnv, later);
    expect((await requestRow(later.userId, later.requestId)).senderAddressFrom).toBe("learned");
    expect(letterUsers()).toContain(later.userId);
  });

  it("never learns a typed sender's address from addresses that were themselves learned", async () => {
    const name = `Lakeside Bank ${crypto.randomUUID().slice(0, 6)}`;
    const given = await typedRequest("learned-only-given", { senderName: name, homeStreet: "12 MAIN ST" });
    const learnedOne = await typedRequest("learned-only-a", { senderName: name, homeStreet: "40 OAK AVE" });
    const asking = await typedRequest("learned-only-b", { senderName: name, homeStreet: "7 ELM ST" });
    const { env: appEnv } = lobEnvWithQueue();
    expect(await giveSenderAddress(appEnv, given.userId, given.requestId, { ...PIECE, company: name }, "typed")).toEqual({ ok: true });
    const [givenRow] = await db
      .select({ senderAddress: requests.senderAddress })
      .from(requests)
      .where(and(eq(requests.userId, given.userId), eq(requests.id, given.requestId)));
    await db
      .update(requests)
      .set({
        senderAddress: givenRow!.senderAddress,
        senderAddressCheck: "verified",
        senderAddressFrom: "learned",
        senderAddressAt: new Date(),
      })
      .where(and(eq(requests.userId, learnedOne.userId), eq(requests.id, learnedOne.requestId)));
    expect(await learnTypedSenderAddress(appEnv, name, "IL")).toBe(0);
    expect((await requestRow(asking.userId, asking.requestId)).senderAddress).toBeNull();
  });

  it("answers 404 on its page and to a give, and changes nothing", async () => {
    const key = await typedRequest("owner");
    const other = await insertUser("stranger");
    const stranger = (await signedIn(other.id)).with(LOB);
    expect((await stranger.get(`/requests/${key.requestId}/return-address`)).status).toBe(404);
    expect((await stranger.post(`/requests/${key.requestId}/return-address`, { intent: "give", ...PIECE })).status).toBe(404);
    const { env: appEnv, sent } = lobEnvWithQueue();
    expect(await giveSenderAddress(appEnv, other.id, key.requestId, PIECE, "typed")).toMatchObject({ ok: false, notFound: true });
    expect(await requestRow(key.userId, key.requestId)).toMatchObject({ senderAddress: null });
    expect(sent).toHaveLength(0);
  });
});

describe("the staff work queue", () => {
  it("leaves a request waiting for the person's return address out for 7 days from its queuing, then lists it, and the card says so", async () => {
    const now = new Date();
    const fresh = await typedRequest("fresh", { queuedAt: new Date(now.getTime() - 6 * DAY_MS) });
    const old = await typedRequest("old", { queuedAt: new Date(now.getTime() - 7 * DAY_MS - 60_000) });
    const listed = async (userId: string) => (await listWorkQueue(db, { now })).some((row) => row.userId === userId);
    expect(await listed(fresh.userId)).toBe(false);
    expect(await listed(old.userId)).toBe(true);
    // A day later the first one is staff's too.
    expect((await listWorkQueue(db, { now: new Date(now.getTime() + DAY_MS) })).some((row) => row.userId === fresh.userId)).toBe(true);

    // The staff overview's figure of requests waiting on a channel leaves it out as well.
    const before = (await getStaffOverview([db], now)).waitingOnChannel.count;
    await db
      .update(requests)
      .set({ queuedAt: new Date(now.getTime() - 8 * DAY_MS) })
      .where(eq(requests.userId, fresh.userId));
    expect((await getStaffOverview([db], now)).waitingOnChannel.count).toBe(before + 1);
    await db
      .update(requests)
      .set({ queuedAt: new Date(now.getTime() - 6 * DAY_MS) })
      .where(eq(requests.userId, fresh.userId));

    const oldCard = textOf(await htmlOf(await (await signedIn(old.userId)).get("/dashboard")));
    expect(oldCard).toMatch(/We asked for the return address on \d\d\/\d\d\/\d{4}; our staff are looking it up since \d\d\/\d\d\/\d{4}\./);
    expect(oldCard).toContain("Our staff look up where to send it");
    const freshCard = textOf(await htmlOf(await (await signedIn(fresh.userId)).get("/dashboard")));
    expect(freshCard).toMatch(/Without an answer by \d\d\/\d\d\/\d{4}, our staff look it up instead\./);
  });
});
