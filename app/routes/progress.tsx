import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { WeekChart } from "~/components/week-chart";
import { isoDate, userTimeZone } from "~/domain/dates";
import { CHART_WEEKS, progressReadsFrom, progressView } from "~/domain/progress";
import { progressOfUser } from "~/models/progress.server";
import { requireUser } from "~/services/auth.server";
import { dbFor } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";

// The person's progress (decision 0060): where each sender stands, the pieces seen before and
// after each request, the mail avoided as an estimate, and a chart of pieces per week.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const now = new Date();
  const { timeZone } = userTimeZone(user.state);
  const snapshot = await progressOfUser(await dbFor(context.env, user.id), user.id, progressReadsFrom(isoDate(now, timeZone)));
  return progressView(snapshot, { now, timeZone });
}

export default function Progress() {
  const { counts, senders, estimate, chart, empty } = useLoaderData<typeof loader>();
  return (
    <section className="page progress" aria-labelledby="page-title">
      <p>
        <Link to="/dashboard">Your requests</Link>
      </p>
      <h1 id="page-title">Your progress</h1>
      {empty ? (
        <p className="notice" id="progress-empty">
          No figures yet. They come from the requests you send and the mail we see: forward your Informed Delivery emails to{" "}
          <Link to="/account#mailbox">your mailbox address</Link>, or <Link to="/requests/photo">send a photo of the mail</Link>.
        </p>
      ) : null}
      <section aria-labelledby="senders-title">
        <h2 id="senders-title">Your senders</h2>
        <ul className="plain progress-counts">
          {counts.map((entry) => (
            <li key={entry.standing} data-standing={entry.standing}>
              <strong>{entry.count}</strong> {entry.label.toLowerCase()}
            </li>
          ))}
        </ul>
        {estimate ? (
          <p className="progress-estimate">
            <strong>About {estimate.perYear} fewer pieces a year.</strong> {estimate.basis}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="weeks-title">
        <h2 id="weeks-title">Mail seen, week by week</h2>
        <WeekChart
          id="pieces-per-week"
          title={`Pieces seen in your mail, per week, over the last ${CHART_WEEKS} weeks`}
          description={chart.description}
          weeks={chart.weeks}
          months={chart.months}
          marks={chart.marks}
          unit="Pieces seen"
        />
      </section>
      {senders.length > 0 ? (
        <section aria-labelledby="before-after-title">
          <h2 id="before-after-title">Before and after each request</h2>
          <p className="muted">Pieces seen from each sender before and after the day its request went out.</p>
          <ul className="plain progress-senders">
            {senders.map((sender) => (
              <li key={sender.id}>
                <strong>{sender.senderName}</strong>
                {sender.sentOn ? ` (sent ${sender.sentOn})` : null}: {sender.standing}.{" "}
                <span className="progress-pieces">
                  {sender.piecesBefore} before, {sender.piecesAfter} after.
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

export const meta = () => pageMeta("Your progress");
