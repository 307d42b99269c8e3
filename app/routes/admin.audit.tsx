import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AUDIT_TARGETS, type AuditTarget } from "../../drizzle/schema";
import { describeChanges, shorten } from "~/domain/audit-details";
import { InputField } from "~/components/ui/form";
import { DEFAULT_TIME_ZONE, formatDateTime } from "~/domain/dates";
import { AUDIT_PAGE_SIZE, listAudit } from "~/models/audit.server";
import { requireStaff } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";
import { StaffTable, StaffUserLink } from "~/components/admin/staff-table";

// A value that is not one of the choices (an edited URL) counts as no filter.
const optionalText = z.string().trim().min(1).max(200).optional().catch(undefined);
const FilterSchema = z.object({
  actorId: optionalText,
  action: optionalText,
  targetType: z.enum(AUDIT_TARGETS).optional().catch(undefined),
  targetId: optionalText,
  before: z.coerce.number().int().positive().optional().catch(undefined),
});

const TARGET_LABELS: Record<AuditTarget, string> = {
  user: "User",
  request: "Request",
  template: "Template",
  job: "Job",
  testimonial: "Testimonial",
  photo: "Photo of mail",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  const params = new URL(request.url).searchParams;
  const filter = FilterSchema.parse({
    actorId: params.get("actorId") || undefined,
    action: params.get("action") || undefined,
    targetType: params.get("targetType") || undefined,
    targetId: params.get("targetId") || undefined,
    before: params.get("before") || undefined,
  });
  // One more than a page tells whether there are older entries.
  const rows = await listAudit(getDb(context.env.DB), filter, { limit: AUDIT_PAGE_SIZE + 1 });
  const entries = rows.slice(0, AUDIT_PAGE_SIZE);
  const { before: _, ...narrowing } = filter;
  const lastId = entries.at(-1)?.id;
  return {
    targets: AUDIT_TARGETS.map((target) => ({ target, label: TARGET_LABELS[target] })),
    pageSize: AUDIT_PAGE_SIZE,
    filter,
    entries: entries.map((entry) => ({
      id: entry.id,
      when: formatDateTime(entry.createdAt, DEFAULT_TIME_ZONE),
      actorId: entry.actorId,
      actorRole: entry.actorRole,
      action: entry.action,
      target: targetOf(entry.targetType, entry.targetId),
      reason: entry.reason,
      details: shorten(describeChanges(entry.details).join("; "), MAX_DETAILS_LENGTH),
    })),
    olderHref: rows.length > AUDIT_PAGE_SIZE && lastId !== undefined ? `/admin/audit?${searchOf({ ...narrowing, before: lastId })}` : null,
    newestHref: filter.before ? `/admin/audit?${searchOf(narrowing)}` : null,
    filtered: Object.values(narrowing).some(Boolean),
  };
}

const TARGET_PAGES: Partial<Record<AuditTarget, string>> = {
  user: "/admin/users/",
  template: "/admin/senders/",
  testimonial: "/admin/testimonials/",
};

function targetOf(type: AuditTarget, id: string) {
  const page = TARGET_PAGES[type];
  return { label: TARGET_LABELS[type], id, href: page ? page + encodeURIComponent(id) : null };
}

function searchOf(values: Record<string, string | number | undefined>) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) params.set(name, String(value));
  return params;
}

const MAX_DETAILS_LENGTH = 300;

export default function AdminAudit() {
  const { targets, pageSize, filter, entries, olderHref, newestHref, filtered } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Audit trail</h1>
      <p className="lead">
        Every staff action: who did what, on what, when and why. Entries are only ever added; none can be changed or removed.
      </p>

      <Form method="get" className="filters" aria-label="Filter the audit trail">
        <InputField id="filter-actor" name="actorId" label="Staff member (user id)" defaultValue={filter.actorId ?? ""} />
        <InputField id="filter-action" name="action" label="Action" hint="For example job.retried" defaultValue={filter.action ?? ""} />
        <div className="field">
          <label htmlFor="filter-target-type">Target type</label>
          <select id="filter-target-type" name="targetType" defaultValue={filter.targetType ?? ""}>
            <option value="">Any target</option>
            {targets.map(({ target, label }) => (
              <option key={target} value={target}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <InputField id="filter-target-id" name="targetId" label="Target id" defaultValue={filter.targetId ?? ""} />
        <button type="submit" className="button button-quiet">
          Filter entries
        </button>
        {filtered ? <Link to="/admin/audit">Clear the filter</Link> : null}
      </Form>

      {entries.length === 0 ? (
        <p>{filtered || filter.before ? "No entry matches this filter." : "No staff action has been recorded yet."}</p>
      ) : (
        <StaffTable
          columns={["When", "Who", "Action", "Target", "Reason", "Details"]}
          label="Audit entries"
          caption={<>Newest first, {pageSize} to a page. Times are Eastern.</>}
        >
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{entry.when}</td>
              <td>
                <StaffUserLink userId={entry.actorId} /> <span className="muted">{`(${entry.actorRole})`}</span>
              </td>
              <td>
                <code>{entry.action}</code>
              </td>
              <td>
                <span className="muted">{entry.target.label}</span>{" "}
                {entry.target.href ? <Link to={entry.target.href}>{entry.target.id}</Link> : <code>{entry.target.id}</code>}
              </td>
              <td>{entry.reason ?? ""}</td>
              <td>{entry.details}</td>
            </tr>
          ))}
        </StaffTable>
      )}

      {olderHref || newestHref ? (
        <p className="actions">
          {newestHref ? <Link to={newestHref}>Newest entries</Link> : null}
          {olderHref ? <Link to={olderHref}>Older entries</Link> : null}
        </p>
      ) : null}
    </section>
  );
}

export const meta = () => pageMeta("Audit trail");
