import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A staff list: scrolls sideways on a narrow screen, one column heading per entry of `columns`
 * (a heading may be hidden text), the rows as children. The scrolling box is a named region that
 * takes the keyboard's focus, so a table wider than the screen can be scrolled without a mouse
 * (WCAG 2.1.1; axe's scrollable-region-focusable), whether or not its rows hold a link.
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
    <div
      className="table-scroll"
      role="region"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : "Scrolling table"}
      // A scrolling region must be reachable by keyboard.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
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
  return <Link to={`/admin/users/${encodeURIComponent(userId)}`}>{userId}</Link>;
}
