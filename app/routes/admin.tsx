import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ComingSoon } from "~/components/coming-soon";
import { pageMeta } from "~/utils/meta";
import { requireUserId } from "~/utils/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUserId(request, context.env);
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
