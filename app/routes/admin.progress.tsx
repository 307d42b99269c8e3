import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WeekChart } from "~/components/week-chart";
import { DAY_MS, utcDay } from "~/domain/dates";
import { CHART_WEEKS, serviceProgressView } from "~/domain/progress";
import { SERVICE_LINES, serviceLinesPerDay } from "~/models/progress.server";
import { requireStaff } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";

// The whole service's progress (decision 0060), week by week in UTC: mail still coming after it
// should have stopped, the follow-ups sent, and the requests handed to staff.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  const now = new Date();
  const since = new Date(now.getTime() - CHART_WEEKS * 7 * DAY_MS);
  const lines = await serviceLinesPerDay(getDb(context.env.DB), since);
  return serviceProgressView(lines, SERVICE_LINES, utcDay(now));
}

export default function ServiceProgress() {
  const { stillComing, followUps, escalated } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Progress</h1>
      <p>Weeks run in UTC and end today.</p>
      <h2 id="still-coming-title">Mail still coming after it should have stopped</h2>
      <WeekChart
        id="still-coming-weeks"
        title="Requests marked still coming, per week"
        description={stillComing.description}
        weeks={stillComing.weeks}
        months={stillComing.months}
        unit="Marked still coming"
      />
      <h2 id="follow-ups-title">Follow-ups</h2>
      <WeekChart
        id="follow-up-weeks"
        title="Second requests and requests under a state law, per week"
        description={followUps.description}
        weeks={followUps.weeks}
        months={followUps.months}
        unit="Follow-ups sent"
      />
      <h2 id="escalated-title">Escalations</h2>
      <WeekChart
        id="escalated-weeks"
        title="Requests handed to staff, per week"
        description={escalated.description}
        weeks={escalated.weeks}
        months={escalated.months}
        unit="Handed to staff"
      />
    </section>
  );
}

export const meta = () => pageMeta("Progress");
