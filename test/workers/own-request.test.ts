// The person's own request needs no agent (decision 0066): it is emailed at once from the person's
// own sending address whatever the catalog's agent field says, or mailed through Lob where no email
// address is known, and the recommended three leave with no one on the staff. A request under the
// law, as the person's agent, still never goes alone to a sender that refuses agents.
import { env } from "cloudflare:test";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CATALOG_SENDERS } from "../../drizzle/catalog";
import { jobs, requestLogs, requests, requestTemplates, senderChannelProblems, staffAudit, users } from "../../drizzle/schema";
import worker from "../../app/worker";
import { ownRequestClosing } from "~/domain/own-request";
import { replyAddress } from "~/domain/reply-address";
import { RECOMMENDED_COUNT, RECOMMENDED_SENDERS } from "~/domain/recommended-senders";

/** The three a new account outside California is recommended first. */
const FIRST_RECOMMENDED = RECOMMENDED_SENDERS.slice(0, RECOMMENDED_COUNT);
import { seedSenderCatalog } from "~/models/request-template.server";
import { sendAtOnceWhenSenderAllows } from "~/services/automatic-send.server";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { signedInStaff, signedUpUser } from "./http";
import { clearFaults, received, standInsUrl } from "./stand-ins";
import { htmlOf, incomingEmail, requestRow } from "./support";

const db = getDb(env.DB);
const LOB = { LOB_API_KEY: "test_letters_key" };
const SENDING_DOMAIN = "requests.quietmailbox.local";
const REPLY_DOMAIN = "replies.quietmailbox.local";

beforeAll(() => seedSenderCatalog(db, CATALOG_SENDERS));
beforeEach(() => {
  // Jobs run in the background queue; their logs are not this file's.
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => clearFaults());

type SentEmail = { From?: string; To?: string; ReplyTo?: string | null; TextBody?: string; Subject?: string };
const sentBody = (request: { body: unknown }) => (request.body ?? {}) as SentEmail;

/** The email the stand-in received with this Reply-To, once the queue has sent it. */
async function emailWithReplyTo(address: string) {
  const find = async () => received("email", (request) => sentBody(request).ReplyTo === address && request.answeredStatus === 200);
  await expect.poll(async () => (await find()).length, { timeout: 20_000, interval: 250 }).toBeGreaterThan(0);
  return sentBody((await find())[0]!);
}

/** A catalog sender with these channels and agent field, and one person's request to it waiting in the queue. */
async function waitingRequest(
  label: string,
  {
    channels,
    acceptsAgent,
    followUpStep = 0,
  }: { channels: (typeof requestTemplates.$inferInsert)["channels"]; acceptsAgent: "yes" | "no" | "unknown"; followUpStep?: number },
) {
  const tag = `${label}-${crypto.randomUUID().slice(0, 8)}`;
  const templateId = `own-${tag}`;
  await db
    .insert(requestTemplates)
    .values({ id: templateId, title: `Own ${tag}`, category: "catalogs", channels, acceptsAgent, confidence: "high", isActive: false });
  const userId = `user-${tag}`;
  const address = { street1: "12 MAIN ST", city: "SPRINGFIELD", state: "IL", zipCode: "62701", addressCheck: "verified" as const };
  await db.insert(users).values({ id: userId, email: `${tag}@quietmailbox.test`, passwordHash: "x", fullName: "Grace Hopper", ...address });
  await db.insert(requests).values({
    userId,
    id: templateId,
    templateId,
    senderName: `Own ${tag}`,
    title: `Own ${tag}`,
    fullName: "Grace Hopper",
    type: "preset",
    status: "inQueue",
    requiredDays: 30,
    followUpStep,
    ...address,
    queuedAt: new Date(),
  });
  return { userId, requestId: templateId };
}

const OWN_FROM = new RegExp(`^"Grace Hopper" <grace\\.hopper\\.[a-z2-7]{4}@${SENDING_DOMAIN.replaceAll(".", "\\.")}>$`);

describe("the person's own request by email", () => {
  for (const acceptsAgent of ["unknown", "no"] as const) {
    it(`goes at once to a sender whose agent field says "${acceptsAgent}", from the person's own address, replies to the request`, async () => {
      const to = `optout-${crypto.randomUUID().slice(0, 8)}@acme.example`;
      const key = await waitingRequest(`agent-${acceptsAgent}`, {
        channels: [
          { kind: "email", value: to },
          { kind: "mail", value: "Acme, PO Box 1, Springfield, IL 62701" },
        ],
        acceptsAgent,
      });
      expect(await sendAtOnceWhenSenderAllows(parseEnv(env), key)).toBe(true);
      await expect.poll(async () => (await requestRow(key.userId, key.requestId)).processedAt, { timeout: 20_000 }).toBeInstanceOf(Date);
      const row = await requestRow(key.userId, key.requestId);
      const email = await emailWithReplyTo(replyAddress(row.replyToken!, REPLY_DOMAIN));
      expect(email.To).toBe(to);
      expect(email.From).toMatch(OWN_FROM);
      expect(email.TextBody!.trimEnd().endsWith(ownRequestClosing("Grace Hopper"))).toBe(true);
      expect(email.TextBody!.split(ownRequestClosing("Grace Hopper"))).toHaveLength(2);
      const lines = await db
        .select({ creator: requestLogs.creator, status: requestLogs.status })
        .from(requestLogs)
        .where(and(eq(requestLogs.userId, key.userId), eq(requestLogs.requestId, key.requestId)));
      expect(lines).toEqual([{ creator: "system", status: "emailed" }]);
    });
  }

  it("is refused by Postmark from a domain it has not verified, as Postmark answers", async () => {
    const response = await fetch(`${standInsUrl()}/email/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Postmark-Server-Token": parseEnv(env).EMAIL_API_KEY! },
      body: JSON.stringify({
        From: '"Grace Hopper" <grace.hopper.abcd@unverified.example>',
        To: "x@acme.example",
        Subject: "s",
        TextBody: "t",
      }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      ErrorCode: 400,
      Message: expect.stringContaining("is not a Sender Signature on your account"),
    });
  });

  it("refuses mail sent to the person's sending address itself, naming where replies go, and records nothing", async () => {
    const before = await db
      .select({ n: sql<number>`count(*)` })
      .from(requestLogs)
      .where(eq(requestLogs.creator, "sender"));
    const email = incomingEmail({
      to: `grace.hopper.abcd@${SENDING_DOMAIN}`,
      raw: "From: privacy@acme.example\r\nTo: grace.hopper.abcd@requests.quietmailbox.local\r\nSubject: Re: Please remove\r\n\r\nDone.",
    });
    await worker.email(email.message, env);
    expect(email.setReject).toHaveBeenCalledWith(expect.stringContaining("Reply-To"));
    const after = await db
      .select({ n: sql<number>`count(*)` })
      .from(requestLogs)
      .where(eq(requestLogs.creator, "sender"));
    expect(after).toEqual(before);
  });
});

describe("a sender reached only by web form", () => {
  it("gets a letter through Lob where a postal address is known", async () => {
    const address = `Formonly ${crypto.randomUUID().slice(0, 8)}, 9 Web Way, Boulder, CO 80301`;
    const key = await waitingRequest("web-only", {
      channels: [
        { kind: "web", value: "https://formonly.example/privacy" },
        { kind: "phone", value: "1-800-555-0100" },
        { kind: "mail", value: address },
      ],
      acceptsAgent: "no",
    });
    expect(await sendAtOnceWhenSenderAllows(parseEnv({ ...env, ...LOB }), key)).toBe(true);
    const [job] = await db
      .select({ type: jobs.type })
      .from(jobs)
      .where(and(eq(jobs.userId, key.userId), inArray(jobs.type, ["optOut.email", "optOut.letter"])));
    expect(job?.type).toBe("optOut.letter");
    // The queue runs the letter job with the test's Lob key: run it here, as the queue does.
    const { optOutLetterJob } = await import("~/jobs/opt-out-letter.server");
    await optOutLetterJob.handle(key, { env: parseEnv({ ...env, ...LOB }), jobId: crypto.randomUUID(), attempt: 1 } as never);
    const letters = await received(
      "lob",
      (call) => call.method === "POST" && call.path === "/letters" && JSON.stringify(call.body).includes(key.requestId),
    );
    expect(letters).toHaveLength(1);
    expect((letters[0]!.body as { to: { address_line1: string } }).to.address_line1).toBe("9 Web Way");
    expect((await requestRow(key.userId, key.requestId)).processedAt).toBeInstanceOf(Date);
  });
});

describe("the recommended three", () => {
  it("all leave with no staff touch, by email as the person's own request", async () => {
    const user = await signedUpUser("recommended");
    const form = new URLSearchParams({ intent: "sendSuggested", selection: "chosen" });
    for (const { templateId } of FIRST_RECOMMENDED) form.append("requestIds", templateId);
    expect((await user.browser.post("/dashboard", form)).status).toBe(303);
    for (const { templateId } of FIRST_RECOMMENDED) {
      await expect
        .poll(async () => (await requestRow(user.userId, templateId)).processedAt, { timeout: 20_000, interval: 250 })
        .toBeInstanceOf(Date);
      const row = await requestRow(user.userId, templateId);
      const email = await emailWithReplyTo(replyAddress(row.replyToken!, REPLY_DOMAIN));
      expect(email.From).toMatch(new RegExp(`^"Ada Lovelace" <ada\\.lovelace\\.[a-z2-7]{4}@${SENDING_DOMAIN.replaceAll(".", "\\.")}>$`));
    }
    const lines = await db
      .select({ requestId: requestLogs.requestId, creator: requestLogs.creator })
      .from(requestLogs)
      .where(and(eq(requestLogs.userId, user.userId), inArray(requestLogs.status, ["emailed", "mailed", "filed"])));
    expect(lines.map((line) => line.creator)).toEqual(["system", "system", "system"]);
    const audited = await db
      .select({ id: staffAudit.id })
      .from(staffAudit)
      .where(sql`${staffAudit.details} like ${`%${user.userId}%`}`);
    expect(audited, "no staff did it").toEqual([]);
    // Each card says which way it went, and why.
    const html = await htmlOf(await user.browser.get("/dashboard"));
    expect(html).toMatch(/Emailed to Epsilon \(Abacus catalog cooperative\) on \d\d\/\d\d\/\d{4} as your own request/);
    expect(html).toMatch(/Emailed to Wiland on \d\d\/\d\d\/\d{4} as your own request/);
    expect(html).toMatch(/Emailed to Alliant Cooperative Data Solutions on \d\d\/\d\d\/\d{4} as your own request/);
  });
});

describe("the legal request, as the person's agent", () => {
  it("never goes alone to a sender whose agent field refuses agents, and staff read why", async () => {
    const key = await waitingRequest("legal-no", {
      channels: [
        { kind: "email", value: "privacy@refuses.example" },
        { kind: "mail", value: "Refuses Inc, 1 Main St, Springfield, IL 62701" },
      ],
      acceptsAgent: "no",
      followUpStep: 2,
    });
    expect(await sendAtOnceWhenSenderAllows(parseEnv({ ...env, ...LOB }), key)).toBe(false);
    const { browser } = await signedInStaff("moderator");
    const queue = await htmlOf(await browser.get("/admin/queue"));
    expect(queue).toContain("the catalog does not say this sender takes agents");
  });
});

describe("the staff work queue", () => {
  it("says for each group why it could not go out alone", async () => {
    const postal = await waitingRequest("lob-off", {
      channels: [{ kind: "mail", value: "Postal Co, 1 Main St, Springfield, IL 62701" }],
      acceptsAgent: "unknown",
    });
    const none = await waitingRequest("no-channel", { channels: [], acceptsAgent: "unknown" });
    const stopped = await waitingRequest("stopped", {
      channels: [{ kind: "email", value: "gone@stopped.example" }],
      acceptsAgent: "unknown",
    });
    await db.insert(senderChannelProblems).values({ templateId: stopped.requestId, kind: "email", reason: "gone@stopped.example bounced" });
    // Past the 7 days their people had to give the return address on the piece (decision 0067).
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await db
      .update(requests)
      .set({ queuedAt: eightDaysAgo })
      .where(inArray(requests.userId, [none.userId, stopped.userId]));
    const { browser } = await signedInStaff("moderator");
    const html = await htmlOf(await browser.get("/admin/queue"));
    const whyOf = (requestId: string) => {
      const group = html.slice(html.indexOf(`id="group-${requestId}"`));
      return group.slice(0, group.indexOf("</article>")).match(/Why it waits: ([^<]*)/)?.[1];
    };
    // The workers' Worker runs without a Lob key.
    expect(whyOf(postal.requestId)).toContain("Letters go through Lob only once LOB_API_KEY and LOB_WEBHOOK_SECRET are set");
    expect(whyOf(none.requestId)).toContain("No email or postal address is known for this sender");
    expect(whyOf(stopped.requestId)).toContain("Its email address stopped working");
  });
});

describe("the staff overview", () => {
  it("counts, per week, the requests sent with no staff touch: system sendings no one released", async () => {
    const { getStaffOverview } = await import("~/models/staff-overview.server");
    const now = new Date();
    const thisWeek = async () => {
      const [latest] = (await getStaffOverview([db], now)).sentAlone;
      return latest ?? { sent: 0, alone: 0 };
    };
    const before = await thisWeek();
    const tag = crypto.randomUUID().slice(0, 8);
    const userId = `user-overview-${tag}`;
    await db.insert(users).values({
      id: userId,
      email: `overview-${tag}@quietmailbox.test`,
      passwordHash: "x",
      fullName: "Grace Hopper",
      street1: "1 A St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
    });
    const line = (requestId: string, creator: "system" | "staff" | "user", status: string) => ({
      userId,
      requestId,
      creator,
      status,
      detail: "",
      createdAt: now,
    });
    await db
      .insert(requestLogs)
      .values([
        line("a", "system", "emailed"),
        line("b", "system", "mailed"),
        line("c", "staff", "filed"),
        line("d", "system", "emailed"),
        line("e", "user", "unsubscribe"),
      ]);
    // Staff released "d" by adding its sender's channel: a touch, though the system sent it.
    await db.insert(staffAudit).values({
      actorId: "local-admin",
      actorRole: "admin",
      action: "requests.sentOnNewChannel",
      targetType: "template",
      targetId: "some-sender",
      details: { requests: [`${userId}:d`] },
    });
    const after = await thisWeek();
    expect({ sent: after.sent - before.sent, alone: after.alone - before.alone }).toEqual({ sent: 4, alone: 2 });
    const { browser } = await signedInStaff("admin");
    const html = await htmlOf(await browser.get("/admin"));
    expect(html).toContain("Sent with no staff touch, by week");
    expect(html).toMatch(/Week of \d\d\/\d\d\/\d{4}/);
  });
});

describe("migration 0025", () => {
  it("no longer has the person file with a sender only because it refuses agents; an SSN, a birth date or a fee still does", async () => {
    const migration = (await import("../../migrations/0025_the_persons_own_request.sql?raw")).default;
    const tag = crypto.randomUUID().slice(0, 8);
    const template = (id: string, needs: string[]) => ({
      id: `${id}-${tag}`,
      title: `${id} ${tag}`,
      category: "catalogs",
      channels: [{ kind: "web" as const, value: "https://x.example" }],
      acceptsAgent: "no" as const,
      needs,
      consumerFiles: true,
      confidence: "high",
      isActive: false,
    });
    await db
      .insert(requestTemplates)
      .values([
        template("refuses", ["full name", "address", "customer number"]),
        template("fee", ["full name", "a small fee of about 2 to 6 USD"]),
        template("ssn", ["SSN and date of birth (asked for)"]),
      ]);
    const [update] = migration.split("--> statement-breakpoint");
    await env.DB.prepare(update!).run();
    const rows = await db
      .select({ id: requestTemplates.id, consumerFiles: requestTemplates.consumerFiles })
      .from(requestTemplates)
      .where(inArray(requestTemplates.id, [`refuses-${tag}`, `fee-${tag}`, `ssn-${tag}`]));
    expect(Object.fromEntries(rows.map((row) => [row.id.replace(`-${tag}`, ""), row.consumerFiles]))).toEqual({
      refuses: false,
      fee: true,
      ssn: true,
    });
  });
});
