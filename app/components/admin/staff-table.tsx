import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ScrollRegion, type RegionName } from "~/components/ui/scroll-region";

/**
 * A staff list: scrolls sideways on a narrow screen, one column heading per entry of `columns`
 * (a heading may be hidden text), the rows as children. The scrolling box is a named region that
 * takes the keyboard's focus, so a table wider than the screen can be scrolled without a mouse
 * (WCAG 2.1.1; axe's scrollable-region-focusable), whether or not its rows hold a link.
 */
export function StaffTable({
  columns,
  caption,
  children,
  ...name
}: RegionName & {
  columns: ReactNode[];
  caption?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ScrollRegion {...name}>
      <table aria-labelledby={name.labelledBy} aria-label={name.label}>
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
    </ScrollRegion>
  );
}

/** A user id as a link to their staff page. */
export function StaffUserLink({ userId }: { userId: string }) {
  // What the product did by itself is audited as "system" (decision 0068): no user to link to.
  if (userId === "system") return <>{userId}</>;
  return <Link to={`/admin/users/${encodeURIComponent(userId)}`}>{userId}</Link>;
}
