export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** AbortSignal.timeout aborts a fetch with a DOMException named "TimeoutError" (workerd and Node alike). */
export function isTimeoutError(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

/**
 * A vendor error that says another attempt would fail the same way (a 400, a 401, a 422). Vendor
 * clients put `retryable` on their errors; the queue consumer reads it.
 */
export function isPermanentVendorError(error: unknown): boolean {
  return error instanceof Error && "retryable" in error && error.retryable === false;
}

/**
 * How long a vendor asked to be left alone (its Retry-After), in seconds, or null. Vendor clients
 * put `retryAfterSeconds` on their errors; the queue consumer waits at least that long.
 */
export function vendorRetryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof Error) || !("retryAfterSeconds" in error)) return null;
  const seconds = error.retryAfterSeconds;
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/** A Retry-After header in seconds, from either of its forms (delta-seconds or an HTTP date). */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Runs `work` with a signal that aborts after `ms`, and gives up on it then whether or not it listens. */
export async function withDeadline<T>(ms: number, message: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const timeout = new DOMException(message, "TimeoutError");
      controller.abort(timeout);
      reject(timeout);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
