import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/services/auth.server";
import adminCss from "~/styles/admin.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];

/**
 * The staff area's frame. Loaders of nested routes run alongside this one, so each of them checks
 * staff itself; this guard only protects what the frame shows.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  return { role: staff.role, email: staff.email };
}

const SECTIONS = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/queue", label: "Work queue" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/senders", label: "Senders" },
  { to: "/admin/testimonials", label: "Testimonials" },
  { to: "/admin/jobs", label: "Jobs" },
  { to: "/admin/audit", label: "Audit trail" },
  { to: "/admin/progress", label: "Progress" },
];

export default function StaffArea() {
  const { role, email } = useLoaderData<typeof loader>();
  return (
    <div className="page admin">
      <nav aria-label="Staff area" className="admin-nav no-print">
        {SECTIONS.map((section) => (
          <NavLink key={section.to} to={section.to} end={section.end}>
            {section.label}
          </NavLink>
        ))}
        <span className="muted email-address">
          {email} ({role})
        </span>
      </nav>
      <Outlet />
    </div>
  );
}
