import { z } from "zod";
import { timeZoneForState } from "~/domain/dates";
import { AGENT_PERMISSION_PATH, FOLLOW_UP_HISTORY, followUpNoticeEmail, HOLD_REMINDERS } from "~/domain/follow-up";
import { lawById, legalRouteFor } from "~/domain/state-privacy-laws";
import type { JobContext, JobDefinition } from "~/jobs/definitions.server";
import { sendEmailOnce, sendEmailsTogether } from "~/jobs/email.server";
import type { EmailMessage } from "~/integrations/email.server";
import { emailSwitchUrl } from "~/services/email-switches.server";
import { followUpNoticeFactsOf, followUpNoticeFactsQuery } from "~/models/follow-up.server";
import { dbFor, getDb, homeDatabases } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";

const FollowUpNoticePayload = z.object({
  userId: z.string().min(1),
  requestId: z.string().min(1),
  /** The history line of the step (request_logs.id): the email says what it says. */
  lineId: z.string().min(1),
  /** A weekly reminder of a step that waits for the person: which week since the step. */
  week: z.number().int().min(1).optional(),
});

type NoticePayload = z.infer<typeof FollowUpNoticePayload>;
type NoticeFacts = NonNullable<Awaited<ReturnType<typeof followUpNoticeFactsOf>>>;

/**
 * The email about the step, from the facts read when the job runs: null when nothing is to go (the
 * person turned these emails off, the request was deleted, or a later step answered the hold).
 */
async function noticeMessage(
  env: AppEnv,
  { userId, requestId, week }: NoticePayload,
  facts: NoticeFacts | null,
): Promise<EmailMessage | null> {
  if (!facts || !facts.followUpEmails || facts.status === "deleted" || facts.status === "cancelled") return null;
  // A wait for the person that a later step already answered (their word, then the wait for their
  // signature) is told by that step's own email, not twice.
  if (facts.lineStatus === FOLLOW_UP_HISTORY.hold && facts.laterStep) return null;
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
  return email ? { to: facts.email, ...email, tag: "follow-up", listUnsubscribe: unsubscribeUrl } : null;
}

/** One notice sent alone: its facts read from the person's home database. */
async function sendNotice(payload: NoticePayload, context: JobContext) {
  const { env } = context;
  const facts = await followUpNoticeFactsOf(await dbFor(env, payload.userId), payload, payload.lineId);
  const message = await noticeMessage(env, payload, facts);
  if (message) await sendEmailOnce(context, message);
}

/**
 * Emails the person about one step the follow-up ladder took in their name (decision 0071), once
 * however often the queue delivers it. Read when the job runs: nothing goes to a person who turned
 * these emails off, about a request deleted since, or about a hold already answered or followed by
 * a later step. Notices of one queue batch run together (decision 0088) where the people's rows and
 * the sends' records share one database; with several homes (decision 0082) each runs alone.
 */
export const followUpNoticeJob = {
  payload: FollowUpNoticePayload,
  handle: sendNotice,
  async handleTogether(jobs) {
    const { env } = jobs[0]!.context;
    if (homeDatabases(env).length > 1) {
      const failures: unknown[] = [];
      for (const { payload, context } of jobs)
        failures.push(
          await sendNotice(payload, context).then(
            () => null,
            (error: unknown) => error,
          ),
        );
      return failures;
    }
    const db = getDb(env.DB);
    return sendEmailsTogether(db, jobs, {
      read: ({ payload }) => followUpNoticeFactsQuery(db, payload, payload.lineId),
      compose: ({ payload }, [facts]) => noticeMessage(env, payload, facts ?? null),
      alone: ({ payload, context }) => sendNotice(payload, context),
    });
  },
} satisfies JobDefinition<typeof FollowUpNoticePayload>;
