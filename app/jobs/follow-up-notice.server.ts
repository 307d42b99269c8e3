import { z } from "zod";
import { timeZoneForState } from "~/domain/dates";
import { AGENT_PERMISSION_PATH, FOLLOW_UP_HISTORY, followUpNoticeEmail, HOLD_REMINDERS } from "~/domain/follow-up";
import { lawById, legalRouteFor } from "~/domain/state-privacy-laws";
import type { JobDefinition } from "~/jobs/definitions.server";
import { sendEmailOnce } from "~/jobs/email.server";
import { emailSwitchUrl } from "~/services/email-switches.server";
import { followUpNoticeFactsOf } from "~/models/follow-up.server";
import { dbFor } from "~/utils/db.server";

const FollowUpNoticePayload = z.object({
  userId: z.string().min(1),
  requestId: z.string().min(1),
  /** The history line of the step (request_logs.id): the email says what it says. */
  lineId: z.string().min(1),
  /** A weekly reminder of a step that waits for the person: which week since the step. */
  week: z.number().int().min(1).optional(),
});

/**
 * Emails the person about one step the follow-up ladder took in their name (decision 0071), once
 * however often the queue delivers it. Read when the job runs: nothing goes to a person who turned
 * these emails off, about a request deleted since, or about a hold already answered or followed by
 * a later step.
 */
export const followUpNoticeJob = {
  payload: FollowUpNoticePayload,
  async handle({ userId, requestId, lineId, week }, context) {
    const { env } = context;
    const facts = await followUpNoticeFactsOf(await dbFor(env, userId), { userId, requestId }, lineId);
    if (!facts || !facts.followUpEmails || facts.status === "deleted" || facts.status === "cancelled") return;
    // A wait for the person that a later step already answered (their word, then the wait for their
    // signature) is told by that step's own email, not twice.
    if (facts.lineStatus === FOLLOW_UP_HISTORY.hold && facts.laterStep) return;
    const route = facts.lineStatus === FOLLOW_UP_HISTORY.hold ? legalRouteFor(facts.state, { category: facts.category }, new Date()) : null;
    const law = facts.legalLawId ? lawById(facts.legalLawId) : route?.kind === "send" ? route.law : null;
    const unsubscribeUrl = await emailSwitchUrl(env, "followUps", userId);
    const email = followUpNoticeEmail(
      {
        senderName: facts.senderName,
        status: facts.lineStatus,
        detail: facts.lineDetail,
        at: facts.lineAt,
        hold: facts.followUpHold,
        law,
        requiredDays: facts.requiredDays,
        requestUrl: new URL(`/dashboard#request-${encodeURIComponent(requestId)}`, env.APP_ORIGIN).href,
        permissionUrl: new URL(AGENT_PERMISSION_PATH, env.APP_ORIGIN).href,
        unsubscribeUrl,
        reminder: week ? { week, of: HOLD_REMINDERS } : null,
      },
      timeZoneForState(facts.state),
    );
    if (!email) return;
    await sendEmailOnce(context, { to: facts.email, ...email, tag: "follow-up", listUnsubscribe: unsubscribeUrl });
  },
} satisfies JobDefinition<typeof FollowUpNoticePayload>;
