// The sender's return address, as the person holding a piece of its mail reads it (decision 0067):
// the form that takes it, the one line the letter is addressed with, and how long a request waits
// for it before our staff look the address up instead. Pure, so each rule has a unit test
// (sender-address.test.ts).
import { z } from "zod";
import { DAY_MS } from "./dates";
import { stateCode } from "./us-states";
import { ZIP_PATTERN } from "./zip";
import { ADDRESS_FORM_MESSAGES } from "./signup";
import { senderAddressForLob } from "./letter-by-post";
import { normalizePostalAddress } from "./sender-channels";

/** How long a request waits for the person's answer before it goes to our staff as before. */
export const RETURN_ADDRESS_WAIT_DAYS = 7;

export const SENDER_ADDRESS_FIELDS = ["company", "street1", "street2", "city", "state", "zipCode"] as const;
export type SenderAddressField = (typeof SENDER_ADDRESS_FIELDS)[number];

/** The return address as the form takes it: the name printed above it, then the address. */
export type SenderAddressInput = { company: string; street1: string; street2?: string; city: string; state: string; zipCode: string };

export const SENDER_ADDRESS_MESSAGES = {
  company: "Please enter the name printed above the return address.",
  street1: "Please enter the street address or P.O. Box.",
  city: "Please enter the city name.",
  state: "Please enter the state.",
  zipCode: "Please enter the zip code.",
  companyTooLong: "Please shorten the name to 80 characters: the envelope has two lines of 40 for it.",
  unavailable: "We could not check this address just now. Nothing was saved; please try again in a moment.",
  alreadyOnItsWay: "Your request to this sender is already on its way: nothing was changed.",
  notAsked: "This request does not need a return address: nothing was changed.",
  cameBackFrom:
    "Your letter already came back from this address. Please look on the piece for another one: the return address on the envelope, or the one on its order or reply form.",
} as const;

/** Lob prints a company on at most two lines of 40 characters. */
const COMPANY_MAX = 80;
const MAX = { street1: 100, street2: 100, city: 60, state: 40, zipCode: 12 } as const;
const tooLong = (what: string, max: number) => `Please shorten the ${what} to ${max} characters.`;
const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** The form's fields, checked the way the person's own address is (signup step 1's messages). */
export const SenderAddressSchema = z.object({
  company: required(SENDER_ADDRESS_MESSAGES.company).pipe(z.string().max(COMPANY_MAX, SENDER_ADDRESS_MESSAGES.companyTooLong)),
  street1: required(SENDER_ADDRESS_MESSAGES.street1).pipe(z.string().max(MAX.street1, tooLong("street address", MAX.street1))),
  street2: z
    .string()
    .trim()
    .pipe(z.string().max(MAX.street2, tooLong("suite or unit", MAX.street2)))
    .optional(),
  city: required(SENDER_ADDRESS_MESSAGES.city).pipe(z.string().max(MAX.city, tooLong("city", MAX.city))),
  state: required(SENDER_ADDRESS_MESSAGES.state)
    .pipe(z.string().max(MAX.state, tooLong("state", MAX.state)))
    .pipe(z.string().refine((value) => stateCode(value) !== null, ADDRESS_FORM_MESSAGES.stateUnknown)),
  zipCode: required(SENDER_ADDRESS_MESSAGES.zipCode)
    .pipe(z.string().max(MAX.zipCode, tooLong("ZIP code", MAX.zipCode)))
    .pipe(z.string().regex(ZIP_PATTERN, ADDRESS_FORM_MESSAGES.zipInvalid)),
});

// The one line splits at its commas (senderAddressForLob): a comma inside a part would split it.
const part = (value: string | undefined) =>
  (value ?? "")
    .replace(/\s*,\s*/g, " ")
    .trim()
    .replace(/\s+/g, " ");

/**
 * The address as one line in the catalog's form, "Company, street, City, ST 12345", which the letter
 * is addressed with (senderAddressForLob): the street and its suite together, every comma inside a
 * part taken out.
 */
export function senderAddressLine(
  company: string,
  address: { street1: string; street2?: string | null; city: string; state: string; zipCode: string },
) {
  const street = [part(address.street1), part(address.street2 ?? "")].filter(Boolean).join(" ");
  return `${part(company)}, ${street}, ${part(address.city)}, ${part(address.state).toUpperCase()} ${part(address.zipCode)}`;
}

/**
 * A return address as a photo or a digest read it ("P.O. Box 11539, Des Moines, IA 50306") in the
 * form's fields, under the sender's name; null when it does not end in a city, a state and a ZIP.
 */
export function senderAddressFromReading(read: string, company: string): Required<SenderAddressInput> | null {
  const parts = read
    .split(/\s*,\s*/)
    .map((piece) => piece.trim())
    .filter(Boolean);
  const stateZip = parts.at(-1)?.match(/^([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?)$/);
  if (!stateZip || parts.length < 3 || stateCode(stateZip[1]!) === null) return null;
  return {
    company,
    street1: parts.slice(0, -2).join(" "),
    street2: "",
    city: parts.at(-2)!,
    state: stateZip[1]!.toUpperCase(),
    zipCode: stateZip[2]!,
  };
}

/**
 * Where a request that needs the sender's return address stands: asked (the person has until
 * `staffFrom` to answer), or with our staff since `staffFrom`. The ask starts when the request went
 * into the queue, or when it came back from the address we had (`cameBackAt`, decision 0070). The
 * person may still answer after: the letter goes at once and the request leaves staff's list.
 */
export function returnAddressWait({ queuedAt, cameBackAt }: { queuedAt: Date; cameBackAt: Date | null }, now: Date) {
  const askedAt = cameBackAt ?? queuedAt;
  const staffFrom = new Date(askedAt.getTime() + RETURN_ADDRESS_WAIT_DAYS * DAY_MS);
  return { askedAt, staffFrom, withStaff: now.getTime() >= staffFrom.getTime(), cameBack: cameBackAt !== null };
}

/**
 * Whether the card asks for the return address printed on the piece (decision 0067): a first
 * request in queue, unsent and with nothing on its way, to a sender with no channel that goes
 * without a person, none given yet. The wait says until when it is the person's, then staff's.
 */
export function returnAddressAskOf(
  request: {
    status: string | null;
    processedAt: Date | null;
    queuedAt: Date | null;
    asksReturnAddress?: boolean;
    consumerFiles: boolean;
    senderAddress?: string | null;
    sendingJob: string | null;
    followUpStep: number | null;
    followUpHold: string | null;
    returnAddressAskedAt?: Date | null;
  },
  now: Date,
) {
  const asks =
    request.status === "inQueue" &&
    !request.processedAt &&
    request.asksReturnAddress &&
    !request.consumerFiles &&
    !request.senderAddress &&
    !request.sendingJob &&
    (request.followUpStep ?? 0) === 0 &&
    !request.followUpHold;
  return asks && request.queuedAt
    ? returnAddressWait({ queuedAt: request.queuedAt, cameBackAt: request.returnAddressAskedAt ?? null }, now)
    : null;
}

/**
 * Whether two one-line postal addresses are the same place, whatever the company or attention line
 * and however the street is spelled: street, city, state and 5-digit ZIP.
 */
export function samePostalPlace(one: string, other: string): boolean {
  const place = (line: string) => {
    const fields = senderAddressForLob(line, "-");
    if (!fields) return normalizePostalAddress(line);
    return normalizePostalAddress(
      `${fields.address_line1} ${fields.address_city} ${fields.address_state} ${fields.address_zip.slice(0, 5)}`,
    );
  };
  return place(one) === place(other);
}
