// DKIM signing for tests and benches (RFC 6376, rsa-sha256): a message signed as the Postal Service,
// Google or a person's provider would sign it, with a test key whose public half the DNS stand-in
// serves at <selector>._domainkey.<domain>. Runs in Node and in workerd (Web Crypto only). The
// verifier is checked against messages signed by another implementation too (test/data/dkim).
import { canonicalBody, splitMessage } from "~/domain/dkim";

export type DkimKey = { domain: string; selector: string; privateKey: CryptoKey; publicKeyBase64: string };

function base64(bytes: Uint8Array) {
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

const bytesOf = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);

/** A new RSA key (1024 bits, the least a verifier takes, so tests stay quick) for `domain`. */
export async function newDkimKey(domain: string, selector = "test"): Promise<DkimKey> {
  const pair = await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey("spki", pair.publicKey));
  return { domain, selector, privateKey: pair.privateKey, publicKeyBase64: base64(spki) };
}

/** The TXT record that publishes the key. */
export const dkimRecord = (key: DkimKey) => `v=DKIM1; k=rsa; p=${key.publicKeyBase64}`;
export const dkimRecordName = (key: DkimKey) => `${key.selector}._domainkey.${key.domain}`;

function relaxedHeader(raw: string) {
  const colon = raw.indexOf(":");
  const value = raw
    .slice(colon + 1)
    .split("\r\n")
    .join("")
    .replace(/[ \t]+/g, " ")
    .trim();
  return `${raw.slice(0, colon).trim().toLowerCase()}:${value}\r\n`;
}

/**
 * The message with a DKIM-Signature field on top, relaxed/relaxed, over `headers` (those present,
 * bottom-most instance) and the whole body; `bodyLength` signs only that much of it (l=).
 */
export async function signDkim(
  raw: string,
  key: DkimKey,
  { headers = ["from", "to", "subject", "date", "message-id"], bodyLength }: { headers?: string[]; bodyLength?: number } = {},
): Promise<string> {
  const crlf = raw.replace(/\r?\n/g, "\r\n");
  // Hashed as the bytes that travel: UTF-8, as the tests and benches send the message.
  const message = splitMessage(new TextEncoder().encode(crlf));
  const body = canonicalBody(message.body, true);
  const hashed = bodyLength === undefined ? body : body.slice(0, bodyLength);
  const bodyHash = base64(new Uint8Array(await crypto.subtle.digest("SHA-256", hashed)));
  const signed = headers.filter((name) => message.headers.some((field) => field.name === name));
  const tags = [
    "v=1",
    "a=rsa-sha256",
    "c=relaxed/relaxed",
    `d=${key.domain}`,
    `s=${key.selector}`,
    `t=${Math.floor(Date.now() / 1000)}`,
    ...(bodyLength === undefined ? [] : [`l=${bodyLength}`]),
    `h=${signed.join(":")}`,
    `bh=${bodyHash}`,
    "b=",
  ];
  const unsigned = `DKIM-Signature: ${tags.join("; ")}`;
  let input = "";
  const used = new Map<string, number>();
  for (const name of signed) {
    const instances = message.headers.filter((field) => field.name === name);
    const taken = used.get(name) ?? 0;
    used.set(name, taken + 1);
    const field = instances[instances.length - 1 - taken];
    if (field) input += relaxedHeader(field.raw);
  }
  input += relaxedHeader(unsigned).slice(0, -2);
  const signature = new Uint8Array(await crypto.subtle.sign("RSASSA-PKCS1-v1_5", key.privateKey, bytesOf(input)));
  return `${unsigned}${base64(signature)}\r\n${crlf}`;
}

/** Publishes the key through the DNS stand-in at `standInsUrl` (POST /__stand-ins/dns/records). */
export async function publishDkimKey(standInsUrl: string, key: DkimKey) {
  const response = await fetch(`${standInsUrl}/__stand-ins/dns/records`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: dkimRecordName(key), data: dkimRecord(key) }),
  });
  if (response.status !== 201) throw new Error(`the DNS stand-in refused the key: ${response.status}`);
  return key;
}
