import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A staff list: scrolls sideways on a narrow screen, one column heading per entry of `columns`
 * (a heading may be hidden text), the rows as children.
 */
export function StaffTable({
  columns,
  labelledBy,
  caption,
  children,
}: {
  columns: ReactNode[];
  labelledBy?: string;
  caption?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="table-scroll">
      <table aria-labelledby={labelledBy}>
        {caption ? <caption className="muted">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A user id as a link to their staff page. */
export function StaffUserLink({ userId }: { userId: string }) {
  // What the product did by itself is audited as "system" (decision 0068): no user to link to.
  if (userId === "system") return <>{userId}</>;
  return <Link to={`/admin/users/${encodeURIComponent(userId)}`}>{userId}</Link>;
}
