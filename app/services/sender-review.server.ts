// Staff's answer to a sender's review (decision 0091), as the sender page gives it: the finding
// written once for every request in the review and emailed to each person, or the requests sent
// again the way staff just fixed.
import type { SenderReviewAnswer } from "../../drizzle/schema";
import { DEFAULT_TIME_ZONE } from "~/domain/dates";
import { senderReviewFinding } from "~/domain/follow-up";
import type { StaffActor } from "~/models/audit.server";
import { envelopeOf } from "~/models/job.server";
import { getTemplate } from "~/models/request-template.server";
import { answerSenderReview } from "~/models/sender-review.server";
import { sendJobEnvelopes } from "~/queue/producer.server";
import { sendWaitingRequestsOfSender, type WaitingSent } from "~/services/automatic-send.server";
import { getDb } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";

/**
 * Answers the sender's open review `reviewId`. Null when there is no such sender, or the review is
 * no longer open (answered meanwhile, or another sender's); else how many requests the answer
 * reached, and what went out again at once.
 */
export async function answerReview(
  env: AppEnv,
  staff: StaffActor,
  target: { templateId: string; reviewId: string },
  answer: SenderReviewAnswer,
  now = new Date(),
): Promise<{ answered: number; sent: WaitingSent } | null> {
  const db = getDb(env.DB);
  const template = await getTemplate(db, target.templateId);
  if (!template) return null;
  const finding = answer === "ignoresRequests" ? senderReviewFinding(template, now, DEFAULT_TIME_ZONE) : null;
  const answered = await answerSenderReview(db, staff, target, { answer, finding }, now);
  if (!answered) return null;
  if (answered.notices.length > 0) await sendJobEnvelopes(env, answered.notices.map(envelopeOf));
  const sent = answer === "sentAgain" ? await sendWaitingRequestsOfSender(env, staff, target.templateId) : { sent: 0, by: null };
  return { answered: answered.answered, sent };
}
