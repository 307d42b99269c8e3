// DNS over HTTPS, JSON format, as Cloudflare's resolver answers it (decision 0063):
//   GET /dns-query?name=<name>&type=TXT   with `accept: application/dns-json`
// → 200 `{ Status, TC, RD, RA, AD, CD, Question: [{ name, type }], Answer?: [{ name, type, TTL, data }] }`,
// Status 0 (NOERROR) with the records, 3 (NXDOMAIN) with no Answer for a name nobody registered;
// 400 for a request without a name or without the JSON accept header.
// https://developers.cloudflare.com/1.1.1.1/encryption/dns-over-https/make-api-requests/dns-json/
// A TXT record's data is its strings, each quoted, as the resolver writes them. Tests register the
// records (DKIM keys at <selector>._domainkey.<domain>) through the control route:
//   POST /__stand-ins/dns/records   { name, data }   data is the record's text, quoted here in 255-byte strings
import type { StandInRequest, StandInResponse, Vendor } from "../server";

const TXT = 16;
const TYPES: Record<string, number> = { A: 1, TXT, AAAA: 28, MX: 15, CNAME: 5 };

type Records = Map<string, string[]>;

const recordsOf = (state: Map<string, unknown>) => {
  if (!state.has("records")) state.set("records", new Map() as Records);
  return state.get("records") as Records;
};

const fqdn = (name: string) => `${name.toLowerCase().replace(/\.$/, "")}.`;

/** The record's text as the resolver shows it: strings of at most 255 bytes, each in quotes. */
function quoted(text: string) {
  const strings: string[] = [];
  for (let start = 0; start < text.length || start === 0; start += 255) {
    strings.push(`"${text.slice(start, start + 255).replace(/["\\]/g, "\\$&")}"`);
    if (text.length === 0) break;
  }
  return strings.join(" ");
}

function query(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const accept = request.headers.accept ?? "";
  const name = request.query.name ?? "";
  if (!name || !(accept.includes("application/dns-json") || request.query.ct === "application/dns-json")) {
    return { status: 400, body: { error: "Invalid request: a name and accept: application/dns-json are required" } };
  }
  const typeParam = (request.query.type ?? "A").toUpperCase();
  const type = /^\d+$/.test(typeParam) ? Number(typeParam) : (TYPES[typeParam] ?? 0);
  const question = [{ name: fqdn(name), type }];
  const texts = recordsOf(state).get(fqdn(name));
  const flags = { TC: false, RD: true, RA: true, AD: false, CD: false };
  if (!texts)
    return { status: 200, body: { Status: 3, ...flags, Question: question }, headers: { "Content-Type": "application/dns-json" } };
  const answer = type === TXT ? texts.map((text) => ({ name: fqdn(name), type: TXT, TTL: 300, data: quoted(text) })) : [];
  return {
    status: 200,
    body: { Status: 0, ...flags, Question: question, ...(answer.length ? { Answer: answer } : {}) },
    headers: { "Content-Type": "application/dns-json" },
  };
}

function register(request: StandInRequest, state: Map<string, unknown>): StandInResponse {
  const { name, data } = (request.body ?? {}) as { name?: string; data?: string };
  if (!name || typeof data !== "string") return { status: 400, body: { error: "name and data are required" } };
  recordsOf(state).set(fqdn(name), [data]);
  return { status: 201, body: { name: fqdn(name) } };
}

export const dnsVendor: Vendor = {
  name: "dns",
  prefix: "/dns-query",
  routes: [{ method: "GET", path: "/", handle: query }],
  controlRoutes: [{ method: "POST", path: "/records", handle: register }],
  // Keys registered at start (npm start's, a test file's) outlive a reset of the request log.
  resetState: () => {},
};
