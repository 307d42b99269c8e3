import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ComingSoon } from "~/components/coming-soon";
import { pageMeta } from "~/utils/meta";
import { requireStaff } from "~/utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return null;
}

export default function Screen() {
  return (
    <ComingSoon title="Staff area">
      The staff work queue will be here.
    </ComingSoon>
  );
}

export const meta = () => pageMeta("Staff area");
