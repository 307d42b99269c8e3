const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request from another site is refused. Browsers send Origin on every POST
 * (and Sec-Fetch-Site where they support it); a request with neither is not a browser's, so a
 * cross-site forgery cannot look like it. SameSite=Lax on the session cookie is the second lock.
 * Servers that post here (Stripe's webhook) send neither header and prove who they are with a
 * signature instead.
 */
export function isCrossSiteRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const url = new URL(request.url);
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== url.origin) return true;
  return false;
}
