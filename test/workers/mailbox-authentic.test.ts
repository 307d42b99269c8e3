// Which digests are the Postal Service's (decision 0063), through the Worker's email handler as
// Email Routing delivers them: a digest is authenticated only under a valid usps.com DKIM
// signature (the test key, served by the DNS stand-in), as sent or as a provider's automatic
// forwarding keeps it; a forged or hand-forwarded one is kept unauthenticated and sets nothing
// paid going; a digest dated after it came, or before the account existed, is refused; a "piece"
// that is no image is never stored.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { CATALOG_SENDERS } from "../../drizzle/catalog";
import { mailArrivals, mailboxAddresses, requests, users } from "../../drizzle/schema";
import worker from "../../app/worker";
import { DAY_MS, DEFAULT_TIME_ZONE, isoDate } from "~/domain/dates";
import { newReplyToken } from "~/domain/reply-address";
import { seedSenderCatalog } from "~/models/request-template.server";
import { getDb } from "~/utils/db.server";
import { digestEmail, type GeneratedPiece } from "../support/digest-emails";
import { signDkim, type DkimKey } from "../support/dkim-sign";
import { publishedDkimKey } from "./stand-ins";
import { incomingEmail } from "./support";

// Reading waits for the local queue and real OCR of each scan.
vi.setConfig({ testTimeout: 60_000 });

const db = getDb(env.DB);
const MAILBOX_DOMAIN = "mailbox.quietmailbox.local";
const fixtures = inject("digestFixtures");
const campaign = (): GeneratedPiece => ({
  image: Uint8Array.from(atob(fixtures.campaign.base64), (char) => char.charCodeAt(0)),
  fromName: fixtures.campaign.fromName,
});
const today = () => isoDate(new Date(), DEFAULT_TIME_ZONE);
const dayBefore = (days: number) => isoDate(new Date(Date.now() - days * DAY_MS), DEFAULT_TIME_ZONE);

let usps: DkimKey;
beforeAll(async () => {
  await seedSenderCatalog(db, CATALOG_SENDERS);
  usps = await publishedDkimKey("usps.com");
});

const HOUSEHOLD = { street1: "1847 N HALSTED ST APT 3R", city: "CHICAGO", state: "IL", zipCode: "60614" };

/** An account made `ageDays` ago with its inbound address, and its request to Orvis sent long ago (its mail should have stopped). */
async function household(ageDays = 90) {
  const userId = `user-${crypto.randomUUID()}`;
  const token = newReplyToken();
  const sentAt = new Date(Date.now() - 80 * DAY_MS);
  await db.batch([
    db.insert(users).values({
      id: userId,
      email: `${userId}@quietmailbox.test`,
      passwordHash: "x",
      fullName: "Jane Q Public",
      ...HOUSEHOLD,
      createdAt: new Date(Date.now() - ageDays * DAY_MS),
    }),
    db.insert(mailboxAddresses).values({ userId, token }),
    db.insert(requests).values({
      userId,
      id: "orvis",
      templateId: "orvis",
      senderName: "Orvis",
      title: "Orvis",
      fullName: "Jane Q Public",
      type: "preset",
      status: "inQueue",
      requiredDays: 30,
      ...HOUSEHOLD,
      queuedAt: sentAt,
      processedAt: sentAt,
    }),
  ]);
  return { userId, address: `${token}@${MAILBOX_DOMAIN}` };
}

async function deliver(to: string, raw: string) {
  const email = incomingEmail({ to, raw, from: "bounce@informeddelivery.usps.com" });
  await worker.email(email.message, env);
  return email.setReject;
}

const piecesOf = (userId: string) => db.select().from(mailArrivals).where(eq(mailArrivals.userId, userId));
const requestOf = async (userId: string) =>
  (
    await db
      .select()
      .from(requests)
      .where(and(eq(requests.userId, userId), eq(requests.id, "orvis")))
  )[0]!;

function allRead(userId: string, count: number) {
  return vi.waitFor(
    async () => {
      const rows = await piecesOf(userId);
      expect(rows).toHaveLength(count);
      expect(rows.filter((row) => row.state === "reading")).toEqual([]);
      return rows;
    },
    { timeout: 50_000, interval: 200 },
  );
}

/** Headers Gmail's automatic forwarding puts on top of the message; the original's are untouched. */
const autoForwarded = (raw: string) =>
  [
    "X-Forwarded-To: k3x9q@mailbox.quietmailbox.local",
    "X-Forwarded-For: jane.doe@gmail.com k3x9q@mailbox.quietmailbox.local",
    "Received: by 2002:a05:6a10:b18c:b0:5d1 with SMTP id x12csp1234pxb; Mon, 30 Nov 2026 05:07:31 -0800 (PST)",
    "Delivered-To: jane.doe@gmail.com",
    raw,
  ].join("\r\n");

describe("a digest signed by the Postal Service", () => {
  it("is authenticated, as sent and as Gmail's automatic forwarding keeps it, and its piece takes the next step", async () => {
    const { userId, address } = await household();
    const signed = await signDkim(digestEmail({ to: address, date: today(), pieces: [campaign()] }), usps);
    expect(await deliver(address, autoForwarded(signed))).not.toHaveBeenCalled();
    const [piece] = await allRead(userId, 1);
    expect(piece).toMatchObject({ authenticated: true, requestId: "orvis", arrivedOn: today() });
    expect((await requestOf(userId)).followUpStep).toBe(1);
  });

  it("is not once a forwarder changed its body", async () => {
    const { userId, address } = await household();
    const signed = await signDkim(digestEmail({ to: address, date: today(), pieces: [campaign()] }), usps);
    const withFooter = signed.replace(/--\r\n$/, "--\r\n\r\nThis message was forwarded by Outlook.\r\n");
    expect(await deliver(address, withFooter)).not.toHaveBeenCalled();
    const [piece] = await allRead(userId, 1);
    expect(piece!.authenticated).toBe(false);
  });
});

describe("a forged digest", () => {
  it("claiming the Postal Service's From, unsigned, is kept unauthenticated and starts nothing paid", async () => {
    const { userId, address } = await household();
    expect(await deliver(address, digestEmail({ to: address, date: today(), pieces: [campaign()] }))).not.toHaveBeenCalled();
    const [piece] = await allRead(userId, 1);
    expect(piece).toMatchObject({ authenticated: false, requestId: "orvis" });
    expect(await requestOf(userId)).toMatchObject({ followUpStep: 0, followUpAt: null, legalLawId: null });
  });

  it("signed by another domain, or forwarded by hand, is not authenticated either", async () => {
    const { userId, address } = await household();
    const stranger = await publishedDkimKey("evil.example");
    const signedByStranger = await signDkim(digestEmail({ to: address, date: today(), pieces: [campaign()], serial: 1 }), stranger);
    const byHand = await signDkim(
      digestEmail({ to: address, date: today(), pieces: [campaign()], serial: 2, forwardedBy: "mallory@evil.example" }),
      stranger,
    );
    expect(await deliver(address, signedByStranger)).not.toHaveBeenCalled();
    expect(await deliver(address, byHand)).not.toHaveBeenCalled();
    const pieces = await allRead(userId, 2);
    expect(pieces.map((piece) => piece.authenticated)).toEqual([false, false]);
    expect((await requestOf(userId)).followUpStep).toBe(0);
  });
});

describe("a digest's date", () => {
  it("after the day it came (a piece dated 2031) is refused and changes nothing", async () => {
    const { userId, address } = await household();
    const before = await requestOf(userId);
    const signed = await signDkim(digestEmail({ to: address, date: "2031-01-01", pieces: [campaign()] }), usps);
    expect(await deliver(address, signed)).toHaveBeenCalledWith("This digest's date is not one this address takes");
    expect(await piecesOf(userId)).toEqual([]);
    expect(await requestOf(userId)).toEqual(before);
  });

  it("before the account existed is refused", async () => {
    const { userId, address } = await household(0);
    const signed = await signDkim(digestEmail({ to: address, date: dayBefore(2), pieces: [campaign()] }), usps);
    expect(await deliver(address, signed)).toHaveBeenCalledWith("This digest's date is not one this address takes");
    expect(await piecesOf(userId)).toEqual([]);
  });
});

describe("a digest's piece that is no image", () => {
  it("is never stored or read, whatever type its part claims", async () => {
    const { userId, address } = await household();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const signed = await signDkim(digestEmail({ to: address, date: today(), pieces: [{ image: svg }, campaign()] }), usps);
    expect(await deliver(address, signed)).not.toHaveBeenCalled();
    const pieces = await allRead(userId, 1);
    expect(pieces[0]!.templateId).toBe("orvis");
  });
});
