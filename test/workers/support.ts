import { env } from "cloudflare:test";
import { expect, vi } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { jobs, requests, users } from "../../drizzle/schema";
import type { JobEnvelope } from "~/domain/job-envelope";
import type { PieceReading } from "~/models/mail-piece.server";
import { uniqueEmail } from "./stand-ins";
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

export { textOf } from "../support/page-text";

/** A page's HTML without the comments React puts between adjacent pieces of text. */
export const htmlOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

/** A user written straight into D1 (no sign-up, no password that signs in), at a home in Illinois. */
export async function insertUser(label: string, fields: Partial<typeof users.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  const email = uniqueEmail(label);
  await getDb(env.DB)
    .insert(users)
    .values({
      id,
      email,
      passwordHash: "not-used",
      fullName: "Ada Lovelace",
      street1: "12 Main St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      ...fields,
    });
  return { id, email };
}

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

/** The Worker's env with letters through Lob, whose queue keeps what it is sent for the test to deliver or run. */
export function lobEnvWithQueue() {
  const sent: JobEnvelope[] = [];
  const queue = {
    send: async (body: JobEnvelope) => void sent.push(body),
    sendBatch: async (messages: { body: JobEnvelope }[]) => void sent.push(...messages.map((message) => message.body)),
  };
  return { env: parseEnv({ ...env, LOB_API_KEY: "test_letters_key", JOBS: queue }), sent };
}

/**
 * Every box of a page that scrolls a wide table sideways (class `table-scroll`), with what keeps
 * it from the keyboard: a region must be in the tab order (tabindex="0"), a region (role), and
 * named, by aria-label or by the id of an element on the page (axe: scrollable-region-focusable).
 */
export function scrollRegionsOf(html: string) {
  const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!));
  return [...html.matchAll(/<div\b([^>]*\bclass="(?:[^"]*\s)?table-scroll(?:\s[^"]*)?"[^>]*)>/g)].map((match) => {
    const attributes = new Map([...match[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!.toLowerCase(), value!]));
    const labelledBy = attributes.get("aria-labelledby");
    const name = attributes.get("aria-label") ?? (labelledBy && ids.has(labelledBy) ? `#${labelledBy}` : undefined);
    const problems = [
      attributes.get("tabindex") === "0" ? null : `tabindex is ${attributes.get("tabindex") ?? "missing"}`,
      attributes.get("role") === "region" ? null : `role is ${attributes.get("role") ?? "missing"}`,
      name?.trim() ? null : "no name",
    ].filter((problem): problem is string => problem !== null);
    return { name, problems };
  });
}

/**
 * Waits until the queue has run every job of `type` (of these users, when given): none left queued,
 * running or retrying, and at least `atLeast` of them written.
 */
export async function jobsSettled(type: string, { userIds, atLeast = 0 }: { userIds?: string[]; atLeast?: number } = {}) {
  const db = getDb(env.DB);
  await expect
    .poll(
      async () => {
        const rows = await db
          .select({ state: jobs.state })
          .from(jobs)
          .where(and(eq(jobs.type, type), userIds ? inArray(jobs.userId, userIds) : undefined));
        return rows.length >= atLeast && rows.every((row) => row.state === "succeeded" || row.state === "dead");
      },
      { timeout: 15_000, interval: 200 },
    )
    .toBe(true);
}

/** The D1 binding, adding up the rows read by every statement run through it in a batch. */
export function rowsReadCounting(d1: D1Database, counter: { rowsRead: number }): D1Database {
  const add = (results: D1Result[]) => {
    for (const result of results) counter.rowsRead += result.meta.rows_read;
    return results;
  };
  return new Proxy(d1, {
    get(target, property) {
      if (property === "batch") return async (statements: D1PreparedStatement[]) => add(await target.batch(statements));
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A digest's piece read as a catalog sender's, its image gone: what the digest path hands recordPiece. */
export function digestPiece(piece: {
  userId: string;
  entryId: string;
  arrivedOn: string;
  templateId: string;
  authenticated?: boolean;
}): PieceReading {
  return {
    source: "digest",
    senderName: null,
    customerNumber: null,
    keyCode: null,
    residentMail: false,
    authenticated: true,
    imageDeleted: true,
    ...piece,
  };
}
