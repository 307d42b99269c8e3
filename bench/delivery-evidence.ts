// What counts as proof that a request reached its sender, in one place: a letter Lob took
// (mailed_letters), and an opt-out email Postmark accepted (request_emails, with Postmark's message
// id and what its webhooks reported since, decision 0053).
import { sql } from "drizzle-orm";
import type { DeliveryEvidence } from "./delivery-routes";

// Written out in full: drizzle leaves column names unqualified in a single-table select, and inside
// these subqueries "userId" would then be the inner table's own.
/** Columns to select next to a request's (from "requests"): how much evidence the database holds for it. */
export const deliveryEvidenceColumns = {
  letters: sql<number>`(select count(*) from "mailed_letters" where "mailed_letters"."userId" = "requests"."userId"
    and "mailed_letters"."requestId" = "requests"."id")`.mapWith(Number),
  emailsSent: sql<number>`(select count(*) from "request_emails" where "request_emails"."userId" = "requests"."userId"
    and "request_emails"."requestId" = "requests"."id")`.mapWith(Number),
};

export function hasDeliveryEvidence(evidence: DeliveryEvidence): boolean {
  return evidence.letters > 0 || evidence.emailsSent > 0;
}
