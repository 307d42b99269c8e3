import { and, asc, count, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { requests, requestTemplates, senderNames } from "../../drizzle/schema";
import {
  candidateRanges,
  customGroupKey,
  isLikelyMatch,
  keyTail,
  rankSenders,
  tidyName,
  senderKey,
  SENDER_QUERY_MAX_LENGTH,
  type SenderName,
} from "~/domain/sender-search";
import { categoryTitle } from "~/domain/sender-categories";
import { assertAdmin, auditEntry, type StaffActor } from "~/models/audit.server";
import { chunkedInserts, type Db } from "~/utils/db.server";

/** Keys are letters and digits only: "{" sorts after all of them and bounds a prefix range. */
const afterPrefix = (prefix: string) => `${prefix}{`;

/** INSERTs of a sender's names, sized to D1's limit; a name it already has is left as it is. */
export function senderNameInserts(db: Db, names: SenderName[], origin: "catalog" | "staff") {
  const rows = names.map((name) => ({ templateId: name.templateId, key: name.key, keyTail: keyTail(name.key), name: name.name, origin }));
  return chunkedInserts(db, senderNames, rows).map((insert) =>
    insert.onConflictDoNothing({ target: [senderNames.templateId, senderNames.key] }),
  );
}

/** The most candidates one search reads: a bound, far above what any prefix of a real catalog holds. */
const CANDIDATE_LIMIT = 2000;

/**
 * The catalog senders that fit what was typed, best first, as the add form, its suggestions and
 * the staff page show them.
 * One query reads the stored names sharing the typed key's first letters (or its tail's, for a
 * typo in the first letter) through their indexes; the domain ranks them. Never the whole catalog.
 */
export async function searchSenders(db: Db, query: string, { limit = 8, typing = false }: { limit?: number; typing?: boolean } = {}) {
  const text = query.slice(0, SENDER_QUERY_MAX_LENGTH);
  const key = senderKey(text);
  if (!key) return [];
  let rows = await senderCandidates(db, key);
  let matches = rankSenders(text, rows, { limit, typing });
  // A typo in the first letters hides the name from both ranges: read the names of about the
  // same length that start with the same letter, only when nothing was found.
  if (matches.length === 0 && key.length >= TYPO_SEARCH_MIN_LENGTH) {
    rows = await senderCandidatesNear(db, key);
    matches = rankSenders(text, rows, { limit, typing });
  }
  const senders = new Map(rows.map((row) => [row.templateId, row]));
  return matches.map((match) => {
    const { title, category } = senders.get(match.templateId)!;
    return {
      id: match.templateId,
      title,
      category: categoryTitle(category),
      // The name that matched when it is not the title ("Quicken Loans" for Rocket Mortgage).
      alias: match.matchedName !== title ? match.matchedName : null,
      exact: match.how === "exact",
      likely: isLikelyMatch(match),
    };
  });
}

export type SenderChoice = Awaited<ReturnType<typeof searchSenders>>[number];

/** The shortest key a second, wider read is made for: shorter names forgive no typo. */
const TYPO_SEARCH_MIN_LENGTH = 5;

const candidateColumns = {
  templateId: senderNames.templateId,
  key: senderNames.key,
  name: senderNames.name,
  title: requestTemplates.title,
  category: requestTemplates.category,
};

/** The stored names that can match a typed key, read by the key and tail indexes. */
export function senderCandidates(db: Db, key: string) {
  const { prefix, tailPrefix } = candidateRanges(key);
  return namesWhere(
    db,
    or(startsWith(senderNames.key, prefix), tailPrefix === null ? undefined : startsWith(senderNames.keyTail, tailPrefix)),
  );
}

/** Names that start with the key's first letter and are within two letters of its length. */
export function senderCandidatesNear(db: Db, key: string) {
  return namesWhere(
    db,
    and(startsWith(senderNames.key, key.slice(0, 1)), sql`length(${senderNames.key}) between ${key.length - 2} and ${key.length + 2}`),
  );
}

/** A range an index reads: every key that starts with `prefix`. */
function startsWith(column: typeof senderNames.key | typeof senderNames.keyTail, prefix: string) {
  return and(gte(column, prefix), lt(column, afterPrefix(prefix)));
}

function namesWhere(db: Db, condition: SQL | undefined) {
  return db
    .select(candidateColumns)
    .from(senderNames)
    .innerJoin(requestTemplates, eq(requestTemplates.id, senderNames.templateId))
    .where(condition)
    .limit(CANDIDATE_LIMIT);
}

/**
 * The one catalog sender whose name or alias is exactly what was typed (however it is written),
 * or null: none, or several senders sharing that name, where only the person can say which. A
 * sender with no stored names yet (added by staff before names were kept) is found by its title.
 */
export async function findSenderByExactName(db: Db, typed: string) {
  const text = typed.slice(0, SENDER_QUERY_MAX_LENGTH).trim();
  const key = senderKey(text);
  if (!key) return null;
  const [byName, byTitle] = await db.batch([
    db.selectDistinct({ templateId: senderNames.templateId }).from(senderNames).where(eq(senderNames.key, key)).limit(2),
    db
      .select({ templateId: requestTemplates.id })
      .from(requestTemplates)
      .where(sql`lower(${requestTemplates.title}) = ${text.toLowerCase()}`)
      .limit(2),
  ]);
  const found = byName.length > 0 ? byName : byTitle;
  return found.length === 1 ? found[0]!.templateId : null;
}

/** A sender's names, for its staff page. */
export function listSenderNames(db: Db, templateId: string) {
  return db
    .select({ name: senderNames.name, origin: senderNames.origin })
    .from(senderNames)
    .where(eq(senderNames.templateId, templateId))
    .orderBy(asc(senderNames.origin), asc(sql`lower(${senderNames.name})`));
}

const unlinkedCustom = and(
  isNull(requests.templateId),
  eq(requests.type, "custom"),
  or(isNull(requests.status), ne(requests.status, "deleted")),
);

export type CustomNameGroup = {
  key: string;
  /** The ways it was typed, most asked first. */
  names: Array<{ name: string; requests: number }>;
  requests: number;
  people: number;
  /** When the oldest of its requests still waiting for staff went into the queue, if one waits. */
  oldestWaitingAt: Date | null;
};

/** Each name typed in unlinked custom requests, per person, with how many requests; read by the partial index. */
export function unlinkedCustomNames(db: Db) {
  return db
    .select({
      senderName: requests.senderName,
      userId: requests.userId,
      requests: count(),
      oldestWaitingAt: sql<number | null>`min(case when ${requests.status} = 'inQueue' and ${requests.processedAt} is null
        then ${requests.queuedAt} end)`,
    })
    .from(requests)
    .where(unlinkedCustom)
    .groupBy(requests.senderName, requests.userId);
}

/**
 * What people asked for that the catalog did not know: their custom requests (not deleted) that
 * no sender is linked to, grouped by the search's key ("lands end", "Lands End Inc" and
 * "LANDS' END" together), most asked first. People are counted once per group.
 */
export async function listCustomNameGroups(db: Db): Promise<CustomNameGroup[]> {
  const rows = await unlinkedCustomNames(db);
  const groups = new Map<string, { names: Map<string, number>; people: Set<string>; requests: number; oldestWaitingAt: number | null }>();
  for (const row of rows) {
    const key = customGroupKey(row.senderName);
    const group = groups.get(key) ?? { names: new Map(), people: new Set(), requests: 0, oldestWaitingAt: null };
    group.names.set(row.senderName, (group.names.get(row.senderName) ?? 0) + row.requests);
    group.people.add(row.userId);
    group.requests += row.requests;
    if (row.oldestWaitingAt !== null && (group.oldestWaitingAt === null || row.oldestWaitingAt < group.oldestWaitingAt)) {
      group.oldestWaitingAt = row.oldestWaitingAt;
    }
    groups.set(key, group);
  }
  return [...groups.entries()]
    .map(([key, group]) => ({
      key,
      names: [...group.names.entries()]
        .map(([name, asked]) => ({ name, requests: asked }))
        .sort((a, b) => b.requests - a.requests || a.name.localeCompare(b.name)),
      requests: group.requests,
      people: group.people.size,
      oldestWaitingAt: group.oldestWaitingAt === null ? null : new Date(group.oldestWaitingAt),
    }))
    .sort((a, b) => b.people - a.people || b.requests - a.requests || a.key.localeCompare(b.key));
}

/** One group of unlinked custom requests by its key, or null when none is left. */
export async function getCustomNameGroup(db: Db, key: string) {
  const groups = await listCustomNameGroups(db);
  return groups.find((group) => group.key === key) ?? null;
}

/** Typed names per UPDATE of a link: with the statement's few other parameters, well inside D1's limit of 100. */
const NAMES_PER_UPDATE = 90;

/**
 * The statements that link a group of custom requests to a catalog sender: the requests gain the
 * sender (its channels, guide and wait show from then on), and the ways people typed it become
 * the sender's names, so the next person who types them finds it. Meant for one `db.batch` with
 * the audit entry: all or nothing.
 */
export function customGroupLinkStatements(db: Db, group: CustomNameGroup, templateId: string) {
  const typedNames = group.names.map((entry) => entry.name);
  const names = typedNames.map((name) => ({ templateId, name: tidyName(name), key: senderKey(name) })).filter((name) => name.key);
  const now = new Date();
  const updates = [];
  for (let start = 0; start < typedNames.length; start += NAMES_PER_UPDATE) {
    updates.push(
      db
        .update(requests)
        .set({ templateId, updatedAt: now })
        .where(and(unlinkedCustom, inArray(requests.senderName, typedNames.slice(start, start + NAMES_PER_UPDATE)))),
    );
  }
  const [first, ...rest] = updates;
  return [first!, ...rest, ...senderNameInserts(db, [...new Map(names.map((name) => [name.key, name])).values()], "staff")] as const;
}

export type AddNameResult = "added" | "known" | "nothingSearchable";

/** The admin teaches the catalog another name for a sender, audited, in one batch. */
export async function addSenderName(db: Db, actor: StaffActor, templateId: string, typed: string): Promise<AddNameResult> {
  assertAdmin(actor, "the sender catalog");
  const name = tidyName(typed);
  const key = senderKey(name);
  if (!key) return "nothingSearchable";
  const known = await db
    .select({ key: senderNames.key })
    .from(senderNames)
    .where(and(eq(senderNames.templateId, templateId), eq(senderNames.key, key)))
    .limit(1);
  if (known.length > 0) return "known";
  await db.batch([
    senderNameInserts(db, [{ templateId, name, key }], "staff")[0]!,
    auditEntry(db, actor, { action: "template.nameAdded", targetType: "template", targetId: templateId, details: { after: { name } } }),
  ]);
  return "added";
}

export type LinkResult = { kind: "linked" } | { kind: "groupGone" } | { kind: "senderNotFound" };

/** The admin links a group of custom requests to an existing sender, audited, in one batch. */
export async function linkCustomGroupToSender(db: Db, actor: StaffActor, key: string, templateId: string): Promise<LinkResult> {
  assertAdmin(actor, "the sender catalog");
  const [template] = await db
    .select({ id: requestTemplates.id })
    .from(requestTemplates)
    .where(eq(requestTemplates.id, templateId))
    .limit(1);
  if (!template) return { kind: "senderNotFound" };
  const group = await getCustomNameGroup(db, key);
  if (!group) return { kind: "groupGone" };
  const [update, ...rest] = customGroupLinkStatements(db, group, templateId);
  await db.batch([
    update,
    ...rest,
    auditEntry(db, actor, {
      action: "template.linked",
      targetType: "template",
      targetId: templateId,
      details: { names: group.names.map((entry) => entry.name), requests: group.requests, people: group.people },
    }),
  ]);
  return { kind: "linked" };
}
