// DNS TXT records through DNS over HTTPS, JSON format (decision 0063): the public keys of DKIM
// signatures live at <selector>._domainkey.<domain>, and a Worker has no resolver of its own.
// Cloudflare's resolver answers `GET {base}?name=…&type=TXT` with `accept: application/dns-json`
// in Google's schema: `Status` (the DNS RCODE: 0 NOERROR, 3 NXDOMAIN, 2 SERVFAIL) and `Answer`,
// a list of `{ name, type, TTL, data }` where a TXT record's data is its strings, each quoted
// (https://developers.cloudflare.com/1.1.1.1/encryption/dns-over-https/make-api-requests/dns-json/).
import type { ResolveTxt } from "~/domain/dkim";

const TIMEOUT_MS = 3000;
const TXT = 16;
const NOERROR = 0;
const NXDOMAIN = 3;
/** A key record is under a kilobyte or two: an answer past this is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;

type DnsJsonAnswer = { Status: number; Answer?: { name: string; type: number; TTL?: number; data: string }[] };

/** The strings of one TXT record's data: `"v=DKIM1; k=rsa; " "p=MIIB…"` gives both, unquoted. */
export function txtStrings(data: string): string[] {
  const trimmed = data.trim();
  if (!trimmed.startsWith('"')) return [trimmed];
  const strings: string[] = [];
  let current: string | null = null;
  for (let index = 0; index < trimmed.length; index++) {
    const char = trimmed[index]!;
    if (current === null) {
      if (char === '"') current = "";
      continue;
    }
    if (char === "\\" && index + 1 < trimmed.length) current += trimmed[++index];
    else if (char === '"') {
      strings.push(current);
      current = null;
    } else current += char;
  }
  if (current !== null) strings.push(current);
  return strings;
}

/**
 * A TXT resolver over DNS over HTTPS at `baseUrl`. Each record comes back as its strings joined
 * (one DKIM key per record); null when the name has no TXT record. A resolver that fails, times out
 * or answers SERVFAIL throws: the caller treats that as "try again later", never as "no key".
 */
export function dnsOverHttpsResolver(baseUrl: string, fetcher: typeof fetch = fetch): ResolveTxt {
  return async (name) => {
    const url = new URL(baseUrl);
    url.searchParams.set("name", name);
    url.searchParams.set("type", "TXT");
    const response = await fetcher(url, { headers: { accept: "application/dns-json" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new Error(`DNS over HTTPS answered ${response.status}`);
    const text = await response.text();
    if (text.length > MAX_ANSWER_BYTES) throw new Error("DNS over HTTPS answered too much");
    const answer = JSON.parse(text) as DnsJsonAnswer;
    if (answer.Status === NXDOMAIN) return null;
    if (answer.Status !== NOERROR) throw new Error(`DNS answered status ${answer.Status}`);
    const records = (answer.Answer ?? []).filter((record) => record.type === TXT && typeof record.data === "string");
    return records.length > 0 ? records.map((record) => txtStrings(record.data).join("")) : null;
  };
}
