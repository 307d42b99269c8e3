// Mailchimp Marketing API 3.0 over fetch. The official SDK does not run in workerd (it picks
// superagent's browser build, which needs XHR): see docs/decisions/0010-mailchimp-client.md.
// API: https://mailchimp.com/developer/marketing/api/list-members/ and .../list-member-tags/
import { hexDigest } from "~/utils/digest";
import { requireSetting, type AppEnv } from "~/utils/env.server";
import { isTimeoutError } from "~/utils/errors";

const TIMEOUT_MS = 10_000;

/** Mailchimp's errors are RFC 7807 problem documents (application/problem+json). */
export type MailchimpProblem = {
  type?: string;
  title?: string;
  status?: number;
  /** May quote the member's email address: never log it. */
  detail?: string;
  instance?: string;
  errors?: { field: string; message: string }[];
};

/**
 * A call Mailchimp refused, or that never got an answer (status 0). The message names the status
 * and the problem's title only, so it can be logged: the detail may quote an email address.
 */
export class MailchimpError extends Error {
  constructor(
    readonly status: number,
    readonly problem: MailchimpProblem,
  ) {
    super(`Mailchimp answered ${status === 0 ? "nothing" : status}${problem.title ? ` ${problem.title}` : ""}`);
    this.name = "MailchimpError";
  }

  /**
   * Worth another attempt: rate limits (429, Mailchimp allows 10 connections at once), Mailchimp's
   * own failures (5xx) and no answer at all. A 400 (a fake-looking address, a member in compliance
   * state) or an auth failure will fail the same way again.
   */
  get retryable() {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

export type MailchimpMember = {
  id: string;
  email_address: string;
  unique_email_id?: string;
  status: "subscribed" | "unsubscribed" | "cleaned" | "pending" | "transactional" | "archived";
  merge_fields: Record<string, unknown>;
  list_id: string;
  tags?: { id: number; name: string }[];
};

/** The API root: MAILCHIMP_API_URL when set (the stand-ins), else the account's data center. */
export function mailchimpBaseUrl(env: AppEnv): string {
  if (env.MAILCHIMP_API_URL) return env.MAILCHIMP_API_URL.replace(/\/+$/, "");
  // A Mailchimp key ends with its data center ("...-us6"); the prefix setting wins when present.
  const key = env.MAILCHIMP_API_KEY;
  const prefix = env.MAILCHIMP_SERVER_PREFIX || (key?.includes("-") ? key.split("-").pop() : undefined);
  return `https://${prefix || requireSetting(env, "MAILCHIMP_SERVER_PREFIX")}.api.mailchimp.com/3.0`;
}

/** Mailchimp names a member by the MD5 of the lowercased address (workerd's SubtleCrypto has MD5). */
export function subscriberHash(email: string): Promise<string> {
  return hexDigest("MD5", email.trim().toLowerCase());
}

/**
 * The audience's default merge fields: first word to FNAME, the rest to LNAME ("Mary Ann Smith"
 * gives "Mary" and "Ann Smith"; a single name leaves LNAME empty).
 */
export function splitFullName(fullName: string): { FNAME: string; LNAME: string } {
  const [first = "", ...rest] = fullName.trim().split(/\s+/).filter(Boolean);
  return { FNAME: first, LNAME: rest.join(" ") };
}

/** Built per job from the validated env: nothing is read at module load. */
export function getMailchimp(env: AppEnv) {
  const baseUrl = mailchimpBaseUrl(env);
  const apiKey = requireSetting(env, "MAILCHIMP_API_KEY");
  const listId = requireSetting(env, "MAILCHIMP_LIST_ID");
  const authorization = `Basic ${btoa(`anystring:${apiKey}`)}`;

  async function call(method: "GET" | "PUT" | "POST", path: string, body?: unknown): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new MailchimpError(0, { title: isTimeoutError(error) ? `no answer within ${TIMEOUT_MS / 1000} s` : "network error" });
    }
    if (!response.ok) throw new MailchimpError(response.status, await readProblem(response));
    return response;
  }

  const memberPath = async (email: string) => `/lists/${encodeURIComponent(listId)}/members/${await subscriberHash(email)}`;

  return {
    listId,

    /**
     * Adds the address to the audience as subscribed, or updates the name of a member who is
     * already there without touching their status (someone who unsubscribed stays unsubscribed).
     */
    async upsertMember(email: string, fullName: string): Promise<MailchimpMember> {
      const response = await call("PUT", await memberPath(email), {
        email_address: email.trim(),
        status_if_new: "subscribed",
        merge_fields: splitFullName(fullName),
      });
      return (await response.json()) as MailchimpMember;
    },

    /** Adds a tag to a member; creates the tag if the audience has none by that name. Answers 204. */
    async addTag(email: string, tag: string): Promise<void> {
      const response = await call("POST", `${await memberPath(email)}/tags`, { tags: [{ name: tag, status: "active" }] });
      await response.body?.cancel();
    },

    async getMember(email: string): Promise<MailchimpMember> {
      const response = await call("GET", await memberPath(email));
      return (await response.json()) as MailchimpMember;
    },
  };
}

export type MailchimpClient = ReturnType<typeof getMailchimp>;

async function readProblem(response: Response): Promise<MailchimpProblem> {
  const text = await response.text();
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === "object") return parsed as MailchimpProblem;
  } catch {
    // Not JSON: a proxy's HTML error page, for instance.
  }
  return { status: response.status, title: response.statusText || undefined };
}
