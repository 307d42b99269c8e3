import { and, desc, eq, gte, lt, or, sql } from "drizzle-orm";
import { jobs, requestLogs, requests, requestTemplates, users, type AddressCheck, type PlanName } from "../../drizzle/schema";
import { evidenceOfRequest } from "~/domain/request-evidence";
import { freeRequestsLeft } from "~/domain/requests";
import { mailedLettersOfUser, sentOptOutEmailsOfUser } from "~/models/request-evidence.server";
import { checkedAddressColumns } from "~/models/address-columns.server";
import { auditEntry, listAudit, type StaffActor } from "~/models/audit.server";
import { accountOf, ForbiddenUpdateError } from "~/models/user.server";
import { batchByName } from "~/utils/batch-by-name.server";
import type { Db } from "~/utils/db.server";

// What the staff area reads and changes about users. Never the password hash, never
// sessionsValidAfter: every query here names its columns.

export const USER_SEARCH_LIMIT = 50;
const USER_JOBS_LIMIT = 20;

/**
 * An exact id, or the emails that begin with `query` (emails are stored lowercased, so lowercasing
 * the query makes the match case-insensitive); without a query, the newest users. A prefix, not
 * any part of the email: a prefix is a range of the email's unique index, where finding a part
 * would read every user (decision 0032).
 */
export function searchUsers(db: Db, query: string) {
  const term = query.trim();
  return db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      state: users.state,
      plan: users.plan,
      stripeSubscriptionId: users.stripeSubscriptionId,
      numOfFreeRequest: users.numOfFreeRequest,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(term ? or(eq(users.id, term), emailStartsWith(term.toLowerCase())) : undefined)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(USER_SEARCH_LIMIT);
}

/**
 * The emails that begin with `prefix`, as a range: under SQLite's binary collation they sort
 * between the prefix and the prefix with its last character one code point higher. Not LIKE, for
 * which a "%" or "_" in the query would be a wildcard and which no index serves here.
 */
function emailStartsWith(prefix: string) {
  const last = prefix.codePointAt(prefix.length - 1)!;
  const head = prefix.slice(0, prefix.length - String.fromCodePoint(last).length);
  return and(gte(users.email, prefix), lt(users.email, head + String.fromCodePoint(last + 1)));
}

/**
 * Everything the staff page of one user shows, in one D1 round trip: the account, all its
 * requests and their history, the latest jobs about it and the audit entries about it.
 * Null when there is no such user.
 */
export async function getStaffUserPage(db: Db, userId: string) {
  const read = await batchByName(db, {
    account: db
      .select({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        ...checkedAddressColumns(users),
        newsletter: users.newsletter,
        numOfFreeRequest: users.numOfFreeRequest,
        plan: users.plan,
        stripeCustomerId: users.stripeCustomerId,
        stripeSubscriptionId: users.stripeSubscriptionId,
        subscriptionStatus: users.subscriptionStatus,
        subscriptionCancelAt: users.subscriptionCancelAt,
        subscriptionPeriodEnd: users.subscriptionPeriodEnd,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1),
    userRequests: db
      .select({
        id: requests.id,
        senderName: requests.senderName,
        type: requests.type,
        status: requests.status,
        queuedAt: requests.queuedAt,
        processedAt: requests.processedAt,
        updatedAt: requests.updatedAt,
        channels: requestTemplates.channels,
      })
      .from(requests)
      .leftJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
      .where(eq(requests.userId, userId))
      // Requests that were sent first, then presets never sent, then deleted ones.
      .orderBy(
        sql`case when ${requests.status} is null then 1 when ${requests.status} = 'deleted' then 2 else 0 end`,
        desc(requests.updatedAt),
        requests.senderName,
      ),
    logs: db
      .select({
        id: requestLogs.id,
        requestId: requestLogs.requestId,
        creator: requestLogs.creator,
        status: requestLogs.status,
        detail: requestLogs.detail,
        createdAt: requestLogs.createdAt,
      })
      .from(requestLogs)
      .where(eq(requestLogs.userId, userId))
      .orderBy(desc(requestLogs.createdAt), desc(requestLogs.id)),
    userJobs: db
      .select({
        id: jobs.id,
        type: jobs.type,
        state: jobs.state,
        attempts: jobs.attempts,
        lastError: jobs.lastError,
        createdAt: jobs.createdAt,
        updatedAt: jobs.updatedAt,
      })
      .from(jobs)
      .where(eq(jobs.userId, userId))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(USER_JOBS_LIMIT),
    audit: listAudit(db, { targetType: "user", targetId: userId }),
    letters: mailedLettersOfUser(db, userId),
    optOutEmails: sentOptOutEmailsOfUser(db, userId),
  });
  const [account] = read.account;
  if (!account) return null;

  const historyOf = new Map<string, typeof read.logs>();
  for (const log of read.logs) {
    const history = historyOf.get(log.requestId);
    if (history) history.push(log);
    else historyOf.set(log.requestId, [log]);
  }
  return {
    account,
    requests: read.userRequests.map((request) => {
      const history = historyOf.get(request.id) ?? [];
      const sentLines = history.filter((line) => line.status === "emailed");
      const records = { letters: read.letters, sentEmails: read.optOutEmails, sentLines };
      return { ...request, history, delivery: evidenceOfRequest(request, records, history) };
    }),
    jobs: read.userJobs,
    audit: read.audit,
  };
}

/** The fields of a user document the admin may change from the staff area. */
export type StaffUserChanges = {
  fullName?: string;
  street1?: string;
  street2?: string | null;
  city?: string;
  state?: string;
  zipCode?: string;
  addressCheck?: AddressCheck | null;
  numOfFreeRequest?: number;
  plan?: PlanName | null;
};

type EditableField = keyof StaffUserChanges;

const EDITABLE_FIELDS = [
  "fullName",
  "street1",
  "street2",
  "city",
  "state",
  "zipCode",
  "addressCheck",
  "numOfFreeRequest",
  "plan",
] as const satisfies readonly EditableField[];

export type AdminUpdateResult = { kind: "notFound" } | { kind: "unchanged" } | { kind: "updated"; changed: EditableField[] };

/**
 * The admin's change to a user's document, with the reason, written together with its audit
 * entry. Refused here for anyone but the admin (product rules: Roles: only the admin updates another
 * user's document), whatever page calls it. Only the fields whose value differs are written.
 */
export async function adminUpdateUser(
  db: Db,
  actor: StaffActor,
  userId: string,
  changes: StaffUserChanges,
  reason: string,
): Promise<AdminUpdateResult> {
  if (actor.role !== "admin") throw new ForbiddenUpdateError();

  const [current] = await accountOf(db, userId);
  if (!current) return { kind: "notFound" };

  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const field of EDITABLE_FIELDS) {
    const next = changes[field];
    if (next === undefined || sameValue(field, current[field], next)) continue;
    before[field] = current[field];
    after[field] = next;
  }
  const changed = Object.keys(after) as EditableField[];
  if (changed.length === 0) return { kind: "unchanged" };

  await db.batch([
    db
      .update(users)
      .set({ ...(after as StaffUserChanges), updatedAt: new Date() })
      .where(eq(users.id, userId)),
    auditEntry(db, actor, { action: "user.updated", targetType: "user", targetId: userId, reason, details: { before, after } }),
  ]);
  return { kind: "updated", changed };
}

function sameValue(field: EditableField, current: unknown, next: unknown) {
  // A missing allowance counts as the default (product rules: Free requests and plans): setting that same number is no change.
  if (field === "numOfFreeRequest") return freeRequestsLeft(current as number | null) === next;
  if (field === "street2") return (current || null) === (next || null);
  return current === next;
}
