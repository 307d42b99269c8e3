import type { RequestStatus } from "../../drizzle/schema";

/**
 * The senders a new account is advised to send its first requests to, best first, each with why
 * in one plain sentence (product rules: Recommended first requests). They are the catalog's list
 * cooperatives: each combines the lists of many mailers and rents them out again, so one removal
 * there reaches more of a household's mail than one at any single mailer. The reasons say only
 * what the catalog's "covers" and /learn ("What list-based mail is") already say.
 */
export const RECOMMENDED_SENDERS = [
  {
    templateId: "epsilon",
    reason: "Its Abacus cooperative combines the customer lists of catalogs and stores, and rents them to other catalogs.",
  },
  {
    templateId: "wiland",
    reason: "A list cooperative that combines and rents out the names charities and retailers mail to.",
  },
  {
    templateId: "alliant",
    reason: "A list cooperative: it combines many mailers' customer lists and rents them to other mailers.",
  },
] as const;

type RecommendableRequest = { templateId: string | null; status: RequestStatus | null; consumerFiles: boolean };

/**
 * The user's requests to recommended senders that are still to send, in the order recommended,
 * with the reason. A sender the user already sent to (or cancelled, or deleted) is not
 * recommended again; when none remain, the answer is empty and the page says nothing.
 */
export function recommendedRequests<Row extends RecommendableRequest>(requests: Row[]): Array<{ request: Row; reason: string }> {
  return RECOMMENDED_SENDERS.flatMap(({ templateId, reason }) => {
    const request = requests.find((candidate) => candidate.templateId === templateId);
    return request && request.status === null && !request.consumerFiles ? [{ request, reason }] : [];
  });
}
