import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PLAN_DETAILS } from "~/domain/plans";
import { STATUS_LABELS } from "~/domain/requests";
import { staffChannel } from "~/domain/work-queue";
import { getStaffOverview, SENT_ALONE_WEEKS } from "~/models/staff-overview.server";
import { formatDate } from "~/domain/dates";
import { requireStaff } from "~/services/auth.server";
import { everyHomeDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";
import { DAY_MS } from "~/domain/dates";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  const overview = await getStaffOverview(everyHomeDb(context.env));

  const byChannel = new Map<string, number>();
  for (const row of overview.queueByTemplate) {
    const channel = row.consumerFiles ? "the person files it" : staffChannel(row.channels).kind;
    byChannel.set(channel, (byChannel.get(channel) ?? 0) + row.count);
  }
  return {
    byStatus: overview.byStatus.map((row) => ({ label: row.status ? STATUS_LABELS[row.status] : "Not sent yet", count: row.count })),
    byChannel: [...byChannel].map(([channel, count]) => ({ channel, count })),
    waitingLong: overview.waitingLongCapped ? `${overview.waitingLong.toLocaleString("en-US")} or more` : overview.waitingLong,
    confirmedRate: overview.processed > 0 ? Math.round((overview.confirmed / overview.processed) * 100) : null,
    medianDays: overview.medianConfirmationMs === null ? null : Math.round((overview.medianConfirmationMs / DAY_MS) * 10) / 10,
    users: overview.users,
    subscribers: overview.subscribers.map((row) => ({ plan: row.plan ? PLAN_DETAILS[row.plan].name : "Unknown plan", count: row.count })),
    usedUp: overview.usedUp,
    deadJobs: overview.jobStates.find((row) => row.state === "dead")?.count ?? 0,
    retryingJobs: overview.jobStates.find((row) => row.state === "retrying")?.count ?? 0,
    waitingOnChannel: {
      count: overview.waitingOnChannel.count,
      oldestDays: inDays(overview.waitingOnChannel.oldestAgeMs),
      ninetiethPercentileDays: inDays(overview.waitingOnChannel.ninetiethPercentileAgeMs),
    },
    sentAlone: overview.sentAlone.map((row) => ({
      week: weekName(row.week),
      sent: row.sent,
      alone: row.alone,
      share: row.sent > 0 ? `${Math.round((row.alone / row.sent) * 100)}%` : "–",
    })),
    letterCosts: overview.letterCosts.map((row) => ({ month: monthName(row.month), letters: row.letters, cost: dollars(row.costCents) })),
  };
}

const inDays = (ms: number | null) => (ms === null ? "–" : (Math.round((ms / DAY_MS) * 10) / 10).toString());

/** "2026-11-23" as "Week of 11/23/2026". */
const weekName = (week: string) => `Week of ${formatDate(new Date(`${week}T12:00:00Z`), "UTC")}`;

/** "2026-11" as "November 2026". */
const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

const dollars = (cents: number) => (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });

const CHANNEL_LABELS: Record<string, string> = {
  email: "Email",
  mail: "Postal mail",
  web: "Web form",
  phone: "Phone",
  unknown: "Not in the catalog",
};

export default function StaffOverview() {
  const data = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Overview</h1>
      <div className="stats">
        <Figure label="Waiting more than two days" value={data.waitingLong} link={{ to: "/admin/queue", text: "Work queue" }} />
        <Figure label="Confirmed stopped, of those sent" value={data.confirmedRate === null ? "–" : `${data.confirmedRate}%`} />
        <Figure label="Median days from sending to confirmation" value={data.medianDays ?? "–"} />
        <Figure label="Users" value={data.users} link={{ to: "/admin/users", text: "Users" }} />
        <Figure label="Free allowance used up" value={data.usedUp} />
        <Figure label="Failed jobs" value={data.deadJobs} link={{ to: "/admin/jobs", text: `Jobs (${data.retryingJobs} retrying)` }} />
      </div>
      <div className="grid">
        <CountTable caption="Requests by status" rows={data.byStatus.map((row) => [row.label, row.count])} />
        <CountTable
          caption="In queue, by channel"
          rows={data.byChannel.map((row) => [CHANNEL_LABELS[row.channel] ?? row.channel, row.count])}
        />
        <CountTable caption="Subscribers by plan" rows={data.subscribers.map((row) => [row.plan, row.count])} />
      </div>

      <h2 id="channel-promise">Where to send it: usually within 2 working days</h2>
      <p>
        Requests wait for staff to look up where to send them when the sender has no channel that works, or is not in the catalog.{" "}
        <Link to="/admin/senders/requested">Senders, most waiting first</Link>
      </p>
      <div className="stats">
        <Figure label="Waiting on a channel" value={data.waitingOnChannel.count} />
        <Figure label="Days the oldest has waited" value={data.waitingOnChannel.oldestDays} />
        <Figure label="Days 90% of them have waited at most" value={data.waitingOnChannel.ninetiethPercentileDays} />
      </div>

      <table id="sent-alone">
        <caption>Sent with no staff touch, by week</caption>
        <thead>
          <tr>
            <th scope="col">Week</th>
            <th scope="col">Sent</th>
            <th scope="col">With no staff touch</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {data.sentAlone.length === 0 ? (
            <tr>
              <td colSpan={4}>None sent in the last {SENT_ALONE_WEEKS} weeks</td>
            </tr>
          ) : (
            data.sentAlone.map((row) => (
              <tr key={row.week}>
                <td>{row.week}</td>
                <td>{row.sent}</td>
                <td>{row.alone}</td>
                <td>{row.share}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>

      <table>
        <caption>Letters through Lob, by month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Letters</th>
            <th scope="col">Cost</th>
          </tr>
        </thead>
        <tbody>
          {data.letterCosts.length === 0 ? (
            <tr>
              <td colSpan={3}>None in the last twelve months</td>
            </tr>
          ) : (
            data.letterCosts.map((row) => (
              <tr key={row.month}>
                <td>{row.month}</td>
                <td>{row.letters}</td>
                <td>{row.cost}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}

function Figure({ label, value, link }: { label: string; value: number | string; link?: { to: string; text: string } }) {
  return (
    <div className="card">
      <span className="figure">{value}</span>
      {label}
      {link ? (
        <>
          {" "}
          <Link to={link.to}>{link.text}</Link>
        </>
      ) : null}
    </div>
  );
}

function CountTable({ caption, rows }: { caption: string; rows: [string, number][] }) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">What</th>
          <th scope="col">Count</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={2}>None yet</td>
          </tr>
        ) : (
          rows.map(([label, value]) => (
            <tr key={label}>
              <td>{label}</td>
              <td>{value}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

export const meta = () => pageMeta("Staff overview");
