import { and, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import { staffAudit, type AuditTarget } from "../../drizzle/schema";
import { chunkedInserts, type Db } from "~/utils/db.server";
import type { Role } from "~/domain/roles";

/**
 * The product itself, for what it does with no one on the staff involved and still records in the
 * audit trail: a postal channel learned from people's return addresses (decision 0068).
 */
export const SYSTEM_ACTOR = { id: "system", role: "system" } as const;

/** A signed-in member of staff, or the product itself, as the audit trail names them. */
export type StaffActor = { id: string; role: Role } | typeof SYSTEM_ACTOR;

export class AdminOnlyError extends Error {
  constructor(what: string) {
    super(`Only the admin may change ${what}.`);
    this.name = "AdminOnlyError";
  }
}

/** Moderators may read the staff area; only the admin may change `what`, whichever page asks. */
export function assertAdmin(actor: StaffActor, what: string) {
  if (actor.role !== "admin") throw new AdminOnlyError(what);
}

export type AuditEntry = {
  action: string;
  targetType: AuditTarget;
  targetId: string;
  reason?: string | null;
  details?: Record<string, unknown> | null;
};

/**
 * The audit row for a staff action, as a query to put in the same `db.batch` as the change it
 * records, so that neither is written without the other.
 */
export function auditEntry(db: Db, actor: StaffActor, entry: AuditEntry) {
  return db.insert(staffAudit).values(auditRow(actor, entry));
}

/**
 * The audit row for a staff action that may not take effect, written only where `where` holds once
 * the change before it in the batch ran (the change claimed its row): an action lost to another
 * pressed at the same moment records nothing.
 */
export function auditEntryWhere(db: Db, actor: StaffActor, entry: AuditEntry, where: SQL) {
  const row = auditRow(actor, entry);
  return db.insert(staffAudit).select(
    db
      .select({
        id: sql<null>`null`.as("id"),
        actorId: sql<string>`${row.actorId}`.as("actorId"),
        actorRole: sql<string>`${row.actorRole}`.as("actorRole"),
        action: sql<string>`${row.action}`.as("action"),
        targetType: sql<string>`${row.targetType}`.as("targetType"),
        targetId: sql<string>`${row.targetId}`.as("targetId"),
        reason: sql<string | null>`${row.reason}`.as("reason"),
        details: sql<string | null>`${row.details === null ? null : JSON.stringify(row.details)}`.as("details"),
        createdAt: sql<number>`cast(unixepoch('subsec') * 1000 as integer)`.as("createdAt"),
      })
      .from(sql`(select 1)`)
      .where(where),
  );
}

/**
 * The audit rows for one action on many targets (retrying every dead job), as multi-row INSERTs
 * within D1's bound-parameter limit, for the same `db.batch` as the change.
 */
export function auditEntries(db: Db, actor: StaffActor, entries: AuditEntry[]) {
  return chunkedInserts(
    db,
    staffAudit,
    entries.map((entry) => auditRow(actor, entry)),
  );
}

function auditRow(actor: StaffActor, entry: AuditEntry) {
  if (actor.role === "none") throw new Error("only staff actions are audited");
  return {
    actorId: actor.id,
    actorRole: actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason ?? null,
    details: entry.details ?? null,
  };
}

export type AuditFilter = { actorId?: string; action?: string; targetType?: AuditTarget; targetId?: string; before?: number };

export const AUDIT_PAGE_SIZE = 50;

/**
 * The newest entries first, a page at a time (`before` is the last id of the previous page). A
 * page may ask for one more than it shows (`limit`) to learn whether older entries exist.
 */
export function listAudit(db: Db, filter: AuditFilter = {}, { limit = AUDIT_PAGE_SIZE }: { limit?: number } = {}) {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(staffAudit.actorId, filter.actorId));
  if (filter.action) conditions.push(eq(staffAudit.action, filter.action));
  if (filter.targetType) conditions.push(eq(staffAudit.targetType, filter.targetType));
  if (filter.targetId) conditions.push(eq(staffAudit.targetId, filter.targetId));
  if (filter.before) conditions.push(lt(staffAudit.id, filter.before));
  return db
    .select()
    .from(staffAudit)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(staffAudit.id))
    .limit(limit);
}
