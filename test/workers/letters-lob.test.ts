// Letters to postal senders mailed through Lob (decision 0052): once however often the queue
// delivers the job, retried while Lob is down, in staff's print batch when Lob refuses or the
// address is kept as typed; and Lob's signed tracking events on the request.
import { createHmac } from "node:crypto";
import { createExecutionContext, createMessageBatch, env, getQueueResult, SELF } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jobs, mailedLetters, requestLogs, requests, requestTemplates, users } from "../../drizzle/schema";
import worker from "../../app/worker";
import { sendAtOnceWhenSenderAllows } from "~/services/automatic-send.server";
import { giveSenderAddress } from "~/services/sender-address.server";
import { DAY_MS } from "~/domain/dates";
import { SENDER_ADDRESS_MESSAGES } from "~/domain/sender-address";
import { listWorkQueue } from "~/models/work-queue.server";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { Browser, ORIGIN, signedInStaff } from "./http";
import { countedD1 } from "../support/counting-bindings";
import { clearFaults, fault, received, standInsUrl } from "./stand-ins";
import { htmlOf, lobEnvWithQueue, requestRow, sessionCookieFor, textOf } from "./support";

const QUEUE = "quiet-mailbox-jobs";
const DEAD_LETTER_QUEUE = "quiet-mailbox-jobs-dead";
const db = getDb(env.DB);
const LOB = { LOB_API_KEY: "test_letters_key" };
const WEBHOOK_SECRET = parseEnv(env).LOB_WEBHOOK_SECRET!;
const SENDER_ADDRESS = "Acme Catalogs, Attn: Privacy Office, 1 Long Street, Springfield, IL 62701";

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => clearFaults());

/** A catalog sender reached by post only, and a user's request to it waiting in the queue. */
async function postalRequest(
  label: string,
  { addressCheck = "verified" as "verified" | "asTyped", fullName = null as string | null, senderAddress = SENDER_ADDRESS } = {},
) {
  const tag = `${label}-${crypto.randomUUID().slice(0, 8)}`;
  const templateId = `acme-${tag}`;
  await db.insert(requestTemplates).values({
    id: templateId,
    title: `Acme Catalogs ${tag}`,
    category: "catalogs",
    channels: [{ kind: "mail", value: senderAddress }],
    acceptsAgent: "no",
    confidence: "high",
  });
  const userId = `user-${tag}`;
  const address = { street1: "12 MAIN ST", city: "SPRINGFIELD", state: "IL", zipCode: "62701", addressCheck };
  const name = fullName ?? `Ada ${tag}`;
  await db.insert(users).values({ id: userId, email: `${tag}@quietmailbox.test`, passwordHash: "x", fullName: name, ...address });
  await db.insert(requests).values({
    userId,
    id: templateId,
    templateId,
    senderName: `Acme Catalogs ${tag}`,
    title: `Acme Catalogs ${tag}`,
    fullName: name,
    type: "preset",
    status: "inQueue",
    ...address,
    queuedAt: new Date(),
  });
  return { userId, requestId: templateId, senderName: `Acme Catalogs ${tag}` };
}

/** Runs one letter job through the Worker's queue handler, as the queue delivers it. */
async function runLetterJob(
  key: { userId: string; requestId: string },
  { attempts = 1, id = crypto.randomUUID() as string, database = env.DB }: { attempts?: number; id?: string; database?: D1Database } = {},
) {
  const body = { id, type: "optOut.letter", payload: key, enqueuedAt: new Date().toISOString() };
  await db.insert(jobs).values({ id, type: body.type, payload: key, userId: key.userId }).onConflictDoNothing();
  const batch = createMessageBatch(QUEUE, [{ id: `message-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, ...LOB, DB: database });
  const result = await getQueueResult(batch, ctx);
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return { acked: result.explicitAcks.length === 1, retried: result.retryMessages.length === 1, row: row! };
}

const letterCalls = ({ requestId }: { requestId: string }) =>
  received("lob", (call) => call.method === "POST" && call.path === "/letters" && JSON.stringify(call.body).includes(requestId));

/** Steers the Lob stand-in (test/stand-ins/vendors/lob-letters.ts): its faults and its clock, for one request's letters. */
async function lobControl(method: "PUT" | "POST", path: string, body: unknown) {
  const response = await fetch(`${standInsUrl()}/__stand-ins/lob${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`the Lob stand-in answered ${response.status} to ${path}`);
  return response.json();
}

/** Every letter the Lob stand-in made for this request, as Lob's list by metadata answers. */
async function lettersAtLob({ requestId, userId }: { requestId: string; userId: string }) {
  const query = new URLSearchParams({ "metadata[requestId]": requestId, "metadata[userId]": userId, limit: "100" });
  const response = await fetch(`${standInsUrl()}/lob/v1/letters?${query}`, { headers: { Authorization: `Basic ${btoa("test_k:")}` } });
  return ((await response.json()) as { data: { id: string; metadata: Record<string, string>; expected_delivery_date: string }[] }).data;
}
const lettersOf = (userId: string) => db.select().from(mailedLetters).where(eq(mailedLetters.userId, userId));
const historyOf = (userId: string, requestId: string) =>
  db
    .select({ creator: requestLogs.creator, status: requestLogs.status, detail: requestLogs.detail })
    .from(requestLogs)
    .where(and(eq(requestLogs.userId, userId), eq(requestLogs.requestId, requestId)))
    .orderBy(asc(requestLogs.createdAt));
const inStaffQueue = async (userId: string) => (await listWorkQueue(db)).find((row) => row.userId === userId);

describe("a postal request", () => {
  it("is mailed through Lob exactly once although the queue delivers its job twice", async () => {
    const key = await postalRequest("twice");
    const first = await runLetterJob(key);
    expect(first).toMatchObject({ acked: true, row: { state: "succeeded" } });
    // The same job again, and a second job for the same request.
    expect(await runLetterJob(key, { id: first.row.id })).toMatchObject({ acked: true });
    expect(await runLetterJob(key)).toMatchObject({ acked: true, row: { state: "succeeded" } });

    const calls = await letterCalls(key);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers["idempotency-key"]).toMatch(/^[0-9a-f]{64}$/);
    expect(calls[0]!.body).toMatchObject({
      to: {
        company: "Acme Catalogs",
        name: "Attn: Privacy Office",
        address_line1: "1 Long Street",
        address_state: "IL",
        address_zip: "62701",
      },
      from: { name: `Ada ${key.userId.slice(5)}`, address_line1: "12 MAIN ST", address_city: "SPRINGFIELD" },
      use_type: "operational",
      address_placement: "top_first_page",
      color: false,
    });
    const file = (calls[0]!.body as { file: string }).file;
    expect(file).toContain(`<p>To ${key.senderName}:</p>`);
    expect(file).toContain("Please remove my full name and address from your direct mailing list");

    const [letter] = await lettersOf(key.userId);
    expect(letter).toMatchObject({ requestId: key.requestId, costCents: 90, trackingState: "created" });
    expect(letter!.id).toMatch(/^ltr_/);
    expect(letter!.expectedDeliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await requestRow(key.userId, key.requestId)).processedAt).not.toBeNull();
    expect(await historyOf(key.userId, key.requestId)).toEqual([
      { creator: "system", status: "mailed", detail: `We mailed your letter to ${key.senderName}.` },
    ]);
    expect(await inStaffQueue(key.userId)).toBeUndefined();
  });

  it("asks Lob once on a job's first run: it makes the letter and looks up nothing, in five round trips", async () => {
    const key = await postalRequest("first-run");
    const counted = countedD1(env.DB);
    expect(await runLetterJob(key, { database: counted.binding })).toMatchObject({ acked: true, row: { state: "succeeded" } });
    // Its claim; where it goes, with the latest letter's id; the letter; the record; its end.
    expect(counted.calls()).toHaveLength(5);
    const calls = await received("lob", (call) => call.path.startsWith("/letters") && JSON.stringify(call).includes(key.requestId));
    expect(calls.map((call) => call.method)).toEqual(["POST"]);
    expect(await lettersOf(key.userId)).toHaveLength(1);
  });

  it("gets Lob's first letter back when an attempt was cut off after Lob took it", async () => {
    const key = await postalRequest("cut-off");
    const first = await runLetterJob(key);
    const [letter] = await lettersOf(key.userId);
    // As if the attempt had stopped before recording what Lob answered: the queue delivers it again.
    await db.delete(mailedLetters).where(eq(mailedLetters.id, letter!.id));
    await db.update(requests).set({ processedAt: null }).where(eq(requests.userId, key.userId));
    await db.update(jobs).set({ state: "retrying" }).where(eq(jobs.id, first.row.id));
    await runLetterJob(key, { attempts: 2, id: first.row.id });
    // The retry found the letter in Lob's list by its metadata and asked for no other.
    expect(await letterCalls(key)).toHaveLength(1);
    expect((await lettersOf(key.userId)).map((row) => row.id)).toEqual([letter!.id]);
    expect((await requestRow(key.userId, key.requestId)).processedAt).not.toBeNull();
  });

  it("is retried with the same key while Lob answers 5xx, out of staff's queue meanwhile, then mailed once", async () => {
    const key = await postalRequest("retry");
    // The first run asks for the letter alone, and gets the 503; the retry looks up earlier letters first.
    await fault({
      vendor: "lob",
      path: "/letters",
      status: 503,
      body: { error: { message: "down", status_code: 503, code: "service_unavailable" } },
    });
    const failed = await runLetterJob(key);
    expect(failed).toMatchObject({ retried: true, row: { state: "retrying" } });
    expect((await requestRow(key.userId, key.requestId)).letterProblem).toContain("Lob answered 503");
    expect(await inStaffQueue(key.userId)).toBeUndefined();

    expect(await runLetterJob(key, { attempts: 2, id: failed.row.id })).toMatchObject({ acked: true, row: { state: "succeeded" } });
    const calls = await letterCalls(key);
    expect(calls.map((call) => call.answeredStatus)).toEqual([503, 200]);
    expect(calls[1]!.headers["idempotency-key"]).toBe(calls[0]!.headers["idempotency-key"]);
    expect(await lettersOf(key.userId)).toHaveLength(1);
    expect((await requestRow(key.userId, key.requestId)).letterProblem).toBeNull();
  });

  it("mails nothing new when a lost Lob answer is retried after 25 hours, once Lob has forgotten the key", async () => {
    const key = await postalRequest("lost-answer");
    // Lob makes the letter, but its answer never comes back.
    await lobControl("PUT", "/faults", { answerLostFor: key.requestId });
    expect(await runLetterJob(key)).toMatchObject({ retried: true, row: { state: "retrying" } });
    expect(await lettersAtLob(key)).toHaveLength(1);
    expect(await lettersOf(key.userId)).toEqual([]);
    // A day and an hour later (a dead job retried by staff), Lob no longer knows the key.
    await lobControl("PUT", "/clock", { advanceMs: 25 * 60 * 60 * 1000, requestId: key.requestId });
    expect(await runLetterJob(key)).toMatchObject({ acked: true, row: { state: "succeeded" } });

    const atLob = await lettersAtLob(key);
    expect(atLob).toHaveLength(1);
    expect(await letterCalls(key)).toHaveLength(1);
    expect((await lettersOf(key.userId)).map((row) => row.id)).toEqual([atLob[0]!.id]);
    const request = await requestRow(key.userId, key.requestId);
    expect(request.processedAt).not.toBeNull();
    expect(request.letterProblem).toBeNull();
    expect(await inStaffQueue(key.userId)).toBeUndefined();
  });

  it("stays out of the print batch, and is retried, while Lob cannot say whether it made the letter", async () => {
    const key = await postalRequest("look-up-down");
    // The letter asked for gets a 503, then the retry's look-up of earlier letters gets one too.
    await fault({ vendor: "lob", path: "/letters", status: 503, times: 2 });
    const failed = await runLetterJob(key);
    expect(failed).toMatchObject({ retried: true, row: { state: "retrying" } });
    expect(await runLetterJob(key, { attempts: 2, id: failed.row.id })).toMatchObject({ retried: true, row: { state: "retrying" } });
    // The look-up failed, so no other letter was asked for.
    expect((await letterCalls(key)).map((call) => call.answeredStatus)).toEqual([503]);
    expect((await requestRow(key.userId, key.requestId)).letterProblem).toContain("to the look-up of earlier letters");
    expect(await inStaffQueue(key.userId)).toBeUndefined();
  });

  it("goes to the print batch with the reason once Lob stayed down through every retry", async () => {
    const key = await postalRequest("down");
    await fault({ vendor: "lob", path: "/letters", status: 502 });
    const failed = await runLetterJob(key);
    expect(failed).toMatchObject({ retried: true, row: { state: "retrying" } });
    // The queue gives up: the job arrives on the dead-letter queue.
    const body = { id: failed.row.id, type: "optOut.letter", payload: key, enqueuedAt: new Date().toISOString() };
    const batch = createMessageBatch(DEAD_LETTER_QUEUE, [
      { id: `message-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body },
    ]);
    await worker.queue(batch, { ...env, ...LOB });
    await getQueueResult(batch, createExecutionContext());
    expect((await db.select().from(jobs).where(eq(jobs.id, failed.row.id)))[0]).toMatchObject({ state: "dead" });
    expect(await inStaffQueue(key.userId)).toMatchObject({ id: key.requestId });
    expect((await requestRow(key.userId, key.requestId)).letterProblem).toContain("Lob answered 502");
    // A 5xx may come after Lob made the letter: staff retry the job, which looks for it first, rather than print.
    expect((await requestRow(key.userId, key.requestId)).letterProblem).toContain(
      `do not print it. Retry the letter job instead: it first looks in Lob for a letter with requestId ${key.requestId}`,
    );
    expect(await lettersOf(key.userId)).toEqual([]);
  });

  it("is mailed, not refused, when the person's name and the sender's run past Lob's 40 characters", async () => {
    const fullName = "Maria Guadalupe Fernandez-Rodriguez de la Cruz Santiago";
    const key = await postalRequest("long-names", {
      fullName,
      senderAddress: "Comenity Capital Bank Credit Card Services Division, P.O. Box 182273, Columbus, OH 43218",
    });
    expect(await runLetterJob(key)).toMatchObject({ acked: true, row: { state: "succeeded" } });
    const [call] = await letterCalls(key);
    expect(call!.answeredStatus).toBe(200);
    expect(call!.body).toMatchObject({
      to: { name: "Comenity Capital Bank Credit Card", company: "Services Division" },
      from: { name: "Maria Guadalupe Fernandez-Rodriguez de", company: "la Cruz Santiago" },
    });
    expect(await lettersOf(key.userId)).toHaveLength(1);
  });

  it("goes by post instead of by email when its email did not get through", async () => {
    const key = await postalRequest("instead-of-email");
    await db
      .update(requestTemplates)
      .set({
        acceptsAgent: "yes",
        channels: [
          { kind: "email", value: "privacy@acme.test" },
          { kind: "mail", value: SENDER_ADDRESS },
        ],
      })
      .where(eq(requestTemplates.id, key.requestId));
    // Email comes first for this sender: a letter job on its own leaves it alone.
    expect(await runLetterJob(key)).toMatchObject({ row: { state: "succeeded" } });
    expect(await letterCalls(key)).toEqual([]);
    expect(await runLetterJob({ ...key, insteadOfEmail: true } as typeof key)).toMatchObject({ row: { state: "succeeded" } });
    expect(await letterCalls(key)).toHaveLength(1);
    expect(await lettersOf(key.userId)).toHaveLength(1);
  });

  it("goes to the print batch with Lob's message when Lob refuses it", async () => {
    const key = await postalRequest("refused");
    await fault({
      vendor: "lob",
      path: "/letters",
      status: 422,
      body: { error: { message: "to.address_zip must be in a valid zip or zip+4 format", status_code: 422, code: "invalid" } },
    });
    expect(await runLetterJob(key)).toMatchObject({ acked: true, retried: false, row: { state: "dead" } });
    expect(await lettersOf(key.userId)).toEqual([]);
    const problem = "Lob refused the letter (422): to.address_zip must be in a valid zip or zip+4 format";
    expect(await inStaffQueue(key.userId)).toMatchObject({ id: key.requestId });
    const { browser } = await signedInStaff("moderator");
    const batch = await htmlOf(await browser.get(`/admin/queue/print?group=${encodeURIComponent(key.requestId)}`));
    expect(batch).toContain(`Not mailed through Lob: ${problem}`);
  });

  it("with an address kept as typed goes to the print batch, never to Lob", async () => {
    const send = vi.spyOn(env.JOBS, "send").mockResolvedValue(undefined as never);
    const typed = await postalRequest("as-typed", { addressCheck: "asTyped" });
    expect(await sendAtOnceWhenSenderAllows(parseEnv({ ...env, ...LOB }), typed)).toBe(false);
    const verified = await postalRequest("verified");
    expect(await sendAtOnceWhenSenderAllows(parseEnv({ ...env, ...LOB }), verified)).toBe(true);
    expect(send.mock.calls.map(([body]) => (body as { type: string; payload: unknown }).payload)).toEqual([verified]);

    // Even a letter job for it (one queued before the doubt was recorded) leaves it to staff.
    expect(await runLetterJob(typed)).toMatchObject({ row: { state: "succeeded" } });
    expect(await letterCalls(typed)).toEqual([]);
    expect(await inStaffQueue(typed.userId)).toMatchObject({ id: typed.requestId, addressAsTyped: true });
  });
});

/** Lob's event object for one of the letter's tracking events. */
function lobEvent(letterId: string, type: string, at: Date, location: string | null = "62701") {
  return {
    id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
    body: { id: letterId, object: "letter", tracking_events: [{ type: "normal", name: type, location, object: "tracking_event" }] },
    reference_id: letterId,
    event_type: { id: type, enabled_for_test: true, resource: "letters", object: "event_type" },
    date_created: at.toISOString(),
    object: "event",
  };
}

/** Posts an event as Lob does: signed with the webhook's secret over "<timestamp>.<body>". */
function postEvent(event: unknown, { secret = WEBHOOK_SECRET, timestamp = String(Date.now()) } = {}) {
  const body = JSON.stringify(event);
  return SELF.fetch(`${ORIGIN}/api/webhooks/lob`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Lob-Signature-Timestamp": timestamp,
      "Lob-Signature": createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex"),
    },
    body,
  });
}

async function mailedRequest(label: string) {
  const key = await postalRequest(label);
  await runLetterJob(key);
  const [letter] = await lettersOf(key.userId);
  return { ...key, letterId: letter!.id };
}

/** A time after the letter was mailed. */
const minutesLater = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe("Lob's tracking webhook", () => {
  it("puts a signed event on the request", async () => {
    const mailed = await mailedRequest("event-valid");
    const answer = await postEvent(lobEvent(mailed.letterId, "letter.mailed", minutesLater(1)));
    expect(answer.status).toBe(200);
    expect((await lettersOf(mailed.userId))[0]).toMatchObject({ trackingState: "mailed" });
    expect((await historyOf(mailed.userId, mailed.requestId)).at(-1)).toEqual({
      creator: "system",
      status: "letter.mailed",
      detail: `Your letter to ${mailed.senderName} was handed to the Postal Service.`,
    });
  });

  it("refuses a forged signature and a stale timestamp, and changes nothing", async () => {
    const mailed = await mailedRequest("event-forged");
    const forged = await postEvent(lobEvent(mailed.letterId, "letter.returned_to_sender", new Date()), { secret: "not_lobs_secret" });
    expect(forged.status).toBe(400);
    const stale = await postEvent(lobEvent(mailed.letterId, "letter.returned_to_sender", new Date()), {
      timestamp: String(Date.now() - 10 * 60_000),
    });
    expect(stale.status).toBe(400);
    expect((await lettersOf(mailed.userId))[0]).toMatchObject({ trackingState: "created" });
    expect(await historyOf(mailed.userId, mailed.requestId)).toHaveLength(1);
    expect((await requestRow(mailed.userId, mailed.requestId)).processedAt).not.toBeNull();
  });

  it("changes nothing when the same event comes again", async () => {
    const mailed = await mailedRequest("event-replay");
    const event = lobEvent(mailed.letterId, "letter.in_transit", minutesLater(1));
    expect(await (await postEvent(event)).json()).toEqual({ received: true });
    expect(await (await postEvent(event)).json()).toEqual({ received: true, duplicate: true });
    const lines = (await historyOf(mailed.userId, mailed.requestId)).filter((line) => line.status === "letter.in_transit");
    expect(lines).toHaveLength(1);
  });

  it("does not move the letter back when an older event arrives after a newer one", async () => {
    const mailed = await mailedRequest("event-order");
    expect((await postEvent(lobEvent(mailed.letterId, "letter.in_local_area", minutesLater(30)))).status).toBe(200);
    expect((await postEvent(lobEvent(mailed.letterId, "letter.in_transit", minutesLater(10)))).status).toBe(200);
    expect((await lettersOf(mailed.userId))[0]).toMatchObject({ trackingState: "inLocalArea" });
    // Both are in the history, each at the time it happened.
    expect((await historyOf(mailed.userId, mailed.requestId)).map((line) => line.status)).toEqual([
      "mailed",
      "letter.in_transit",
      "letter.in_local_area",
    ]);
  });

  it("asks the person for the return address on the piece when a letter to the catalog's address comes back, then staff after 7 days", async () => {
    const mailed = await mailedRequest("event-returned");
    expect(await inStaffQueue(mailed.userId)).toBeUndefined();
    const returnedAt = minutesLater(1);
    expect((await postEvent(lobEvent(mailed.letterId, "letter.returned_to_sender", returnedAt, "62702"))).status).toBe(200);
    expect((await lettersOf(mailed.userId))[0]).toMatchObject({ trackingState: "returnedToSender" });
    const request = await requestRow(mailed.userId, mailed.requestId);
    expect(request.processedAt).toBeNull();
    expect(request.returnAddressAskedAt).not.toBeNull();
    expect(request.letterProblem).toContain(`Lob's letter ${mailed.letterId} was returned to sender (USPS scan in ZIP 62702)`);
    expect((await historyOf(mailed.userId, mailed.requestId)).at(-1)).toEqual({
      creator: "system",
      status: "letter.returned_to_sender",
      detail: `Your letter to ${mailed.senderName} came back undelivered; we asked you for the return address printed on a piece of its mail.`,
    });
    // The person's for 7 days from the return, not staff's: the card and the request's page ask.
    expect(await inStaffQueue(mailed.userId)).toBeUndefined();
    const [cookie, value] = (await sessionCookieFor(mailed.userId)).split("=") as [string, string];
    const person = new Browser(undefined, new Map([[cookie, value]]));
    const cameBack = `Your request did not reach ${mailed.senderName}: the address we had for it did not work.`;
    expect(textOf(await htmlOf(await person.get("/dashboard")))).toContain(cameBack);
    const page = textOf(await htmlOf(await person.get(`/requests/${encodeURIComponent(mailed.requestId)}/return-address`)));
    expect(page).toContain(cameBack);
    expect(page).toMatch(/Without an answer by \d\d\/\d\d\/\d{4}, our staff look it up instead\./);

    // The address the letter came back from is refused at its field, and nothing changes.
    const { env: lobbed } = lobEnvWithQueue();
    const same = await giveSenderAddress(
      lobbed,
      mailed.userId,
      mailed.requestId,
      { company: "Acme Catalogs", street1: "1 Long St", city: "Springfield", state: "IL", zipCode: "62701" },
      "typed",
    );
    expect(same).toEqual({ ok: false, errors: { street1: SENDER_ADDRESS_MESSAGES.cameBackFrom } });
    expect((await requestRow(mailed.userId, mailed.requestId)).senderAddress).toBeNull();

    // Past the 7 days it is staff's, with the reason in the print batch.
    await db
      .update(requests)
      .set({ returnAddressAskedAt: new Date(Date.now() - 8 * DAY_MS) })
      .where(and(eq(requests.userId, mailed.userId), eq(requests.id, mailed.requestId)));
    expect(await inStaffQueue(mailed.userId)).toMatchObject({ id: mailed.requestId });
    const { browser } = await signedInStaff("moderator");
    const batch = await htmlOf(await browser.get(`/admin/queue/print?group=${encodeURIComponent(mailed.requestId)}`));
    expect(batch).toContain(`Not mailed through Lob: Lob&#x27;s letter ${mailed.letterId} was returned to sender`);
  });

  it("mails the letter again, once, to the return address the person gives after one came back", async () => {
    const mailed = await mailedRequest("event-returned-given");
    expect((await postEvent(lobEvent(mailed.letterId, "letter.returned_to_sender", minutesLater(1)))).status).toBe(200);
    const { env: lobbed, sent } = lobEnvWithQueue();
    const piece = { company: "Acme Catalogs", street1: "P.O. Box 11539", city: "Des Moines", state: "IA", zipCode: "50306" };
    expect(await giveSenderAddress(lobbed, mailed.userId, mailed.requestId, piece, "typed")).toEqual({ ok: true });
    // A second press finds the letter on its way and reserves nothing.
    expect((await giveSenderAddress(lobbed, mailed.userId, mailed.requestId, piece, "typed")).ok).toBe(false);
    expect(sent).toHaveLength(1);
    await runLetterJob(mailed, { id: sent[0]!.id });
    const letters = await lettersOf(mailed.userId);
    expect(letters).toHaveLength(2);
    const second = letters.find((letter) => letter.id !== mailed.letterId)!;
    expect(second.toAddress).toMatch(/P\.?O\.? BOX 11539.*DES MOINES, IA 50306/i);
    const request = await requestRow(mailed.userId, mailed.requestId);
    expect(request.processedAt).not.toBeNull();

    // That letter back too: the address the person gave did not work either, so staff take it.
    expect((await postEvent(lobEvent(second.id, "letter.returned_to_sender", minutesLater(2)))).status).toBe(200);
    expect((await historyOf(mailed.userId, mailed.requestId)).at(-1)?.detail).toBe(
      `Your letter to ${mailed.senderName} came back undelivered; our staff are finding another way.`,
    );
    expect(await inStaffQueue(mailed.userId)).toMatchObject({ id: mailed.requestId });
  });
});

describe("Lob's letters that never left", () => {
  it("puts the request back with staff when Lob says letter.failed, and nothing calls it mailed", async () => {
    const mailed = await mailedRequest("event-failed");
    expect(await inStaffQueue(mailed.userId)).toBeUndefined();
    const failed = {
      ...lobEvent(mailed.letterId, "letter.failed", minutesLater(1)),
      body: {
        id: mailed.letterId,
        object: "letter",
        status: "failed",
        failure_reason: { failure_reason: "The PDF could not be rendered." },
      },
    };
    expect((await postEvent(failed)).status).toBe(200);

    expect((await lettersOf(mailed.userId))[0]).toMatchObject({ trackingState: "failed" });
    const request = await requestRow(mailed.userId, mailed.requestId);
    expect(request.processedAt).toBeNull();
    expect(request.letterProblem).toBe(
      `Lob's letter ${mailed.letterId} was not mailed: it failed at Lob (letter.failed): The PDF could not be rendered. Nothing went out: print and mail this request.`,
    );
    expect(await inStaffQueue(mailed.userId)).toMatchObject({ id: mailed.requestId });
    expect((await historyOf(mailed.userId, mailed.requestId)).at(-1)).toEqual({
      creator: "system",
      status: "letter.failed",
      detail: `Lob could not print your letter to ${mailed.senderName}, so it was not mailed; our staff will send it.`,
    });
  });

  it("puts the request back for a rejected or a cancelled letter too", async () => {
    for (const type of ["letter.rejected", "letter.deleted"]) {
      const mailed = await mailedRequest(type.replace(".", "-"));
      expect((await postEvent(lobEvent(mailed.letterId, type, minutesLater(1)))).status).toBe(200);
      expect((await requestRow(mailed.userId, mailed.requestId)).processedAt).toBeNull();
      expect(await inStaffQueue(mailed.userId)).toMatchObject({ id: mailed.requestId });
    }
  });

  it("matches events of a letter whose answer was lost to its request by Lob's metadata", async () => {
    const key = await postalRequest("event-metadata");
    await lobControl("PUT", "/faults", { answerLostFor: key.requestId });
    expect(await runLetterJob(key)).toMatchObject({ retried: true });
    const [atLob] = await lettersAtLob(key);
    expect(atLob!.metadata).toMatchObject({ requestId: key.requestId, userId: key.userId });

    const event = { ...lobEvent(atLob!.id, "letter.in_transit", minutesLater(1)), body: { ...atLob, tracking_events: [] } };
    expect(await (await postEvent(event)).json()).toEqual({ received: true });
    expect((await lettersOf(key.userId)).map((row) => [row.id, row.trackingState])).toEqual([[atLob!.id, "inTransit"]]);
    expect((await requestRow(key.userId, key.requestId)).processedAt).not.toBeNull();
    expect((await historyOf(key.userId, key.requestId)).map((line) => line.status)).toEqual(["mailed", "letter.in_transit"]);
  });
});
