import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import type { RequestStatus } from "../../drizzle/schema";
import { PostOutcome } from "~/components/ui/form";
import { formatDate, timeZoneForState } from "~/domain/dates";
import {
  REMINDER_ANSWER_LABELS,
  REMINDER_ANSWERS,
  reminderAnswersFor,
  reminderPath,
  timeAgo,
  type ReminderAnswer,
} from "~/domain/reminders";
import { STATUS_LABELS } from "~/domain/requests";
import { MAIL_STOPS_AFTER } from "~/domain/mail-timing";
import { reminderUnsubscribePathFor } from "~/services/email-switches.server";
import { getUserReminderRequest } from "~/models/reminder.server";
import { recordEvents } from "~/services/analytics.server";
import { actOnRequest } from "~/services/requests.server";
import { requireUser } from "~/services/auth.server";
import { dbFor } from "~/utils/db.server";
import { errorMessage } from "~/utils/errors";
import { invariantResponse } from "~/utils/http-errors";
import { pageMeta } from "~/utils/meta";
import { log } from "~/utils/log.server";

// The page a "Has the mail stopped?" reminder links to (docs/decisions/0017-reminders.md). It ships
// no JavaScript: two plain form posts, answered with a redirect back here.

const AnswerSchema = z.object({ intent: z.enum(REMINDER_ANSWERS) });

/** The thank-you shows only while the request still says what the user answered. */
function answeredNow(answered: string | null, request: { status: RequestStatus | null; processedAt: Date | null }): ReminderAnswer | null {
  if (answered === "confirm" && request.status === "confirmedByUser") return "confirm";
  // A report puts the request back in the queue, to be sent again (or followed up, decision 0058).
  if (answered === "report" && request.status === "inQueue") return "report";
  return null;
}

type LadderStanding = "first" | "second" | "further";

/**
 * Where the follow-up ladder (decision 0058) has the request: "first" while its first request works,
 * "second" once a report sent the second, else "further" (a legal request, a held step, staff, or
 * staff's finding, decision 0091), which only its card says in full.
 */
function ladderStandingOf(request: { followUpStep: number; followUpHold: string | null }): LadderStanding {
  if (request.followUpStep === 0 && !request.followUpHold) return "first";
  return request.followUpStep === 1 && !request.followUpHold ? "second" : "further";
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const row = await getUserReminderRequest(await dbFor(context.env, user.id), user.id, params.requestId ?? "");
  invariantResponse(row && row.status !== "deleted");

  const timeZone = timeZoneForState(row.state);
  const now = new Date();
  return {
    requestId: row.id,
    senderName: row.senderName,
    status: row.status,
    sent: row.processedAt ? { on: formatDate(row.processedAt, timeZone), ago: timeAgo(row.processedAt, now) } : null,
    ladder: ladderStandingOf(row),
    answers: reminderAnswersFor(row),
    answered: answeredNow(new URL(request.url).searchParams.get("answered"), row),
    unsubscribePath: row.reminderEmails ? await reminderUnsubscribePathFor(context.env, user.id) : null,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const answer = parseWithZod(await request.formData(), { schema: AnswerSchema });
  invariantResponse(answer.status === "success", "Answer with Mail has stopped or Mail is still coming.", { status: 400 });
  const db = await dbFor(context.env, user.id);
  const requestId = params.requestId ?? "";
  const row = await getUserReminderRequest(db, user.id, requestId);
  invariantResponse(row && row.status !== "deleted");

  const { intent } = answer.value;
  const outcome = await actOnRequest(context.env, user, { requestId, action: intent, charged: false });
  // Too soon to say the mail is still coming: nothing changed, and the page says why (decision 0064).
  if (outcome?.refused) return data({ error: outcome.refused }, { status: 400 });
  await recordEvents(context, [
    { name: "clicked request action button", userId: user.id, properties: { action: intent, from: "reminder" } },
  ]).catch((error) => log.error("analytics:", errorMessage(error)));
  return redirect(`${reminderPath(requestId)}?answered=${intent}`, 303);
}

export default function Reminder() {
  const { requestId, senderName, status, sent, ladder, answers, answered, unsubscribePath } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>()?.error ?? null;
  const dashboardLink = `/dashboard?request=${encodeURIComponent(requestId)}#request-${requestId}`;

  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">Reminder</p>
      <h1 id="page-title">Has mail from {senderName} stopped?</h1>
      {answered === "confirm" ? (
        <PostOutcome
          notice={
            <>
              <strong>Thank you.</strong> We marked your request to {senderName} “{STATUS_LABELS.confirmedByUser}”. If their mail starts
              again, tell us from your dashboard and we will send it again.
            </>
          }
        />
      ) : answered === "report" ? (
        <PostOutcome
          notice={
            ladder === "second" ? (
              <>
                <strong>Thank you for telling us.</strong> We will send your request to {senderName} again. The wait starts over once it
                goes out.
              </>
            ) : (
              <>
                <strong>Thank you for telling us.</strong> What we do next for your request to {senderName} is on its card, on your
                dashboard.
              </>
            )
          }
        />
      ) : (
        <RequestStanding senderName={senderName} status={status} sent={sent} ladder={ladder} />
      )}

      {answers.length > 0 && !answered ? (
        <Form method="post" className="actions reminder-answers" aria-label={`Your answer about ${senderName}`}>
          {answers.map((answer) => (
            <button
              key={answer}
              type="submit"
              name="intent"
              value={answer}
              className={answer === "confirm" ? "button" : "button button-quiet"}
              aria-describedby={refusal && answer === "report" ? "reminder-error" : undefined}
            >
              {REMINDER_ANSWER_LABELS[answer]}
            </button>
          ))}
          {refusal ? (
            <p className="field-error" id="reminder-error" role="alert">
              {refusal}
            </p>
          ) : null}
        </Form>
      ) : null}

      <p>
        <Link to={dashboardLink}>See this request on your dashboard</Link>
      </p>
      {unsubscribePath ? (
        <p className="muted">
          Rather not get these reminders? <Link to={unsubscribePath}>Stop reminder emails</Link>
        </p>
      ) : null}
    </section>
  );
}

type Standing = {
  senderName: string;
  status: RequestStatus | null;
  sent: { on: string; ago: string } | null;
  ladder: LadderStanding;
};

function RequestStanding({ senderName, status, sent, ladder }: Standing) {
  // Past the first request, what comes next depends on the ladder's step: the card says it.
  if (status === "inQueue" && sent && ladder !== "first") {
    return (
      <p className="lead">
        We followed up on your request to {senderName}, last sent on {sent.on}. Its card on your dashboard says where it stands and what
        comes next.
      </p>
    );
  }
  if (status === "inQueue" && sent) {
    return (
      <>
        <p className="lead">
          We sent your opt-out request to {senderName} on {sent.on}, {sent.ago}.
        </p>
        <p>
          {`Mailers pre-print ${MAIL_STOPS_AFTER.extraMailings} extra mailings, so a piece or two can still arrive for a few weeks. If their mail still comes, we will send your request again.`}
        </p>
      </>
    );
  }
  if (status === "inQueue")
    return <p className="lead">Your request to {senderName} is waiting to go out. We will ask you once it has had time to work.</p>;
  if (status === "confirmedByUser")
    return <p className="lead">You told us mail from {senderName} stopped. If it started again, let us know.</p>;
  return <p className="lead">This request is not active: it shows as “{STATUS_LABELS[status ?? "notSent"]}” on your dashboard.</p>;
}

export const meta = () => pageMeta("Has the mail stopped?");
