import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ComingSoon } from "~/components/coming-soon";
import { pageMeta } from "~/utils/meta";
import { requireUser } from "~/utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function Screen() {
  return (
    <ComingSoon title="Your requests">
      Your opt-out requests and their progress will be listed here.
    </ComingSoon>
  );
}

export const meta = () => pageMeta("Your requests");
