import { and, desc, eq, lt, type SQL } from "drizzle-orm";
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
