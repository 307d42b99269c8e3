// Channels learned from everyone's mail (decision 0068): a return address that people in two
// households gave, verified deliverable, becomes the sender's postal channel and mails every request
// waiting for it, once; staff can remove it, and it is not learned again.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  jobs,
  postalChannelProposals,
  requests,
  requestTemplates,
  staffAudit,
  type AddressCheck,
  type SenderChannel,
} from "../../drizzle/schema";
import { runScheduledTasks } from "~/jobs/scheduled.server";
import { learnPostalChannel } from "~/services/learned-channels.server";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { signedInStaff } from "./http";
import { htmlOf, insertUser } from "./support";

const db = getDb(env.DB);
const LOB = { LOB_API_KEY: "test_letters_key" };
const appEnv = () => parseEnv({ ...env, ...LOB });
const RETURN_ADDRESS = "Acme Catalogs, PO Box 1478, Broomfield, CO 80038";
const today = () => new Date().toISOString().slice(0, 10);

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

/** A catalog sender with these channels (none by default), whose acceptance of agents is unknown. */
async function sender(label: string, channels: SenderChannel[] = []) {
  const id = `${label}-${crypto.randomUUID().slice(0, 8)}`;
  await db.insert(requestTemplates).values({ id, title: `Sender ${id}`, category: "catalogs", channels, confidence: "low" });
  return id;
}

/** A person at this home with a request to the sender, waiting in the queue for a channel. */
async function waitingRequest(templateId: string, street1 = `${Math.floor(Math.random() * 9000) + 100} Elm St`) {
  const home = { street1, city: "Springfield", state: "IL", zipCode: "62701", addressCheck: "verified" as const };
  const user = await insertUser("waiting", home);
  const id = `${templateId}-${crypto.randomUUID().slice(0, 6)}`;
  await db.insert(requests).values({
    userId: user.id,
    id,
    templateId,
    senderName: templateId,
    title: templateId,
    fullName: "Ada Lovelace",
    type: "preset",
    status: "inQueue",
    ...home,
    queuedAt: new Date(),
  });
  return { userId: user.id, requestId: id };
}

/**
 * A person at this home who gave the sender's return address from a piece of its mail, checked as
 * `check`; their own letter already went to it (decision 0067).
 */
async function gaveReturnAddress(
  templateId: string,
  street1: string,
  { address = RETURN_ADDRESS, check = "verified" as AddressCheck } = {},
) {
  const home = { street1, city: "Springfield", state: "IL", zipCode: "62701", addressCheck: "verified" as const };
  const user = await insertUser("gave", home);
  await db.insert(requests).values({
    userId: user.id,
    id: `${templateId}-gave`,
    templateId,
    senderName: templateId,
    title: templateId,
    fullName: "Ada Lovelace",
    type: "preset",
    status: "inQueue",
    ...home,
    queuedAt: new Date(),
    processedAt: new Date(),
    senderAddress: address,
    senderAddressCheck: check,
    senderAddressFrom: "typed",
    senderAddressAt: new Date(),
  });
  return user.id;
}

const channelsOf = async (id: string) => {
  const [row] = await db.select({ channels: requestTemplates.channels }).from(requestTemplates).where(eq(requestTemplates.id, id));
  return row!.channels;
};
const lettersOf = (userId: string) =>
  db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.type, "optOut.letter"), eq(jobs.userId, userId)));
const auditOf = (templateId: string, action: string) =>
  db
    .select({ actorId: staffAudit.actorId, actorRole: staffAudit.actorRole, details: staffAudit.details })
    .from(staffAudit)
    .where(and(eq(staffAudit.targetId, templateId), eq(staffAudit.action, action)));

describe("a return address confirmed by two households", () => {
  it("becomes the sender's postal channel, with its source and date, audited, and mails every waiting request once", async () => {
    const id = await sender("learned");
    const waiting = [await waitingRequest(id), await waitingRequest(id), await waitingRequest(id)];
    await gaveReturnAddress(id, "12 Main St");
    await gaveReturnAddress(id, "14 Main St", { address: "ACME CATALOGS INC, P.O. Box 1478, Broomfield, CO 80038-1478" });

    const outcome = await learnPostalChannel(appEnv(), id);

    expect(outcome).toEqual({ learned: RETURN_ADDRESS, sent: 3 });
    expect(await channelsOf(id)).toEqual([
      { kind: "mail", value: RETURN_ADDRESS, source: "return address confirmed by 2 households", checked: today() },
    ]);
    const learnedEntries = await auditOf(id, "template.channelLearned");
    expect(learnedEntries).toHaveLength(1);
    expect(learnedEntries[0]).toMatchObject({
      actorId: "system",
      actorRole: "system",
      details: { address: RETURN_ADDRESS, households: 2 },
    });
    expect(await auditOf(id, "requests.sentOnNewChannel")).toMatchObject([{ actorId: "system", details: { channel: "mail", sent: 3 } }]);
    for (const key of waiting) expect((await lettersOf(key.userId)).map((job) => job.payload)).toEqual([key]);

    // Run again (the daily task, or another give): nothing is added or mailed twice.
    expect(await learnPostalChannel(appEnv(), id)).toEqual({ learned: null, sent: 0 });
    expect(await channelsOf(id)).toHaveLength(1);
    for (const key of waiting) expect(await lettersOf(key.userId)).toHaveLength(1);
  });

  it("is added once, and each waiting request mailed once, when two runs learn it at the same moment", async () => {
    const id = await sender("learned-race");
    const waiting = await Promise.all(Array.from({ length: 4 }, () => waitingRequest(id)));
    await gaveReturnAddress(id, "12 Main St");
    await gaveReturnAddress(id, "14 Main St");

    const outcomes = await Promise.all([1, 2, 3].map(() => learnPostalChannel(appEnv(), id)));

    expect(outcomes.filter((outcome) => outcome.learned !== null)).toHaveLength(1);
    expect(outcomes.reduce((total, outcome) => total + outcome.sent, 0)).toBe(4);
    expect((await channelsOf(id)).filter((channel) => channel.kind === "mail")).toHaveLength(1);
    expect(await auditOf(id, "template.channelLearned")).toHaveLength(1);
    for (const key of waiting) expect(await lettersOf(key.userId)).toHaveLength(1);
  });

  it("replaces a postal address whose letters came back, and puts it back on the automatic path", async () => {
    const id = await sender("learned-returned", [{ kind: "mail", value: "Acme Catalogs, 1 Old Rd, Broomfield, CO 80020" }]);
    const { senderChannelProblems } = await import("../../drizzle/schema");
    await db.insert(senderChannelProblems).values({ templateId: id, kind: "mail", reason: "Lob's letter ltr_1 came back" });
    const key = await waitingRequest(id);
    await gaveReturnAddress(id, "12 Main St");
    await gaveReturnAddress(id, "14 Main St");

    expect(await learnPostalChannel(appEnv(), id)).toEqual({ learned: RETURN_ADDRESS, sent: 1 });
    expect((await channelsOf(id)).map((channel) => channel.value)).toEqual([RETURN_ADDRESS]);
    expect(await db.select().from(senderChannelProblems).where(eq(senderChannelProblems.templateId, id))).toEqual([]);
    expect(await auditOf(id, "template.channelLearned")).toMatchObject([
      { details: { replaced: ["Acme Catalogs, 1 Old Rd, Broomfield, CO 80020"] } },
    ]);
    expect(await lettersOf(key.userId)).toHaveLength(1);
  });
});

describe("a return address is not learned", () => {
  it("from one household, even through two of its accounts", async () => {
    const id = await sender("one-home");
    const key = await waitingRequest(id);
    await gaveReturnAddress(id, "12 Main St");
    await gaveReturnAddress(id, "12 MAIN STREET");

    expect(await learnPostalChannel(appEnv(), id)).toEqual({ learned: null, sent: 0 });
    expect(await channelsOf(id)).toEqual([]);
    expect(await lettersOf(key.userId)).toHaveLength(0);
  });

  it("when the address verification did not find it deliverable", async () => {
    const id = await sender("not-verified");
    const key = await waitingRequest(id);
    await gaveReturnAddress(id, "12 Main St");
    await gaveReturnAddress(id, "14 Main St", { check: "standardized" });
    await gaveReturnAddress(id, "16 Main St", { check: "asTyped" });

    expect(await learnPostalChannel(appEnv(), id)).toEqual({ learned: null, sent: 0 });
    expect(await channelsOf(id)).toEqual([]);
    expect(await lettersOf(key.userId)).toHaveLength(0);
  });

  it("when the sender already has a postal channel that works", async () => {
    const id = await sender("has-mail", [{ kind: "mail", value: "Acme Catalogs, 1 Old Rd, Broomfield, CO 80020" }]);
    await gaveReturnAddress(id, "12 Main St");
    await gaveReturnAddress(id, "14 Main St");

    expect(await learnPostalChannel(appEnv(), id)).toEqual({ learned: null, sent: 0 });
    expect((await channelsOf(id)).map((channel) => channel.value)).toEqual(["Acme Catalogs, 1 Old Rd, Broomfield, CO 80020"]);
  });

  it("again once staff removed it on the sender's page, which showed where it came from", async () => {
    const id = await sender("removed");
    await waitingRequest(id);
    await gaveReturnAddress(id, "12 Main St");
    await gaveReturnAddress(id, "14 Main St");
    await learnPostalChannel(appEnv(), id);
    const { browser: admin } = await signedInStaff("admin");

    const page = await htmlOf(await admin.get(`/admin/senders/${id}`));
    expect(page).toContain(`mail: ${RETURN_ADDRESS}`);
    expect(page).toContain(`return address confirmed by 2 households, ${today()}`);
    expect(page).toContain("template.channelLearned</td><td>system (system)");
    const trail = await htmlOf(await admin.get(`/admin/audit?action=template.channelLearned&targetId=${id}`));
    expect(trail).toContain("PO Box 1478, Broomfield");
    expect(trail).not.toContain('href="/admin/users/system"');

    const removed = await admin.post(`/admin/senders/${id}`, {
      intent: "update",
      title: `Sender ${id}`,
      category: "catalogs",
      covers: "",
      channels: "",
      acceptsAgent: "unknown",
      needs: "",
      lasts: "",
      takes: "",
      confidence: "low",
      sourceYear: "",
      requiredDays: "30",
      notes: "",
    });
    expect(removed.status).toBe(303);
    expect(await channelsOf(id)).toEqual([]);
    const [updated] = await auditOf(id, "template.updated");
    expect(updated).toMatchObject({ actorId: "local-admin", details: { refusedPostalAddresses: [RETURN_ADDRESS] } });
    expect(
      await db
        .select({ address: postalChannelProposals.address, state: postalChannelProposals.state })
        .from(postalChannelProposals)
        .where(eq(postalChannelProposals.templateId, id)),
    ).toEqual([{ address: RETURN_ADDRESS, state: "rejected" }]);

    // A third household gives it too: still refused.
    await gaveReturnAddress(id, "16 Main St");
    expect(await learnPostalChannel(appEnv(), id)).toEqual({ learned: null, sent: 0 });
    expect(await channelsOf(id)).toEqual([]);
  });

  it("keeps a learned channel's source and date when staff save the sender with it unchanged", async () => {
    const id = await sender("kept");
    await gaveReturnAddress(id, "12 Main St");
    await gaveReturnAddress(id, "14 Main St");
    await learnPostalChannel(appEnv(), id);
    const { browser: admin } = await signedInStaff("admin");

    const saved = await admin.post(`/admin/senders/${id}`, {
      intent: "update",
      title: `Sender ${id}`,
      category: "catalogs",
      covers: "",
      channels: `mail: ${RETURN_ADDRESS}\nweb: https://acme.example/opt-out`,
      acceptsAgent: "unknown",
      needs: "",
      lasts: "",
      takes: "",
      confidence: "low",
      sourceYear: "",
      requiredDays: "30",
      notes: "",
    });
    expect(saved.status).toBe(303);
    expect(await channelsOf(id)).toEqual([
      { kind: "mail", value: RETURN_ADDRESS, source: "return address confirmed by 2 households", checked: today() },
      { kind: "web", value: "https://acme.example/opt-out" },
    ]);
  });
});

describe("the daily tasks", () => {
  it("learn the channel of a sender whose return addresses were given, in case the call after the give failed", async () => {
    const id = await sender("daily");
    const key = await waitingRequest(id);
    await gaveReturnAddress(id, "12 Main St");
    await gaveReturnAddress(id, "14 Main St");

    await runScheduledTasks({ scheduledTime: Date.now() }, appEnv());

    expect((await channelsOf(id)).map((channel) => channel.value)).toEqual([RETURN_ADDRESS]);
    expect(await lettersOf(key.userId)).toHaveLength(1);
  });
});
