const DEFAULT_REDIRECT = "/dashboard";

/**
 * Only same-site paths: a redirect target taken from a request must never send the user to
 * another site ("//evil.test", "/\\evil.test", "https://...").
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = DEFAULT_REDIRECT): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return fallback;
  }
  // eslint-disable-next-line no-control-regex -- a control character in a redirect target is refused
  if (/[\u0000-\u001f]/.test(target)) return fallback;
  return target;
}
