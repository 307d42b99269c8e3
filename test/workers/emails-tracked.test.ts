// Emails to senders tracked (decision 0053): Postmark's MessageID kept on the request, and its
// Delivery, Bounce and SpamComplaint webhooks on the request, authenticated, once each, in order of
// precedence; a hard bounce takes the sender's address off the automatic path and gives the
// request back to staff.
import { createExecutionContext, createMessageBatch, env, getQueueResult, SELF } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  jobs,
  postmarkEvents,
  requestEmails,
  requestLogs,
  requests,
  requestTemplates,
  senderChannelProblems,
  users,
} from "../../drizzle/schema";
import worker from "../../app/worker";
import { DAY_MS } from "~/domain/dates";
import { formDefaultsFromTemplate } from "~/domain/sender-form";
import { sendAtOnceWhenSenderAllows } from "~/services/automatic-send.server";
import { currentQueue, listWorkQueue } from "~/models/work-queue.server";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { ORIGIN, signedInStaff } from "./http";
import { received } from "./stand-ins";
import { htmlOf, requestRow } from "./support";

const QUEUE = "quiet-mailbox-jobs";
const db = getDb(env.DB);
const { POSTMARK_WEBHOOK_USER, POSTMARK_WEBHOOK_PASSWORD } = parseEnv(env);

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

/** A catalog sender that takes requests by email from agents, with `users` people's requests to it waiting in the queue. */
async function emailSender(label: string, users_ = 1) {
  const tag = `${label}-${crypto.randomUUID().slice(0, 8)}`;
  const templateId = `acme-${tag}`;
  const senderName = `Acme ${tag}`;
  const address = `privacy-${tag}@acme.test`;
  await db.insert(requestTemplates).values({
    id: templateId,
    title: senderName,
    category: "catalogs",
    channels: [
      { kind: "email", value: address },
      { kind: "web", value: "https://acme.test/privacy" },
    ],
    acceptsAgent: "yes",
    confidence: "high",
  });
  const keys = [];
  for (let index = 0; index < users_; index += 1) keys.push(await waitingRequest(`${tag}-${index}`, templateId, senderName));
  return { templateId, senderName, address, keys };
}

async function waitingRequest(tag: string, templateId: string, senderName: string) {
  const userId = `user-${tag}`;
  const home = { street1: "12 MAIN ST", city: "SPRINGFIELD", state: "IL", zipCode: "62701", addressCheck: "verified" as const };
  await db.insert(users).values({ id: userId, email: `${tag}@quietmailbox.test`, passwordHash: "x", fullName: `Ada ${tag}`, ...home });
  await db.insert(requests).values({
    userId,
    id: templateId,
    templateId,
    senderName,
    title: senderName,
    fullName: `Ada ${tag}`,
    type: "preset",
    status: "inQueue",
    ...home,
    queuedAt: new Date(),
  });
  return { userId, requestId: templateId };
}

/** Runs the automatic opt-out email job through the Worker's queue handler, as the queue delivers it. */
async function runEmailJob(key: { userId: string; requestId: string }, to: string, id: string = crypto.randomUUID()) {
  const payload = { ...key, to, automatic: true };
  const body = { id, type: "optOut.email", payload, enqueuedAt: new Date().toISOString() };
  await db.insert(jobs).values({ id, type: body.type, payload, userId: key.userId }).onConflictDoNothing();
  const batch = createMessageBatch(QUEUE, [{ id: `message-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body }]);
  await worker.queue(batch, env);
  await getQueueResult(batch, createExecutionContext());
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

const emailsOf = (key: { userId: string; requestId: string }) =>
  db
    .select()
    .from(requestEmails)
    .where(and(eq(requestEmails.userId, key.userId), eq(requestEmails.requestId, key.requestId)));
const historyOf = ({ userId, requestId }: { userId: string; requestId: string }) =>
  db
    .select({ creator: requestLogs.creator, status: requestLogs.status, detail: requestLogs.detail })
    .from(requestLogs)
    .where(and(eq(requestLogs.userId, userId), eq(requestLogs.requestId, requestId)))
    .orderBy(asc(requestLogs.createdAt));
const inStaffQueue = async (userId: string) => (await listWorkQueue(db)).find((row) => row.userId === userId);

/** A request to an email sender, emailed automatically: answers its key, the sender and Postmark's MessageID. */
async function emailedRequest(label: string) {
  const sender = await emailSender(label);
  const key = sender.keys[0]!;
  expect(await runEmailJob(key, sender.address)).toMatchObject({ state: "succeeded" });
  const [email] = await emailsOf(key);
  return { ...sender, key, messageId: email!.messageId };
}

/** An emailed request whose sender also has a postal address in the catalog. */
async function emailedRequestWithPostalAddress(label: string) {
  const emailed = await emailedRequest(label);
  await db
    .update(requestTemplates)
    .set({
      channels: [
        { kind: "email", value: emailed.address },
        { kind: "mail", value: "Acme Catalogs, 1 Long Street, Springfield, IL 62701" },
      ],
    })
    .where(eq(requestTemplates.id, emailed.templateId));
  return emailed;
}

/** Posts a Postmark record to the Worker as Postmark would, with letters going through Lob; answers the JSON. */
async function postRecordWithLettersThroughLob(record: unknown) {
  const request = new Request(`${ORIGIN}/api/webhooks/postmark`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: basic(POSTMARK_WEBHOOK_USER!, POSTMARK_WEBHOOK_PASSWORD!) },
    body: JSON.stringify(record),
  }) as Request<unknown, IncomingRequestCfProperties>;
  return (await worker.fetch(request, { ...env, LOB_API_KEY: "test_letters_key" }, createExecutionContext())).json();
}

const minutesLater = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

function delivery(messageId: string, recipient: string, at = minutesLater(1)) {
  return {
    RecordType: "Delivery",
    ServerID: 23,
    MessageStream: "outbound",
    MessageID: messageId,
    Recipient: recipient,
    Tag: "opt-out",
    DeliveredAt: at,
    Details: "smtp;250 2.0.0 OK",
    Metadata: {},
  };
}

function bounce(messageId: string, email: string, { type = "HardBounce", typeCode = 1, inactive = true, at = minutesLater(2) } = {}) {
  return {
    RecordType: "Bounce",
    ID: Math.floor(Math.random() * 1e9),
    Type: type,
    TypeCode: typeCode,
    Name: type,
    Tag: "opt-out",
    MessageID: messageId,
    ServerID: 23,
    MessageStream: "outbound",
    Description: "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
    Details: "smtp;550 5.1.1 No such user",
    Email: email,
    From: "hello@quietmailbox.local",
    BouncedAt: at,
    DumpAvailable: false,
    Inactive: inactive,
    CanActivate: true,
    Subject: "Please remove Ada from your mailing lists",
    Metadata: {},
  };
}

function basic(user: string, password: string) {
  return `Basic ${btoa(`${user}:${password}`)}`;
}

/** Posts a record as Postmark does, with the webhook URL's Basic credentials (or `authorization` instead). */
function postRecord(record: unknown, authorization: string | null = basic(POSTMARK_WEBHOOK_USER!, POSTMARK_WEBHOOK_PASSWORD!)) {
  return SELF.fetch(`${ORIGIN}/api/webhooks/postmark`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(authorization ? { Authorization: authorization } : {}) },
    body: JSON.stringify(record),
  });
}

describe("an opt-out email to a sender", () => {
  it("keeps Postmark's MessageID on the request, with the address and the time, once however often the job runs", async () => {
    const sender = await emailSender("recorded");
    const key = sender.keys[0]!;
    const job = await runEmailJob(key, sender.address);
    await runEmailJob(key, sender.address, job.id);
    const emails = await emailsOf(key);
    expect(emails).toEqual([
      expect.objectContaining({ templateId: sender.templateId, toAddress: sender.address, outcome: "sent", outcomeAt: null }),
    ]);
    const sent = await received("email", (call) => call.path === "/email" && (call.body as { To?: string }).To === sender.address);
    expect(sent).toHaveLength(1);
    expect(emails[0]!.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(emails[0]!.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("is recorded as delivered, at Postmark's time, with a line in the request's history", async () => {
    const emailed = await emailedRequest("delivered");
    const deliveredAt = minutesLater(1);
    const answer = await postRecord(delivery(emailed.messageId, emailed.address, deliveredAt));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true });
    expect((await emailsOf(emailed.key))[0]).toMatchObject({ outcome: "delivered", outcomeAt: new Date(deliveredAt) });
    expect((await historyOf(emailed.key)).at(-1)).toEqual({
      creator: "system",
      status: "email.delivered",
      detail: `Your request reached ${emailed.senderName}'s mailbox.`,
    });
    expect((await requestRow(emailed.key.userId, emailed.key.requestId)).processedAt).not.toBeNull();
  });

  it("that hard-bounces asks the person for the return address on the piece, then goes to staff, and the sender's address leaves the automatic path", async () => {
    const sender = await emailSender("bounced", 2);
    const [first, second] = sender.keys;
    await runEmailJob(first!, sender.address);
    const [email] = await emailsOf(first!);
    expect(await inStaffQueue(first!.userId)).toBeUndefined();

    expect((await postRecord(bounce(email!.messageId, sender.address))).status).toBe(200);

    expect((await emailsOf(first!))[0]).toMatchObject({ outcome: "bounced" });
    const request = await requestRow(first!.userId, first!.requestId);
    expect(request.processedAt).toBeNull();
    expect(request.emailProblem).toBe(
      `Our email to ${sender.address} bounced (Postmark message ${email!.messageId}): HardBounce: ` +
        "The server was unable to deliver your message (ex: unknown user, mailbox not found).: smtp;550 5.1.1 No such user. " +
        "Find another way to reach the sender, or correct the address in the catalog.",
    );
    expect((await historyOf(first!)).at(-1)).toEqual({
      creator: "system",
      status: "email.bounced",
      detail: `${sender.senderName}'s address bounced; we asked you for the return address printed on a piece of its mail.`,
    });
    const problems = await db.select().from(senderChannelProblems).where(eq(senderChannelProblems.templateId, sender.templateId));
    expect(problems).toMatchObject([{ kind: "email", reason: expect.stringContaining(`${sender.address} bounced`) }]);
    // No postal address is known: the person's for 7 days from the bounce (decision 0070).
    expect(request.returnAddressAskedAt).not.toBeNull();
    expect(await inStaffQueue(first!.userId)).toBeUndefined();
    await db
      .update(requests)
      .set({ returnAddressAskedAt: new Date(Date.now() - 8 * DAY_MS) })
      .where(and(eq(requests.userId, first!.userId), eq(requests.id, first!.requestId)));

    // Then back with staff, no longer to be emailed: the group offers the sender's next channel.
    expect(await inStaffQueue(first!.userId)).toMatchObject({ id: first!.requestId, emailProblem: request.emailProblem });
    const group = (await currentQueue([db])).find((candidate) => candidate.key === sender.templateId);
    expect(group).toMatchObject({ channel: { kind: "web" }, channelProblems: [{ kind: "email", reason: problems[0]!.reason }] });
    const { browser } = await signedInStaff("moderator");
    const page = await htmlOf(await browser.get("/admin/queue"));
    expect(page).toContain("Not emailed: the address stopped working since");
    expect(page).toContain(`${sender.address} bounced`);
    const senderPage = `/admin/senders/${encodeURIComponent(sender.templateId)}`;
    expect(await htmlOf(await browser.get(senderPage))).toContain(`${sender.address} bounced`);

    // The next request to that sender is not emailed automatically.
    const send = vi.spyOn(env.JOBS, "send").mockResolvedValue(undefined as never);
    expect(await sendAtOnceWhenSenderAllows(parseEnv(env), second!)).toBe(false);
    expect(send).not.toHaveBeenCalled();
    send.mockRestore();

    // Once staff put another address in the catalog, requests to the sender are emailed again.
    const [template] = await db.select().from(requestTemplates).where(eq(requestTemplates.id, sender.templateId));
    const { browser: admin } = await signedInStaff("admin");
    const saved = await admin.post(senderPage, {
      intent: "update",
      ...formDefaultsFromTemplate(template!),
      channels: `email: optout-${sender.address}`,
    });
    expect(saved.status).toBe(303);
    expect(await htmlOf(await browser.get(senderPage))).not.toContain(`${sender.address} bounced`);
    expect(await db.select().from(senderChannelProblems).where(eq(senderChannelProblems.templateId, sender.templateId))).toEqual([]);
    const resend = vi.spyOn(env.JOBS, "send").mockResolvedValue(undefined as never);
    expect(await sendAtOnceWhenSenderAllows(parseEnv(env), second!)).toBe(true);
    expect((resend.mock.calls[0]![0] as { payload: { to: string } }).payload.to).toBe(`optout-${sender.address}`);
  });

  it("reported as spam comes back the same way", async () => {
    const emailed = await emailedRequest("complaint");
    const complaint = {
      ...bounce(emailed.messageId, emailed.address),
      RecordType: "SpamComplaint",
      Type: "SpamComplaint",
      TypeCode: 100001,
    };
    expect((await postRecord(complaint)).status).toBe(200);
    expect((await emailsOf(emailed.key))[0]).toMatchObject({ outcome: "spamComplaint" });
    expect((await requestRow(emailed.key.userId, emailed.key.requestId)).processedAt).toBeNull();
    expect((await historyOf(emailed.key)).at(-1)?.detail).toBe(
      `${emailed.senderName}'s mailbox refused our email as spam; we asked you for the return address printed on a piece of its mail.`,
    );
  });

  it("an auto-reply is recorded and changes nothing else", async () => {
    const emailed = await emailedRequest("auto-reply");
    const before = await historyOf(emailed.key);
    const notice = bounce(emailed.messageId, emailed.address, { type: "AutoResponder", typeCode: 64, inactive: false });
    expect(await (await postRecord(notice)).json()).toEqual({ received: true });
    expect((await emailsOf(emailed.key))[0]).toMatchObject({ outcome: "sent" });
    expect(await historyOf(emailed.key)).toEqual(before);
    expect((await requestRow(emailed.key.userId, emailed.key.requestId)).processedAt).not.toBeNull();
    expect(await db.select().from(postmarkEvents).where(eq(postmarkEvents.messageId, emailed.messageId))).toHaveLength(1);
  });

  it("that bounces softly comes back with the reason: Postmark stopped trying, and the address stays in use", async () => {
    const emailed = await emailedRequest("soft");
    const soft = {
      ...bounce(emailed.messageId, emailed.address, { type: "SoftBounce", typeCode: 4096, inactive: false }),
      Description: "Unable to temporarily deliver this email.",
      Details: "smtp;452 4.2.2 The email account that you tried to reach is over quota.",
    };
    expect(await (await postRecord(soft)).json()).toEqual({ received: true });
    expect((await emailsOf(emailed.key))[0]).toMatchObject({ outcome: "undelivered" });
    const request = await requestRow(emailed.key.userId, emailed.key.requestId);
    expect(request.processedAt).toBeNull();
    expect(request.emailProblem).toBe(
      `Our email to ${emailed.address} was not delivered, and Postmark stopped trying (Postmark message ${emailed.messageId}): ` +
        "SoftBounce: Unable to temporarily deliver this email.: smtp;452 4.2.2 The email account that you tried to reach is over quota. " +
        "Send the request again, or another way: the address itself was not refused.",
    );
    expect(await db.select().from(senderChannelProblems).where(eq(senderChannelProblems.templateId, emailed.templateId))).toEqual([]);
    // The address still works: the request goes back to staff, who send it again, rather than asking the person.
    expect(await inStaffQueue(emailed.key.userId)).toMatchObject({ id: emailed.key.requestId });
    expect(request.returnAddressAskedAt).toBeNull();
    expect((await historyOf(emailed.key)).at(-1)?.detail).toBe(
      `Our email did not reach ${emailed.senderName}'s mail server, and Postmark stopped trying; our staff are finding another way.`,
    );
  });

  it("that bounces softly goes by post instead when the sender has a postal address and letters go through Lob", async () => {
    const send = vi.spyOn(env.JOBS, "send").mockResolvedValue(undefined as never);
    const emailed = await emailedRequestWithPostalAddress("soft-post");
    const soft = bounce(emailed.messageId, emailed.address, { type: "SoftBounce", typeCode: 4096, inactive: false });
    expect(await postRecordWithLettersThroughLob(soft)).toEqual({ received: true });

    expect((await historyOf(emailed.key)).at(-1)?.detail).toBe(
      `Our email did not reach ${emailed.senderName}'s mail server, and Postmark stopped trying; we are mailing your letter instead.`,
    );
    const letters = send.mock.calls
      .map(([body]) => body as { type: string; payload: unknown })
      .filter((body) => body.type === "optOut.letter");
    expect(letters.map((body) => body.payload)).toEqual([{ ...emailed.key, insteadOfEmail: true }]);
    // The letter job is on its way: the request is not listed for staff meanwhile.
    expect(await inStaffQueue(emailed.key.userId)).toBeUndefined();
  });

  it("that hard-bounces goes by post instead when the sender has a postal address and letters go through Lob", async () => {
    const send = vi.spyOn(env.JOBS, "send").mockResolvedValue(undefined as never);
    const emailed = await emailedRequestWithPostalAddress("hard-post");
    expect(await postRecordWithLettersThroughLob(bounce(emailed.messageId, emailed.address))).toEqual({ received: true });

    expect((await historyOf(emailed.key)).at(-1)?.detail).toBe(
      `${emailed.senderName}'s address bounced; we are mailing your letter instead.`,
    );
    const letters = send.mock.calls
      .map(([body]) => body as { type: string; payload: unknown })
      .filter((body) => body.type === "optOut.letter");
    const ofThisRequest = letters
      .map((body) => body.payload as { requestId: string })
      .filter((payload) => payload.requestId === emailed.key.requestId);
    expect(ofThisRequest).toEqual([{ ...emailed.key, insteadOfEmail: true }]);
    expect((await requestRow(emailed.key.userId, emailed.key.requestId)).returnAddressAskedAt).toBeNull();
    expect(await inStaffQueue(emailed.key.userId)).toBeUndefined();
  });
});

describe("Postmark's webhook", () => {
  it("refuses a call without the webhook's credentials, or with others, and changes nothing", async () => {
    const emailed = await emailedRequest("forged");
    const before = await historyOf(emailed.key);
    for (const authorization of [
      null,
      basic(POSTMARK_WEBHOOK_USER!, "not-the-password"),
      basic("someone", POSTMARK_WEBHOOK_PASSWORD!),
      `Bearer ${POSTMARK_WEBHOOK_PASSWORD}`,
      "Basic !!!",
    ]) {
      const answer = await postRecord(bounce(emailed.messageId, emailed.address), authorization);
      expect(answer.status).toBe(401);
      expect(answer.headers.get("WWW-Authenticate")).toContain("Basic");
    }
    expect((await emailsOf(emailed.key))[0]).toMatchObject({ outcome: "sent" });
    expect(await historyOf(emailed.key)).toEqual(before);
    expect((await requestRow(emailed.key.userId, emailed.key.requestId)).processedAt).not.toBeNull();
    expect(await db.select().from(postmarkEvents).where(eq(postmarkEvents.messageId, emailed.messageId))).toEqual([]);
    expect(await db.select().from(senderChannelProblems).where(eq(senderChannelProblems.templateId, emailed.templateId))).toEqual([]);
  });

  it("changes nothing when the same event comes again", async () => {
    const emailed = await emailedRequest("replay");
    const record = delivery(emailed.messageId, emailed.address);
    expect(await (await postRecord(record)).json()).toEqual({ received: true });
    expect(await (await postRecord(record)).json()).toEqual({ received: true, duplicate: true });
    expect((await historyOf(emailed.key)).filter((line) => line.status === "email.delivered")).toHaveLength(1);

    const hard = bounce(emailed.messageId, emailed.address);
    expect(await (await postRecord(hard)).json()).toEqual({ received: true });
    // Staff send it again; the same bounce delivered once more does not take it back.
    await db.update(requests).set({ processedAt: new Date() }).where(eq(requests.userId, emailed.key.userId));
    expect(await (await postRecord(hard)).json()).toEqual({ received: true, duplicate: true });
    expect((await requestRow(emailed.key.userId, emailed.key.requestId)).processedAt).not.toBeNull();
    expect((await historyOf(emailed.key)).filter((line) => line.status === "email.bounced")).toHaveLength(1);
  });

  it("keeps the bounce when the delivery of the same message arrives after it", async () => {
    const emailed = await emailedRequest("order");
    const bouncedAt = minutesLater(10);
    expect((await postRecord(bounce(emailed.messageId, emailed.address, { at: bouncedAt }))).status).toBe(200);
    expect((await postRecord(delivery(emailed.messageId, emailed.address, minutesLater(5)))).status).toBe(200);
    expect((await emailsOf(emailed.key))[0]).toMatchObject({ outcome: "bounced", outcomeAt: new Date(bouncedAt) });
    expect((await requestRow(emailed.key.userId, emailed.key.requestId)).processedAt).toBeNull();
    // Both are in the history, each at the time it happened.
    expect((await historyOf(emailed.key)).map((line) => line.status)).toEqual(["emailed", "email.delivered", "email.bounced"]);
  });

  it("acknowledges and ignores emails that are not a request's, and records it does not act on", async () => {
    const unknown = await postRecord(delivery(crypto.randomUUID(), "someone@quietmailbox.test"));
    expect(await unknown.json()).toEqual({ received: true, actedOn: false });
    const open = await postRecord({ RecordType: "Open", MessageID: crypto.randomUUID(), Recipient: "someone@quietmailbox.test" });
    expect(await open.json()).toEqual({ received: true, actedOn: false });
    expect((await postRecord({ RecordType: "Delivery" })).status).toBe(400);
  });
});
