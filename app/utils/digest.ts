/** The hex digest of a text: SHA-256 for our own keys and tokens, MD5 where a vendor names things by it. */
export async function hexDigest(algorithm: "SHA-256" | "MD5", text: string): Promise<string> {
  const digest = await crypto.subtle.digest(algorithm, new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
