// What counts as proof that a request reached its sender, in one place: a letter Lob took
// (mailed_letters), and an opt-out email Postmark accepted (sent_emails with Postmark's message id,
// for the request's optOut.email job). Delivery and bounce events of emails will be counted here too.
import { sql } from "drizzle-orm";
import type { DeliveryEvidence } from "./delivery-routes";

// Written out in full: drizzle leaves column names unqualified in a single-table select, and inside
// these subqueries "userId" would then be the inner table's own.
/** Columns to select next to a request's (from "requests"): how much evidence the database holds for it. */
export const deliveryEvidenceColumns = {
  letters: sql<number>`(select count(*) from "mailed_letters" where "mailed_letters"."userId" = "requests"."userId"
    and "mailed_letters"."requestId" = "requests"."id")`.mapWith(Number),
  emailsSent: sql<number>`(select count(*) from "sent_emails" join "jobs" on "jobs"."id" = "sent_emails"."jobId"
    where "jobs"."type" = 'optOut.email' and "sent_emails"."state" = 'sent' and "sent_emails"."messageId" is not null
    and json_extract("jobs"."payload", '$.requestId') = "requests"."id" and "jobs"."userId" = "requests"."userId")`.mapWith(Number),
};

export function hasDeliveryEvidence(evidence: DeliveryEvidence): boolean {
  return evidence.letters > 0 || evidence.emailsSent > 0;
}
