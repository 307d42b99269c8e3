// Postal channels learned from the return addresses people gave (decision 0068): what they gave,
// the addresses staff refused, and the one statement that adds a learned channel once.
import { and, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import {
  postalChannelProposals,
  requests,
  requestTemplates,
  senderChannelProblems,
  staffAudit,
  users,
  type SenderChannel,
} from "../../drizzle/schema";
import type { ReturnAddressConfirmation } from "~/domain/learned-channels";
import { normalizePostalAddress } from "~/domain/sender-channels";
import { SYSTEM_ACTOR } from "~/models/audit.server";
import { asksForReturnAddressSql } from "~/models/return-address-wait.server";
import type { Db } from "~/utils/db.server";

// Written as literals, not bound values, so that SQLite sees they imply requests_return_address_idx.
const gaveVerifiedReturnAddress = sql`${requests.senderAddressCheck} = 'verified' and ${requests.senderAddress} is not null`;

/** Confirmations of one sender read at most: far more than two households, and a bounded read for a popular sender. */
const CONFIRMATIONS_READ = 500;

/** A return address given, when, and the home (household) of the person who gave it; read joined to users. */
const confirmationColumns = {
  address: sql<string>`${requests.senderAddress}`,
  at: requests.senderAddressAt,
  street1: users.street1,
  street2: users.street2,
  city: users.city,
  state: users.state,
  zipCode: users.zipCode,
};

/**
 * The return addresses people gave for this sender, verified deliverable, each with the person's
 * own home address (their household). Requests the person deleted are left out.
 */
export async function listReturnAddressConfirmations(db: Db, templateId: string): Promise<ReturnAddressConfirmation[]> {
  const rows = await db
    .select(confirmationColumns)
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId))
    .where(and(eq(requests.templateId, templateId), gaveVerifiedReturnAddress, sql`${requests.status} <> 'deleted'`))
    .limit(CONFIRMATIONS_READ);
  return rows.map(({ address, at, ...home }) => ({ address, at, home }));
}

/** The postal addresses staff refused for this sender (a proposal rejected, a channel removed): never learned again. */
export async function listRefusedPostalAddresses(db: Db, templateId: string) {
  const rows = await db
    .select({ address: postalChannelProposals.address })
    .from(postalChannelProposals)
    .where(and(eq(postalChannelProposals.templateId, templateId), eq(postalChannelProposals.state, "rejected")));
  return rows.map((row) => row.address);
}

/**
 * Refuses these postal addresses for the sender, as staff took them out of its channels: the query
 * for the batch that saves the change. An address seen on photos keeps its row, now rejected.
 */
export function refusePostalAddresses(db: Db, templateId: string, addresses: string[], now: Date) {
  return addresses.map((address) =>
    db
      .insert(postalChannelProposals)
      .values({
        templateId,
        address,
        normalizedAddress: normalizePostalAddress(address),
        state: "rejected",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [postalChannelProposals.templateId, postalChannelProposals.normalizedAddress],
        set: { state: "rejected", updatedAt: now },
      }),
  );
}

// No postal channel of the sender works: none is known, or letters to its postal address came back.
const noWorkingPostalChannel = sql`not exists (select 1 from json_each(${requestTemplates.channels}) as "channel"
  where json_extract("channel"."value", '$.kind') = 'mail'
  and not exists (select 1 from ${senderChannelProblems} where ${senderChannelProblems.templateId} = ${requestTemplates.id}
    and ${senderChannelProblems.kind} = 'mail'))`;

/**
 * The senders someone gave a verified return address for since `since`, at most `limit`: those the
 * call after a give may have failed for (the daily catch-up, decision 0068). Read by
 * requests_return_address_recent_idx, so it grows with the recent gives, not with all of them.
 */
export async function listSendersGivenReturnAddressSince(db: Db, since: Date, limit: number) {
  const rows = await db
    .selectDistinct({ templateId: sql<string>`${requests.templateId}` })
    .from(requests)
    .where(and(gaveVerifiedReturnAddress, sql`${requests.senderAddressAt} >= ${since.getTime()}`, isNotNull(requests.templateId)))
    .limit(limit);
  return rows.map((row) => row.templateId);
}

/**
 * Makes `channel` the sender's postal channel, if it still has none that works and staff never
 * refused the address: in one batch, one UPDATE decides (two runs at once add it once: the second
 * finds a postal channel that works), and only where it took effect are the audit entry written,
 * the problem of the postal address it replaces lifted, and a proposal of the same address marked
 * confirmed. Postal addresses whose letters came back are replaced. Answers whether this call added it.
 */
export async function addLearnedChannel(
  db: Db,
  templateId: string,
  channel: SenderChannel,
  facts: { households: number; replaced: string[] },
  now: Date,
) {
  const normalized = normalizePostalAddress(channel.value);
  const notRefused = sql`not exists (select 1 from ${postalChannelProposals} where ${postalChannelProposals.templateId} = ${templateId}
    and ${postalChannelProposals.normalizedAddress} = ${normalized} and ${postalChannelProposals.state} = 'rejected')`;
  const otherChannels = sql`coalesce((select json_group_array(json("channel"."value")) from json_each(${requestTemplates.channels}) as "channel"
    where json_extract("channel"."value", '$.kind') <> 'mail'), '[]')`;
  // The template as this batch's UPDATE left it; changes() below is the row count of the statement just before.
  const learnedNow: SQL = sql`exists (select 1 from ${requestTemplates} where ${requestTemplates.id} = ${templateId}
    and ${requestTemplates.updatedAt} = ${now.getTime()}
    and exists (select 1 from json_each(${requestTemplates.channels}) as "channel"
      where json_extract("channel"."value", '$.kind') = 'mail' and json_extract("channel"."value", '$.value') = ${channel.value}))`;
  const details = { address: channel.value, households: facts.households, replaced: facts.replaced };
  const [added] = await db.batch([
    db
      .update(requestTemplates)
      .set({ channels: sql`json_insert(${otherChannels}, '$[#]', json(${JSON.stringify(channel)}))`, updatedAt: now })
      .where(and(eq(requestTemplates.id, templateId), noWorkingPostalChannel, notRefused))
      .returning({ id: requestTemplates.id }),
    db.insert(staffAudit).select(
      db
        .select({
          id: sql<number | null>`null`.as("id"),
          actorId: sql<string>`${SYSTEM_ACTOR.id}`.as("actorId"),
          actorRole: sql<typeof SYSTEM_ACTOR.role>`${SYSTEM_ACTOR.role}`.as("actorRole"),
          action: sql<string>`'template.channelLearned'`.as("action"),
          targetType: sql<"template">`'template'`.as("targetType"),
          targetId: requestTemplates.id,
          reason: sql<string>`${channel.source ?? null}`.as("reason"),
          details: sql<string>`${JSON.stringify(details)}`.as("details"),
          createdAt: sql<number>`${now.getTime()}`.as("createdAt"),
        })
        .from(requestTemplates)
        .where(and(eq(requestTemplates.id, templateId), sql`changes() = 1`, learnedNow)),
    ),
    db
      .delete(senderChannelProblems)
      .where(and(eq(senderChannelProblems.templateId, templateId), eq(senderChannelProblems.kind, "mail"), learnedNow)),
    db
      .update(postalChannelProposals)
      .set({ state: "confirmed", updatedAt: now })
      .where(
        and(
          eq(postalChannelProposals.templateId, templateId),
          eq(postalChannelProposals.normalizedAddress, normalized),
          eq(postalChannelProposals.state, "proposed"),
          learnedNow,
        ),
      ),
  ]);
  return added.length > 0;
}

/** Typed requests read at most for one name: far more than two households. */
const TYPED_READ = 500;

/**
 * Typed requests (no catalog sender) in one state whose name may be this typed sender's: each
 * spelling holding the key's first word, for the caller to keep the ones whose key is the same.
 * Read through the partial index of typed requests (requests_unlinked_custom_idx).
 */
function typedRequestsNamed(senderKey: string, state: string) {
  const firstWord = senderKey.split(" ")[0] ?? senderKey;
  return and(
    sql`${requests.templateId} is null and ${requests.type} = 'custom'`,
    eq(requests.state, state),
    sql`instr(lower(${requests.senderName}), ${firstWord}) > 0`,
  );
}

/**
 * The return addresses people in this state gave for a sender they typed by name, verified
 * deliverable, with their homes and the name each typed: the households a typed sender's address is
 * learned from (decision 0068). An address that was itself learned is no one's confirmation.
 */
export async function listTypedReturnAddressConfirmations(db: Db, senderKey: string, state: string) {
  const rows = await db
    .select({ senderName: requests.senderName, ...confirmationColumns })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId))
    .where(
      and(
        typedRequestsNamed(senderKey, state),
        gaveVerifiedReturnAddress,
        sql`${requests.senderAddressFrom} <> 'learned' and ${requests.status} <> 'deleted'`,
      ),
    )
    .limit(TYPED_READ);
  return rows.map(({ senderName, address, at, ...home }) => ({ senderName, address, at, home }));
}

/**
 * The typed requests in this state still asking their person for the sender's return address
 * (decision 0067), with the name each typed: those a learned address sends at once.
 */
export async function listTypedRequestsAsking(db: Db, senderKey: string, state: string) {
  return db
    .select({ userId: requests.userId, requestId: requests.id, senderName: requests.senderName })
    .from(requests)
    .where(
      and(
        typedRequestsNamed(senderKey, state),
        sql`${requests.status} = 'inQueue' and ${requests.processedAt} is null and ${requests.senderAddress} is null`,
        sql.raw(asksForReturnAddressSql('"requests"')),
      ),
    )
    .limit(TYPED_READ);
}

/** The typed senders, by name and state, someone gave a verified return address for since `since`: the daily catch-up's. */
export async function listTypedSendersGivenReturnAddressSince(db: Db, since: Date, limit: number) {
  return db
    .selectDistinct({ senderName: requests.senderName, state: requests.state })
    .from(requests)
    .where(
      and(
        gaveVerifiedReturnAddress,
        sql`${requests.senderAddressAt} >= ${since.getTime()} and ${requests.templateId} is null and ${requests.senderAddressFrom} <> 'learned'`,
      ),
    )
    .limit(limit);
}
