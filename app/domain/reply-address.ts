// Each request emailed to a sender replies to an address of its own, reply+<token>@<reply domain>,
// so an answer finds its request without trusting anything the sender writes (decision 0018).

const BASE32_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const TOKEN_BYTES = 16;
/** 128 random bits in base32 make 26 characters. */
const TOKEN_LENGTH = Math.ceil((TOKEN_BYTES * 8) / 5);
const TOKEN_PATTERN = new RegExp(`^[a-z2-7]{${TOKEN_LENGTH}}$`);
const LOCAL_PART_PREFIX = "reply+";

/**
 * An unguessable token: 128 random bits, lowercase base32, since some mail systems lowercase the
 * local part of an address on the way.
 */
export function newReplyToken(random: Uint8Array = crypto.getRandomValues(new Uint8Array(TOKEN_BYTES))): string {
  let bits = 0;
  let value = 0;
  let token = "";
  for (const byte of random) {
    // Only the bits not yet written matter: at most 4 left over plus the new 8.
    value = ((value << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      token += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) token += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return token;
}

export function replyAddress(token: string, replyDomain: string): string {
  return `${LOCAL_PART_PREFIX}${token}@${replyDomain.toLowerCase()}`;
}

/**
 * The token of a reply address, from an envelope recipient such as `reply+<token>@<domain>`,
 * `<reply+<token>@<domain>>` or `Name <reply+<token>@<domain>>`, in any case; null for any
 * other address, another domain or a token that could not be one of ours.
 */
export function replyTokenFrom(recipient: string, replyDomain: string): string | null {
  const parts = recipientParts(recipient);
  if (!parts || parts.domain !== replyDomain.toLowerCase() || !parts.localPart.startsWith(LOCAL_PART_PREFIX)) return null;
  const token = parts.localPart.slice(LOCAL_PART_PREFIX.length);
  return isAddressToken(token) ? token : null;
}

/** Whether a local part could be a token made by newReplyToken (the inbound addresses' too). */
export const isAddressToken = (token: string) => TOKEN_PATTERN.test(token);

/**
 * The local part and domain of an envelope recipient (`a@b`, `<a@b>`, `Name <a@b>`), lowercased;
 * null when it is not an address.
 */
export function recipientParts(recipient: string): { localPart: string; domain: string } | null {
  const bracketed = /<([^<>]*)>\s*$/.exec(recipient);
  const address = (bracketed ? bracketed[1]! : recipient).trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return null;
  return { localPart: address.slice(0, at), domain: address.slice(at + 1) };
}
