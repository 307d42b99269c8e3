import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { SENDER_QUERY_MAX_LENGTH } from "~/domain/sender-search";
import { searchSenders } from "~/models/sender-names.server";
import { withSenderOutcomes } from "~/models/sender-outcome.server";
import { requireUser } from "~/services/auth.server";
import { onlyRead } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

/**
 * The suggestions of the sender box on /requests/add, as JSON for its small script
 * (app/browser/sender-search.ts): the catalog senders that fit `q`, best first, each with what it
 * really does once enough requests tell it. The page works without
 * it: "Find sender" shows the same matches.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const typed = (new URL(request.url).searchParams.get("q") ?? "").slice(0, SENDER_QUERY_MAX_LENGTH);
  const db = getDb(context.env.DB);
  const matches = typed.trim() ? await withSenderOutcomes(db, await searchSenders(db, typed, { limit: 6, typing: true })) : [];
  const body = { matches: matches.map(({ id, title, category, alias, outcome }) => ({ id, title, category, alias, outcome })) };
  return new Response(JSON.stringify(body), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const action = onlyRead;
