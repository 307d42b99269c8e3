/** The hex digest of a text or of bytes: SHA-256 for our own keys and tokens, MD5 where a vendor names things by it. */
export async function hexDigest(algorithm: "SHA-256" | "MD5", data: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest(algorithm, typeof data === "string" ? new TextEncoder().encode(data) : data);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Bytes as URL-safe base64 without padding (RFC 4648 section 5), for tokens in links. */
export function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * A UUID that is the same for the same name (RFC 9562's version 8, from the name's SHA-256): an id
 * that two writers of the same thing agree on, so the second one's insert finds the first's row.
 */
export async function uuidFromName(name: string): Promise<string> {
  const hex = await hexDigest("SHA-256", name);
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
