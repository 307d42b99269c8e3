// Channels grow (decision 0054): senders ranked by requests waiting on a channel, a channel added
// sending every waiting request exactly once, returned letters taking a sender off the automatic
// path until staff fix it, postal addresses proposed from photos, and the staff overview's figures.
import { env } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  jobs,
  mailedLetters,
  postalChannelProposals,
  requests,
  requestTemplates,
  senderChannelProblems,
  staffAudit,
  users,
  type SenderChannel,
} from "../../drizzle/schema";
import { DAY_MS } from "~/domain/dates";
import { sendAtOnceWhenSenderAllows, sendWaitingRequestsOfSender } from "~/services/automatic-send.server";
import { applyLetterEvent } from "~/models/mailed-letter.server";
import {
  flagChannelOfRequest,
  listPostalChannelProposals,
  listSendersWaitingOnChannel,
  recordPostalChannelProposal,
} from "~/models/sender-channels.server";
import { getStaffOverview } from "~/models/staff-overview.server";
import { countWaitingRequestsOfSender } from "~/models/work-queue.server";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { signedInStaff } from "./http";
import { htmlOf } from "./support";

const db = getDb(env.DB);
const LOB = { LOB_API_KEY: "test_letters_key" };
const POSTAL_ADDRESS = "Acme Catalogs, Attn: Privacy Office, 1 Long Street, Springfield, IL 62701";

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

/** A catalog sender with these channels (none by default). */
async function sender(label: string, channels: SenderChannel[] = [], acceptsAgent: "yes" | "no" | "unknown" = "unknown") {
  const id = `${label}-${crypto.randomUUID().slice(0, 8)}`;
  await db.insert(requestTemplates).values({ id, title: `Sender ${id}`, category: "catalogs", channels, acceptsAgent, confidence: "low" });
  return id;
}

/** A user's request to a sender (a catalog id, or a typed name when templateId is null), waiting in the queue since `queuedAt`. */
async function waitingRequest(
  templateId: string | null,
  { queuedAt = new Date(), addressCheck = "verified" as "verified" | "asTyped" | null, senderName = templateId ?? "Typed Sender" } = {},
) {
  const userId = `user-${crypto.randomUUID()}`;
  const address = { street1: "12 MAIN ST", city: "SPRINGFIELD", state: "IL", zipCode: "62701", addressCheck };
  await db
    .insert(users)
    .values({ id: userId, email: `${userId}@quietmailbox.test`, passwordHash: "x", fullName: `Ada ${userId}`, ...address });
  const id = templateId ?? `custom-${crypto.randomUUID().slice(0, 8)}`;
  await db.insert(requests).values({
    userId,
    id,
    templateId,
    senderName,
    title: senderName,
    fullName: `Ada ${userId}`,
    type: templateId ? "preset" : "custom",
    status: "inQueue",
    ...address,
    queuedAt,
  });
  return { userId, requestId: id };
}

const jobsOf = (type: string, userId: string) =>
  db
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, type), eq(jobs.userId, userId)));
const auditOf = (templateId: string, action: string) =>
  db
    .select({ details: staffAudit.details, actorId: staffAudit.actorId })
    .from(staffAudit)
    .where(and(eq(staffAudit.targetId, templateId), eq(staffAudit.action, action)));

// First, while the file's database holds no other waiting request.
describe("the staff overview", () => {
  it("tracks the requests waiting on a channel, the oldest and the 90th percentile, and the letters' cost by month", async () => {
    const now = new Date();
    const without = await sender("overview-none");
    // All past the 7 days a request to a sender with no channel first waits for the person's return
    // address (decision 0067), and one within them, not counted.
    for (let days = 8; days <= 17; days += 1) await waitingRequest(without, { queuedAt: new Date(now.getTime() - days * DAY_MS) });
    await waitingRequest(null, { queuedAt: new Date(now.getTime() - 27 * DAY_MS) });
    await waitingRequest(null, { queuedAt: new Date(now.getTime() - 6 * DAY_MS), senderName: "Recent Typed Sender" });
    // A sender with a channel: its request does not wait on one.
    await waitingRequest(await sender("overview-email", [{ kind: "web", value: "https://acme.example/opt-out" }]), {
      queuedAt: new Date(now.getTime() - 30 * DAY_MS),
    });

    const letter = await waitingRequest(without, { queuedAt: new Date(now.getTime() - 8 * DAY_MS) });
    const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 2));
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    const longAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12, 15));
    await db.insert(mailedLetters).values([
      { id: `ltr_a${crypto.randomUUID()}`, ...letter, costCents: 90, createdAt: thisMonth },
      { id: `ltr_b${crypto.randomUUID()}`, ...letter, costCents: 91, createdAt: thisMonth },
      { id: `ltr_c${crypto.randomUUID()}`, ...letter, costCents: 84, createdAt: lastMonth },
      { id: `ltr_d${crypto.randomUUID()}`, ...letter, costCents: 500, createdAt: longAgo },
    ]);

    const overview = await getStaffOverview([db], now);
    // Ten, the older typed one, and the letter's request (8 days): 12. Nearest rank of 12: the 11th youngest, 17 days.
    expect(overview.waitingOnChannel.count).toBe(12);
    expect(Math.round(overview.waitingOnChannel.oldestAgeMs! / DAY_MS)).toBe(27);
    expect(Math.round(overview.waitingOnChannel.ninetiethPercentileAgeMs! / DAY_MS)).toBe(17);
    const month = (date: Date) => date.toISOString().slice(0, 7);
    expect(overview.letterCosts).toEqual([
      { month: month(thisMonth), letters: 2, costCents: 181 },
      { month: month(lastMonth), letters: 1, costCents: 84 },
    ]);

    const { browser: admin } = await signedInStaff("admin");
    const html = await htmlOf(await admin.get("/admin"));
    expect(html).toContain("Where to send it: usually within 2 working days");
    expect(html).toMatch(/<span class="figure">12<\/span>Waiting on a channel/);
    expect(html).toContain("$1.81");
  });
});

describe("senders waiting on a channel", () => {
  it("are ranked by requests waiting, then the oldest, leaving out senders with a channel that works", async () => {
    const many = await sender("rank-many");
    const older = await sender("rank-older");
    const newer = await sender("rank-newer");
    const reachable = await sender("rank-reachable", [{ kind: "email", value: "optout@reachable.example" }], "yes");
    for (let index = 0; index < 3; index += 1) await waitingRequest(many);
    await waitingRequest(older, { queuedAt: new Date(Date.now() - 5 * DAY_MS) });
    await waitingRequest(newer, { queuedAt: new Date(Date.now() - DAY_MS) });
    await waitingRequest(reachable);

    const ranked = (await listSendersWaitingOnChannel(db)).filter((row) => row.templateId.startsWith("rank-"));
    expect(ranked.map((row) => [row.templateId, row.waiting])).toEqual([
      [many, 3],
      [older, 1],
      [newer, 1],
    ]);
    expect(Math.round((Date.now() - ranked[1]!.oldestQueuedAt!.getTime()) / DAY_MS)).toBe(5);

    const { browser: admin } = await signedInStaff("moderator");
    const html = await htmlOf(await admin.get("/admin/senders/requested"));
    expect(html).toContain("Catalog senders without a channel");
    expect(html.indexOf(`Sender ${many}`)).toBeLessThan(html.indexOf(`Sender ${older}`));
    expect(html).not.toContain(`Sender ${reachable}`);
    // The name typed by the overview's person, waiting for 27 days.
    expect(html).toMatch(/Typed as: “Typed Sender” \(1\)\. Oldest waiting since /);
  });
});

describe("adding a channel to a sender", () => {
  it("emails every waiting request once, however often it is pressed, and audits it", async () => {
    const id = await sender("adding-email");
    // The last from before addresses were checked.
    const waiting = [await waitingRequest(id), await waitingRequest(id), await waitingRequest(id, { addressCheck: null })];
    const asTyped = await waitingRequest(id, { addressCheck: "asTyped" });
    const { browser: admin } = await signedInStaff("admin");

    const fields = {
      intent: "update",
      title: `Sender ${id}`,
      category: "catalogs",
      covers: "",
      channels: "email: optout@adding.example",
      acceptsAgent: "yes",
      needs: "",
      lasts: "",
      takes: "",
      confidence: "low",
      sourceYear: "",
      requiredDays: "30",
      notes: "",
    };
    const response = await admin.post(`/admin/senders/${id}`, fields);
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toContain("sent=3&by=email");
    expect(await htmlOf(await admin.get(location))).toContain("Changes saved. 3 waiting requests sent by email.");

    // Pressed again by two members of staff at once: nothing goes twice.
    const again = await Promise.all([
      sendWaitingRequestsOfSender(parseEnv(env), { id: "local-admin", role: "admin" }, id),
      sendWaitingRequestsOfSender(parseEnv(env), { id: "local-admin", role: "admin" }, id),
    ]);
    expect(again.map((outcome) => outcome.sent)).toEqual([0, 0]);

    for (const key of waiting) {
      const emails = await jobsOf("optOut.email", key.userId);
      expect(emails).toHaveLength(1);
      expect(emails[0]!.payload).toEqual({ ...key, to: "optout@adding.example", automatic: true });
    }
    // An address kept as typed stays with staff (decision 0028).
    expect(await jobsOf("optOut.email", asTyped.userId)).toHaveLength(0);

    const audit = await auditOf(id, "requests.sentOnNewChannel");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: "local-admin", details: { channel: "email", sent: 3 } });
    expect((audit[0]!.details as { requests: string[] }).requests.sort()).toEqual(
      waiting.map((key) => `${key.userId}:${key.requestId}`).sort(),
    );
  });

  it("reserves each request once when two sends of the same sender run at the same moment", async () => {
    const id = await sender("adding-race", [{ kind: "mail", value: POSTAL_ADDRESS }], "no");
    const waiting = await Promise.all(Array.from({ length: 5 }, () => waitingRequest(id)));
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => sendWaitingRequestsOfSender(parseEnv({ ...env, ...LOB }), { id: "local-admin", role: "admin" }, id)),
    );
    expect(outcomes.reduce((total, outcome) => total + outcome.sent, 0)).toBe(5);
    for (const key of waiting) expect(await jobsOf("optOut.letter", key.userId)).toHaveLength(1);
  });
});

describe("a sender's waiting requests", () => {
  it("say on its page why they wait, and go with one press once nothing holds them back", async () => {
    const id = await sender("held", [{ kind: "mail", value: POSTAL_ADDRESS }], "no");
    const waiting = [await waitingRequest(id), await waitingRequest(id)];
    const { browser: admin } = await signedInStaff("admin");

    const withoutLob = await htmlOf(await admin.get(`/admin/senders/${id}`));
    expect(withoutLob).toContain("2 requests to this sender wait for staff. Letters go through Lob only once LOB_API_KEY");
    expect(withoutLob).not.toContain("Send the waiting requests");

    const withLob = admin.with(LOB);
    expect(await htmlOf(await withLob.get(`/admin/senders/${id}`))).toContain("Send the waiting requests");
    const sent = await withLob.post(`/admin/senders/${id}`, { intent: "sendWaiting" });
    expect(sent.headers.get("Location")).toBe(`/admin/senders/${id}?sent=2&by=mail`);
    expect(await htmlOf(await withLob.get(sent.headers.get("Location")!))).toContain("2 waiting requests sent as letters through Lob.");
    const again = await withLob.post(`/admin/senders/${id}`, { intent: "sendWaiting" });
    expect(again.headers.get("Location")).toBe(`/admin/senders/${id}?sent=0`);
    for (const key of waiting) expect(await jobsOf("optOut.letter", key.userId)).toHaveLength(1);
  });
});

describe("the count of a sender's waiting requests", () => {
  it("leaves out a request whose letter is on its way", async () => {
    const id = await sender("counted", [{ kind: "mail", value: POSTAL_ADDRESS }], "no");
    const [first] = [await waitingRequest(id), await waitingRequest(id)];
    expect(await countWaitingRequestsOfSender(db, id)).toBe(2);
    await db.insert(jobs).values({ id: crypto.randomUUID(), type: "optOut.letter", payload: first!, userId: first!.userId });
    expect(await countWaitingRequestsOfSender(db, id)).toBe(1);
  });
});

describe("a letter that came back", () => {
  it("flags the sender's postal channel: the next request waits for staff until they mark it fixed", async () => {
    const id = await sender("returned", [{ kind: "mail", value: POSTAL_ADDRESS }], "no");
    const mailed = await waitingRequest(id);
    await db
      .update(requests)
      .set({ processedAt: new Date() })
      .where(and(eq(requests.userId, mailed.userId), eq(requests.id, mailed.requestId)));
    const letterId = `ltr_${crypto.randomUUID().replaceAll("-", "")}`;
    await db.insert(mailedLetters).values({ id: letterId, ...mailed, costCents: 90 });
    await applyLetterEvent(
      db,
      { id: letterId, ...mailed, senderName: `Sender ${id}` },
      {
        eventId: `evt_${crypto.randomUUID()}`,
        eventType: "letter.returned_to_sender",
        state: "returnedToSender",
        occurredAt: new Date(),
        location: null,
      },
    );

    const [problem] = await db.select().from(senderChannelProblems).where(eq(senderChannelProblems.templateId, id));
    expect(problem).toMatchObject({ kind: "mail" });
    expect(problem!.reason).toContain(letterId);

    const next = await waitingRequest(id);
    expect(await sendAtOnceWhenSenderAllows(parseEnv({ ...env, ...LOB }), next)).toBe(false);
    expect(await jobsOf("optOut.letter", next.userId)).toHaveLength(0);
    expect((await listSendersWaitingOnChannel(db)).find((row) => row.templateId === id)).toMatchObject({ waiting: 2, problems: "mail" });

    const { browser: admin } = await signedInStaff("admin");
    const page = await htmlOf(await admin.get(`/admin/senders/${id}`));
    expect(page).toContain("Channel problems");
    expect(page).toContain(`Lob&#x27;s letter ${letterId} came back`);

    const fixed = await admin.with(LOB).post(`/admin/senders/${id}`, { intent: "fixed", kind: "mail" });
    expect(fixed.status).toBe(303);
    expect(fixed.headers.get("Location")).toContain("fixed=mail&sent=2&by=mail");
    expect(await db.select().from(senderChannelProblems).where(eq(senderChannelProblems.templateId, id))).toHaveLength(0);
    expect(await jobsOf("optOut.letter", next.userId)).toHaveLength(1);
    expect(await auditOf(id, "template.channelFixed")).toHaveLength(1);
  });
});

describe("an email address that bounced", () => {
  it("takes the sender off the automatic path for email, and only for email", async () => {
    const id = await sender(
      "bounced",
      [
        { kind: "email", value: "optout@bounced.example" },
        { kind: "mail", value: POSTAL_ADDRESS },
      ],
      "yes",
    );
    const before = await waitingRequest(id);
    expect(await sendAtOnceWhenSenderAllows(parseEnv(env), before)).toBe(true);

    await flagChannelOfRequest(db, before, "email", "Postmark: hard bounce", sql`1`);
    await flagChannelOfRequest(db, before, "email", "a second bounce keeps the first reason", sql`1`);
    const [problem] = await db.select().from(senderChannelProblems).where(eq(senderChannelProblems.templateId, id));
    expect(problem).toMatchObject({ kind: "email", reason: "Postmark: hard bounce" });

    const after = await waitingRequest(id);
    // No email; without Lob set up, no letter either: staff have it.
    expect(await sendAtOnceWhenSenderAllows(parseEnv(env), after)).toBe(false);
    expect(await jobsOf("optOut.email", after.userId)).toHaveLength(0);
    // With Lob, the postal channel still works.
    expect(await sendAtOnceWhenSenderAllows(parseEnv({ ...env, ...LOB }), after)).toBe(true);
    expect(await jobsOf("optOut.letter", after.userId)).toHaveLength(1);
  });
});

describe("postal addresses seen on users' photos", () => {
  it("are recorded once per address however spelled, and confirmed once as the postal channel, sending the waiting requests", async () => {
    const id = await sender("proposed");
    const waiting = await waitingRequest(id);
    await recordPostalChannelProposal(db, {
      templateId: id,
      address: "Acme Catalogs, P.O. Box 1000, Springfield, IL 62701",
      sourcePhotoId: "photo-1",
    });
    await recordPostalChannelProposal(db, {
      templateId: id,
      address: "ACME CATALOGS  PO Box 1000  Springfield IL 62701",
      sourcePhotoId: "photo-2",
    });
    await recordPostalChannelProposal(db, {
      templateId: id,
      address: "Acme Returns, 9 Other Road, Springfield, IL 62702",
      sourcePhotoId: null,
    });

    const proposals = await listPostalChannelProposals(db, id);
    expect(proposals.map((proposal) => [proposal.address, proposal.timesSeen, proposal.sourcePhotoId])).toEqual([
      ["Acme Catalogs, P.O. Box 1000, Springfield, IL 62701", 2, "photo-1"],
      ["Acme Returns, 9 Other Road, Springfield, IL 62702", 1, null],
    ]);

    const admin = (await signedInStaff("admin")).browser.with(LOB);
    const page = await htmlOf(await admin.get(`/admin/senders/${id}`));
    expect(page).toContain("Postal addresses seen on users&#x27; photos");

    const confirmed = await admin.post(`/admin/senders/${id}`, { intent: "confirmProposal", proposalId: proposals[0]!.id });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toContain("proposal=confirmed&sent=1&by=mail");
    const [template] = await db.select({ channels: requestTemplates.channels }).from(requestTemplates).where(eq(requestTemplates.id, id));
    expect(template!.channels).toEqual([
      { kind: "mail", value: "Acme Catalogs, P.O. Box 1000, Springfield, IL 62701", note: "confirmed from users' photos" },
    ]);
    expect(await jobsOf("optOut.letter", waiting.userId)).toHaveLength(1);

    // Confirmed once: a second press adds no second channel.
    const twice = await admin.post(`/admin/senders/${id}`, { intent: "confirmProposal", proposalId: proposals[0]!.id });
    expect(twice.status).toBe(409);
    const rejected = await admin.post(`/admin/senders/${id}`, { intent: "rejectProposal", proposalId: proposals[1]!.id });
    expect(rejected.status).toBe(303);
    const states = await db
      .select({ state: postalChannelProposals.state, count: sql<number>`count(*)` })
      .from(postalChannelProposals)
      .where(eq(postalChannelProposals.templateId, id))
      .groupBy(postalChannelProposals.state);
    expect(Object.fromEntries(states.map((row) => [row.state, row.count]))).toEqual({ confirmed: 1, rejected: 1 });
    const [after] = await db.select({ channels: requestTemplates.channels }).from(requestTemplates).where(eq(requestTemplates.id, id));
    expect(after!.channels).toHaveLength(1);
    expect(await auditOf(id, "template.postalChannelConfirmed")).toHaveLength(1);
  });
});
