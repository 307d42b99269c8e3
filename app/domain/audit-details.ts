// How the staff pages word an audit entry's details: "field: before → after" for each field a
// change touched, then any other detail as "field: value"; the sender page's actions (an offer,
// the waiting requests sent, a channel fixed or confirmed, names linked, requests sent from the
// work queue) in a sentence; details of another shape as short JSON. The users', testimonials' and senders' histories and the audit
// trail all word them here.
import { formatDateTime } from "./dates";
import { plural } from "./plural";

const MAX_VALUE_LENGTH = 80;
const MAX_JSON_LENGTH = 200;

export function shorten(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function showValue(value: unknown) {
  if (value === undefined) return "(none)";
  if (value === null || value === "") return "(empty)";
  return shorten(typeof value === "string" ? value : JSON.stringify(value), MAX_VALUE_LENGTH);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The sentence for an action of the sender page, or null when the details are of another shape. */
function senderActionSentence(details: Record<string, unknown>): string | null {
  if (typeof details.added === "number") return `${plural(details.added, "preset")} added`;
  if (typeof details.sent === "number")
    return `${plural(details.sent, "waiting request")} sent by ${details.channel === "mail" ? "letter" : "email"}`;
  if (typeof details.problem === "string") return `${String(details.kind)} channel fixed: ${details.problem}`;
  if (typeof details.address === "string") return details.address;
  if (Array.isArray(details.names))
    return `${plural(Number(details.requests ?? 0), "request")} linked, typed as ${details.names.join(", ")}`;
  // Requests staff emailed, mailed or filed from the work queue: the action names which.
  if (Array.isArray(details.requests)) return `${plural(details.requests.length, "request")} (${String(details.channel)})`;
  return null;
}

/**
 * One line per changed field; `labels` gives fields the names a page shows for them. A side the
 * entry does not have (a thing added has no before) counts as empty.
 */
export function describeChanges(details: Record<string, unknown> | null, labels: Record<string, string> = {}): string[] {
  if (!details || Object.keys(details).length === 0) return [];
  const { before, after, ...rest } = details;
  if (isRecord(before) || isRecord(after)) {
    const [was, is] = [isRecord(before) ? before : {}, isRecord(after) ? after : {}];
    const name = (field: string) => labels[field] ?? field;
    const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
    return [
      ...fields.map((field) => `${name(field)}: ${showValue(was[field])} → ${showValue(is[field])}`),
      ...Object.entries(rest).map(([field, value]) => `${name(field)}: ${showValue(value)}`),
    ];
  }
  const sentence = senderActionSentence(details);
  return [sentence ?? shorten(JSON.stringify(details), MAX_JSON_LENGTH)];
}

/** JSON with every object's keys in order: two values equal whatever order their keys were written in. */
function comparableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** The fields whose value differs, before and after, for the audit trail. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const changed = { before: {} as Partial<T>, after: {} as Partial<T> };
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (comparableJson(before[key]) === comparableJson(after[key])) continue;
    changed.before[key] = before[key];
    changed.after[key] = after[key];
  }
  return changed;
}

/** An audit entry as the trail keeps it. */
export type AuditRecord = {
  id: number;
  actorId: string;
  actorRole: string;
  action: string;
  reason: string | null;
  details: Record<string, unknown> | null;
  createdAt: Date;
};

/** An entry as a page's history shows it: when, what, who, why, and the lines of what changed. */
export type AuditHistoryRow = { id: number; at: string; action: string; actor: string; reason: string | null; changes: string[] };

/** The history of one thing for its staff page, in the page's time zone and words for its fields. */
export function auditHistoryRows(entries: AuditRecord[], timeZone: string, labels: Record<string, string> = {}): AuditHistoryRow[] {
  return entries.map((entry) => ({
    id: entry.id,
    at: formatDateTime(entry.createdAt, timeZone),
    action: entry.action,
    actor: `${entry.actorId} (${entry.actorRole})`,
    reason: entry.reason,
    changes: describeChanges(entry.details, labels),
  }));
}
