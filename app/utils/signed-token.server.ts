// Tokens that prove a link came from us: `<subject>.<HMAC-SHA256 of the subject>`, base64url.
// The key is the secret with the token's purpose in front, so a token made for one purpose (say,
// turning reminders off) never passes for another. They do not expire: see
// docs/decisions/0017-reminders.md for why that suits a link in an email.

import { base64url } from "~/utils/digest";

/** What a token may be used for. Each purpose gets its own key. */
export type TokenPurpose = "reminders-unsubscribe" | "follow-up-emails-unsubscribe";

const encoder = new TextEncoder();

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[\w-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null; // a length no base64 text can have
  }
}

function keyFor(secret: string, purpose: TokenPurpose) {
  return crypto.subtle.importKey("raw", encoder.encode(`${purpose}:${secret}`), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

/** A token for `subject` (an id without dots is easiest to read back). */
export async function signToken(secret: string, purpose: TokenPurpose, subject: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await keyFor(secret, purpose), encoder.encode(subject));
  return `${subject}.${base64url(new Uint8Array(signature))}`;
}

/** The subject of a token signed for this purpose, or null when it is malformed or was changed. */
export async function readToken(secret: string, purpose: TokenPurpose, token: string): Promise<string | null> {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const subject = token.slice(0, dot);
  const signature = fromBase64url(token.slice(dot + 1));
  if (!signature) return null;
  // verify compares in constant time.
  const valid = await crypto.subtle.verify("HMAC", await keyFor(secret, purpose), signature, encoder.encode(subject));
  return valid ? subject : null;
}
