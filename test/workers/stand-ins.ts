// Talking to the stand-ins from inside workerd: what they received, and faults on purpose.
// Each test file has a stand-in server of its own (test/vitest.workers.config.ts), so a fault it
// sets falls on its own calls; tests still pick their requests out by something of their own (an
// address, a user id), as a file's tests share its server, and never reset it.
import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { StandInRequest } from "../stand-ins/server";
import { newDkimKey, publishDkimKey } from "../support/dkim-sign";

export function standInsUrl() {
  return env.STAND_INS_URL;
}

/** Everything the vendor received so far, oldest first; `where` picks a test's own requests. */
export async function received(vendor: string, where: (request: StandInRequest) => boolean = () => true) {
  const response = await fetch(`${standInsUrl()}/__stand-ins/requests?vendor=${encodeURIComponent(vendor)}`);
  if (!response.ok) throw new Error(`the stand-ins answered ${response.status} for their request log`);
  return ((await response.json()) as StandInRequest[]).filter(where);
}

/** A message as Postmark's send endpoints take it: the fields tests look at. */
export type PostmarkMessage = {
  To?: string;
  From?: string;
  Subject?: string;
  TextBody?: string;
  Tag?: string;
  Metadata?: Record<string, string>;
  Headers?: { Name: string; Value: string }[];
};

/**
 * Every message the email stand-in was asked to send and took, oldest first: those sent alone
 * (POST /email) and each of a batch (POST /email/batch), as the tests look for a person's email
 * whichever way it went. `where` picks a test's own.
 */
export async function emailsReceived(where: (message: PostmarkMessage) => boolean = () => true) {
  const taken = (await received("email")).filter((request) => request.method === "POST" && request.answeredStatus === 200);
  return taken
    .flatMap((request) => {
      if (request.path === "/email") return [request.body as PostmarkMessage];
      if (request.path !== "/email/batch") return [];
      const results = request.answeredBody as { ErrorCode?: number }[];
      return (request.body as PostmarkMessage[]).filter((_, index) => results[index]?.ErrorCode === 0);
    })
    .filter(where);
}

/**
 * The next `times` calls to the vendor (below `path`, when given) answer `status`; with `every` N,
 * one call in N fails until `times` have.
 */
export async function fault({
  vendor,
  path,
  status,
  times = 1,
  every = 1,
  body,
}: {
  vendor: string;
  path?: string;
  status: number;
  times?: number;
  every?: number;
  body?: unknown;
}) {
  const response = await fetch(`${standInsUrl()}/__stand-ins/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ vendor, path, status, times, every, body }),
  });
  if (response.status !== 201) throw new Error(`the stand-ins refused the fault: ${response.status}`);
}

/** Forgets every fault still waiting, so none outlives the test that set it. */
export async function clearFaults() {
  const response = await fetch(`${standInsUrl()}/__stand-ins/faults`, { method: "DELETE" });
  if (response.status !== 204) throw new Error(`the stand-ins did not clear the faults: ${response.status}`);
}

/** An address no other test uses, so its requests can be told apart. */
export function uniqueEmail(label: string, domain = "quietmailbox.test") {
  return `${label}.${crypto.randomUUID().slice(0, 8)}@${domain}`;
}

/**
 * The links to `path` (with their tokens) in the emails the email stand-in received for `to`,
 * oldest first, once there are at least `count`: emails go out through the queue, after the answer.
 */
export async function emailedLinks(to: string, path: string, count: number) {
  const pattern = new RegExp(`https?://\\S+${path.replace(/[.?]/g, "\\$&")}\\?token=[\\w-]+`);
  let links: URL[] = [];
  await expect
    .poll(
      async () => {
        links = (await received("email", (request) => (request.body as { To?: string } | null)?.To === to))
          .map((request) => (request.body as { TextBody?: string }).TextBody?.match(pattern)?.[0])
          .filter((link): link is string => Boolean(link))
          .map((link) => new URL(link));
        return links.length;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBeGreaterThanOrEqual(count);
  return links;
}

/** The link to `path` (with its token) in the newest email the email stand-in received for `to`. */
export async function emailedLink(to: string, path: string) {
  return (await emailedLinks(to, path, 1)).at(-1)!;
}

/**
 * A new DKIM key of `domain`, published through the DNS stand-in at a selector no other test uses
 * (test files run side by side against the one stand-in server).
 */
export async function publishedDkimKey(domain: string) {
  return publishDkimKey(standInsUrl(), await newDkimKey(domain, `t${crypto.randomUUID().slice(0, 8)}`));
}
