import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { PostOutcome } from "~/components/ui/form";
import {
  AnotherName,
  ChannelProblems,
  EditSender,
  PostalProposals,
  SenderCatalogFacts,
  SenderReview,
  WaitingForStaff,
  WhoGetsIt,
} from "~/components/admin/sender-sections";
import { AuditHistory } from "~/components/admin/audit-history";
import { auditHistoryRows } from "~/domain/audit-details";
import { DAY_MS, DEFAULT_TIME_ZONE, formatDate, formatDateTime } from "~/domain/dates";
import { FINDING_HOLDS_DAYS, senderReviewFinding } from "~/domain/follow-up";
import { SENDER_REVIEW_ANSWERS, type SenderReviewAnswer } from "../../drizzle/schema";
import { senderReviewsOf } from "~/models/sender-review.server";
import { answerReview } from "~/services/sender-review.server";
import { plural } from "~/domain/plural";
import { formDefaultsFromTemplate, SenderSchema, type SenderFormValues } from "~/domain/sender-form";
import { SENDER_QUERY_MAX_LENGTH } from "~/domain/sender-search";
import { addSenderName, listSenderNames } from "~/models/sender-names.server";
import { listAudit, type StaffActor } from "~/models/audit.server";
import {
  lettersGoThroughLob,
  sendWaitingRequestsOfSender,
  whyRequestsWaitForStaff,
  type WaitingSent,
} from "~/services/automatic-send.server";
import {
  clearChannelProblem,
  decidePostalChannelProposal,
  type ChannelKind,
  listChannelProblems,
  listPostalChannelProposals,
} from "~/models/sender-channels.server";
import {
  getTemplate,
  getTemplateForStaff,
  listTemplateCategories,
  offerTemplateToExistingUsers,
  setTemplateActive,
  updateTemplate,
} from "~/models/request-template.server";
import { requireAdmin, requireStaff } from "~/services/auth.server";
import { countWaitingRequestsOfSender } from "~/models/work-queue.server";
import { getDb, type Db } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";
import { isUnknownIntent, unknownIntent } from "~/utils/intent";
import { invariantResponse } from "~/utils/http-errors";
import { pageMeta } from "~/utils/meta";
import { changingPublicPages } from "~/services/public-pages.server";

const SENDER_PAGE_MESSAGES = {
  noChannel: "Add a channel before activating this sender: no request could be sent without one.",
  inactive: "Activate this sender before offering it: inactive senders are never given to users.",
  nameMissing: "Please enter a name with at least one letter or digit.",
  nameTooLong: `Please shorten the name to ${SENDER_QUERY_MAX_LENGTH} characters.`,
  nameKnown: "The sender is found by that name already.",
  proposalGone: "That address was already confirmed or rejected.",
  reviewGone: "That review was already answered.",
} as const;

const SenderActionSchema = z.discriminatedUnion("intent", [
  SenderSchema.extend({ intent: z.literal("update") }),
  z.object({ intent: z.literal("activate") }),
  z.object({ intent: z.literal("deactivate") }),
  z.object({ intent: z.literal("offer") }),
  z.object({ intent: z.literal("sendWaiting") }),
  z.object({ intent: z.literal("fixed"), kind: z.enum(["web", "email", "mail", "phone"]) }),
  z.object({ intent: z.enum(["confirmProposal", "rejectProposal"]), proposalId: z.string().min(1).max(80) }),
  z.object({ intent: z.literal("review"), reviewId: z.string().min(1).max(80), answer: z.enum(SENDER_REVIEW_ANSWERS) }),
  z.object({
    intent: z.literal("name"),
    name: z.string({ error: SENDER_PAGE_MESSAGES.nameMissing }).max(SENDER_QUERY_MAX_LENGTH, SENDER_PAGE_MESSAGES.nameTooLong),
  }),
]);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const db = getDb(context.env.DB);
  const id = params.id ?? "";
  const [template, categories, history, names, problems, proposals, waiting, reviews] = await Promise.all([
    getTemplateForStaff(db, id),
    listTemplateCategories(db),
    listAudit(db, { targetType: "template", targetId: id }),
    listSenderNames(db, id),
    listChannelProblems(db, id),
    listPostalChannelProposals(db, id),
    countWaitingRequestsOfSender(db, id),
    senderReviewsOf(db, id),
  ]);
  invariantResponse(template);
  const url = new URL(request.url);
  const offered = url.searchParams.get("offered");
  const saved = url.searchParams.get("saved");
  const sent = sentNotice(url.searchParams);
  const { createdAt, updatedAt, ...facts } = template;
  return {
    isAdmin: staff.role === "admin",
    template: {
      ...facts,
      createdAt: formatDateTime(createdAt, DEFAULT_TIME_ZONE),
      updatedAt: formatDateTime(updatedAt, DEFAULT_TIME_ZONE),
    },
    defaultValue: formDefaultsFromTemplate(template),
    names,
    categories,
    waiting,
    review: {
      open: reviews.open
        ? { id: reviews.open.id, openedAt: formatDateTime(reviews.open.openedAt, DEFAULT_TIME_ZONE), waiting: reviews.open.waiting }
        : null,
      answered: reviews.answered.map((answered) => ({
        id: answered.id,
        answeredAt: formatDateTime(answered.answeredAt!, DEFAULT_TIME_ZONE),
        answer: answered.answer!,
        holdsUntil:
          answered.answer === "ignoresRequests"
            ? formatDate(new Date(answered.answeredAt!.getTime() + FINDING_HOLDS_DAYS * DAY_MS), DEFAULT_TIME_ZONE)
            : null,
      })),
      finding: senderReviewFinding(template, new Date(), DEFAULT_TIME_ZONE),
    },
    waitReason: whyRequestsWaitForStaff(
      { ...template, channelProblems: problems.map((problem) => problem.kind) },
      lettersGoThroughLob(context.env),
    ),
    problems: problems.map((problem) => ({ ...problem, createdAt: formatDateTime(problem.createdAt, DEFAULT_TIME_ZONE) })),
    proposals: proposals.map((proposal) => ({ ...proposal, createdAt: formatDateTime(proposal.createdAt, DEFAULT_TIME_ZONE) })),
    history: auditHistoryRows(history, DEFAULT_TIME_ZONE),
    notice:
      offered !== null && /^\d+$/.test(offered)
        ? `Offered to ${plural(Number(offered), "user")}.`
        : saved !== null
          ? [saved === "0" ? "Nothing had changed." : "Changes saved.", sent].filter(Boolean).join(" ")
          : sent,
  };
}

/** What an action that may send the waiting requests says it did, from the redirect's query. */
function sentNotice(query: URLSearchParams) {
  const sent = query.get("sent");
  const by = query.get("by");
  const fixed = query.get("fixed");
  const decided = query.get("proposal");
  const reviewed = query.get("reviewed");
  const lines = [
    reviewed === "ignoresRequests" ? `The finding went to ${plural(Number(query.get("answered") ?? 0), "request")}.` : null,
    reviewed === "sentAgain" ? `${plural(Number(query.get("answered") ?? 0), "request")} back in the queue to go out again.` : null,
    fixed ? `The ${fixed} channel is back on the automatic path.` : null,
    decided === "confirmed"
      ? "The address is now the sender's postal channel."
      : decided === "rejected"
        ? "The address was rejected."
        : null,
    sent !== null && /^\d+$/.test(sent) && sent !== "0"
      ? `${plural(Number(sent), "waiting request")} sent ${by === "mail" ? "as letters through Lob" : "by email"}.`
      : null,
  ];
  return lines.filter(Boolean).join(" ") || null;
}

/** The query that says what was sent, for the redirect after an action that sends the waiting requests. */
const sentQuery = ({ sent, by }: WaitingSent) => (sent > 0 && by ? `&sent=${sent}&by=${by}` : "");

// A channel added or fixed may open the automatic path (decision 0066): the requests
// waiting for this sender go at once (decision 0054).
async function updateIntent(env: AppEnv, db: Db, staff: StaffActor, id: string, values: SenderFormValues) {
  const updated = await updateTemplate(db, staff, id, values);
  invariantResponse(updated);
  const sent = updated.changed.length > 0 ? await sendWaitingRequestsOfSender(env, staff, id) : { sent: 0, by: null };
  return redirect(`/admin/senders/${encodeURIComponent(id)}?saved=${updated.changed.length}${sentQuery(sent)}`, 303);
}

async function sendWaitingIntent(env: AppEnv, staff: StaffActor, id: string) {
  const sent = await sendWaitingRequestsOfSender(env, staff, id);
  return redirect(`/admin/senders/${encodeURIComponent(id)}?sent=${sent.sent}${sent.by ? `&by=${sent.by}` : ""}`, 303);
}

async function fixedIntent(env: AppEnv, db: Db, staff: StaffActor, id: string, kind: ChannelKind) {
  const cleared = await clearChannelProblem(db, staff, id, kind);
  const sent = cleared ? await sendWaitingRequestsOfSender(env, staff, id) : { sent: 0, by: null };
  return redirect(`/admin/senders/${encodeURIComponent(id)}?fixed=${kind}${sentQuery(sent)}`, 303);
}

async function proposalIntent(env: AppEnv, db: Db, staff: StaffActor, id: string, proposalId: string, decision: "confirmed" | "rejected") {
  const outcome = await decidePostalChannelProposal(db, staff, id, proposalId, decision);
  if (outcome === "notFound") return data({ intent: "proposal" as const, message: SENDER_PAGE_MESSAGES.proposalGone }, { status: 409 });
  const sent = decision === "confirmed" ? await sendWaitingRequestsOfSender(env, staff, id) : { sent: 0, by: null };
  return redirect(`/admin/senders/${encodeURIComponent(id)}?proposal=${decision}${sentQuery(sent)}`, 303);
}

/**
 * Answers the sender's open review once for every request in it (decision 0091): the finding goes
 * to each person, or the requests go out again the way just fixed.
 */
async function reviewIntent(env: AppEnv, staff: StaffActor, templateId: string, reviewId: string, answer: SenderReviewAnswer) {
  const answered = await answerReview(env, staff, { templateId, reviewId }, answer);
  if (!answered) return data({ intent: "review" as const, message: SENDER_PAGE_MESSAGES.reviewGone }, { status: 409 });
  const query = `reviewed=${answer}&answered=${answered.answered}${sentQuery(answered.sent)}`;
  return redirect(`/admin/senders/${encodeURIComponent(templateId)}?${query}`, 303);
}

async function activationIntent(db: Db, staff: StaffActor, id: string, active: boolean) {
  const outcome = await setTemplateActive(db, staff, id, active);
  invariantResponse(outcome !== "notFound");
  if (outcome === "noChannel") return data({ intent: "activation" as const, message: SENDER_PAGE_MESSAGES.noChannel }, { status: 400 });
  return redirect(`/admin/senders/${encodeURIComponent(id)}`, 303);
}

async function offerIntent(db: Db, staff: StaffActor, id: string) {
  const outcome = await offerTemplateToExistingUsers(db, staff, id);
  invariantResponse(outcome.kind !== "notFound");
  if (outcome.kind === "inactive") return data({ intent: "offer" as const, message: SENDER_PAGE_MESSAGES.inactive }, { status: 400 });
  return redirect(`/admin/senders/${encodeURIComponent(id)}?offered=${outcome.added}`, 303);
}

const nameRefused = (message: string, typed: string | undefined) => data({ intent: "name" as const, message, typed }, { status: 400 });

async function nameIntent(db: Db, staff: StaffActor, id: string, name: string) {
  const outcome = await addSenderName(db, staff, id, name);
  if (outcome === "nothingSearchable") return nameRefused(SENDER_PAGE_MESSAGES.nameMissing, name);
  if (outcome === "known") return nameRefused(SENDER_PAGE_MESSAGES.nameKnown, name);
  return redirect(`/admin/senders/${encodeURIComponent(id)}?named=1`, 303);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requireAdmin(request, context);
  const db = getDb(context.env.DB);
  const id = params.id ?? "";
  invariantResponse(await getTemplate(db, id));
  const submission = parseWithZod(await request.formData(), { schema: SenderActionSchema });
  if (submission.status !== "success") {
    if (isUnknownIntent(submission)) return unknownIntent();
    if (submission.payload.intent === "name") {
      const typed = submission.payload.name;
      return nameRefused(submission.error?.name?.[0] ?? SENDER_PAGE_MESSAGES.nameMissing, typeof typed === "string" ? typed : undefined);
    }
    return data({ intent: "update" as const, result: submission.reply() }, { status: 400 });
  }
  const value = submission.value;
  return changingPublicPages(request, context, async () => {
    switch (value.intent) {
      case "update":
        return updateIntent(context.env, db, staff, id, value);
      case "sendWaiting":
        return sendWaitingIntent(context.env, staff, id);
      case "fixed":
        return fixedIntent(context.env, db, staff, id, value.kind);
      case "confirmProposal":
      case "rejectProposal":
        return proposalIntent(context.env, db, staff, id, value.proposalId, value.intent === "confirmProposal" ? "confirmed" : "rejected");
      case "review":
        return reviewIntent(context.env, staff, id, value.reviewId, value.answer);
      case "activate":
      case "deactivate":
        return activationIntent(db, staff, id, value.intent === "activate");
      case "offer":
        return offerIntent(db, staff, id);
      case "name":
        return nameIntent(db, staff, id, value.name);
    }
  });
}

export default function Sender() {
  const { isAdmin, template, defaultValue, names, categories, history, notice, problems, proposals, waiting, waitReason, review } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const buttonMessage = actionData && actionData.intent !== "name" && "message" in actionData ? actionData.message : null;
  const nameRefusal = actionData?.intent === "name" ? actionData : null;
  // Posts go to the bare URL, so that a notice in the query ("Offered to …") is not shown again.
  const self = `/admin/senders/${encodeURIComponent(template.id)}`;
  return (
    <section aria-labelledby="page-title">
      <p className="eyebrow">
        <Link to="/admin/senders">Senders</Link>
      </p>
      <h1 id="page-title">{template.title}</h1>
      <PostOutcome notice={notice} error={buttonMessage} />

      <SenderCatalogFacts template={template} names={names} />
      <WaitingForStaff waiting={waiting} waitReason={waitReason} isAdmin={isAdmin} action={self} />
      <ChannelProblems problems={problems} isAdmin={isAdmin} action={self} />
      <PostalProposals proposals={proposals} isAdmin={isAdmin} action={self} />
      <SenderReview review={review} isAdmin={isAdmin} action={self} />

      {isAdmin ? (
        <>
          <WhoGetsIt isActive={template.isActive} action={self} />
          <AnotherName action={self} refusal={nameRefusal} />
          <EditSender
            lastResult={actionData?.intent === "update" ? actionData.result : undefined}
            defaultValue={defaultValue}
            categories={categories}
            action={self}
          />
        </>
      ) : (
        <p className="note">Only the admin may change, activate or offer senders.</p>
      )}

      <AuditHistory title="History" entries={history} empty="No staff changes yet: the sender is as the gathered catalog had it." />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data ? `Sender: ${data.template.title}` : "Sender");
