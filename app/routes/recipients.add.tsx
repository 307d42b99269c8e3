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
    <ComingSoon title="Add a recipient">
      Add someone at your address, such as a family member or a former resident.
    </ComingSoon>
  );
}

export const meta = () => pageMeta("Add a recipient");
