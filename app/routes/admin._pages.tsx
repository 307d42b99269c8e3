import { Outlet, useRouteError } from "@remix-run/react";
import { PageErrorScreen } from "~/components/error-screens";

// Every staff page sits in this layout, which has no path of its own (decision 0046). A page that
// fails (an unknown id, a post only the admin may make, a query that broke) shows its error here,
// inside the staff area's frame, with the error's status, so the navigation stays. The frame's own
// guard refusing (not staff) is caught above the frame, by the root, and shows no frame.
export default function StaffPage() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <PageErrorScreen error={useRouteError()} />;
}
