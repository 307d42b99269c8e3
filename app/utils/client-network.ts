/**
 * The network a client's address stands for when a limit counts clients. An IPv4 address is one
 * client. An IPv6 address is not: a home or a phone is given a whole /64 and may pick any address
 * in it, so every address of one /64 is the same client. Answers null for text that is no address.
 */
export function clientNetwork(address: string): string | null {
  const text = address.trim().toLowerCase();
  if (isIpv4(text)) return text;
  const groups = ipv6Groups(text);
  if (!groups) return null;
  // An IPv4 address written the IPv6 way (::ffff:192.0.2.1) is that IPv4 client.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

function isIpv4(text: string) {
  const parts = text.split(".");
  return parts.length === 4 && parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255);
}

/** The eight 16-bit groups of an IPv6 address (with `::`, an embedded IPv4 tail or a zone), or null. */
function ipv6Groups(text: string): number[] | null {
  const withoutZone = text.split("%")[0]!;
  if (!withoutZone.includes(":")) return null;
  const halves = withoutZone.split("::");
  if (halves.length > 2) return null;
  const parse = (half: string) => {
    if (half === "") return [];
    const groups: number[] = [];
    const pieces = half.split(":");
    for (const [index, piece] of pieces.entries()) {
      if (index === pieces.length - 1 && isIpv4(piece)) {
        const [a, b, c, d] = piece.split(".").map(Number) as [number, number, number, number];
        groups.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) {
        groups.push(parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}

const LOOPBACK = new Set(["127.0.0.1", "::1"]);

/**
 * The client as per-client limits count it: the address Cloudflare reports, an IPv6 one as its
 * whole /64 (clientNetwork). Outside production a request from this machine (no address, or a
 * loopback one: `npm start`, the tests) is nobody's in particular (null) and has no per-client
 * limit, or every local test user would share one budget; tests of the limits send an address. In
 * production Cloudflare always sends one; should it not, the requests without one (or with one
 * that does not parse) share a single budget, "unknown".
 */
export function clientAddress(request: Request, appEnv: string): string | null {
  const address = request.headers.get("CF-Connecting-IP")?.trim();
  if (appEnv !== "production" && (!address || LOOPBACK.has(address))) return null;
  return (address && clientNetwork(address)) ?? "unknown";
}
