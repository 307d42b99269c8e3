// DKIM signatures of inbound mail (RFC 6376; ed25519-sha256 from RFC 8463), checked by us rather
// than taken from a header someone else wrote (decision 0063). The message is read once, byte for
// byte, with no regular expression: header fields split at line starts, tags at ";" and "=". The
// public keys come from `resolveTxt` (DNS TXT at <s>._domainkey.<d>), so this module does no I/O of
// its own and every rule has a unit test (dkim.test.ts).

/** A signature this module checked: `pass` only when the key, the body hash and `b=` all verify. */
export type DkimResult = {
  domain: string;
  selector: string;
  status: "pass" | "fail" | "temperror" | "permerror";
  /** Lower-case names of the header fields the signature covers (`h=`). */
  signedHeaders: string[];
  /** Why it did not pass, for the log (never shown). */
  reason?: string;
};

/** The TXT records of a DNS name, each its strings joined; null when it has none. Throws when DNS cannot answer now. */
export type ResolveTxt = (name: string) => Promise<string[] | null>;

/** Signatures checked per message: each one may cost a DNS lookup. */
const DKIM_MAX_SIGNATURES = 3;
/** RFC 8301: verifiers must refuse RSA keys under 1024 bits. */
const MIN_RSA_BITS = 1024;

type HeaderField = { name: string; raw: string };

const CR = 13;
const LF = 10;

/** The bytes as a string of one char per byte (latin-1 by hand: TextDecoder's "latin1" is windows-1252). */
function byteString(bytes: Uint8Array): string {
  let out = "";
  for (let start = 0; start < bytes.length; start += 0x8000) {
    out += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return out;
}

function stringBytes(text: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) out[index] = text.charCodeAt(index) & 0xff;
  return out;
}

/** Every line ending as CRLF (a message posted by hand may use bare LF), in one pass. */
function withCrlf(bytes: Uint8Array): string {
  let bare = 0;
  for (let index = 0; index < bytes.length; index++) if (bytes[index] === LF && bytes[index - 1] !== CR) bare++;
  if (bare === 0) return byteString(bytes);
  const out = new Uint8Array(bytes.length + bare);
  let at = 0;
  for (let index = 0; index < bytes.length; index++) {
    if (bytes[index] === LF && bytes[index - 1] !== CR) out[at++] = CR;
    out[at++] = bytes[index]!;
  }
  return byteString(out);
}

/** Where the header section ends: the byte after its empty line (CRLF CRLF or bare LF LF), or the end. */
function headerSectionEnd(raw: Uint8Array): number {
  for (let index = 1; index < raw.length; index++) {
    if (raw[index] !== LF) continue;
    if (raw[index - 1] === LF) return index + 1;
    if (raw[index - 1] === CR && raw[index - 2] === LF) return index + 1;
  }
  return raw.length;
}

/**
 * The header fields (folded lines kept, every line ending CRLF) and the body's bytes, split at the
 * first empty line. Only the header section becomes a string.
 */
export function splitMessage(raw: Uint8Array): { headers: HeaderField[]; body: Uint8Array } {
  const end = headerSectionEnd(raw);
  const headerText = withCrlf(raw.subarray(0, end));
  const headers: HeaderField[] = [];
  let start = 0;
  while (start < headerText.length) {
    const lineEnd = headerText.indexOf("\r\n", start);
    const stop = lineEnd < 0 ? headerText.length : lineEnd + 2;
    const first = headerText.charCodeAt(start);
    const line = headerText.slice(start, stop);
    if ((first === 32 || first === 9) && headers.length > 0) headers[headers.length - 1]!.raw += line;
    else {
      const colon = line.indexOf(":");
      if (colon > 0) headers.push({ name: line.slice(0, colon).trim().toLowerCase(), raw: line });
    }
    start = stop;
  }
  return { headers, body: raw.subarray(end) };
}

const isWsp = (code: number) => code === 32 || code === 9;

/** Runs of spaces and tabs as one space, and none at the end: relaxed canonicalization of a line. */
function relaxedLine(line: string): string {
  let out = "";
  let space = false;
  for (let index = 0; index < line.length; index++) {
    const code = line.charCodeAt(index);
    if (isWsp(code)) space = true;
    else {
      if (space) out += " ";
      space = false;
      out += line[index];
    }
  }
  return out;
}

/** RFC 6376 3.4.2: the name in lower case, the value unfolded, spaces collapsed and trimmed. */
function relaxedHeader(raw: string): string {
  const colon = raw.indexOf(":");
  const name = raw.slice(0, colon).trim().toLowerCase();
  const value = relaxedLine(
    raw
      .slice(colon + 1)
      .split("\r\n")
      .join(""),
  ).trim();
  return `${name}:${value}\r\n`;
}

const canonicalHeader = (raw: string, relaxed: boolean) => (relaxed ? relaxedHeader(raw) : raw);

/**
 * RFC 6376 3.4.3 and 3.4.4: the body as hashed, in one pass over its bytes. Each line (ended by
 * LF, with or without CR) is written with CRLF; relaxed, its runs of spaces and tabs become one
 * space and none is kept at its end; empty lines at the end are dropped (a line is held back until
 * a non-empty one follows it).
 */
export function canonicalBody(body: Uint8Array, relaxed: boolean): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(body.length * 2 + 2);
  let at = 0;
  let heldEmpty = 0;
  let start = 0;
  while (start < body.length) {
    let stop = body.indexOf(LF, start);
    const next = stop < 0 ? body.length : stop + 1;
    if (stop < 0) stop = body.length;
    else if (stop > start && body[stop - 1] === CR) stop -= 1;
    // The line goes after the empty lines held back, which are written only if it is not empty.
    let write = at + 2 * heldEmpty;
    const lineStart = write;
    if (relaxed) {
      let space = false;
      for (let index = start; index < stop; index++) {
        const byte = body[index]!;
        if (byte === 32 || byte === 9) space = true;
        else {
          if (space) out[write++] = 32;
          space = false;
          out[write++] = byte;
        }
      }
    } else {
      out.set(body.subarray(start, stop), write);
      write += stop - start;
    }
    if (write === lineStart) heldEmpty += 1;
    else {
      for (let index = 0; index < heldEmpty; index++) {
        out[at + 2 * index] = CR;
        out[at + 2 * index + 1] = LF;
      }
      out[write++] = CR;
      out[write++] = LF;
      at = write;
      heldEmpty = 0;
    }
    start = next;
  }
  if (at === 0 && !relaxed) {
    out[0] = CR;
    out[1] = LF;
    at = 2;
  }
  return out.slice(0, at);
}

/** A tag-list (RFC 6376 3.2) as a map; null when a tag repeats or has no "=". */
function parseTags(value: string): Map<string, string> | null {
  const tags = new Map<string, string>();
  for (const part of value.split(";")) {
    if (!part.trim()) continue;
    const equals = part.indexOf("=");
    if (equals < 0) return null;
    const name = part.slice(0, equals).trim();
    if (tags.has(name)) return null;
    tags.set(name, part.slice(equals + 1).trim());
  }
  return tags;
}

const withoutSpace = (value: string) => value.split(/[ \t\r\n]/).join("");

/** The signature's own field with the value of `b=` emptied, as it goes into the hash (RFC 6376 3.5). */
function withEmptyB(raw: string): string {
  const colon = raw.indexOf(":");
  const parts = raw.slice(colon + 1).split(";");
  const emptied = parts.map((part) => {
    const equals = part.indexOf("=");
    return equals >= 0 && part.slice(0, equals).trim() === "b" ? part.slice(0, equals + 1) : part;
  });
  return `${raw.slice(0, colon + 1)}${emptied.join(";")}`;
}

function base64Bytes(value: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(withoutSpace(value)), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The first of the TXT records (each its strings joined, RFC 6376 3.6.2.2) that is a DKIM key, parsed. */
function keyRecord(records: string[]): Map<string, string> | null {
  for (const record of records) {
    const tags = parseTags(record);
    if (tags && (!tags.has("v") || tags.get("v") === "DKIM1")) return tags;
  }
  return null;
}

async function importKey(algorithm: "rsa-sha256" | "ed25519-sha256", publicKey: Uint8Array<ArrayBuffer>) {
  if (algorithm === "rsa-sha256") {
    const key = await crypto.subtle.importKey("spki", publicKey, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["verify"]);
    const bits = (key.algorithm as RsaHashedKeyAlgorithm).modulusLength;
    return bits >= MIN_RSA_BITS ? key : null;
  }
  return crypto.subtle.importKey("raw", publicKey, { name: "Ed25519" }, false, ["verify"]);
}

const sha256 = async (bytes: Uint8Array<ArrayBuffer>) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));

function sameBytes(a: Uint8Array, b: Uint8Array) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let index = 0; index < a.length; index++) diff |= a[index]! ^ b[index]!;
  return diff === 0;
}

/** The lower-case domain after "@" in an address, or "". */
export function domainOf(address: string): string {
  const at = address.lastIndexOf("@");
  return at < 0
    ? ""
    : address
        .slice(at + 1)
        .trim()
        .toLowerCase()
        .replace(/\.$/, "");
}

/** Whether `domain` is `parent` or below it (label by label: "evilusps.com" is not below "usps.com"). */
export function isWithin(domain: string, parent: string): boolean {
  const d = domain.toLowerCase();
  const p = parent.toLowerCase();
  return d === p || d.endsWith(`.${p}`);
}

/**
 * Relaxed alignment (DMARC's sense) without a public suffix list: one domain is the other or below
 * it, and the shorter has at least two labels, so "com" aligns with nothing.
 */
export function isAligned(signingDomain: string, fromDomain: string): boolean {
  const shorter = signingDomain.length <= fromDomain.length ? signingDomain : fromDomain;
  if (!shorter.includes(".")) return false;
  return isWithin(fromDomain, signingDomain) || isWithin(signingDomain, fromDomain);
}

type Signature = {
  tags: Map<string, string>;
  raw: string;
};

async function verifyOne(
  signature: Signature,
  message: { headers: HeaderField[]; body: Uint8Array },
  resolveTxt: ResolveTxt,
  now: Date,
): Promise<DkimResult> {
  const { tags } = signature;
  const domain = (tags.get("d") ?? "").toLowerCase();
  const selector = (tags.get("s") ?? "").toLowerCase();
  const signedHeaders = (tags.get("h") ?? "")
    .split(":")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const result = (status: DkimResult["status"], reason?: string): DkimResult => ({ domain, selector, status, signedHeaders, reason });

  const algorithm = tags.get("a");
  if (tags.get("v") !== "1") return result("permerror", "not version 1");
  if (algorithm !== "rsa-sha256" && algorithm !== "ed25519-sha256") return result("permerror", "algorithm not supported");
  if (!domain || !selector || !tags.get("b") || !tags.get("bh")) return result("permerror", "a required tag is missing");
  if (!signedHeaders.includes("from")) return result("permerror", "From is not signed");
  const identity = tags.get("i");
  if (identity !== undefined && !isWithin(domainOf(identity), domain)) return result("permerror", "i= is outside d=");
  const expires = tags.get("x");
  if (expires !== undefined && Number(expires) * 1000 < now.getTime()) return result("fail", "the signature has expired");
  const [headerCanon = "simple", bodyCanon = "simple"] = (tags.get("c") ?? "simple/simple").split("/");
  if (!["simple", "relaxed"].includes(headerCanon) || !["simple", "relaxed"].includes(bodyCanon)) {
    return result("permerror", "canonicalization not known");
  }

  const body = canonicalBody(message.body, bodyCanon === "relaxed");
  const length = tags.get("l");
  // A signature over part of the body lets anything be appended below it: never taken.
  if (length !== undefined && Number(length) !== body.length) return result("fail", "l= does not cover the whole body");
  const bodyHash = await sha256(body);
  const claimedBodyHash = base64Bytes(tags.get("bh")!);
  if (!claimedBodyHash || !sameBytes(bodyHash, claimedBodyHash)) return result("fail", "the body hash does not match");

  let record: Map<string, string> | null;
  try {
    const records = await resolveTxt(`${selector}._domainkey.${domain}`);
    record = records ? keyRecord(records) : null;
  } catch (error) {
    return result("temperror", error instanceof Error ? error.message : "DNS did not answer");
  }
  if (!record) return result("permerror", "no key record");
  const keyType = record.get("k") ?? "rsa";
  if ((algorithm === "rsa-sha256" && keyType !== "rsa") || (algorithm === "ed25519-sha256" && keyType !== "ed25519")) {
    return result("permerror", "the key is of another type");
  }
  const hashes = record.get("h");
  if (hashes && !hashes.split(":").some((hash) => hash.trim() === "sha256")) return result("permerror", "the key refuses sha256");
  const publicKeyBytes = base64Bytes(record.get("p") ?? "");
  if (!publicKeyBytes || publicKeyBytes.length === 0) return result("permerror", "the key is revoked");

  // The signed fields, each name taking its instances from the bottom up (RFC 6376 5.4.2).
  const relaxed = headerCanon === "relaxed";
  const used = new Map<string, number>();
  let hashed = "";
  for (const name of signedHeaders) {
    const instances = message.headers.filter((field) => field.name === name && field.raw !== signature.raw);
    const taken = used.get(name) ?? 0;
    const field = instances[instances.length - 1 - taken];
    used.set(name, taken + 1);
    if (field) hashed += canonicalHeader(field.raw, relaxed);
  }
  const own = canonicalHeader(withEmptyB(signature.raw), relaxed);
  hashed += own.endsWith("\r\n") ? own.slice(0, -2) : own;

  const signatureBytes = base64Bytes(tags.get("b")!);
  if (!signatureBytes) return result("permerror", "b= is not base64");
  try {
    const key = await importKey(algorithm, publicKeyBytes);
    if (!key) return result("permerror", "the key is too short");
    const data = stringBytes(hashed);
    const valid =
      algorithm === "rsa-sha256"
        ? await crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, signatureBytes, data)
        : await crypto.subtle.verify("Ed25519", key, signatureBytes, await sha256(data));
    return valid ? result("pass") : result("fail", "the signature does not verify");
  } catch {
    return result("permerror", "the key could not be used");
  }
}

/**
 * The DKIM signatures of a raw message whose signing domain `wanted` accepts (at most
 * DKIM_MAX_SIGNATURES, so a message cannot make us look up keys without end), each checked.
 */
export async function verifyDkim(
  raw: Uint8Array,
  resolveTxt: ResolveTxt,
  { wanted, now = new Date() }: { wanted: (domain: string) => boolean; now?: Date },
): Promise<DkimResult[]> {
  // The header section alone first: a message with no signature worth checking costs no more.
  const { headers } = splitMessage(raw.subarray(0, headerSectionEnd(raw)));
  const signatures: Signature[] = [];
  for (const field of headers) {
    if (field.name !== "dkim-signature") continue;
    const tags = parseTags(field.raw.slice(field.raw.indexOf(":") + 1));
    if (!tags || !wanted((tags.get("d") ?? "").toLowerCase())) continue;
    signatures.push({ tags, raw: field.raw });
    if (signatures.length >= DKIM_MAX_SIGNATURES) break;
  }
  if (signatures.length === 0) return [];
  const message = splitMessage(raw);
  const results: DkimResult[] = [];
  for (const signature of signatures) results.push(await verifyOne(signature, message, resolveTxt, now));
  return results;
}

/** The From header's address (the last "<…>" or the bare value), lower case; "" when there is none. */
export function fromHeaderAddress(raw: Uint8Array): { address: string; count: number } {
  const { headers } = splitMessage(raw.subarray(0, headerSectionEnd(raw)));
  const froms = headers.filter((field) => field.name === "from");
  const value = froms[0] ? froms[0].raw.slice(froms[0].raw.indexOf(":") + 1).trim() : "";
  const open = value.lastIndexOf("<");
  const close = value.lastIndexOf(">");
  const address = open >= 0 && close > open ? value.slice(open + 1, close) : value;
  return { address: address.trim().toLowerCase(), count: froms.length };
}
