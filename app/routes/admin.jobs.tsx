import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStaff } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return null;
}

export default function Placeholder() {
  return <h1 id="page-title">Staff area</h1>;
}

export const meta = () => pageMeta("Staff area");
