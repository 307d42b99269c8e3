// The ready-made opt-out text (product rules: What the product promises): it asks a sender to remove the person's full name
// and address from its direct mailing list and add them to its Do Not Mail list. What it contains
// is LETTER_ELEMENTS below, which /learn shows as it is.
// Pure: the date is passed in, never read from the clock.
import { collapseSpaces, envelopeLines, isSameAddress } from "./address";
import { DEFAULT_TIME_ZONE, formatDate } from "./dates";
import { asksWithinPermission } from "./agent-permission";
import { lawById, legalAsksOf, type LawReachOfSender, type LegalAsks, type StatePrivacyLaw } from "./state-privacy-laws";

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

/**
 * A follow-up of a request whose sender kept mailing (decision 0058): the second request, citing
 * the first, or the request under a state privacy law sent as the person's authorized agent with
 * their signed permission attached (decision 0059).
 */
export type FollowUpLetter =
  | {
      kind: "second";
      /** How the first request went, as the phrase after "My first request was ": "sent by letter on 01/05/2027 and delivered on 01/09/2027". */
      citation: string;
      /** What showed the mail still coming, as recorded (decision 0064); without it the letter claims nothing about the mail since. */
      evidence?: string | null;
    }
  | {
      kind: "legal";
      law: StatePrivacyLaw;
      asks: LegalAsks;
      /** Whether the law surely reaches the sender, or only if it meets the law's thresholds (decision 0062). */
      reach: LawReachOfSender;
      /** Whether the request goes the way the sender's privacy notice names: only then does the letter state a deadline. */
      byNoticeMethod: boolean;
      permission: { typedName: string; signedAt: Date; allows: string };
    };

/** For a charity: whether the person gives to it, and how many times a year it may still write (0 to 12); null when not said. */
export type CharityChoice = { donor: boolean | null; mailingsPerYear: number | null };

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
  followUp?: FollowUpLetter;
  charity?: CharityChoice;
};

/** The signed permission a request under a state law carries (decision 0059). */
export type PermissionForLetter = { typedName: string; signedAt: Date; allows: string };

/** A request as stored, with what its letter is written from. */
export type RequestForLetter = PostalAddress & {
  senderName: string;
  fullName: string;
  customerNumber: string | null;
  keyCode: string | null;
  recipientIds: string[] | null;
  queuedAt: Date | null;
  /** The follow-up ladder's facts (decision 0058), when the request was followed up. */
  followUpStep?: number;
  followUpAt?: Date | null;
  firstRequestCitation?: string | null;
  followUpEvidence?: string | null;
  legalLawId?: string | null;
  /** Whether the law surely reaches the sender; null for a request from before this was kept, read as "ifApplies". */
  legalReach?: LawReachOfSender | null;
  /** Whether the legal request went the way the sender's privacy notice names; null read as no. */
  legalByNoticeMethod?: boolean | null;
  /** The permission its legal request was sent with, while it is in force. */
  permission?: PermissionForLetter | null;
  charityDonor?: boolean | null;
  charityMailingsPerYear?: number | null;
};

/**
 * What a followed-up request's letter says of the ladder: the law and the permission, or the first
 * request it cites. The legal letter asks what the law gives and the signed permission allows, no
 * more: a permission whose words allow none of it writes no legal letter.
 */
export function followUpOfRequest(request: RequestForLetter): FollowUpLetter | undefined {
  const step = request.followUpStep ?? 0;
  const law = request.legalLawId ? lawById(request.legalLawId) : null;
  const asks = law && request.permission ? asksWithinPermission(request.permission.allows, legalAsksOf(law)) : null;
  if (step === 2 && law && request.permission && asks) {
    return {
      kind: "legal",
      law,
      asks,
      reach: request.legalReach ?? "ifApplies",
      byNoticeMethod: request.legalByNoticeMethod === true,
      permission: request.permission,
    };
  }
  if (step >= 1 && request.firstRequestCitation)
    return { kind: "second", citation: request.firstRequestCitation, evidence: request.followUpEvidence ?? null };
  return undefined;
}

/** A charity's letter's choices, when the person made any. */
export function charityOfRequest(request: RequestForLetter): CharityChoice | undefined {
  const donor = request.charityDonor ?? null;
  const mailingsPerYear = request.charityMailingsPerYear ?? null;
  return donor !== null || mailingsPerYear !== null ? { donor, mailingsPerYear } : undefined;
}

/**
 * A request's letter as its owner reads it: the people it names (householdOf) and the account's
 * addresses from before a move, the follow-up and the charity's choices it carries, dated the day
 * it first went into the queue (or was followed up), or `today` while it has not, in the account's
 * time zone.
 */
export function letterOfRequest(
  request: RequestForLetter,
  recipients: (PostalAddress & { id: string; fullName: string })[],
  { today, timeZone, earlierAddresses = [] }: { today: Date; timeZone: string; earlierAddresses?: PostalAddress[] },
): string {
  const followUp = followUpOfRequest(request);
  return writeOptOutLetter({
    senderName: request.senderName,
    holder: { fullName: request.fullName, address: request },
    household: householdOf(request.recipientIds, recipients),
    earlierAddresses,
    customerNumber: request.customerNumber,
    keyCode: request.keyCode,
    date: (followUp ? request.followUpAt : null) ?? request.queuedAt ?? today,
    timeZone,
    followUp,
    charity: charityOfRequest(request),
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
  const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const { followUp } = input;
  // A donor stays on the charity's own file; everyone else asks to be taken off every list.
  const keptAsDonor = input.charity?.donor === true;
  const covers = several
    ? " This request covers every name below, including other spellings of my name and other people who get mail at my address."
    : "";

  const paragraphs: string[][] = [[formatDate(input.date, timeZone)], [senderName ? `To ${senderName}:` : "To whom it may concern:"]];
  if (followUp?.kind === "second") {
    paragraphs.push([
      // Only what is recorded is said of the mail since (decision 0064).
      [`This is my second request. My first request was ${collapseSpaces(followUp.citation)}.`, followUp.evidence, "Please act on it now."]
        .filter(Boolean)
        .join(" "),
    ]);
  } else if (followUp?.kind === "legal") {
    paragraphs.push(...legalPart(followUp), [OWN_REQUESTS_LABEL]);
  }
  paragraphs.push(
    [
      keptAsDonor
        ? `I support your work and want to stay a donor. ${donorMailings(input.charity?.mailingsPerYear ?? null)} Please stop trading my name: do not rent, exchange or share it with other organizations.${covers}`
        : `Please remove my full name and address from your direct mailing list and add them to your Do Not Mail list.${covers}`,
    ],
    [several ? "Names:" : "Name:", ...indent(names)],
    ["Address:", ...indent(envelopeLines(input.holder.address))],
  );
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
  const addresses = `${earlier.length > 0 ? " and the earlier addresses above" : ""}`;
  paragraphs.push(
    keptAsDonor
      ? [
          `Please remove ${several ? "every one of these names" : "my name"} from every list you rent, exchange or buy from others, ` +
            `and from any list you share, for this address${addresses}, so that other organizations stop writing to me.`,
        ]
      : [
          `Please remove ${several ? "every one of these names" : "my name"} from every list you keep for this address${addresses}, ` +
            `including lists you rent or buy from others, and add ${several ? "each of them" : "it"} to your internal ` +
            "do-not-mail (suppression) file so that no further mail is sent.",
        ],
    [
      `Please do not sell, rent, exchange or share my name, my address or any other information about me` +
        `${several ? " or anyone named in this letter" : ""} with any other ${input.charity ? "organization" : "company"}, your affiliates included.`,
    ],
  );
  paragraphs.push(
    [
      `Please also tell me where you obtained my name and address, and confirm to me once the ${keptAsDonor ? "change" : "removal"} is complete.`,
    ],
    ["Thank you for your help."],
    ["Sincerely,", holderName],
  );
  if (followUp?.kind === "legal") {
    const { typedName, signedAt, allows } = followUp.permission;
    paragraphs.push([`Authorization: I, ${collapseSpaces(typedName)}, signed on ${formatDate(signedAt, timeZone)}: ${allows}`]);
  }
  return paragraphs.map((lines) => lines.join("\n")).join("\n\n");
}

/** Where a legal letter's own requests begin: what follows is asked, not demanded under a law. */
export const OWN_REQUESTS_LABEL =
  "Part 2, my own requests. No law requires you to grant these; I ask them of you as someone you keep mailing:";

/**
 * The legal part of a request under a state law (decision 0062): what the statute gives an agent
 * to ask, each ask with its section, and nothing more. California: delete what the business
 * collected from the consumer, and opt out of sale and sharing; the other laws: opt out of the
 * sale of personal data. Where the law reaches the sender only if it meets the thresholds, every
 * ask is "if the Act applies to you". A deadline is stated only for a request that went the way
 * the sender's privacy notice names, where the law's clock starts; "you must" only where the law
 * surely reaches the sender as well.
 */
function legalPart(followUp: Extract<FollowUpLetter, { kind: "legal" }>): string[][] {
  const { law, asks, reach, byNoticeMethod } = followUp;
  const optOutCite = law.optOutSection ?? law.statute;
  const ask =
    asks === "deleteAndOptOut"
      ? `I ask you to delete the personal information you collected from me (${law.deleteSection ?? law.statute}), ` +
        `and I opt out of the sale and sharing of my personal information (${optOutCite}).`
      : `I opt out of the sale of my personal data (${optOutCite}).`;
  const conditional = reach === "ifApplies";
  const deadline = !byNoticeMethod
    ? ""
    : conditional
      ? ` If it does, the time it gives you to respond is ${law.responseInWords}.`
      : ` Under the ${law.name}, you must respond within ${law.responseInWords}.`;
  return [
    [
      `Part 1, a request under the ${law.name} (${law.statute}). Quiet Mailbox sends it for me, as my authorized agent under ${law.agentSection ?? "the Act"}; my signed permission is at the end of this letter.`,
    ],
    [`${conditional ? `If the ${law.name} applies to you, ${ask}` : ask}${deadline}`],
  ];
}

function donorMailings(perYear: number | null): string {
  if (perYear === null) return "Please keep me on your donor file, and mail me less often.";
  if (perYear === 0) return "Please keep me on your donor file, but send me no appeals by mail: only receipts for my gifts.";
  return `Please keep me on your donor file, and mail me no more than ${perYear === 1 ? "once" : `${perYear} times`} a year.`;
}
