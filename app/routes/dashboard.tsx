import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { EnhanceScript } from "~/components/enhance-script";
import { ConfirmationNotice, MailboxBox, MailboxSetupCard } from "~/components/mailbox";
import { AllowanceUsedUp } from "~/components/requests/allowance-used-up";
import { DashboardOutcome, DashboardSummaryPanel, RecentlyDeleted } from "~/components/requests/dashboard-summary";
import { PrintableLetter } from "~/components/requests/letter-panel";
import { KindLinks, RequestCard } from "~/components/requests/request-card";
import { SeenInMail } from "~/components/requests/seen-in-mail";
import { SendSuggested } from "~/components/requests/send-suggested";
import { DropGuide } from "~/components/requests/drop-guide";
import { MAILINGS_PER_YEAR_MESSAGE, parseMailingsPerYear } from "~/domain/charity-choice";
import { setCharityChoice } from "~/models/charity-choice.server";
import { CHOOSE_ONE_MESSAGE, DashboardActionSchema, GROUP_HEADINGS, noticeUrl, type DashboardGroup } from "~/domain/dashboard";
import { dashboardView, namesUnknownRequest } from "~/domain/dashboard-view";
import {
  actionUsesAllowance,
  ALLOWANCE_REFUSED_MESSAGE,
  UNDO_DELETE_DAYS,
  UNDO_LOG_STATUS,
  undoRefusedMessage,
  type RequestAction,
} from "~/domain/requests";
import { getDashboard } from "~/models/dashboard-read.server";
import { getUserRequest } from "~/models/request.server";
import { actOnRequest, afterFirstQueuing, answerPiece, sendSuggestions, undoDelete } from "~/services/requests.server";
import { recordEvents, trackVisit } from "~/services/analytics.server";
import { mailboxSetupCard, mailboxView } from "~/services/mailbox.server";
import { requireUser, type CurrentUser } from "~/services/auth.server";
import { dbFor } from "~/utils/db.server";
import { errorMessage } from "~/utils/errors";
import { invariantResponse } from "~/utils/http-errors";
import { pageMeta } from "~/utils/meta";
import { log } from "~/utils/log.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const now = new Date();
  const read = await getDashboard(await dbFor(context.env, user.id), user.id, url.searchParams.get("request"), now);
  invariantResponse(read && !namesUnknownRequest(read, url));
  trackVisit(request, context, "visited dashboard");
  const { mailbox: mailboxRead, ...snapshot } = read;
  const mailbox = mailboxView(context.env, user, mailboxRead);
  return { ...dashboardView(snapshot, { user, url, now }), mailbox, mailboxSetup: mailboxSetupCard(mailbox, url) };
}

const refused = (error: string, status: 400 | 403 | 409) => data({ error }, { status });
// Shown next to the card's buttons, not at the top of the page.
const refusedAtCard = (error: string, requestId: string) => data({ error, atCard: requestId }, { status: 400 });
// Shown at the boxes, not at the top of the page with the way to the plans.
const nothingChosen = () => data({ error: CHOOSE_ONE_MESSAGE, atChoices: true }, { status: 400 });

async function recordClick(context: ActionFunctionArgs["context"], user: CurrentUser, actions: string[]) {
  await recordEvents(
    context,
    actions.map((action) => ({ name: "clicked request action button", userId: user.id, properties: { action } })),
  ).catch((error) => log.error("analytics:", errorMessage(error)));
}

async function sendSuggestedIntent(context: ActionFunctionArgs["context"], user: CurrentUser, chosen: "all" | string[]) {
  if (chosen !== "all" && chosen.length === 0) return nothingChosen();
  const outcome = await sendSuggestions(context.env, user, chosen);
  await recordClick(
    context,
    user,
    outcome.sent.map(() => "unsubscribe"),
  );
  return redirect(noticeUrl({ notice: "sendSuggested", sent: outcome.sent.length, refused: outcome.refused }), 303);
}

async function undoIntent(context: ActionFunctionArgs["context"], user: CurrentUser, requestId: string) {
  const outcome = await undoDelete(await dbFor(context.env, user.id), user.id, requestId);
  invariantResponse(outcome.kind !== "notFound");
  if (outcome.kind === "tooLate")
    return refused(`This request was deleted more than ${UNDO_DELETE_DAYS} days ago; add it again instead.`, 400);
  if (outcome.kind === "senderAddedAgain") return refused(undoRefusedMessage(outcome.senderName), 409);
  if (outcome.kind === "restored") await recordClick(context, user, ["undo"]);
  return redirect(noticeUrl({ notice: "undo", about: requestId }), 303);
}

async function requestActionIntent(context: ActionFunctionArgs["context"], user: CurrentUser, action: RequestAction, requestId: string) {
  const { env } = context;
  const target = await getUserRequest(await dbFor(env, user.id), user.id, requestId);
  invariantResponse(target);
  const queued = await actOnRequest(env, user, { requestId, action, charged: actionUsesAllowance(action, target) });
  if (!queued) return refused(ALLOWANCE_REFUSED_MESSAGE, 403);
  // A report before mail printed before should have stopped: nothing changed, and the card says why (decision 0064).
  if (queued.refused) return refusedAtCard(queued.refused, requestId);
  if (queued.firstQueuing) await afterFirstQueuing(env, user, [target]);
  await recordClick(context, user, [action]);
  return redirect(noticeUrl({ notice: action, about: requestId }), 303);
}

/** A piece that could not be verified: confirmed, it is the person's own report; dismissed, it counts for nothing (decision 0064). */
async function pieceAnswerIntent(
  context: ActionFunctionArgs["context"],
  user: CurrentUser,
  arrivalId: string,
  answer: "confirmed" | "dismissed",
) {
  const outcome = await answerPiece(context.env, user, { arrivalId, answer });
  invariantResponse(outcome.kind !== "notFound");
  if (outcome.kind === "refused") return refusedAtCard(outcome.message, outcome.requestId);
  if (outcome.answer === "confirmed") await recordClick(context, user, ["report"]);
  return redirect(noticeUrl({ notice: outcome.answer === "confirmed" ? "report" : "pieceDismissed", about: outcome.requestId }), 303);
}

/** A charity's request: donor or not, and how often it may write (decision 0059). */
async function charityChoiceIntent(
  context: ActionFunctionArgs["context"],
  user: CurrentUser,
  value: { requestId: string; donor?: "yes" | "no"; mailingsPerYear?: string },
) {
  const mailingsPerYear = parseMailingsPerYear(value.mailingsPerYear);
  if (mailingsPerYear === undefined) return refused(MAILINGS_PER_YEAR_MESSAGE, 400);
  const donor = value.donor === undefined ? null : value.donor === "yes";
  invariantResponse(await setCharityChoice(await dbFor(context.env, user.id), user.id, value.requestId, { donor, mailingsPerYear }));
  return redirect(noticeUrl({ notice: "charityChoice", about: value.requestId }), 303);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: DashboardActionSchema });
  // Only an edited page or a script sends anything else: there is no field to show an error next to.
  invariantResponse(submission.status === "success", "Unknown request action.", { status: 400 });
  const value = submission.value;
  switch (value.intent) {
    case "sendSuggested":
      return sendSuggestedIntent(context, user, value.selection === "all" ? "all" : value.requestIds);
    case UNDO_LOG_STATUS:
      return undoIntent(context, user, value.requestId);
    case "charityChoice":
      return charityChoiceIntent(context, user, value);
    case "confirmPiece":
    case "dismissPiece":
      return pieceAnswerIntent(context, user, value.arrivalId, value.intent === "confirmPiece" ? "confirmed" : "dismissed");
    default:
      return requestActionIntent(context, user, value.intent, value.requestId);
  }
}

export default function Dashboard() {
  const {
    greeting,
    welcome,
    allowance,
    summary,
    groups,
    timesNote,
    photos,
    sendable,
    sendableLeft,
    sendableNotes,
    recentlyDeleted,
    seen,
    notice,
    confirmDelete,
    recipientCount,
    open,
    print,
    mailbox,
    mailboxSetup,
    dropGuide,
    suggestedOpen,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const choicesError = actionData && "atChoices" in actionData ? actionData.error : null;
  const cardError = actionData && "atCard" in actionData ? { requestId: actionData.atCard, text: actionData.error } : null;

  if (open && print) {
    return (
      <>
        <PrintableLetter open={open} />
        <EnhanceScript />
      </>
    );
  }

  const usedUp = !allowance.unlimited && allowance.left === 0;
  const cards = (group: DashboardGroup) => (
    <>
      <KindLinks listId={`group-${group}`} cards={groups[group]} />
      <ul className={group === "suggested" ? "request-list request-grid" : "request-list"}>
        {groups[group].map((card) => (
          <RequestCard
            key={card.id}
            card={card}
            open={open?.id === card.id ? open : null}
            confirmingDelete={confirmDelete === card.id}
            error={cardError?.requestId === card.id ? cardError.text : null}
          />
        ))}
      </ul>
    </>
  );
  const sentCount = groups.needsYou.length + groups.onItsWay.length + groups.done.length;
  // Until the first request is sent, the one thing to do comes first (decision 0074).
  const firstStep = greeting !== null;
  const sendSeveral =
    sendable.length > 1 && (sendableLeft === null || sendableLeft > 1) ? (
      <SendSuggested suggestions={sendable} left={sendableLeft} notes={sendableNotes} error={choicesError} first={firstStep} />
    ) : null;
  const recommendedCards = groups.suggested.filter((card) => card.recommendation);
  const links = (
    <p className="dashboard-links">
      {/* Quiet until the first send: the recommended senders' button is the one to press first. */}
      <Link to="/requests/add" className={firstStep ? "button button-quiet" : "button"} data-prefetch>
        Add a request
      </Link>
      <Link to="/requests/photo">Send a photo of the mail</Link>
      <Link to="/progress">Your progress</Link>
      <Link to="/recipients">{recipientCount > 0 ? `People on your letters (${recipientCount + 1})` : "Add people to your letters"}</Link>
    </p>
  );

  return (
    <section className="page" aria-labelledby="page-title">
      <div className="dashboard-head">
        <div>
          <h1 id="page-title">Your requests</h1>
          <p className="muted">
            {allowance.unlimited ? "Your plan includes unlimited requests." : `${allowance.left} of ${allowance.of} free requests left.`}
            {/* Nothing has a status before the first send. */}
            {firstStep ? null : (
              <>
                {" "}
                <Link to="/learn#statuses">What the statuses mean</Link>
              </>
            )}
          </p>
          {timesNote ? <p className="muted">{timesNote}</p> : null}
        </div>
        {firstStep ? null : links}
      </div>

      <DashboardOutcome notice={actionData ? null : notice} error={choicesError || cardError ? null : (actionData?.error ?? null)} />
      {greeting ? (
        <section className="first-step" aria-labelledby="first-step-title">
          <h2 id="first-step-title">{greeting.firstName ? `Welcome, ${greeting.firstName}.` : "Welcome."} Start here.</h2>
          {dropGuide ? <DropGuide first /> : null}
          {sendSeveral ??
            (recommendedCards.length > 0 ? (
              <ul className="request-list request-grid">
                {recommendedCards.map((card) => (
                  <RequestCard key={card.id} card={card} open={null} confirmingDelete={false} />
                ))}
              </ul>
            ) : (
              <p>Pick a sender below, or add one that mails you.</p>
            ))}
          {links}
        </section>
      ) : null}
      {welcome ? (
        <p className="notice" role="status">
          <strong>Welcome to {welcome}.</strong> Your requests are now unlimited: send one to every sender that mails you.
        </p>
      ) : null}

      <ConfirmationNotice mailbox={mailbox} />
      <MailboxSetupCard setup={mailboxSetup} />
      {firstStep ? null : <DashboardSummaryPanel summary={summary} />}
      {dropGuide && !firstStep ? <DropGuide /> : null}
      <SeenInMail seen={seen} />

      {photos.length > 0 ? (
        <section aria-labelledby="group-photos">
          <h2 id="group-photos">Your photos of mail</h2>
          <ul className="plain">
            {photos.map((photo) => (
              <li key={photo.id}>
                <Link to={`/requests/photo/${photo.id}`}>Photo sent {photo.sent}</Link>: {photo.standing}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {groups.needsYou.length > 0 ? (
        <section aria-labelledby="group-needsYou">
          <h2 id="group-needsYou">{GROUP_HEADINGS.needsYou}</h2>
          {summary.needsReturnAddress < summary.needsYou ? (
            <p className="muted">
              The wait for these senders is over. Tell us whether their mail stopped: if not, we send the request again.
            </p>
          ) : null}
          {summary.needsReturnAddress > 0 ? (
            <p className="muted">
              We have no working address for these senders. Every piece of their mail prints one: type it from a piece you have, and we mail
              your letter there.
            </p>
          ) : null}
          {cards("needsYou")}
        </section>
      ) : null}

      {firstStep ? null : (
        <section aria-labelledby="group-onItsWay">
          <h2 id="group-onItsWay">{GROUP_HEADINGS.onItsWay}</h2>
          {groups.onItsWay.length === 0 ? (
            <p>{sentCount === 0 ? "Nothing sent yet. Pick a sender below, or add one that mails you." : "Nothing waiting for a sender."}</p>
          ) : (
            cards("onItsWay")
          )}
        </section>
      )}

      {groups.done.length > 0 ? (
        <section aria-labelledby="group-done">
          <h2 id="group-done">{GROUP_HEADINGS.done}</h2>
          {cards("done")}
        </section>
      ) : null}

      {groups.suggested.length > 0 ? (
        <section aria-labelledby="group-suggested">
          <h2 id="group-suggested">{GROUP_HEADINGS.suggested}</h2>
          {usedUp ? <AllowanceUsedUp /> : null}
          {firstStep ? null : sendSeveral}
          {/* Folded: a <details> opens without JavaScript; it comes open when the address points at one of its cards. */}
          <details
            className="all-senders"
            open={suggestedOpen || Boolean(cardError && groups.suggested.some((card) => card.id === cardError.requestId))}
          >
            <summary>See all {groups.suggested.length} senders</summary>
            {usedUp ? null : (
              <p className="muted">
                {allowance.unlimited
                  ? "The biggest senders of unasked-for mail. Unsubscribe sends your request."
                  : "The biggest senders of unasked-for mail. Unsubscribe sends your request; each uses one free request."}
              </p>
            )}
            <p className="note">
              Flyers addressed to “Current Resident” are saturation mail, sent to every address in a zip code; no list removal stops them.{" "}
              <Link to="/learn#saturation-mail">What can help with those</Link>
            </p>
            {cards("suggested")}
          </details>
        </section>
      ) : null}

      {recentlyDeleted.length > 0 ? <RecentlyDeleted requests={recentlyDeleted} /> : null}
      <MailboxBox mailbox={mailbox} />
      <EnhanceScript />
    </section>
  );
}

export const meta = () => pageMeta("Your requests");
