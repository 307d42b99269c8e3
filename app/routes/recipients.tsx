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
    <ComingSoon title="Recipients">
      Other people at your address whose mail you want stopped will be listed here.
    </ComingSoon>
  );
}

export const meta = () => pageMeta("Recipients");
