// The person's own request by email (decision 0066): it goes from a sending address of their own on
// the product's sending domain, their name shown, and closes with one line saying who sent it for
// them. Pure, with unit tests (own-request.test.ts).

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
/** Four base32 characters of a digest: enough that two people of the same name rarely share an address. */
const TAG_LENGTH = 4;
const NAME_PART_MAX = 40;

/** "Jane Q. Doe-Smith" as "jane.q.doe.smith": letters and digits of the name only, accents dropped. */
export function nameLocalPart(fullName: string): string {
  const words = fullName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const part = words.join(".").slice(0, NAME_PART_MAX).replace(/\.+$/, "");
  return part || "member";
}

/**
 * The person's sending address: their name and a short tag derived from their account id, e.g.
 * "jane.doe.x7k2@requests.quietmailbox.com". The same for every request of theirs; it tells a
 * sender nothing beyond the name the letter already gives.
 */
export async function personSendingMailbox(person: { userId: string; fullName: string }, domain: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`own-sending-address:${person.userId}`)));
  const tag = [...digest.slice(0, TAG_LENGTH)].map((byte) => BASE32[byte & 31]).join("");
  return `${nameLocalPart(person.fullName)}.${tag}@${domain.toLowerCase()}`;
}

/** The name as an email's display name: quoted, with the characters a header cannot carry taken out. */
export function displayName(fullName: string): string {
  const clean = fullName
    .replace(/[\r\n\t"\\<>]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return `"${clean}"`;
}

/** The From of the person's own request: "\"Jane Doe\" <jane.doe.x7k2@…>". */
export async function personSendingAddress(person: { userId: string; fullName: string }, domain: string): Promise<string> {
  return `${displayName(person.fullName)} <${await personSendingMailbox(person, domain)}>`;
}

/** The one closing line of the person's own request by email. */
export function ownRequestClosing(fullName: string): string {
  return `Sent for ${fullName.trim()} at their request by Quiet Mailbox, a service that sends people's opt-out requests. Your reply to this email reaches them.`;
}
