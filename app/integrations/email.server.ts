// Transactional email through Postmark's HTTP API (docs/decisions/0011-email-provider.md).
// API: https://postmarkapp.com/developer/user-guide/send-email-with-api and
// https://postmarkapp.com/developer/api/overview (response codes, error codes).
import { requireSetting, type AppEnv } from "~/utils/env.server";
import { isTimeoutError } from "~/utils/errors";

const TIMEOUT_MS = 10_000;

export type EmailMessage = {
  to: string;
  /** The From address when it is not the service's own (EMAIL_FROM): a person's own request (decision 0066). */
  from?: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /** Postmark's tag, for grouping messages in its activity and statistics. */
  tag?: string;
  /** A one-click unsubscribe URL: sent as List-Unsubscribe with List-Unsubscribe-Post (RFC 8058). */
  listUnsubscribe?: string;
  /** Postmark's custom metadata: not shown to the recipient, searchable with findSentEmail. */
  metadata?: Record<string, string>;
};

export type SentEmail = { messageId: string; submittedAt: string };

/** Postmark's API error codes this app decides on; the rest keep their number. */
const POSTMARK_ERROR_NAMES: Record<number, string> = {
  10: "bad or missing server token",
  300: "invalid email request",
  400: "sender signature not found",
  401: "sender signature not confirmed",
  406: "inactive recipient",
  429: "rate limit exceeded",
};

/**
 * A send Postmark refused, or that never got an answer (status 0). The message holds the HTTP status
 * and Postmark's ErrorCode only, so it can be logged: Postmark's Message may quote the address.
 */
export class EmailError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: number | null,
    /** Postmark's own explanation; may quote an email address: never log it. */
    readonly providerMessage: string | null,
  ) {
    const code =
      errorCode === null
        ? ""
        : `, error code ${errorCode}${POSTMARK_ERROR_NAMES[errorCode] ? ` (${POSTMARK_ERROR_NAMES[errorCode]})` : ""}`;
    super(`Postmark answered ${status === 0 ? "nothing" : status}${code}`);
    this.name = "EmailError";
  }

  /**
   * 422 (invalid request, inactive recipient) and 401 (wrong token) fail the same way every time;
   * 429, Postmark's 5xx and no answer at all are worth another attempt.
   */
  get retryable() {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/** A message as Postmark's send endpoints take it, on the transactional stream ("outbound"). */
function postmarkMessage(env: AppEnv, message: EmailMessage) {
  const headers = { ...message.headers };
  if (message.listUnsubscribe) {
    headers["List-Unsubscribe"] = `<${message.listUnsubscribe}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  return {
    From: message.from ?? env.EMAIL_FROM,
    To: message.to,
    Subject: message.subject,
    TextBody: message.text,
    ...(message.html ? { HtmlBody: message.html } : {}),
    ...(message.replyTo ? { ReplyTo: message.replyTo } : {}),
    ...(message.tag ? { Tag: message.tag } : {}),
    ...(message.metadata ? { Metadata: message.metadata } : {}),
    Headers: Object.entries(headers).map(([Name, Value]) => ({ Name, Value })),
    MessageStream: "outbound",
  };
}

/** Sends one message on Postmark's transactional stream ("outbound"). */
export async function sendEmail(env: AppEnv, message: EmailMessage): Promise<SentEmail> {
  const token = requireSetting(env, "EMAIL_API_KEY");
  const answer = await callPostmark(env, token, "POST", "/email", postmarkMessage(env, message));
  return { messageId: String(answer?.MessageID ?? ""), submittedAt: String(answer?.SubmittedAt ?? "") };
}

/** Postmark's batch endpoint takes at most this many messages in one call. */
const EMAIL_BATCH_LIMIT = 500;

/**
 * Sends several messages in one call to Postmark's batch endpoint. Postmark answers 200 with one
 * result per message, in their order, each with its own ErrorCode; a message it refused answers
 * here as the EmailError a single send would have thrown (status 422). A call that fails as a
 * whole (no answer, a bad token, Postmark's 5xx) throws, as sendEmail does.
 */
export async function sendEmails(env: AppEnv, messages: EmailMessage[]): Promise<(SentEmail | EmailError)[]> {
  if (messages.length > EMAIL_BATCH_LIMIT) throw new Error(`at most ${EMAIL_BATCH_LIMIT} messages per batch`);
  const token = requireSetting(env, "EMAIL_API_KEY");
  const answer = await callPostmark(
    env,
    token,
    "POST",
    "/email/batch",
    messages.map((message) => postmarkMessage(env, message)),
  );
  const results = Array.isArray(answer) ? (answer as unknown[]) : [];
  return messages.map((_, index) => {
    const result = results[index] as { ErrorCode?: unknown; Message?: unknown; MessageID?: unknown; SubmittedAt?: unknown } | undefined;
    if (!result) return new EmailError(0, null, "no result for this message in Postmark's answer");
    const errorCode = typeof result.ErrorCode === "number" ? result.ErrorCode : null;
    if (errorCode !== 0) return new EmailError(422, errorCode, typeof result.Message === "string" ? result.Message : null);
    return { messageId: String(result.MessageID ?? ""), submittedAt: String(result.SubmittedAt ?? "") };
  });
}

/**
 * The message sent with this metadata value, if Postmark has one (its Messages API searches one
 * metadata field at a time). Used when an earlier attempt may have sent before it could say so.
 */
export async function findSentEmail(env: AppEnv, [key, value]: [string, string]): Promise<{ messageId: string } | null> {
  const token = requireSetting(env, "EMAIL_API_KEY");
  const query = new URLSearchParams({ count: "1", offset: "0", [`metadata_${key}`]: value });
  const answer = await callPostmark(env, token, "GET", `/messages/outbound?${query}`);
  const [message] = Array.isArray(answer?.Messages) ? (answer.Messages as { MessageID?: unknown }[]) : [];
  return message?.MessageID ? { messageId: String(message.MessageID) } : null;
}

async function callPostmark(env: AppEnv, token: string, method: "GET" | "POST", path: string, body?: unknown) {
  let response: Response;
  try {
    response = await fetch(`${env.EMAIL_API_URL.replace(/\/+$/, "")}${path}`, {
      method,
      headers: {
        Accept: "application/json",
        "X-Postmark-Server-Token": token,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new EmailError(0, null, isTimeoutError(error) ? `no answer within ${TIMEOUT_MS / 1000} s` : "network error");
  }
  const answer = await readJson(response);
  const errorCode = typeof answer?.ErrorCode === "number" ? answer.ErrorCode : null;
  const providerMessage = typeof answer?.Message === "string" ? answer.Message : null;
  // Postmark answers 200 with ErrorCode 0 on success (the Messages API leaves ErrorCode out).
  if (!response.ok || (errorCode !== null && errorCode !== 0)) {
    throw new EmailError(response.status, errorCode, providerMessage);
  }
  return answer;
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const parsed = (await response.json()) as unknown;
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
