import { NotFoundScreen } from "~/components/error-screens";
import { pageMeta } from "~/utils/meta";

// Any path outside the route table answers 404; the root boundary renders the screen.
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}

export const meta = () => pageMeta("Page not found");
