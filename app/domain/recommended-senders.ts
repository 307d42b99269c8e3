import type { RequestStatus, SenderChannel } from "../../drizzle/schema";
import { dropReaches } from "~/domain/drop";

/**
 * The senders a new account may be advised to send its first requests to, in the order of advice,
 * each with why in one plain sentence (product rules: Recommended first requests). First the
 * catalog's list cooperatives: each combines the lists of many mailers and rents them out again,
 * so one removal there reaches more of a household's mail than one at any single mailer. Then
 * senders of mail by the household's address that the catalog does not file as data brokers, for
 * a Californian, whom DROP reaches the data brokers for free (decision 0074). The reasons say only
 * what the catalog's "covers" and /learn already say.
 */
export const RECOMMENDED_SENDERS = [
  {
    templateId: "epsilon",
    reason: "Its Abacus cooperative rents out catalogs' and stores' customer lists.",
  },
  {
    templateId: "wiland",
    reason: "A cooperative renting out the names charities and stores mail to.",
  },
  {
    templateId: "alliant",
    reason: "A cooperative renting out many mailers' pooled customer lists.",
  },
  {
    templateId: "harte-hanks",
    reason: "It mails for its client companies and passes your choice on to them.",
  },
  {
    templateId: "vericast-save",
    reason: "Weekly coupon packs, addressed by your address, not your name.",
  },
  {
    templateId: "valpak",
    reason: "Blue coupon envelopes, mailed by address; it removes addresses on request.",
  },
] as const;

/** How many senders are recommended at once: a new account's free requests. */
export const RECOMMENDED_COUNT = 3;

type RecommendableRequest = {
  templateId: string | null;
  status: RequestStatus | null;
  consumerFiles: boolean;
  category: string | null;
  channels: SenderChannel[] | null;
};

/**
 * How soon the service reaches a sender by itself (automaticSendOf, decision 0066): 0 with an
 * email address (it goes at once), 1 with a postal address only (at once where letters go through
 * Lob, else printed by staff), 2 with neither (staff file it by form or phone, or look it up).
 */
export function reachRank(channels: SenderChannel[] | null): 0 | 1 | 2 {
  const has = (kind: SenderChannel["kind"]) => (channels ?? []).some((channel) => channel.kind === kind && channel.value.trim() !== "");
  return has("email") ? 0 : has("mail") ? 1 : 2;
}

/**
 * The user's requests to recommended senders that are still to send, in the order recommended,
 * with the reason. The order is the person's: for a Californian, a data broker (which DROP reaches
 * for free) comes after every sender DROP does not reach; then a sender the service reaches at once
 * comes before one that waits for staff; then the order of RECOMMENDED_SENDERS. The first
 * RECOMMENDED_COUNT of those the account has a request for are the recommendation; a sender the
 * user already sent to (or cancelled, or deleted) is not recommended again, and no other takes its
 * place: when none remain, the answer is empty and the page says nothing.
 */
export function recommendedRequests<Row extends RecommendableRequest>(
  requests: Row[],
  { state }: { state: string },
): Array<{ request: Row; reason: string }> {
  const ranked = RECOMMENDED_SENDERS.flatMap(({ templateId, reason }, index) => {
    const request = requests.find((candidate) => candidate.templateId === templateId);
    if (!request || request.consumerFiles) return [];
    return [{ request, reason, key: [dropReaches(state, request.category) ? 1 : 0, reachRank(request.channels), index] }];
  });
  ranked.sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]! || a.key[2]! - b.key[2]!);
  return ranked
    .slice(0, RECOMMENDED_COUNT)
    .filter(({ request }) => request.status === null)
    .map(({ request, reason }) => ({ request, reason }));
}
