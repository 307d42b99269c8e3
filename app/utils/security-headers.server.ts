/**
 * Headers for every HTML document. Scripts run only with the per-response nonce. Forms post to
 * this site only, whose answer may redirect to the payment pages (`paymentOrigins`: Stripe
 * Checkout and the customer portal), which form-action must allow as well.
 */
export function securityHeaders(nonce: string, { paymentOrigins }: { paymentOrigins: string }): Record<string, string> {
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // The critical CSS is inlined in <head> so a page paints after one round trip.
    "style-src 'self' 'unsafe-inline'",
    // blob: for the photo form's script, which draws the chosen photo to shrink it (app/browser/photo-upload.ts).
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    `form-action 'self' ${paymentOrigins}`.trim(),
  ].join("; ");
  return { "Content-Security-Policy": policy, ...EVERY_DOCUMENT };
}

const EVERY_DOCUMENT = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
};

/**
 * Headers for the plain pages the Worker writes outside Remix (a refused request, a broken
 * configuration): no script at all, the inline style they carry, and the same framing and
 * sniffing rules as every other page.
 */
export function plainPageSecurityHeaders(): Record<string, string> {
  const policy = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  return { "Content-Security-Policy": policy, ...EVERY_DOCUMENT };
}
