// The ready-made opt-out text (product rules: What the product promises): it asks a sender to remove the person's full name
// and address from its direct mailing list and add them to its Do Not Mail list. What it contains
// is LETTER_ELEMENTS below, which /learn shows as it is.
// Pure: the date is passed in, never read from the clock.
import { collapseSpaces, envelopeLines, isSameAddress } from "./address";
import { DEFAULT_TIME_ZONE, formatDate } from "./dates";
import type { StatePrivacyLaw } from "./state-privacy-laws";

/** What a request that senders can act on holds, in the order the letter gives it. */
export const LETTER_ELEMENTS = [
  "Your full name, with every spelling and variant seen on labels, and the other people at the address, former residents included.",
  "The address exactly as printed, and earlier addresses after a move.",
  "The customer number or source code from the label, when there is one.",
  "The request itself: remove every variant from every list at this address, and add them to the sender's internal do-not-mail (suppression) file.",
  "Not to sell, rent, exchange or share the information, with affiliates included.",
  "A request to say where the name was obtained, and to confirm the removal.",
  "The date, and where the request is filed for you, that we act on your behalf.",
] as const;

export type PostalAddress = { street1: string; street2: string | null; city: string; state: string; zipCode: string };
export type LetterPerson = { fullName: string; address: PostalAddress };
/**
 * The people a request's letter names besides the holder: the recipients it was sent for, or
 * everyone on the list when it names no one in particular (recipientIds null).
 */
export function householdOf(
  recipientIds: string[] | null,
  recipients: (PostalAddress & { id: string; fullName: string })[],
): LetterPerson[] {
  const chosen = recipientIds ? recipients.filter((person) => recipientIds.includes(person.id)) : recipients;
  return chosen.map(({ fullName, street1, street2, city, state, zipCode }) => ({
    fullName,
    address: { street1, street2, city, state, zipCode },
  }));
}

export type OptOutLetterInput = {
  senderName: string;
  /** The account holder: name and address as standardized. */
  holder: LetterPerson;
  /** Other people and name variants covered (the recipients); may be empty. */
  household: LetterPerson[];
  /** The holder's addresses from before a move, oldest first: senders file people under old addresses too. */
  earlierAddresses?: PostalAddress[];
  /** The customer number or source code from the mailing label, when the user has one. */
  customerNumber?: string | null;
  /** The key or source code of the mailing read apart from the customer number off a photo's label. */
  keyCode?: string | null;
  /** The letter's date. */
  date: Date;
  /** IANA zone the date is read in; America/New_York by default. */
  timeZone?: string;
  // STAND-IN until the follow-up letters' text lands: the inputs, and one paragraph each.
  followUp?:
    | { kind: "second"; citation: string }
    | {
        kind: "legal";
        law: StatePrivacyLaw;
        asks: "deleteAndOptOut" | "optOut";
        permission: { typedName: string; signedAt: Date; allows: string };
      };
  charity?: { donor: boolean | null; mailingsPerYear: number | null };
};

/** A request as stored, with what its letter is written from. */
export type RequestForLetter = PostalAddress & {
  senderName: string;
  fullName: string;
  customerNumber: string | null;
  keyCode: string | null;
  recipientIds: string[] | null;
  queuedAt: Date | null;
};

/**
 * A request's letter as its owner reads it: the people it names (householdOf) and the account's
 * addresses from before a move, dated the day it first went into the queue, or `today` while it
 * has not, in the account's time zone.
 */
export function letterOfRequest(
  request: RequestForLetter,
  recipients: (PostalAddress & { id: string; fullName: string })[],
  { today, timeZone, earlierAddresses = [] }: { today: Date; timeZone: string; earlierAddresses?: PostalAddress[] },
): string {
  return writeOptOutLetter({
    senderName: request.senderName,
    holder: { fullName: request.fullName, address: request },
    household: householdOf(request.recipientIds, recipients),
    earlierAddresses,
    customerNumber: request.customerNumber,
    keyCode: request.keyCode,
    date: request.queuedAt ?? today,
    timeZone,
  });
}

/**
 * The letter as plain text, one paragraph after another, written by the account holder in the
 * first person. It never asks for or mentions a Social Security number or a date of birth.
 */
export function writeOptOutLetter(input: OptOutLetterInput): string {
  const holderName = collapseSpaces(input.holder.fullName);
  if (!holderName) throw new Error("writeOptOutLetter: the account holder's name is empty");
  const senderName = collapseSpaces(input.senderName);

  // Every name once, the holder's first; a variant that differs only in case is the same name.
  const names = [holderName];
  const seen = new Set([holderName.toLowerCase()]);
  // A covered person whose address is not the holder's is on the sender's records at an address
  // from before a move: listed with it so the sender can find that record too.
  const earlier: string[] = [];
  const seenEarlier = new Set<string>();
  for (const person of input.household) {
    const name = collapseSpaces(person.fullName);
    if (!name) continue;
    if (!seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      names.push(name);
    }
    if (!isSameAddress(person.address, input.holder.address)) {
      const line = `${name}, at ${envelopeLines(person.address).join(", ")}`;
      if (!seenEarlier.has(line.toLowerCase())) {
        seenEarlier.add(line.toLowerCase());
        earlier.push(line);
      }
    }
  }
  const several = names.length > 1;
  for (const address of input.earlierAddresses ?? []) {
    if (isSameAddress(address, input.holder.address)) continue;
    const line = `${holderName}, at ${envelopeLines(address).join(", ")}`;
    if (!seenEarlier.has(line.toLowerCase())) {
      seenEarlier.add(line.toLowerCase());
      earlier.push(line);
    }
  }
  const customerNumber = collapseSpaces(input.customerNumber);
  const keyCode = collapseSpaces(input.keyCode);
  const indent = (lines: string[]) => lines.map((line) => `  ${line}`);

  const paragraphs: string[][] = [
    [formatDate(input.date, input.timeZone ?? DEFAULT_TIME_ZONE)],
    [senderName ? `To ${senderName}:` : "To whom it may concern:"],
    [
      `Please remove my full name and address from your direct mailing list and add them to your Do Not Mail list.` +
        (several
          ? " This request covers every name below, including other spellings of my name and other people who get mail at my address."
          : ""),
    ],
    [several ? "Names:" : "Name:", ...indent(names)],
    ["Address:", ...indent(envelopeLines(input.holder.address))],
  ];
  if (earlier.length > 0) {
    paragraphs.push(["Earlier addresses, from before a move, where your records may still have these names:", ...indent(earlier)]);
  }
  if (keyCode) {
    // Read apart off the label: the sender finds the person by either, so both are named.
    paragraphs.push([
      "From your mailing label:",
      ...indent([...(customerNumber ? [`Customer number: ${customerNumber}`] : []), `Key code: ${keyCode}`]),
    ]);
  } else if (customerNumber) {
    paragraphs.push([`Customer number or source code from your mailing label: ${customerNumber}`]);
  }
  paragraphs.push(
    [
      `Please remove ${several ? "every one of these names" : "my name"} from every list you keep for this address` +
        `${earlier.length > 0 ? " and the earlier addresses above" : ""}, ` +
        `including lists you rent or buy from others, and add ${several ? "each of them" : "it"} to your internal ` +
        "do-not-mail (suppression) file so that no further mail is sent.",
    ],
    [
      `Please do not sell, rent, exchange or share my name, my address or any other information about me` +
        `${several ? " or anyone named in this letter" : ""} with any other company, your affiliates included.`,
    ],
    ["Please also tell me where you obtained my name and address, and confirm to me once the removal is complete."],
    ["Thank you for your help."],
    ["Sincerely,", holderName],
  );
  // STAND-IN until the follow-up letters' text lands.
  const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  if (input.followUp?.kind === "second")
    paragraphs.splice(3, 0, [`This is my second request. My first request was ${input.followUp.citation}.`]);
  if (input.followUp?.kind === "legal") {
    const { law, permission } = input.followUp;
    paragraphs.splice(3, 0, [
      `This is a request under the ${law.name} (${law.statute}), sent by my authorized agent; please respond within ${law.responseDays} days.`,
    ]);
    paragraphs.push([
      `Authorization: I, ${permission.typedName}, signed on ${formatDate(permission.signedAt, timeZone)}: ${permission.allows}`,
    ]);
  }
  return paragraphs.map((lines) => lines.join("\n")).join("\n\n");
}
