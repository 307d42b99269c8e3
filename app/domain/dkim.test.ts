import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dkimRecord, dkimRecordName, newDkimKey, signDkim } from "../../test/support/dkim-sign";
import { canonicalBody, fromHeaderAddress, isAligned, isWithin, splitMessage, verifyDkim, type ResolveTxt } from "./dkim";

const DATA = path.resolve(import.meta.dirname, "../../test/data/dkim");
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(DATA, name)));
const publicKey = (name: string) => readFileSync(path.join(DATA, name), "utf8").trim();
const bytes = (text: string) => new TextEncoder().encode(text);
const everyone = { wanted: () => true };

/** Serves these records; any other name has none. */
const records =
  (served: Record<string, string>): ResolveTxt =>
  async (name) =>
    served[name] ? [served[name]] : null;

const RSA = records({ "fixture._domainkey.usps.com": `v=DKIM1; k=rsa; p=${publicKey("rsa-public.b64")}` });

describe("messages signed by another DKIM implementation (dkimpy)", () => {
  it("verify with relaxed and with simple canonicalization", async () => {
    for (const name of ["usps-relaxed.eml", "usps-simple.eml"]) {
      const [result] = await verifyDkim(fixture(name), RSA, everyone);
      expect(result, name).toMatchObject({ domain: "usps.com", selector: "fixture", status: "pass" });
      expect(result!.signedHeaders).toContain("from");
    }
  });

  it("verify with ed25519-sha256", async () => {
    const resolve = records({ "fixture-ed._domainkey.gmail.com": `v=DKIM1; k=ed25519; p=${publicKey("ed25519-public.b64")}` });
    const [result] = await verifyDkim(fixture("gmail-ed25519.eml"), resolve, everyone);
    expect(result).toMatchObject({ domain: "gmail.com", status: "pass" });
  });

  it("fail once a byte of the body or a signed header changes", async () => {
    const text = new TextDecoder().decode(fixture("usps-relaxed.eml"));
    const body = bytes(text.replace("2 mailpiece(s)", "3 mailpiece(s)"));
    const from = bytes(text.replace("From: USPS Informed Delivery", "From: USPS Informed Delivery Team"));
    expect((await verifyDkim(body, RSA, everyone))[0]).toMatchObject({ status: "fail", reason: "the body hash does not match" });
    expect((await verifyDkim(from, RSA, everyone))[0]).toMatchObject({ status: "fail", reason: "the signature does not verify" });
  });

  it("relaxed takes whitespace a forwarder changed; simple does not", async () => {
    const respace = (name: string) => bytes(new TextDecoder().decode(fixture(name)).replace("Hi,  JANE!", "Hi, JANE!"));
    expect((await verifyDkim(respace("usps-relaxed.eml"), RSA, everyone))[0]!.status).toBe("pass");
    expect((await verifyDkim(respace("usps-simple.eml"), RSA, everyone))[0]!.status).toBe("fail");
  });
});

describe("a signature is not taken", () => {
  const message = [
    "From: Jane <jane@example.org>",
    "To: someone@mailbox.quietmailbox.local",
    "Subject: a photo",
    "Message-ID: <1@example.org>",
    "",
    "The body.",
    "",
  ].join("\r\n");

  it("when its key is not in DNS (permerror), or DNS cannot answer now (temperror)", async () => {
    const key = await newDkimKey("example.org");
    const signed = bytes(await signDkim(message, key));
    expect((await verifyDkim(signed, records({}), everyone))[0]!.status).toBe("permerror");
    const down: ResolveTxt = async () => {
      throw new Error("DNS over HTTPS answered 502");
    };
    expect((await verifyDkim(signed, down, everyone))[0]!.status).toBe("temperror");
    expect((await verifyDkim(signed, records({ [dkimRecordName(key)]: dkimRecord(key) }), everyone))[0]!.status).toBe("pass");
  });

  it("when it covers only part of the body (l=), even before anything is appended", async () => {
    const key = await newDkimKey("example.org");
    const served = records({ [dkimRecordName(key)]: dkimRecord(key) });
    const partial = await signDkim(message, key, { bodyLength: 5 });
    expect((await verifyDkim(bytes(partial), served, everyone))[0]).toMatchObject({
      status: "fail",
      reason: "l= does not cover the whole body",
    });
    const appended = `${partial}Forged lines below the signed part.\r\n`;
    expect((await verifyDkim(bytes(appended), served, everyone))[0]!.status).toBe("fail");
  });

  it("when the key is revoked, or From is not among the signed fields", async () => {
    const key = await newDkimKey("example.org");
    const revoked = records({ [dkimRecordName(key)]: "v=DKIM1; k=rsa; p=" });
    expect((await verifyDkim(bytes(await signDkim(message, key)), revoked, everyone))[0]!.reason).toBe("the key is revoked");
    const served = records({ [dkimRecordName(key)]: dkimRecord(key) });
    const noFrom = await signDkim(message, key, { headers: ["subject"] });
    expect((await verifyDkim(bytes(noFrom), served, everyone))[0]!.status).toBe("permerror");
  });

  it("unless its signing domain is wanted: others are not even looked up", async () => {
    const key = await newDkimKey("example.org");
    let lookups = 0;
    const counting: ResolveTxt = async () => {
      lookups++;
      return null;
    };
    expect(await verifyDkim(bytes(await signDkim(message, key)), counting, { wanted: (domain) => domain === "usps.com" })).toEqual([]);
    expect(lookups).toBe(0);
  });
});

describe("reading the message", () => {
  it("unfolds header fields and ends bare LF lines as CRLF", () => {
    const { headers, body } = splitMessage(bytes("Subject: one\n two\nFrom: a@b.example\n\nbody\n"));
    expect(headers).toEqual([
      { name: "subject", raw: "Subject: one\r\n two\r\n" },
      { name: "from", raw: "From: a@b.example\r\n" },
    ]);
    expect(new TextDecoder().decode(body)).toBe("body\n");
  });

  it("canonicalizes an empty body as RFC 6376 says", () => {
    const canonical = (body: string, relaxed: boolean) => new TextDecoder().decode(canonicalBody(bytes(body), relaxed));
    expect(canonical("", false)).toBe("\r\n");
    expect(canonical("\r\n\r\n", true)).toBe("");
    expect(canonical("a \t b  \r\n\r\n", true)).toBe("a b\r\n");
    expect(canonical(" a\n\n  \nb\t\n \n", true)).toBe(" a\r\n\r\n\r\nb\r\n");
    expect(canonical(" a\n\nb \n\n\n", false)).toBe(" a\r\n\r\nb \r\n");
    expect(canonical("no newline", false)).toBe("no newline\r\n");
  });

  it("finds the From address and counts the From fields", () => {
    expect(fromHeaderAddress(bytes("From: USPS <USPSInformeddelivery@email.informeddelivery.usps.com>\r\n\r\nx"))).toEqual({
      address: "uspsinformeddelivery@email.informeddelivery.usps.com",
      count: 1,
    });
    expect(fromHeaderAddress(bytes("From: a@usps.com\r\nFrom: b@evil.example\r\n\r\n")).count).toBe(2);
  });

  it("takes a hostile message in time linear in its size", async () => {
    const sizes = [200_000, 800_000];
    const times: number[] = [];
    for (const size of sizes) {
      const hostile = bytes(
        `DKIM-Signature: ${"a=;".repeat(size / 40)}\r\nFrom: ${"<".repeat(size / 4)}\r\nSubject: ${" \t".repeat(size / 8)}\r\n\r\n${"< \t\r\n".repeat(size / 8)}`,
      );
      const started = performance.now();
      await verifyDkim(hostile, records({}), everyone);
      fromHeaderAddress(hostile);
      canonicalBody(splitMessage(hostile).body, true);
      times.push(performance.now() - started);
    }
    // Four times the size: a linear reading takes about four times as long, a quadratic one sixteen.
    expect(times[1]!).toBeLessThan(Math.max(times[0]! * 10, 200));
  });
});

describe("alignment", () => {
  it("takes a domain and those below it, label by label", () => {
    expect(isWithin("email.informeddelivery.usps.com", "usps.com")).toBe(true);
    expect(isWithin("evilusps.com", "usps.com")).toBe(false);
    expect(isAligned("usps.com", "email.informeddelivery.usps.com")).toBe(true);
    expect(isAligned("gmail.com", "gmail.com")).toBe(true);
    expect(isAligned("com", "evil.com")).toBe(false);
    expect(isAligned("evil.example", "usps.com")).toBe(false);
  });
});
