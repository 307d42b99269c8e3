// Every line the app logs goes through here. A line logged while answering a request starts with
// that request's id, the one its answer carries in X-Request-Id and its error page shows, so the
// reference a person quotes finds the lines in Workers Logs. Lines name ids and outcomes, never a
// person's data; an email address that slips into an error message is masked all the same.
import { AsyncLocalStorage } from "node:async_hooks";

export const REQUEST_ID_HEADER = "X-Request-Id";

const requestIds = new AsyncLocalStorage<string>();

/** Cloudflare's own id for the request (the Ray ID, which its dashboard and support know) when it set one. */
export function requestIdOf(request: Request): string {
  return request.headers.get("cf-ray") || crypto.randomUUID();
}

/** Runs `answer` with every line it logs, however deep, carrying this request's id. */
export function withRequestId<T>(requestId: string, answer: () => T): T {
  return requestIds.run(requestId, answer);
}

export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

/** The callback logs under the current request's id even when called later, from outside it (a stream's error). */
export function keepRequestId<Args extends unknown[], Result>(callback: (...args: Args) => Result): (...args: Args) => Result {
  return AsyncLocalStorage.bind(callback);
}

const EMAIL_ADDRESS = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[^\s@<>"'(),;:]+/g;

/** One line: the request id first when there is one, then the parts as console.log joins them. */
export function formatLine(parts: unknown[], requestId = currentRequestId()): string {
  const text = parts.map((part) => (part instanceof Error ? `${part.name}: ${part.message}` : String(part))).join(" ");
  const masked = text.replace(EMAIL_ADDRESS, "[email]");
  return requestId ? `[${requestId}] ${masked}` : masked;
}

export const log = {
  info: (...parts: unknown[]) => console.log(formatLine(parts)),
  warn: (...parts: unknown[]) => console.warn(formatLine(parts)),
  error: (...parts: unknown[]) => console.error(formatLine(parts)),
};
