import { NotFoundScreen } from "~/components/error-screens";
import { notFound } from "~/utils/http-errors";

// Any path outside the route table answers 404; the root boundary renders the screen and its
// title, so the component below only exists to make this a page route rather than a resource.
export const loader = notFound;

// A post to a path that does not exist is as missing as a visit to it.
export const action = notFound;

export default function NotFound() {
  return <NotFoundScreen />;
}
