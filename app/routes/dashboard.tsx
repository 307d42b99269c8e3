import { kindOf } from "~/domain/sender-categories";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { EnhanceScript } from "~/components/enhance-script";
import { AllowanceUsedUp } from "~/components/requests/allowance-used-up";
import { DashboardOutcome, DashboardSummaryPanel, RecentlyDeleted } from "~/components/requests/dashboard-summary";
import { PrintableLetter } from "~/components/requests/letter-panel";
import { RequestCard, type RequestCardData } from "~/components/requests/request-card";
import { SendSuggested } from "~/components/requests/send-suggested";
import {
  CHOOSE_ONE_MESSAGE,
  DashboardActionSchema,
  DashboardNoticeSchema,
  GROUP_HEADINGS,
  groupOf,
  nextStep,
  noticeUrl,
  sendableSuggestions,
  summarize,
  type DashboardGroup,
  type DashboardNotice,
} from "~/domain/dashboard";
import { DAY_MS, formatDate, formatDateTime, timeZoneForState } from "~/domain/dates";
import { PLAN_DETAILS } from "~/domain/plans";
import { letterToSend } from "~/domain/letter-to-send";
import {
  actionUsesAllowance,
  ALLOWANCE_REFUSED_MESSAGE,
  canAfford,
  canUndoDelete,
  deletedRequestRestore,
  FREE_REQUEST_ALLOWANCE,
  HISTORY_LABELS,
  MAIL_STOPS_AFTER,
  requestsAffordable,
  STATUS_LABELS,
  UNDO_DELETE_DAYS,
  undoRefusedMessage,
  waitOf,
  waitStanding,
} from "~/domain/requests";
import {
  getDashboard,
  getUserRequest,
  getUserRequestWithHistory,
  listUnsentRequests,
  restoreDeletedRequest,
} from "~/models/request.server";
import { actOnRequest, afterFirstQueuing, sendRequests } from "~/services/requests.server";
import { recordEvents, trackVisit } from "~/services/analytics.server";
import { requireUser, type CurrentUser } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { errorMessage } from "~/utils/errors";
import { pageMeta } from "~/utils/meta";
import { log } from "~/utils/log.server";

type DashboardData = NonNullable<Awaited<ReturnType<typeof getDashboard>>>;
type RequestRow = DashboardData["requests"][number];

const days = (count: number) => `${count} ${count === 1 ? "day" : "days"}`;

function waitText(row: RequestRow, timeZone: string, now: Date) {
  const standing = waitStanding(row, now);
  const wait = waitOf(row);
  switch (standing?.kind) {
    case "notSent":
      return row.consumerFiles ? "Only you can file this one; it takes a few minutes." : "Not sent yet.";
    case "waitingToSend":
      return `Waiting to go to the sender. Mail should stop about ${row.requiredDays} days after it does.`;
    case "waiting": {
      const filed =
        row.consumerFiles && wait.startedAt
          ? `You filed it on ${formatDate(wait.startedAt, timeZone)}${wait.fromGuide ? `; ${row.senderName} says it takes ${row.takes}` : ""}. `
          : "";
      return `${filed}Mail should stop by ${formatDate(standing.stopsBy, timeZone)}: ${days(standing.daysLeft)} to go. Mailers pre-print ${MAIL_STOPS_AFTER.extraMailings} extra mailings, so a few may still arrive.`;
    }
    case "waitOver":
      return `The wait ended on ${formatDate(standing.stopsBy, timeZone)}.`;
    default:
      return null;
  }
}

/** What the page says after a post came back: its words, and what the user may do about it. */
function noticeOf(notice: DashboardNotice, dashboard: DashboardData, timeZone: string, now: Date) {
  const row = dashboard.requests.find((candidate) => candidate.id === notice.about);
  const deleted = dashboard.recentlyDeleted.find((candidate) => candidate.id === notice.about);
  const sender = row?.senderName ?? deleted?.senderName;
  switch (notice.notice) {
    case "sendSuggested": {
      const sent = notice.sent ?? 0;
      const refused = notice.refused ?? 0;
      const text =
        sent === 0
          ? "Nothing new to send: those requests were sent already."
          : `Sent ${sent} ${sent === 1 ? "request" : "requests"}. Each goes to its sender shortly; they are under “On its way” with the date mail should stop.`;
      return refused > 0 ? { text: `${text} ${refused} not sent: no free requests were left.`, upgrade: true } : { text, upgrade: false };
    }
    case "delete":
      return deleted
        ? {
            text: `Deleted the request to ${deleted.senderName}. You can bring it back until ${formatDate(new Date(deleted.deletedAt + UNDO_DELETE_DAYS * DAY_MS), timeZone)}.`,
            undo: { requestId: deleted.id, senderName: deleted.senderName },
          }
        : null;
    case "undo":
      return row ? { text: `The request to ${row.senderName} is back, as it was before you deleted it.` } : null;
    case "unsubscribe": {
      if (!row) return null;
      if (row.consumerFiles) {
        const standing = waitStanding(row, now);
        const by =
          standing?.kind === "waiting" ? ` We will ask you by ${formatDate(standing.stopsBy, timeZone)} whether the mail stopped.` : "";
        return { text: `Noted: you filed it with ${row.senderName} yourself.${by}` };
      }
      return {
        text: `Sent to ${row.senderName}. It goes to the sender shortly; mail should stop about ${row.requiredDays} days after it arrives there, and this page will then ask whether it did.`,
      };
    }
    case "report":
      return row ? { text: `Sent to ${row.senderName} again. Thank you for telling us the mail is still coming.` } : null;
    case "confirm":
      return row ? { text: `Good news: ${row.senderName} is marked “${STATUS_LABELS.confirmedByUser}”.` } : null;
    case "cancel":
      return sender ? { text: `Cancelled the request to ${sender}.` } : null;
  }
}

/** The kind of mail a catalog sender is filed under, as the card links to it on /learn. */
function kindLink(category: string | null) {
  if (!category) return null;
  const { id, title } = kindOf(category);
  return { id, title };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const openId = url.searchParams.get("request");
  const confirmDelete = url.searchParams.get("confirmDelete");
  const now = new Date();
  const dashboard = await getDashboard(getDb(context.env.DB), user.id, openId, now);
  if (!dashboard) throw new Response("Not Found", { status: 404 });
  const openRow = openId ? dashboard.requests.find((row) => row.id === openId) : undefined;
  // A request of this user's that is deleted has a history but no card: the dashboard shows
  // without it (the page a delete posted from). Another user's id, or a made-up one, is 404.
  if (openId && !openRow && dashboard.history.length === 0) throw new Response("Not Found", { status: 404 });
  if (confirmDelete && !dashboard.requests.some((row) => row.id === confirmDelete)) throw new Response("Not Found", { status: 404 });
  trackVisit(request, context, "visited dashboard");

  const timeZone = timeZoneForState(dashboard.account.state);
  const holder = { stripeSubscriptionId: user.stripeSubscriptionId, numOfFreeRequest: dashboard.account.numOfFreeRequest };
  const affordable = requestsAffordable(holder);
  const groups: Record<DashboardGroup, RequestCardData[]> = { needsYou: [], onItsWay: [], done: [], suggested: [] };
  for (const row of dashboard.requests) {
    const group = groupOf(row, now);
    if (!group) continue;
    groups[group].push({
      id: row.id,
      senderName: row.senderName,
      kind: kindLink(row.category),
      statusLabel: row.status === null ? null : row.consumerFiles && row.status === "inQueue" ? "Filed by you" : STATUS_LABELS[row.status],
      status: row.status,
      updatedAt: formatDateTime(row.updatedAt, timeZone),
      wait: waitText(row, timeZone, now),
      next: nextStep(row, now, { canSend: canAfford(holder, "unsubscribe", row) }),
      customerNumber: row.customerNumber,
      guide: row.consumerFiles && row.status === null ? { channels: row.channels ?? [], needs: row.needs ?? [], takes: row.takes } : null,
    });
  }
  const sendable = sendableSuggestions(dashboard.requests);
  const summary = summarize(dashboard.requests, now);
  const parsedNotice = DashboardNoticeSchema.safeParse(Object.fromEntries(url.searchParams));
  const open = openRow
    ? {
        id: openRow.id,
        senderName: openRow.senderName,
        ...letterToSend(openRow, dashboard.recipients, { today: now, timeZone, earlierAddresses: dashboard.earlierAddresses }),
        history: dashboard.history.map((entry) => ({
          id: entry.id,
          text:
            entry.creator === "user"
              ? openRow.consumerFiles && entry.status === "unsubscribe"
                ? "You filed it yourself"
                : (HISTORY_LABELS[entry.status] ?? entry.status)
              : (entry.detail ?? entry.status),
          creator: entry.creator,
          at: formatDateTime(entry.createdAt, timeZone),
        })),
      }
    : null;

  return {
    // Checkout returns here through /subscription once the plan is the user's.
    welcome:
      user.stripeSubscriptionId && user.plan && url.searchParams.get("subscribed") === user.plan ? PLAN_DETAILS[user.plan].name : null,
    allowance: Number.isFinite(affordable)
      ? ({ unlimited: false, left: affordable, of: FREE_REQUEST_ALLOWANCE } as const)
      : ({ unlimited: true } as const),
    summary: {
      needsYou: summary.needsYou,
      onItsWay: summary.onItsWay,
      done: summary.done,
      next: summary.next ? { senderName: summary.next.senderName, by: formatDate(summary.next.by, timeZone) } : null,
    },
    groups,
    photos: dashboard.photos.map((photo) => ({ id: photo.id, state: photo.state, sent: formatDateTime(photo.createdAt, timeZone) })),
    sendable: sendable.map((row) => ({ id: row.id, senderName: row.senderName })),
    // All of them fit the allowance, or the user picks which (the server never spends more anyway);
    // with one left, the card's own Unsubscribe is the same thing.
    sendableLeft: Number.isFinite(affordable) ? affordable : null,
    recentlyDeleted: dashboard.recentlyDeleted.map((row) => ({
      id: row.id,
      senderName: row.senderName,
      until: formatDate(new Date(row.deletedAt + UNDO_DELETE_DAYS * DAY_MS), timeZone),
    })),
    notice: parsedNotice.success ? noticeOf(parsedNotice.data, dashboard, timeZone, now) : null,
    confirmDelete,
    recipientCount: dashboard.recipients.length,
    open,
    print: open !== null && url.searchParams.get("view") === "print",
  };
}

const refused = (error: string, status: 400 | 403 | 409) => data({ error }, { status });

async function recordClick(context: ActionFunctionArgs["context"], user: CurrentUser, actions: string[]) {
  await recordEvents(
    context,
    actions.map((action) => ({ name: "clicked request action button", userId: user.id, properties: { action } })),
  ).catch((error) => log.error("analytics:", errorMessage(error)));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: DashboardActionSchema });
  // Only an edited page or a script sends anything else: there is no field to show an error next to.
  if (submission.status !== "success") throw new Response("Unknown request action.", { status: 400 });
  const { env } = context;
  const db = getDb(env.DB);
  const value = submission.value;

  if (value.intent === "sendSuggested") {
    const unsent = sendableSuggestions(await listUnsentRequests(db, user.id));
    if (value.selection === "chosen" && value.requestIds.length === 0) return refused(CHOOSE_ONE_MESSAGE, 400);
    // Ids that are not unsent suggestions of this user's (sent by a first click already, or made up) are passed over.
    const chosen = value.selection === "all" ? unsent : unsent.filter((row) => value.requestIds.includes(row.id));
    const outcome = await sendRequests(env, user, chosen);
    await recordClick(
      context,
      user,
      outcome.sent.map(() => "unsubscribe"),
    );
    return redirect(noticeUrl({ notice: "sendSuggested", sent: outcome.sent.length, refused: outcome.refused }), 303);
  }

  if (value.intent === "undo") {
    const found = await getUserRequestWithHistory(db, user.id, value.requestId);
    if (!found) throw new Response("Not Found", { status: 404 });
    // A second identical post (a double click, the back button) finds it restored already.
    if (found.request.status !== "deleted") return redirect(noticeUrl({ notice: "undo", about: value.requestId }), 303);
    const restore = deletedRequestRestore(found.historyOldestFirst);
    if (!restore || !canUndoDelete(restore.deletedAt, new Date())) {
      return refused(`This request was deleted more than ${UNDO_DELETE_DAYS} days ago; add it again instead.`, 400);
    }
    const restored = await restoreDeletedRequest(db, { userId: user.id, requestId: value.requestId, status: restore.status });
    if (!restored && (await getUserRequest(db, user.id, value.requestId))?.status === "deleted") {
      return refused(undoRefusedMessage(found.request.senderName), 409);
    }
    await recordClick(context, user, ["undo"]);
    return redirect(noticeUrl({ notice: "undo", about: value.requestId }), 303);
  }

  const { intent, requestId } = value;
  const target = await getUserRequest(db, user.id, requestId);
  if (!target) throw new Response("Not Found", { status: 404 });
  const queued = await actOnRequest(env, user, { requestId, action: intent, charged: actionUsesAllowance(intent, target) });
  if (!queued) return refused(ALLOWANCE_REFUSED_MESSAGE, 403);
  if (queued.firstQueuing) await afterFirstQueuing(env, user, [target]);
  await recordClick(context, user, [intent]);
  return redirect(noticeUrl({ notice: intent, about: requestId }), 303);
}

/** Where a photo that still waits for its sender stands, as the dashboard says it. */
const PHOTO_STATE_LABELS: Record<string, string> = {
  reading: "we are reading it",
  suggested: "check the sender we found and send the request",
  needsStaff: "our staff are finding the sender",
};

export default function Dashboard() {
  const {
    welcome,
    allowance,
    summary,
    groups,
    photos,
    sendable,
    sendableLeft,
    recentlyDeleted,
    notice,
    confirmDelete,
    recipientCount,
    open,
    print,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

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
    <ul className={group === "suggested" ? "request-list request-grid" : "request-list"}>
      {groups[group].map((card) => (
        <RequestCard key={card.id} card={card} open={open?.id === card.id ? open : null} confirmingDelete={confirmDelete === card.id} />
      ))}
    </ul>
  );
  const sentCount = groups.needsYou.length + groups.onItsWay.length + groups.done.length;

  return (
    <section className="page" aria-labelledby="page-title">
      <div className="dashboard-head">
        <div>
          <h1 id="page-title">Your requests</h1>
          <p className="muted">
            {allowance.unlimited ? "Your plan includes unlimited requests." : `${allowance.left} of ${allowance.of} free requests left.`}{" "}
            <Link to="/learn#statuses">What the statuses mean</Link>
          </p>
        </div>
        <p className="dashboard-links">
          <Link to="/requests/add" className="button" data-prefetch>
            Add a request
          </Link>
          <Link to="/requests/photo">Send a photo of the mail</Link>
          <Link to="/recipients">
            {recipientCount > 0 ? `People on your letters (${recipientCount + 1})` : "Add people to your letters"}
          </Link>
        </p>
      </div>

      <DashboardOutcome notice={actionData ? null : notice} error={actionData?.error ?? null} />
      {welcome ? (
        <p className="notice" role="status">
          <strong>Welcome to {welcome}.</strong> Your requests are now unlimited: send one to every sender that mails you.
        </p>
      ) : null}

      <DashboardSummaryPanel summary={summary} />

      {photos.length > 0 ? (
        <section aria-labelledby="group-photos">
          <h2 id="group-photos">Your photos of mail</h2>
          <ul className="plain">
            {photos.map((photo) => (
              <li key={photo.id}>
                <Link to={`/requests/photo/${photo.id}`}>Photo sent {photo.sent}</Link>: {PHOTO_STATE_LABELS[photo.state]}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {groups.needsYou.length > 0 ? (
        <section aria-labelledby="group-needsYou">
          <h2 id="group-needsYou">{GROUP_HEADINGS.needsYou}</h2>
          <p className="muted">
            The wait for these senders is over. Tell us whether their mail stopped: if not, we send the request again.
          </p>
          {cards("needsYou")}
        </section>
      ) : null}

      <section aria-labelledby="group-onItsWay">
        <h2 id="group-onItsWay">{GROUP_HEADINGS.onItsWay}</h2>
        {groups.onItsWay.length === 0 ? (
          <p>{sentCount === 0 ? "Nothing sent yet. Pick a sender below, or add one that mails you." : "Nothing waiting for a sender."}</p>
        ) : (
          cards("onItsWay")
        )}
      </section>

      {groups.done.length > 0 ? (
        <section aria-labelledby="group-done">
          <h2 id="group-done">{GROUP_HEADINGS.done}</h2>
          {cards("done")}
        </section>
      ) : null}

      <section aria-labelledby="group-suggested">
        <h2 id="group-suggested">{GROUP_HEADINGS.suggested}</h2>
        <p className="note">
          Flyers addressed to “Current Resident” are saturation mail, sent to every address in a zip code; no list removal stops them.{" "}
          <Link to="/learn#saturation-mail">What can help with those</Link>
        </p>
        {usedUp ? (
          <AllowanceUsedUp />
        ) : (
          <p className="muted">
            {allowance.unlimited
              ? "The biggest senders of unasked-for mail. Unsubscribe sends your request."
              : "The biggest senders of unasked-for mail. Unsubscribe sends your request; each uses one free request."}
          </p>
        )}
        {sendable.length > 1 && (sendableLeft === null || sendableLeft > 1) ? (
          <SendSuggested suggestions={sendable} left={sendableLeft} />
        ) : null}
        {cards("suggested")}
      </section>

      {recentlyDeleted.length > 0 ? <RecentlyDeleted requests={recentlyDeleted} /> : null}
      <EnhanceScript />
    </section>
  );
}

export const meta = () => pageMeta("Your requests");
