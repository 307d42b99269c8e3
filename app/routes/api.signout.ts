import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { signOut } from "~/services/auth.server";
import { notFound } from "~/utils/http-errors";

export const loader = notFound;

/** Sign Out is a POST (a GET never changes anything); the session is destroyed in KV. */
export async function action({ request, context }: ActionFunctionArgs) {
  return signOut(request, context);
}
