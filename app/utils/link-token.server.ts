import { z } from "zod";
import { base64url, hexDigest } from "~/utils/digest";

/** The hash a single-use link's token is stored under: the token itself is never kept. */
export function linkTokenHash(token: string) {
  return hexDigest("SHA-256", token);
}

/** A random token for a single-use link (password reset, email change), with the hash to store. */
export async function newLinkToken() {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  return { token, tokenHash: await linkTokenHash(token) };
}

/**
 * The headers of a page opened from a single-use link: its address carries the token, so no
 * cache, shared or the browser's own, keeps the page.
 */
export const linkPageHeaders = () => ({ "Cache-Control": "no-store" });

/** A token as it arrives from a link or its page's form: anything else is no token at all. */
export const LinkTokenSchema = z.string().min(1).max(200);
