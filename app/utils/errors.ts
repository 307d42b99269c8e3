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
