// The DNS over HTTPS client and its stand-in agree: the app's resolver, pointed at the stand-in as
// `npm start` and the tests point it, gets the key a test registered, in the resolver's JSON
// shape (its text quoted, in strings of at most 255 bytes), and NXDOMAIN for any other name; the stand-in
// refuses a request without the JSON accept header, as the resolver does, and records each one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dnsOverHttpsResolver } from "~/integrations/dns-over-https.server";
import { dkimRecord, dkimRecordName, newDkimKey, publishDkimKey } from "../support/dkim-sign";
import { startStandIns, type StandInServer } from "../stand-ins/server";
import { dnsVendor } from "../stand-ins/vendors/dns";

let standIns: StandInServer;
beforeAll(async () => {
  standIns = await startStandIns({ port: 0, vendors: [dnsVendor] });
});
afterAll(() => standIns.close());

describe("the DNS over HTTPS stand-in", () => {
  it("serves a registered DKIM key to the app's resolver, whole, and nothing for other names", async () => {
    const key = await publishDkimKey(standIns.url, await newDkimKey("usps.com", "s2026"));
    const resolve = dnsOverHttpsResolver(`${standIns.url}/dns-query`);
    expect(await resolve(dkimRecordName(key))).toEqual([dkimRecord(key)]);
    expect(await resolve("other._domainkey.usps.com")).toBeNull();

    const answer: { Answer: { data: string }[] } = await (
      await fetch(`${standIns.url}/dns-query?name=s2026._domainkey.usps.com&type=TXT`, { headers: { accept: "application/dns-json" } })
    ).json();
    expect(answer).toMatchObject({ Status: 0, Question: [{ name: "s2026._domainkey.usps.com.", type: 16 }] });
    expect(answer.Answer[0]!.data).toBe(`"${dkimRecord(key)}"`);

    const recorded = standIns.recorded("dns");
    expect(recorded.map((request) => request.query.name)).toContain("other._domainkey.usps.com");
  });

  it("refuses a request without the JSON accept header", async () => {
    expect((await fetch(`${standIns.url}/dns-query?name=usps.com&type=TXT`)).status).toBe(400);
  });
});
