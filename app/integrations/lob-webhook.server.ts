// Lob's webhook signature (decision 0052): each POST carries `Lob-Signature-Timestamp` and
// `Lob-Signature`, the hex HMAC-SHA256 of "<timestamp>.<raw body>" keyed by the webhook's secret.
// A delivery whose timestamp is too far from now is refused, so a captured one cannot be replayed
// later; the same event delivered again within that time is caught by its event id.

/** How far a delivery's timestamp may be from the Worker's clock. */
export const LOB_SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

const encoder = new TextEncoder();

function hmacKey(secret: string, usage: "sign" | "verify") {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);
}

/** The hex signature Lob sends for this body at this timestamp. */
export async function lobSignature(secret: string, timestamp: string, body: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(secret, "sign"), encoder.encode(`${timestamp}.${body}`));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The timestamp as epoch milliseconds: Lob's examples give milliseconds, and a value in seconds
 * is read as such rather than refused.
 */
function timestampMs(timestamp: string): number | null {
  if (/^\d{1,16}$/.test(timestamp)) {
    const value = Number(timestamp);
    return value < 1e12 ? value * 1000 : value;
  }
  const parsed = Date.parse(timestamp);
  return Number.isNaN(parsed) ? null : parsed;
}

export type LobSignatureCheck = { ok: true } | { ok: false; reason: "missing" | "stale" | "mismatch" };

/** Checks a delivery's signature headers against its raw body; the comparison is WebCrypto's, in constant time. */
export async function verifyLobSignature(
  secret: string,
  headers: { signature: string | null; timestamp: string | null },
  body: string,
  now = Date.now(),
): Promise<LobSignatureCheck> {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp) return { ok: false, reason: "missing" };
  const at = timestampMs(timestamp.trim());
  if (at === null || Math.abs(now - at) > LOB_SIGNATURE_TOLERANCE_MS) return { ok: false, reason: "stale" };
  const hex = signature.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hex)) return { ok: false, reason: "mismatch" };
  const bytes = new Uint8Array(hex.match(/../g)!.map((pair) => parseInt(pair, 16)));
  const valid = await crypto.subtle.verify("HMAC", await hmacKey(secret, "verify"), bytes, encoder.encode(`${timestamp}.${body}`));
  return valid ? { ok: true } : { ok: false, reason: "mismatch" };
}
