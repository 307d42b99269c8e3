// How senders' channels grow and fail (decision 0054): the senders whose requests wait because no
// channel is known, a channel that stopped working, and postal addresses proposed from users' photos.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { postalChannelProposals, requests, requestTemplates, senderChannelProblems, type SenderChannel } from "../../drizzle/schema";
import { normalizePostalAddress } from "~/domain/sender-channels";
import { auditEntry, type StaffActor } from "~/models/audit.server";
import type { Db } from "~/utils/db.server";

/** The kinds of the sender's channels that stopped working (decision 0054), for a select joined to the catalog. */
export const channelProblemKinds = sql<string>`(select json_group_array("kind") from ${senderChannelProblems}
  where ${senderChannelProblems.templateId} = ${requestTemplates.id})`.mapWith(
  (value: string) => JSON.parse(value) as SenderChannel["kind"][],
);

/** Senders listed at once on the ranking, most waiting first. */
const SENDERS_RANKED = 100;

// No channel of the sender works: none is known, or every one known has a problem.
const noWorkingChannel = sql`not exists (select 1 from json_each(${requestTemplates.channels}) as "channel"
  where json_extract("channel"."value", '$.kind') not in (
    select "kind" from "sender_channel_problems" where "sender_channel_problems"."templateId" = ${requestTemplates.id}))`;

/**
 * Catalog senders whose requests wait for staff because no channel of theirs works, ranked by how
 * many requests wait, then by the oldest: where a channel found helps the most people. Senders the
 * person files themselves are left out, as their requests never wait for staff.
 */
export async function listSendersWaitingOnChannel(db: Db, { limit = SENDERS_RANKED }: { limit?: number } = {}) {
  const waiting = sql<number>`count(*)`.mapWith(Number);
  return db
    .select({
      templateId: requestTemplates.id,
      title: requestTemplates.title,
      waiting,
      oldestQueuedAt: sql<number>`min(${requests.queuedAt})`.mapWith((value: number | null) => (value === null ? null : new Date(value))),
      problems: sql<string>`(select group_concat("kind", ', ') from "sender_channel_problems"
        where "sender_channel_problems"."templateId" = ${requestTemplates.id})`,
    })
    .from(requests)
    .innerJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
    .where(
      and(
        sql`${requests.status} = 'inQueue' and ${requests.processedAt} is null`,
        eq(requestTemplates.consumerFiles, false),
        noWorkingChannel,
      ),
    )
    .groupBy(requestTemplates.id)
    .orderBy(desc(waiting), asc(sql`min(${requests.queuedAt})`))
    .limit(limit);
}

export type ChannelKind = SenderChannel["kind"];

/**
 * Takes the sender of a request's channel of this kind off the automatic path, with the reason,
 * until staff mark it fixed: its requests wait for staff from then on. A problem already recorded
 * keeps its first reason and time. A query for the batch that records why the request came back
 * (a letter returned, an email bounced); `when` holds it to what that batch recorded. A request to
 * a sender not in the catalog flags nothing.
 */
export function flagChannelOfRequest(
  db: Db,
  { userId, requestId }: { userId: string; requestId: string },
  kind: ChannelKind,
  reason: string,
  when: ReturnType<typeof sql>,
) {
  return db
    .insert(senderChannelProblems)
    .select(
      db
        .select({
          templateId: sql<string>`${requests.templateId}`.as("templateId"),
          kind: sql<ChannelKind>`${kind}`.as("kind"),
          reason: sql<string>`${reason}`.as("reason"),
          createdAt: sql<number>`${Date.now()}`.as("createdAt"),
        })
        .from(requests)
        .innerJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
        .where(and(eq(requests.userId, userId), eq(requests.id, requestId), when)),
    )
    .onConflictDoNothing();
}

/** The problems of a sender's channels, for its staff page. */
export function listChannelProblems(db: Db, templateId: string) {
  return db
    .select({ kind: senderChannelProblems.kind, reason: senderChannelProblems.reason, createdAt: senderChannelProblems.createdAt })
    .from(senderChannelProblems)
    .where(eq(senderChannelProblems.templateId, templateId))
    .orderBy(asc(senderChannelProblems.kind));
}

/** Staff fixed the channel: the sender is back on the automatic path for it, audited. Answers whether there was a problem. */
export async function clearChannelProblem(db: Db, actor: StaffActor, templateId: string, kind: ChannelKind) {
  const [problem] = await db
    .select({ reason: senderChannelProblems.reason })
    .from(senderChannelProblems)
    .where(and(eq(senderChannelProblems.templateId, templateId), eq(senderChannelProblems.kind, kind)));
  if (!problem) return false;
  await db.batch([
    db.delete(senderChannelProblems).where(and(eq(senderChannelProblems.templateId, templateId), eq(senderChannelProblems.kind, kind))),
    auditEntry(db, actor, {
      action: "template.channelFixed",
      targetType: "template",
      targetId: templateId,
      details: { kind, problem: problem.reason },
    }),
  ]);
  return true;
}

/**
 * Records that a sender's mail was seen coming from this postal address (the return address on a
 * user's photo of it), as a proposed postal channel: the same address read again, however spelled,
 * counts once more on the same proposal, which keeps its first photo and its state.
 */
export async function recordPostalChannelProposal(
  db: Db,
  proposal: { templateId: string; address: string; sourcePhotoId: string | null },
  now = new Date(),
) {
  const address = proposal.address.trim().replace(/\s+/g, " ");
  await db
    .insert(postalChannelProposals)
    .values({
      templateId: proposal.templateId,
      address,
      normalizedAddress: normalizePostalAddress(address),
      sourcePhotoId: proposal.sourcePhotoId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [postalChannelProposals.templateId, postalChannelProposals.normalizedAddress],
      set: { timesSeen: sql`${postalChannelProposals.timesSeen} + 1`, updatedAt: now },
    });
}

/** A sender's proposed postal channels still to decide, the most seen first. */
export function listPostalChannelProposals(db: Db, templateId: string) {
  return db
    .select({
      id: postalChannelProposals.id,
      address: postalChannelProposals.address,
      sourcePhotoId: postalChannelProposals.sourcePhotoId,
      timesSeen: postalChannelProposals.timesSeen,
      createdAt: postalChannelProposals.createdAt,
    })
    .from(postalChannelProposals)
    .where(and(eq(postalChannelProposals.templateId, templateId), eq(postalChannelProposals.state, "proposed")))
    .orderBy(desc(postalChannelProposals.timesSeen), asc(postalChannelProposals.createdAt));
}

export type ProposalDecision = "notFound" | "decided";

/**
 * Staff confirm a proposed address, once: it is added to the sender's channels as a postal one, or
 * they reject it. Audited; a proposal already decided (two members of staff at once) adds no
 * second channel.
 */
export async function decidePostalChannelProposal(
  db: Db,
  actor: StaffActor,
  templateId: string,
  proposalId: string,
  decision: "confirmed" | "rejected",
): Promise<ProposalDecision> {
  const [proposal] = await db
    .select({ address: postalChannelProposals.address, timesSeen: postalChannelProposals.timesSeen })
    .from(postalChannelProposals)
    .where(
      and(
        eq(postalChannelProposals.id, proposalId),
        eq(postalChannelProposals.templateId, templateId),
        eq(postalChannelProposals.state, "proposed"),
      ),
    );
  if (!proposal) return "notFound";
  const now = new Date();
  const stillProposed = sql`exists (select 1 from ${postalChannelProposals} where ${postalChannelProposals.id} = ${proposalId}
    and ${postalChannelProposals.state} = ${decision} and ${postalChannelProposals.updatedAt} = ${now.getTime()})`;
  const channel: SenderChannel = { kind: "mail", value: proposal.address, note: "confirmed from users' photos" };
  await db.batch([
    db
      .update(postalChannelProposals)
      .set({ state: decision, updatedAt: now })
      .where(and(eq(postalChannelProposals.id, proposalId), eq(postalChannelProposals.state, "proposed"))),
    ...(decision === "confirmed"
      ? [
          db
            .update(requestTemplates)
            .set({ channels: sql`json_insert(${requestTemplates.channels}, '$[#]', json(${JSON.stringify(channel)}))`, updatedAt: now })
            .where(and(eq(requestTemplates.id, templateId), stillProposed)),
        ]
      : []),
    auditEntry(db, actor, {
      action: decision === "confirmed" ? "template.postalChannelConfirmed" : "template.postalChannelRejected",
      targetType: "template",
      targetId: templateId,
      details: { address: proposal.address, timesSeen: proposal.timesSeen },
    }),
  ]);
  return "decided";
}
