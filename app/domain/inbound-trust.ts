// Which inbound mail is what it claims to be (decision 0063), from the DKIM signatures we checked
// ourselves (dkim.ts): a digest is the Postal Service's only under a valid usps.com signature over
// its From and whole body; a photo is the person's only from their own address under a valid
// signature of its domain; Gmail's forwarding confirmation is Google's only under Google's. And the
// days a digest may claim. Pure: every rule has a unit test (inbound-trust.test.ts).
import { dayNumber } from "~/domain/dates";
import { domainOf, isAligned, isWithin, type DkimResult } from "~/domain/dkim";
import { GMAIL_CONFIRMATION_SENDER } from "~/domain/mailbox";

/** The Postal Service signs its digests under this domain (the From is email.informeddelivery.usps.com). */
const DIGEST_SIGNING_DOMAIN = "usps.com";
const GOOGLE_SIGNING_DOMAINS = ["google.com", "gmail.com"];

/**
 * The days a digest may claim, counted from the day it was received: a digest comes the morning of
 * its day, one day ahead allows for time zones, and three days back for a forward that waited.
 */
const DIGEST_DAYS = { aheadOfReceipt: 1, beforeReceipt: 3 } as const;

/**
 * How long a digest taken is remembered (decision 0085), so that a copy delivered again adds
 * nothing: a copy is taken only while its day is at most beforeReceipt days old, and that day was
 * at most aheadOfReceipt days after the first copy arrived. A day more for the clocks.
 */
export const DIGEST_REPEAT_DAYS = DIGEST_DAYS.aheadOfReceipt + DIGEST_DAYS.beforeReceipt + 1;

/** The message's From, as the signature covers it: its address and how many From fields it has. */
export type SignedFrom = { address: string; count: number };

/** The signatures worth checking for this From: only those aligned with its domain can vouch for it. */
export function wantedSigners(from: SignedFrom): (domain: string) => boolean {
  const fromDomain = domainOf(from.address);
  return (domain) => fromDomain !== "" && isAligned(domain, fromDomain);
}

/** A valid signature of a domain within `allowed`, aligned with the single From, that covers From. */
function vouchedBy(results: DkimResult[], from: SignedFrom, allowed: (domain: string) => boolean) {
  if (from.count !== 1) return false;
  const fromDomain = domainOf(from.address);
  return results.some(
    (result) =>
      result.status === "pass" && allowed(result.domain) && isAligned(result.domain, fromDomain) && result.signedHeaders.includes("from"),
  );
}

const FORWARD_PREFIX = ["fwd:", "fw:", "fwd :", "fw :"];
const isHandForward = (subject: string) => FORWARD_PREFIX.some((prefix) => subject.trim().toLowerCase().startsWith(prefix));

/**
 * A digest as the Postal Service sent it, or as a provider's automatic forwarding kept it: its one
 * From is within usps.com and a usps.com signature over From and the whole body verified. A digest
 * forwarded by hand ("Fwd:", the forwarder's own From) never is, whatever its body says.
 */
export function isAuthenticDigest(results: DkimResult[], from: SignedFrom, subject: string): boolean {
  if (isHandForward(subject) || !isWithin(domainOf(from.address), DIGEST_SIGNING_DOMAIN)) return false;
  return vouchedBy(results, from, (domain) => isWithin(domain, DIGEST_SIGNING_DOMAIN));
}

/** A photo emailed by the person: from their account's own address, under a valid signature of its domain. */
export function isOwnEmail(results: DkimResult[], from: SignedFrom, accountEmail: string): boolean {
  if (from.address !== accountEmail.trim().toLowerCase()) return false;
  return vouchedBy(results, from, () => true);
}

/** Gmail's forwarding confirmation, signed by Google. */
export function isGoogleSigned(results: DkimResult[], from: SignedFrom): boolean {
  if (from.address !== GMAIL_CONFIRMATION_SENDER) return false;
  return vouchedBy(results, from, (domain) => GOOGLE_SIGNING_DOMAINS.some((google) => isWithin(domain, google)));
}

/**
 * Why a digest's day cannot be taken, or null when it can: after the day it was received (one day
 * allowed for time zones), more than three days before it, or before the account existed (the day
 * before its first day allowed, for time zones). All days are YYYY-MM-DD.
 */
export function digestDayRefusal(day: string, receivedOn: string, accountSince: string): string | null {
  const claimed = dayNumber(day);
  if (Number.isNaN(claimed)) return "no date";
  const received = dayNumber(receivedOn);
  if (claimed > received + DIGEST_DAYS.aheadOfReceipt) return "dated after it was received";
  if (claimed < received - DIGEST_DAYS.beforeReceipt) return "dated days before it was received";
  if (claimed < dayNumber(accountSince) - 1) return "dated before the account existed";
  return null;
}
