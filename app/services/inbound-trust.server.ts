// The one check the inbound handler makes of what a message claims (decision 0063): who signed it
// (DKIM, verified here with keys looked up through DNS over HTTPS, since Email Routing hands the
// Worker no verdict it documents), and for a digest the day it claims. Called once a message has
// been counted against its address's day, so a flood costs no more lookups than the day allows.
import type { Email } from "postal-mime";
import { DEFAULT_TIME_ZONE, isoDate } from "~/domain/dates";
import { fromHeaderAddress, verifyDkim } from "~/domain/dkim";
import { digestDate } from "~/domain/informed-delivery";
import { digestDayRefusal, isAuthenticDigest, isGoogleSigned, isOwnEmail, wantedSigners } from "~/domain/inbound-trust";
import { dnsOverHttpsResolver } from "~/integrations/dns-over-https.server";
import { mailboxOwnerOf } from "~/models/mailbox.server";
import { getDb } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";

const TRUST_REFUSALS = {
  confirmation: "Only Informed Delivery digests and photos of mail are taken here",
  photo: "Photos are taken only from the account's own email address, signed by its provider",
  digestDay: "This digest's date is not one this address takes",
} as const;

export type InboundTrust = { ok: true; authenticated: boolean } | { ok: false; reason: string };

/**
 * Whether the message may be kept, and whether it is known to be real. A digest is always kept
 * (unauthenticated unless the Postal Service's signature verified) when its day is one it may claim;
 * a photo only from the owner's own signed address; a forwarding confirmation only signed by Google.
 * A key lookup that fails for now (and no signature that passed) is thrown, so the sending server
 * tries again later rather than the message being judged on a DNS outage.
 */
export async function inboundTrust(
  env: AppEnv,
  input: { raw: Uint8Array; email: Email; kind: "confirmation" | "digest" | "photo"; userId: string; now: Date },
): Promise<InboundTrust> {
  const from = fromHeaderAddress(input.raw);
  const results = await verifyDkim(input.raw, dnsOverHttpsResolver(env.DNS_OVER_HTTPS_URL), {
    wanted: wantedSigners(from),
    now: input.now,
  });
  if (results.some((result) => result.status === "temperror") && !results.some((result) => result.status === "pass")) {
    throw new Error("a DKIM key could not be looked up");
  }
  for (const result of results) if (result.status !== "pass") log.info(`inbound DKIM ${result.status}: ${result.reason ?? ""}`);

  switch (input.kind) {
    case "confirmation":
      return isGoogleSigned(results, from) ? { ok: true, authenticated: true } : { ok: false, reason: TRUST_REFUSALS.confirmation };
    case "photo": {
      const owner = await mailboxOwnerOf(getDb(env.DB), input.userId);
      return owner && isOwnEmail(results, from, owner.email)
        ? { ok: true, authenticated: true }
        : { ok: false, reason: TRUST_REFUSALS.photo };
    }
    case "digest": {
      const owner = await mailboxOwnerOf(getDb(env.DB), input.userId);
      const receivedOn = isoDate(input.now, DEFAULT_TIME_ZONE);
      const day = digestDate(input.email, receivedOn);
      const refusal = owner ? digestDayRefusal(day, receivedOn, isoDate(owner.createdAt, DEFAULT_TIME_ZONE)) : "no account";
      if (refusal) {
        log.info(`inbound digest refused: ${refusal}`);
        return { ok: false, reason: TRUST_REFUSALS.digestDay };
      }
      return { ok: true, authenticated: isAuthenticDigest(results, from, input.email.subject ?? "") };
    }
  }
}
