import type { z } from "zod";

/** A JSON answer from an API endpoint; errors are thrown as these and returned as they are. */
export function jsonResponse(body: unknown, status = 200) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * The browser's calls (product rules: Calls to the server) send JSON with a text/plain content type (a "simple" request that needs
 * no preflight), so the body is parsed as JSON whatever the content type says.
 */
export async function readJsonBody<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.infer<Schema>> {
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    throw jsonResponse({ error: "The body must be JSON." }, 400);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw jsonResponse({ error: "The body is not valid.", issues: parsed.error.issues.map((issue) => issue.message) }, 400);
  return parsed.data;
}

/** Never act on an address someone else typed: the email must be the signed-in user's own. */
export function requireOwnEmail(user: { email: string }, email: string) {
  if (email.trim().toLowerCase() !== user.email) throw jsonResponse({ error: "This can only be done for your own email." }, 403);
}

/** For files that are only read (robots.txt, sitemap.xml): a post gets 405 and what it may do instead. */
export function onlyRead(): never {
  throw new Response("This address is only read, never posted to.", {
    status: 405,
    headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" },
  });
}
