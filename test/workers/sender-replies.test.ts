// A request's own reply address, the Worker's email handler that reads a sender's answer into the
// request's history, and the automatic email, the person's own request (decision 0066).
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { and, count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import { jobs, requestLogs, requests, requestTemplates, staffAudit } from "../../drizzle/schema";
import worker from "../../app/worker";
import { newReplyToken, replyAddress } from "~/domain/reply-address";
import type { CatalogSender } from "~/domain/sender-catalog";
import { receiveSenderReply, REPLIES_PER_DAY } from "~/services/sender-replies.server";
import { replyTokenOfRequest } from "~/models/sender-reply.server";
import { parseEnv } from "~/utils/env.server";
import { seedSenderCatalog } from "~/models/request-template.server";
import { getDb } from "~/utils/db.server";
import { signedInStaff, signedUpUser } from "./http";
import { received } from "./stand-ins";
import { htmlOf, incomingEmail, requestRow } from "./support";

const db = getDb(env.DB);
const REPLY_DOMAIN = "replies.quietmailbox.local";
beforeAll(() => seedSenderCatalog(db, catalog.senders as CatalogSender[]));

type SentEmail = { To?: string; Subject?: string; TextBody?: string; ReplyTo?: string | null; Tag?: string };
const sentBody = (request: { body: unknown }) => (request.body ?? {}) as SentEmail;
const historyOf = (userId: string, id: string) =>
  db
    .select({ id: requestLogs.id, creator: requestLogs.creator, status: requestLogs.status, detail: requestLogs.detail })
    .from(requestLogs)
    .where(and(eq(requestLogs.userId, userId), eq(requestLogs.requestId, id)));
const senderEntryCount = async () => (await db.select({ n: count() }).from(requestLogs).where(eq(requestLogs.creator, "sender")))[0]!.n;
const optOutJobsOf = (userId: string) =>
  db
    .select({ payload: jobs.payload, state: jobs.state })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.type, "optOut.email")));

/** A user who has sent one preset from the dashboard. */
async function userWhoSent(label: string, presetId: string) {
  const user = await signedUpUser(label);
  expect((await user.browser.post("/dashboard", { intent: "unsubscribe", requestId: presetId })).status).toBe(303);
  return user;
}

/** The email the stand-in received from the request's send, found by the request's own Reply-To. */
async function emailWithReplyTo(address: string) {
  await expect
    .poll(async () => (await received("email", (request) => sentBody(request).ReplyTo === address)).length, {
      timeout: 15_000,
      interval: 250,
    })
    .toBeGreaterThan(0);
  return sentBody((await received("email", (request) => sentBody(request).ReplyTo === address))[0]!);
}

/** Runs one job through the Worker's queue handler, as the queue would deliver it. */
async function runJob(type: string, payload: unknown) {
  const id = crypto.randomUUID();
  await db.insert(jobs).values({ id, type, payload, userId: (payload as { userId?: string }).userId ?? null });
  const batch = createMessageBatch("quiet-mailbox-jobs", [
    { id: `message-${id}`, timestamp: new Date(), attempts: 1, body: { id, type, payload, enqueuedAt: new Date().toISOString() } },
  ]);
  await worker.queue(batch, env);
  await getQueueResult(batch, createExecutionContext());
  return (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
}

async function deliver(email: ReturnType<typeof incomingEmail>) {
  await worker.email(email.message, env);
  return email.setReject;
}

/** A sender's answer as mail programs write it: a text and an HTML part, quoting our letter. */
function replyMime({ to, messageId, text }: { to: string; messageId: string | null; text: string }) {
  const boundary = "reply-boundary-42";
  return [
    "From: Acxiom Consumer Care <consumeradvo@acxiom.com>",
    `To: ${to}`,
    "Subject: Re: Please remove Ada Lovelace from your mailing lists",
    ...(messageId ? [`Message-ID: ${messageId}`] : []),
    "Date: Mon, 2 Nov 2026 10:04:00 -0600",
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    text,
    "",
    "On Sun, Nov 1, 2026 at 9:00 AM Quiet Mailbox <hello@quietmailbox.local> wrote:",
    "> Please remove Ada Lovelace from your mailing lists.",
    "> Customer number: K-1",
    "",
    `--${boundary}`,
    "Content-Type: text/html; charset=utf-8",
    "",
    `<p>${text.replaceAll("\r\n", "<br>")}</p><blockquote>Please remove Ada Lovelace</blockquote>`,
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

const REPLY_LINES = "Hello,\r\n\r\nWe removed Ada Lovelace from our lists <b>today</b>.\r\nReference 7781.";
/** What the history keeps of a reply: labelled with whom it claims to come from, which nobody checks. */
const CLAIMED = "A message claiming to be from Acxiom Consumer Care <consumeradvo@acxiom.com> (who sent it is not checked):\n\n";
const REPLY_TEXT = `${CLAIMED}Hello,\n\nWe removed Ada Lovelace from our lists <b>today</b>.\nReference 7781.`;

/** A request with its reply address, as after its first email. */
async function requestWithReplyAddress(label: string, presetId = "epsilon") {
  const user = await userWhoSent(label, presetId);
  const token = (await replyTokenOfRequest(db, { userId: user.userId, requestId: presetId }))!;
  return { ...user, requestId: presetId, token, address: replyAddress(token, REPLY_DOMAIN) };
}

describe("the opt-out email's reply address", () => {
  it("is the request's own, given on the first send and kept for every later one", async () => {
    // Sent at once as the person's own request (decision 0066): the job gives it its reply address.
    const user = await userWhoSent("reply-address", "valpak");
    await expect.poll(async () => (await requestRow(user.userId, "valpak")).replyToken, { timeout: 15_000, interval: 250 }).not.toBeNull();
    const token = (await requestRow(user.userId, "valpak")).replyToken!;
    expect(token).toMatch(/^[a-z2-7]{26}$/);
    const address = `reply+${token}@replies.quietmailbox.local`;
    const email = await emailWithReplyTo(address);
    expect(email).toMatchObject({
      To: "customer_service@valpak.com",
      Subject: "Please remove Ada Lovelace from your mailing lists",
      Tag: "opt-out",
    });
    expect(email.TextBody).toContain("Do Not Mail");

    // Sent again (a report brought it back), it replies to the same address.
    const again = await runJob("optOut.email", { userId: user.userId, requestId: "valpak", to: "customer_service@valpak.com" });
    expect(again.state).toBe("succeeded");
    expect((await requestRow(user.userId, "valpak")).replyToken).toBe(token);
    expect(await received("email", (request) => sentBody(request).ReplyTo === address)).toHaveLength(2);
  });
});

describe("a sender's reply", () => {
  it("appears once in the request's history, however often it is delivered, and the user reads it", async () => {
    const { browser, userId, requestId, address } = await requestWithReplyAddress("reply-history");
    const raw = replyMime({ to: address, messageId: "<answer-1@epsilon.example>", text: REPLY_LINES });

    for (let delivery = 0; delivery < 2; delivery++) {
      const setReject = await deliver(incomingEmail({ to: address, raw }));
      expect(setReject).not.toHaveBeenCalled();
    }
    const replies = (await historyOf(userId, requestId)).filter((entry) => entry.creator === "sender");
    expect(replies).toEqual([
      { id: expect.stringMatching(/^reply-[0-9a-f]{64}$/), creator: "sender", status: "replied", detail: REPLY_TEXT },
    ]);
    // The user hears of it once, with a link to the request.
    const notices = (
      await db
        .select({ payload: jobs.payload })
        .from(jobs)
        .where(and(eq(jobs.userId, userId), eq(jobs.type, "email.send")))
    )
      .map((job) => job.payload as { subject: string; text?: string })
      .filter((payload) => payload.subject.endsWith("answered your opt-out request"));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe("Epsilon (Abacus catalog cooperative) answered your opt-out request");

    const html = await htmlOf(await browser.get(`/dashboard?request=${requestId}`));
    expect(html).toContain("A reply to your request to Epsilon (Abacus catalog cooperative):");
    expect(html).toContain(
      '<blockquote class="reply-text">A message claiming to be from Acxiom Consumer Care &lt;consumeradvo@acxiom.com&gt; (who sent it is not checked):\n\nHello,\n\nWe removed Ada Lovelace from our lists &lt;b&gt;today&lt;/b&gt;.\nReference 7781.</blockquote>',
    );
    expect(html).not.toContain("Customer number: K-1");

    // Staff see it on the user's page too.
    const { browser: staff } = await signedInStaff("moderator");
    expect(await htmlOf(await staff.get(`/admin/users/${userId}`))).toContain("Reference 7781.</blockquote>");
  });

  it("without a Message-ID is recognised by its bytes; a different email is a second entry", async () => {
    const { userId, requestId, address } = await requestWithReplyAddress("reply-no-id");
    const raw = replyMime({ to: address, messageId: null, text: "Removed." });
    await deliver(incomingEmail({ to: address, raw }));
    await deliver(incomingEmail({ to: address, raw }));
    await deliver(
      incomingEmail({ to: address, raw: replyMime({ to: address, messageId: null, text: "Also removed from our partner lists." }) }),
    );
    const replies = (await historyOf(userId, requestId)).filter((entry) => entry.creator === "sender").map((entry) => entry.detail);
    expect(replies.sort()).toEqual([`${CLAIMED}Also removed from our partner lists.`, `${CLAIMED}Removed.`]);
  });

  it("is refused at an unknown token or another domain, and nothing is written", async () => {
    const { token } = await requestWithReplyAddress("reply-refused");
    const before = await senderEntryCount();
    for (const to of [
      replyAddress(newReplyToken(), REPLY_DOMAIN),
      `reply+${token}@quietmailbox.local`,
      `reply+${token}x@${REPLY_DOMAIN}`,
      `staff@${REPLY_DOMAIN}`,
    ]) {
      const setReject = await deliver(
        incomingEmail({ to, raw: replyMime({ to, messageId: `<${crypto.randomUUID()}@x.example>`, text: "Hello?" }) }),
      );
      expect(setReject, to).toHaveBeenCalledWith("Unknown address");
    }
    expect(await senderEntryCount()).toBe(before);
  });

  it("is refused when it is too large, whatever size it claims", async () => {
    const { userId, requestId, address } = await requestWithReplyAddress("reply-large");
    const raw = replyMime({ to: address, messageId: "<big@epsilon.example>", text: "Big." });
    expect(await deliver(incomingEmail({ to: address, raw, rawSize: 6 * 1024 * 1024 }))).toHaveBeenCalledWith("Message too large");
    const padded = raw.replace("Big.", `Big.\r\n${"x".repeat(998)}\r\n`.repeat(5300));
    expect(await deliver(incomingEmail({ to: address, raw: padded, rawSize: 1000 }))).toHaveBeenCalledWith("Message too large");
    expect((await historyOf(userId, requestId)).filter((entry) => entry.creator === "sender")).toEqual([]);
  });

  it("reaches only the request whose address it was sent to, not another user's request for the same sender", async () => {
    const first = await requestWithReplyAddress("reply-owner");
    const second = await requestWithReplyAddress("reply-neighbour");
    expect(second.requestId).toBe(first.requestId);
    expect(second.token).not.toBe(first.token);

    // The sender's mail system may capitalise the address.
    const to = first.address.toUpperCase();
    await deliver(incomingEmail({ to, raw: replyMime({ to, messageId: "<for-first@epsilon.example>", text: "For the first user." }) }));
    expect(
      (await historyOf(first.userId, first.requestId)).filter((entry) => entry.creator === "sender").map((entry) => entry.detail),
    ).toEqual([`${CLAIMED}For the first user.`]);
    expect((await historyOf(second.userId, second.requestId)).filter((entry) => entry.creator === "sender")).toEqual([]);
    expect(await htmlOf(await second.browser.get(`/dashboard?request=${second.requestId}`))).not.toContain("For the first user.");
  });
});

describe("many replies to one reply address", () => {
  it(`email the person once a day, and past ${REPLIES_PER_DAY} a day are refused unread`, async () => {
    const { userId, requestId, address } = await requestWithReplyAddress("reply-flood");
    const rejections = [];
    for (let index = 0; index < REPLIES_PER_DAY + 3; index++) {
      const raw = replyMime({ to: address, messageId: `<flood-${index}@evil.example>`, text: `Call 1-900-555-01${index} now.` });
      rejections.push(await deliver(incomingEmail({ to: address, raw })));
    }
    expect(rejections.filter((setReject) => setReject.mock.calls.length > 0).map((setReject) => setReject.mock.calls[0]![0])).toEqual(
      Array.from({ length: 3 }, () => "This address has taken all the replies it takes today"),
    );
    const replies = (await historyOf(userId, requestId)).filter((entry) => entry.creator === "sender");
    expect(replies).toHaveLength(REPLIES_PER_DAY);
    for (const reply of replies) expect(reply.detail).toMatch(/^A message claiming to be from .+ \(who sent it is not checked\):\n\nCall/);

    const notices = (
      await db
        .select({ payload: jobs.payload })
        .from(jobs)
        .where(and(eq(jobs.userId, userId), eq(jobs.type, "email.send")))
    ).filter((job) => (job.payload as { subject: string }).subject.endsWith("answered your opt-out request"));
    expect(notices).toHaveLength(1);
    expect((notices[0]!.payload as { text: string }).text).toContain("with any other that comes today");

    // Once the day is full even a message delivered again is refused before it is read.
    const again = await deliver(
      incomingEmail({ to: address, raw: replyMime({ to: address, messageId: "<flood-0@evil.example>", text: "Call 1-900-555-010 now." }) }),
    );
    expect(again).toHaveBeenCalledWith("This address has taken all the replies it takes today");
  });

  it("a reply on the next day emails the person again", async () => {
    const { userId, address } = await requestWithReplyAddress("reply-next-day");
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const first = incomingEmail({ to: address, raw: replyMime({ to: address, messageId: "<day-1@acxiom.example>", text: "Removed." }) });
    await receiveSenderReply(first.message, parseEnv(env));
    const second = incomingEmail({
      to: address,
      raw: replyMime({ to: address, messageId: "<day-2@acxiom.example>", text: "Removed again." }),
    });
    await receiveSenderReply(second.message, parseEnv(env), tomorrow);
    const notices = (
      await db
        .select({ payload: jobs.payload })
        .from(jobs)
        .where(and(eq(jobs.userId, userId), eq(jobs.type, "email.send")))
    ).filter((job) => (job.payload as { subject: string }).subject.endsWith("answered your opt-out request"));
    expect(notices).toHaveLength(2);
  });
});

describe("automatic sending", () => {
  it("emails a sender that takes requests from agents by email at once, then marks the request sent by the system", async () => {
    const user = await userWhoSent("auto-acxiom", "acxiom");
    const [job] = await optOutJobsOf(user.userId);
    expect(job?.payload).toEqual({ userId: user.userId, requestId: "acxiom", to: "consumeradvo@acxiom.com", automatic: true });

    await expect
      .poll(async () => (await requestRow(user.userId, "acxiom")).processedAt, { timeout: 15_000, interval: 250 })
      .toBeInstanceOf(Date);
    const row = await requestRow(user.userId, "acxiom");
    const email = await emailWithReplyTo(replyAddress(row.replyToken!, REPLY_DOMAIN));
    expect(email).toMatchObject({ To: "consumeradvo@acxiom.com", Subject: "Please remove Ada Lovelace from your mailing lists" });
    expect((await historyOf(user.userId, "acxiom")).filter((entry) => entry.creator !== "user")).toEqual([
      { id: expect.any(String), creator: "system", status: "emailed", detail: "We emailed your request to Acxiom." },
    ]);
    await expect.poll(async () => (await optOutJobsOf(user.userId))[0]?.state).toBe("succeeded");
    const audited = await db
      .select({ id: staffAudit.id })
      .from(staffAudit)
      .where(sql`${staffAudit.details} like ${`%${user.userId}:acxiom%`}`);
    expect(audited, "no staff did it").toEqual([]);

    const html = await htmlOf(await user.browser.get("/dashboard?request=acxiom"));
    expect(html).toMatch(/Sent by email to [^<]+@[^<]+/);
    expect(html).toMatch(/Emailed to Acxiom on \d\d\/\d\d\/\d{4} as your own request/);
    expect(html).toMatch(/Acxiom has until \d\d\/\d\d\/\d{4} to act/);
    const { browser: staff } = await signedInStaff("moderator");
    expect(await htmlOf(await staff.get("/admin/queue"))).not.toContain(`${user.userId}:acxiom`);
  });

  it("emails a custom request for a catalog sender that takes email from agents", async () => {
    const templateId = `quick-reply-${crypto.randomUUID().slice(0, 8)}`;
    const title = `Quick Reply Catalog ${templateId.slice(-8)}`;
    const user = await signedUpUser("auto-custom");
    // Added to the catalog after the user signed up: no preset, so the add form makes a custom request.
    await db.insert(requestTemplates).values({
      id: templateId,
      title,
      category: "catalog",
      channels: [
        { kind: "mail", value: "Quick Reply, P.O. Box 1, Town, ST 12345" },
        { kind: "email", value: "privacy@quick-reply.example" },
      ],
      acceptsAgent: "yes",
      confidence: "high",
    });
    expect((await user.browser.post("/requests/add", { senderName: title })).status).toBe(303);
    const [custom] = await db
      .select()
      .from(requests)
      .where(and(eq(requests.userId, user.userId), eq(requests.templateId, templateId)));
    expect(custom).toMatchObject({ type: "custom", status: "inQueue" });

    await expect
      .poll(async () => (await requestRow(user.userId, custom!.id)).processedAt, { timeout: 15_000, interval: 250 })
      .toBeInstanceOf(Date);
    const email = await emailWithReplyTo(replyAddress((await requestRow(user.userId, custom!.id)).replyToken!, REPLY_DOMAIN));
    expect(email.To).toBe("privacy@quick-reply.example");
  });

  it("emails a sender whatever it said of agents, and leaves one that takes no email to staff while Lob is not set up", async () => {
    const user = await signedUpUser("auto-not");
    for (const presetId of ["epsilon", "experian-marketing"]) {
      expect((await user.browser.post("/dashboard", { intent: "unsubscribe", requestId: presetId })).status).toBe(303);
    }
    // Epsilon's agent field says "unknown": the person's own request needs no agent (decision 0066).
    expect((await optOutJobsOf(user.userId)).map((job) => job.payload)).toEqual([
      { userId: user.userId, requestId: "epsilon", to: "optout@epsilon.com", automatic: true },
    ]);
    const { browser: staff } = await signedInStaff("moderator");
    const queue = await htmlOf(await staff.get("/admin/queue"));
    expect(queue).not.toContain(`${user.userId}:epsilon`);
    expect(queue).toContain(`${user.userId}:experian-marketing`);
  });

  it("keeps a request out of the staff work queue while its email is on its way, and brings it back if the job dies", async () => {
    const user = await userWhoSent("auto-in-flight", "experian-marketing");
    const { browser: staff } = await signedInStaff("moderator");
    const jobId = crypto.randomUUID();
    await db.insert(jobs).values({
      id: jobId,
      type: "optOut.email",
      userId: user.userId,
      state: "retrying",
      payload: { userId: user.userId, requestId: "experian-marketing", to: "privacy@experian.example", automatic: true },
    });
    expect(await htmlOf(await staff.get("/admin/queue"))).not.toContain(`${user.userId}:experian-marketing`);
    await db.update(jobs).set({ state: "dead" }).where(eq(jobs.id, jobId));
    expect(await htmlOf(await staff.get("/admin/queue"))).toContain(`${user.userId}:experian-marketing`);
  });

  it("leaves the request unprocessed for staff when the sender's address is refused", async () => {
    const user = await userWhoSent("auto-refused", "experian-marketing");
    const job = await runJob("optOut.email", {
      userId: user.userId,
      requestId: "experian-marketing",
      to: "nobody@example.invalid",
      automatic: true,
    });
    expect(job.state).toBe("dead");
    expect((await requestRow(user.userId, "experian-marketing")).processedAt).toBeNull();
    expect((await historyOf(user.userId, "experian-marketing")).filter((entry) => entry.creator === "system")).toEqual([]);
  });

  it("does not send what staff have sent in the meantime", async () => {
    const user = await userWhoSent("auto-staff-first", "experian-marketing");
    await db
      .update(requests)
      .set({ processedAt: new Date() })
      .where(and(eq(requests.userId, user.userId), eq(requests.id, "experian-marketing")));
    const job = await runJob("optOut.email", {
      userId: user.userId,
      requestId: "experian-marketing",
      to: "privacy@experian.example",
      automatic: true,
    });
    expect(job.state).toBe("succeeded");
    expect((await requestRow(user.userId, "experian-marketing")).replyToken).toBeNull();
  });
});
