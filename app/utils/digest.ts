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
