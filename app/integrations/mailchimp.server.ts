// Mailchimp Marketing API 3.0 over fetch. The official SDK does not run in workerd (it picks
// superagent's browser build, which needs XHR): see docs/decisions/0010-mailchimp-client.md.
// API: https://mailchimp.com/developer/marketing/api/list-members/ and .../list-member-tags/
import { hexDigest } from "~/utils/digest";
import { requireSetting, type AppEnv } from "~/utils/env.server";
import { isTimeoutError, parseRetryAfter } from "~/utils/errors";

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
    /** Mailchimp sends no Retry-After today; a proxy in front of it may. */
    readonly retryAfterSeconds: number | null = null,
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

  /** Someone who unsubscribed through Mailchimp (or bounced): the API may not subscribe them again. */
  get inComplianceState() {
    return this.status === 400 && this.problem.title === "Member In Compliance State";
  }

  /**
   * The address was permanently deleted from the audience: Mailchimp will not take it back through
   * the API, ever. Only the person can, through a Mailchimp signup form.
   */
  get forgotten() {
    return this.status === 400 && this.problem.title === "Forgotten Email Not Subscribed";
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

/** What subscriberHash gives: 32 lowercase hex digits. */
function isSubscriberHash(value: string): boolean {
  return /^[0-9a-f]{32}$/.test(value);
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

  async function call(method: "GET" | "PUT" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<Response> {
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
    if (!response.ok) {
      throw new MailchimpError(response.status, await readProblem(response), parseRetryAfter(response.headers.get("Retry-After")));
    }
    return response;
  }

  const hashPath = (hash: string) => `/lists/${encodeURIComponent(listId)}/members/${hash}`;
  const memberPath = async (email: string) => hashPath(await subscriberHash(email));

  /**
   * A call whose answer has no body (204). A refusal with one of the `done` statuses means there was
   * nothing left to do, and is answered as that status; any other failure is thrown.
   */
  async function callWithoutAnswer(method: "POST" | "DELETE", path: string, done: number[]): Promise<number | null> {
    try {
      const response = await call(method, path);
      await response.body?.cancel();
      return null;
    } catch (error) {
      if (error instanceof MailchimpError && done.includes(error.status)) return error.status;
      throw error;
    }
  }

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

    /**
     * Turns the newsletter on: adds the address as subscribed, or subscribes a member who is there
     * with any other status (an archived member comes back), updating the name either way.
     *
     * Someone who unsubscribed through Mailchimp's own link (or whose mail bounced) is in
     * "compliance state", and Mailchimp refuses to subscribe them through the API (400 "Member In
     * Compliance State"): only the person can opt back in. Setting them to "pending" is how the API
     * lets them: Mailchimp sends its own opt-in confirmation email and subscribes them once they
     * click it. So the answer is the member as subscribed, or as pending when that happened; the
     * caller can tell from `status`. A permanently deleted address is refused either way, with an
     * error whose `forgotten` is true.
     */
    async subscribeMember(email: string, fullName: string): Promise<MailchimpMember> {
      const path = await memberPath(email);
      const fields = { email_address: email.trim(), merge_fields: splitFullName(fullName) };
      try {
        const response = await call("PUT", path, { ...fields, status: "subscribed", status_if_new: "subscribed" });
        return (await response.json()) as MailchimpMember;
      } catch (error) {
        if (!(error instanceof MailchimpError && error.inComplianceState)) throw error;
      }
      const response = await call("PUT", path, { ...fields, status: "pending", status_if_new: "pending" });
      return (await response.json()) as MailchimpMember;
    },

    /**
     * Turns the newsletter off by archiving the member (DELETE, 204); their history stays in
     * Mailchimp and subscribeMember brings them back. Already done, without an error:
     * "not-a-member" (404) and "not-archivable" (405: Mailchimp will not archive a member who is
     * archived already, pending or cleaned, none of whom receives campaigns).
     */
    async archiveMember(email: string): Promise<"archived" | "not-a-member" | "not-archivable"> {
      const refused = await callWithoutAnswer("DELETE", await memberPath(email), [404, 405]);
      return refused === null ? "archived" : refused === 404 ? "not-a-member" : "not-archivable";
    },

    /**
     * Erases the member and everything Mailchimp holds about them (POST .../actions/delete-permanent,
     * 204). Takes the subscriber hash, not the address, so a queued job never has to hold the
     * address. A member who is not there (404, also the answer to a second attempt) is
     * "not-a-member". Afterwards Mailchimp refuses the address through the API for good: see
     * MailchimpError.forgotten.
     */
    async deleteMemberPermanently(hash: string): Promise<"deleted" | "not-a-member"> {
      if (!isSubscriberHash(hash)) throw new TypeError("deleteMemberPermanently takes a subscriber hash (32 lowercase hex digits)");
      const refused = await callWithoutAnswer("POST", `${hashPath(hash)}/actions/delete-permanent`, [404]);
      return refused === null ? "deleted" : "not-a-member";
    },

    /**
     * Moves a member to a new address (PATCH on the old address's hash, 200); Mailchimp then names
     * the member by the new address's hash. "not-a-member" when the old address is not in the
     * audience (404). A new address that is already another member's is refused (400).
     */
    async changeMemberEmail(oldEmail: string, newEmail: string): Promise<"changed" | "not-a-member"> {
      try {
        const response = await call("PATCH", await memberPath(oldEmail), { email_address: newEmail.trim() });
        await response.body?.cancel();
        return "changed";
      } catch (error) {
        if (error instanceof MailchimpError && error.status === 404) return "not-a-member";
        throw error;
      }
    },

    async getMember(email: string): Promise<MailchimpMember> {
      const response = await call("GET", await memberPath(email));
      return (await response.json()) as MailchimpMember;
    },
  };
}

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
