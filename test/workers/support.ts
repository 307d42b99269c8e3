import { env } from "cloudflare:test";
import { vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { requests } from "../../drizzle/schema";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { getSessionStorage } from "~/utils/session.server";

/** A Cookie header value for a session signed in as `userId`, made the way the app makes them. */
export async function sessionCookieFor(userId: string) {
  const storage = getSessionStorage(parseEnv(env));
  const session = await storage.getSession();
  session.set("userId", userId);
  return (await storage.commitSession(session)).split(";")[0]!;
}

/** A page's HTML without the comments React puts between adjacent pieces of text. */
/** A page's text without tags, runs of white space as single spaces. */
export const textOf = (html: string) =>
  html
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

export const htmlOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

/** One request row of a user, as stored. */
export async function requestRow(userId: string, id: string) {
  const [row] = await getDb(env.DB)
    .select()
    .from(requests)
    .where(and(eq(requests.userId, userId), eq(requests.id, id)));
  return row!;
}

/** An email as Cloudflare Email Routing hands it to the Worker, with its rejection recorded. */
export function incomingEmail({
  to,
  raw,
  from = "someone@example.com",
  rawSize,
}: {
  to: string;
  raw: string;
  from?: string;
  rawSize?: number;
}) {
  const bytes = new TextEncoder().encode(raw);
  const setReject = vi.fn<(reason: string) => void>();
  const message = {
    from,
    to,
    headers: new Headers(),
    raw: new Response(bytes).body!,
    rawSize: rawSize ?? bytes.byteLength,
    canBeForwarded: true,
    setReject,
    forward: vi.fn(),
    reply: vi.fn(),
  } as unknown as ForwardableEmailMessage;
  return { message, setReject };
}
