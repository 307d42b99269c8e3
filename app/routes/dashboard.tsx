import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AllowanceUsedUp } from "~/components/requests/allowance-used-up";
import { PrintableLetter } from "~/components/requests/letter-panel";
import { RequestCard } from "~/components/requests/request-card";
import { formatDate, formatDateTime, timeZoneForState } from "~/domain/dates";
import { PLAN_DETAILS } from "~/domain/plans";
import { letterToSend } from "~/domain/letter-to-send";
import {
  actionUsesAllowance,
  ALLOWANCE_REFUSED_MESSAGE,
  availableActions,
  FREE_REQUEST_ALLOWANCE,
  freeRequestsLeft,
  HISTORY_LABELS,
  MAIL_STOPS_AFTER,
  RequestActionFormSchema,
  waitStanding,
} from "~/domain/requests";
import { emailAtOnceWhenSenderAllows } from "~/jobs/opt-out.server";
import { getDashboard, getUserRequest } from "~/models/request.server";
import type { RouteHandle } from "~/root";
import { actOnRequest } from "~/services/requests.server";
import { recordEvents, trackVisit } from "~/services/analytics.server";
import { requireUser } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { errorMessage } from "~/utils/errors";
import { pageMeta } from "~/utils/meta";

export const handle: RouteHandle = { hydrate: true };

type DashboardData = NonNullable<Awaited<ReturnType<typeof getDashboard>>>;
type RequestRow = DashboardData["requests"][number];

function waitText(row: RequestRow, timeZone: string, now: Date) {
  const standing = waitStanding(row, now);
  switch (standing?.kind) {
    case "notSent":
      return row.consumerFiles ? "Only you can file this one; it takes a few minutes." : "Not sent yet.";
    case "waitingToSend":
      return `Waiting to go to the sender. Mail should stop about ${row.requiredDays} days after it does.`;
    case "waiting":
      return `Mail should stop by ${formatDate(standing.stopsBy, timeZone)}: ${standing.daysLeft} ${standing.daysLeft === 1 ? "day" : "days"} to go. Mailers pre-print ${MAIL_STOPS_AFTER.extraMailings} extra mailings, so a few may still arrive.`;
    case "waitOver":
      return `The wait ended on ${formatDate(standing.stopsBy, timeZone)}. Has the mail stopped?`;
    default:
      return null;
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const openId = url.searchParams.get("request");
  const dashboard = await getDashboard(getDb(context.env.DB), user.id, openId);
  if (!dashboard) throw new Response("Not Found", { status: 404 });
  const openRow = openId ? dashboard.requests.find((row) => row.id === openId) : undefined;
  // A request of this user's that is deleted has a history but no card: the dashboard shows
  // without it (the page a delete posted from). Another user's id, or a made-up one, is 404.
  if (openId && !openRow && dashboard.history.length === 0) throw new Response("Not Found", { status: 404 });
  trackVisit(request, context, "visited dashboard");

  const timeZone = timeZoneForState(dashboard.account.state);
  const now = new Date();
  const cards = dashboard.requests.map((row) => {
    const standing = waitStanding(row, now);
    return {
      id: row.id,
      senderName: row.senderName,
      status: row.status,
      updatedAt: formatDateTime(row.updatedAt, timeZone),
      wait: waitText(row, timeZone, now),
      actions: availableActions(row, { waitOver: standing?.kind === "waitOver" }),
      customerNumber: row.customerNumber,
      guide: row.consumerFiles && row.status === null ? { channels: row.channels ?? [], needs: row.needs ?? [], takes: row.takes } : null,
    };
  });
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
    allowance: user.stripeSubscriptionId
      ? ({ unlimited: true } as const)
      : ({ unlimited: false, left: freeRequestsLeft(dashboard.account.numOfFreeRequest), of: FREE_REQUEST_ALLOWANCE } as const),
    sent: cards.filter((card) => card.status !== null),
    notSent: cards.filter((card) => card.status === null),
    recipientCount: dashboard.recipients.length,
    open,
    print: open !== null && url.searchParams.get("view") === "print",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: RequestActionFormSchema });
  // Only an edited page or a script sends anything else: there is no field to show an error next to.
  if (submission.status !== "success") throw new Response("Unknown request action.", { status: 400 });
  const { intent, requestId, reply } = submission.value;

  const { env } = context;
  const db = getDb(env.DB);
  const target = await getUserRequest(db, user.id, requestId);
  if (!target) throw new Response("Not Found", { status: 404 });

  const queued = await actOnRequest(env, user, { requestId, action: intent, charged: actionUsesAllowance(intent, target) });
  if (!queued) return data({ requestId, result: submission.reply({ formErrors: [ALLOWANCE_REFUSED_MESSAGE] }) }, { status: 403 });
  if (queued.firstQueuing) await emailAtOnceWhenSenderAllows(env, { userId: user.id, requestId });
  await recordEvents(context, [{ name: "clicked request action button", userId: user.id, properties: { action: intent } }]).catch((error) =>
    console.error("analytics:", errorMessage(error)),
  );

  // Fetchers (JavaScript on) stay on the page; a plain form post gets a redirect back to the request.
  if (reply === "data") return { requestId, result: submission.reply({ resetForm: true }) };
  return redirect(intent === "delete" ? "/dashboard" : `/dashboard#request-${requestId}`, 303);
}

export default function Dashboard() {
  const { welcome, allowance, sent, notSent, recipientCount, open, print } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  if (open && print) return <PrintableLetter open={open} />;

  const usedUp = !allowance.unlimited && allowance.left === 0;
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
          <Link to="/requests/add" className="button">
            Add a request
          </Link>
          <Link to="/recipients">
            {recipientCount > 0 ? `People on your letters (${recipientCount + 1})` : "Add people to your letters"}
          </Link>
        </p>
      </div>

      {welcome ? (
        <p className="notice" role="status">
          <strong>Welcome to {welcome}.</strong> Your requests are now unlimited: send one to every sender that mails you.
        </p>
      ) : null}
      {usedUp ? <AllowanceUsedUp alert={Boolean(actionData?.result.error)} /> : null}

      <p className="note">
        Flyers addressed to “Current Resident” are saturation mail, sent to every address in a zip code; no list removal stops them.{" "}
        <Link to="/learn#saturation-mail">What can help with those</Link>
      </p>

      <h2>Sent</h2>
      {sent.length === 0 ? (
        <p>Nothing sent yet. Pick a sender below, or add one that mails you.</p>
      ) : (
        <ul className="request-list">
          {sent.map((card) => (
            <RequestCard
              key={card.id}
              card={card}
              open={open?.id === card.id ? open : null}
              lastResult={actionData?.requestId === card.id ? actionData.result : null}
            />
          ))}
        </ul>
      )}

      <h2>Senders you can stop</h2>
      <p className="muted">
        {allowance.unlimited
          ? "The biggest senders of unasked-for mail. Unsubscribe sends your request."
          : "The biggest senders of unasked-for mail. Unsubscribe sends your request; each uses one free request."}
      </p>
      <ul className="request-list request-grid">
        {notSent.map((card) => (
          <RequestCard
            key={card.id}
            card={card}
            open={open?.id === card.id ? open : null}
            lastResult={actionData?.requestId === card.id ? actionData.result : null}
          />
        ))}
      </ul>
    </section>
  );
}

export const meta = () => pageMeta("Your requests");
