import { describe, expect, it } from "vitest";
import { dnsOverHttpsResolver, txtStrings } from "./dns-over-https.server";

/** A fetch that answers like Cloudflare's resolver in JSON format, and keeps the URLs and headers it was asked. */
function resolverAnswering(status: number, body: unknown) {
  const asked: { url: string; accept: string | null }[] = [];
  const fetcher = (async (input: URL | RequestInfo, init?: RequestInit) => {
    asked.push({ url: String(input), accept: new Headers(init?.headers).get("accept") });
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/dns-json" } });
  }) as typeof fetch;
  return { resolve: dnsOverHttpsResolver("https://cloudflare-dns.com/dns-query", fetcher), asked };
}

describe("DNS over HTTPS, JSON format", () => {
  it("asks for the TXT record with the JSON accept header, and joins a record's quoted strings", async () => {
    const { resolve, asked } = resolverAnswering(200, {
      Status: 0,
      Question: [{ name: "s1._domainkey.usps.com.", type: 16 }],
      Answer: [
        { name: "s1._domainkey.usps.com.", type: 5, TTL: 300, data: "alias.usps.com." },
        { name: "s1._domainkey.usps.com.", type: 16, TTL: 300, data: '"v=DKIM1; k=rsa; " "p=MIIB\\"x"' },
      ],
    });
    expect(await resolve("s1._domainkey.usps.com")).toEqual(['v=DKIM1; k=rsa; p=MIIB"x']);
    expect(asked).toEqual([
      { url: "https://cloudflare-dns.com/dns-query?name=s1._domainkey.usps.com&type=TXT", accept: "application/dns-json" },
    ]);
  });

  it("answers null for a name that does not exist, and throws when DNS cannot answer now", async () => {
    expect(await resolverAnswering(200, { Status: 3 }).resolve("none._domainkey.usps.com")).toBeNull();
    await expect(resolverAnswering(200, { Status: 2 }).resolve("x._domainkey.usps.com")).rejects.toThrow("status 2");
    await expect(resolverAnswering(502, {}).resolve("x._domainkey.usps.com")).rejects.toThrow("502");
  });

  it("reads unquoted data as one string", () => {
    expect(txtStrings("v=DKIM1; p=abc")).toEqual(["v=DKIM1; p=abc"]);
  });
});
