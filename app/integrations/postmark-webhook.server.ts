// Postmark's webhooks carry no signature: Postmark sends the user name and password put in the
// webhook's URL (https://<user>:<password>@example.com/...) as HTTP Basic credentials
// (https://postmarkapp.com/developer/webhooks/webhooks-overview, "Protecting your webhook").
// Decision 0053.
import { hexDigest } from "~/utils/digest";

/** Compares two texts in a time that depends on neither: their digests (64 hex digits each) are compared to the end. */
async function sameText(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([hexDigest("SHA-256", given), hexDigest("SHA-256", expected)]);
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/** The user name and password of an `Authorization: Basic ...` header, or null for any other header. */
function basicCredentials(header: string | null): { user: string; password: string } | null {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i);
  if (!match) return null;
  let decoded: string;
  try {
    decoded = new TextDecoder().decode(Uint8Array.from(atob(match[1]!), (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
  const colon = decoded.indexOf(":");
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Whether a delivery carries the webhook's user name and password; both are compared whatever the first gives. */
export async function isPostmarkWebhookCall(authorization: string | null, expected: { user: string; password: string }): Promise<boolean> {
  const given = basicCredentials(authorization) ?? { user: "", password: "" };
  const [userMatches, passwordMatches] = await Promise.all([
    sameText(given.user, expected.user),
    sameText(given.password, expected.password),
  ]);
  return userMatches && passwordMatches && expected.user !== "" && expected.password !== "";
}
