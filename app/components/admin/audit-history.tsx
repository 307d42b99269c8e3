import { StaffTable } from "~/components/admin/staff-table";
import type { AuditHistoryRow } from "~/domain/audit-details";

/**
 * What staff did to one thing (a user, a sender, a testimonial), newest first, from the audit
 * trail. The Reason column shows only where an entry gives one (a user's changes must).
 */
export function AuditHistory({ title, entries, empty }: { title: string; entries: AuditHistoryRow[]; empty: string }) {
  const withReason = entries.some((entry) => entry.reason !== null);
  return (
    <>
      <h2 id="history-title">{title}</h2>
      {entries.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <StaffTable columns={["When", "What", "Who", ...(withReason ? ["Reason"] : []), "Details"]} labelledBy="history-title">
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{entry.at}</td>
              <td>{entry.action}</td>
              <td>{entry.actor}</td>
              {withReason ? <td>{entry.reason ?? "—"}</td> : null}
              <td>
                {entry.changes.length === 0 ? (
                  "—"
                ) : entry.changes.length === 1 ? (
                  entry.changes[0]
                ) : (
                  <ul>
                    {entry.changes.map((change) => (
                      <li key={change}>{change}</li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </>
  );
}
