// How the staff pages word an audit entry's details: "field: before → after" for each field a
// change touched, then any other detail as "field: value"; details of another shape as short JSON.

const MAX_VALUE_LENGTH = 80;

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

/** One line per changed field; `labels` gives fields the names a page shows for them. */
export function describeChanges(details: Record<string, unknown> | null, labels: Record<string, string> = {}): string[] {
  if (!details || Object.keys(details).length === 0) return [];
  const { before, after, ...rest } = details;
  if (!isRecord(before) || !isRecord(after)) return [JSON.stringify(details)];
  const name = (field: string) => labels[field] ?? field;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return [
    ...fields.map((field) => `${name(field)}: ${showValue(before[field])} → ${showValue(after[field])}`),
    ...Object.entries(rest).map(([field, value]) => `${name(field)}: ${showValue(value)}`),
  ];
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
