import { Link } from "@remix-run/react";
import { FREE_REQUEST_ALLOWANCE } from "~/domain/requests";

/** The free requests are gone and there is no plan: the way to upgrade (product rules: Free requests and plans). */
export function AllowanceUsedUp() {
  return (
    <div className="notice">
      <p>
        <strong>You have used your {FREE_REQUEST_ALLOWANCE} free requests.</strong> Subscribe to send as many as you need; requests already
        sent keep going.
      </p>
      <p>
        <Link to="/subscription" className="button">
          See plans
        </Link>
      </p>
    </div>
  );
}
