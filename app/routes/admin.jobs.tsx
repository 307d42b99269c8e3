import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { JOB_STATES, type JobState } from "../../drizzle/schema";
import { PostOutcome } from "~/components/ui/form";
import { DEFAULT_TIME_ZONE, formatDateTime } from "~/domain/dates";
import type { JobQueues } from "~/queue/producer.server";
import { isRetryableJob, notRetryableMessage, retryAllDeadJobs, retryDeadJob } from "~/queue/retry.server";
import { DEAD_JOBS_SHOWN, getJobsOverview, RECENT_JOBS_SHOWN } from "~/models/job.server";
import { requireStaff, type CurrentUser } from "~/services/auth.server";
import { getDb, type Db } from "~/utils/db.server";
import { invariantResponse } from "~/utils/http-errors";
import { pageMeta } from "~/utils/meta";
import { StaffTable, StaffUserLink } from "~/components/admin/staff-table";

// A filter value that is not one of the choices (an edited URL) counts as no filter.
const FilterSchema = z.object({
  state: z.enum(JOB_STATES).optional().catch(undefined),
  type: z.string().trim().min(1).max(100).optional().catch(undefined),
});

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("retry"), jobId: z.string().trim().min(1).max(200) }),
  z.object({ intent: z.literal("retryAll") }),
]);

const STATE_LABELS: Record<JobState, string> = {
  queued: "Queued",
  running: "Running",
  succeeded: "Succeeded",
  retrying: "Retrying",
  dead: "Dead",
  cancelled: "Cancelled (account deleted)",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  const url = new URL(request.url);
  const filter = FilterSchema.parse({
    state: url.searchParams.get("state") || undefined,
    type: url.searchParams.get("type") || undefined,
  });
  const db = getDb(context.env.DB);
  const { counts, dead, recent, types } = await getJobsOverview(db, filter);
  const when = (date: Date) => formatDateTime(date, DEFAULT_TIME_ZONE);
  return {
    states: JOB_STATES.map((state) => ({ state, label: STATE_LABELS[state], count: counts[state] })),
    deadTotal: counts.dead,
    deadShownAtMost: DEAD_JOBS_SHOWN,
    recentShownAtMost: RECENT_JOBS_SHOWN,
    dead: dead.map((job) => ({
      id: job.id,
      type: job.type,
      userId: job.userId,
      attempts: job.attempts,
      lastError: job.lastError,
      updatedAt: when(job.updatedAt),
      notRetryable: isRetryableJob(job) ? null : notRetryableMessage(job.type),
    })),
    recent: recent.map((job) => ({
      id: job.id,
      type: job.type,
      userId: job.userId,
      state: STATE_LABELS[job.state],
      attempts: job.attempts,
      lastError: job.lastError,
      createdAt: when(job.createdAt),
      updatedAt: when(job.updatedAt),
    })),
    types,
    filter,
    notice: noticeFrom(url.searchParams),
  };
}

function noticeFrom(params: URLSearchParams) {
  const retried = params.get("retried");
  if (retried) return `Job ${retried} was sent to the queue again.`;
  const retriedAll = params.get("retriedAll");
  if (retriedAll === null) return null;
  const sent = Number.parseInt(retriedAll, 10) || 0;
  if (sent === 0) return "There was no dead job that could be sent again.";
  return `${sent} dead ${sent === 1 ? "job was" : "jobs were"} sent to the queue again.`;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const form = parseWithZod(await request.formData(), { schema: ActionSchema });
  if (form.status !== "success") return data({ error: "Choose a job to retry." }, { status: 400 });
  const db = getDb(context.env.DB);
  return form.value.intent === "retry" ? retryOne(db, context.env, staff, form.value.jobId) : retryAll(db, context.env, staff);
}

async function retryOne(db: Db, queues: JobQueues, staff: CurrentUser, jobId: string) {
  const outcome = await retryDeadJob(db, queues, staff, jobId);
  if (outcome.ok) return redirect(`/admin/jobs?${new URLSearchParams({ retried: jobId })}`, 303);
  invariantResponse(outcome.reason !== "notFound");
  return data({ error: outcome.message }, { status: outcome.reason === "queueRefused" ? 503 : 400 });
}

async function retryAll(db: Db, queues: JobQueues, staff: CurrentUser) {
  const outcome = await retryAllDeadJobs(db, queues, staff);
  if (outcome.refused > 0) {
    const sent = outcome.retried > 0 ? `${outcome.retried} sent again; ` : "";
    return data({ error: `${sent}the queue did not take ${outcome.refused}, which stay dead: ${outcome.error}` }, { status: 503 });
  }
  return redirect(`/admin/jobs?${new URLSearchParams({ retriedAll: String(outcome.retried) })}`, 303);
}

export default function AdminJobs() {
  const { states, deadTotal, deadShownAtMost, recentShownAtMost, dead, recent, types, filter, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Jobs</h1>
      <p className="lead">
        Background work (newsletter, billing and email calls) and what became of it. A job the queue gave up on is dead until someone sends
        it again.
      </p>

      <PostOutcome notice={notice} error={actionData?.error} />

      <h2>Jobs by state</h2>
      <ul className="stats plain">
        {states.map(({ state, label, count }) => (
          <li key={state} className="card">
            <span className="figure">{count}</span> {label}
          </li>
        ))}
      </ul>

      <h2 id="dead-jobs">Dead jobs</h2>
      {dead.length === 0 ? (
        <p>No dead jobs: everything sent to the queue has run or is still on its way.</p>
      ) : (
        <>
          {deadTotal > dead.length ? (
            <p className="note">
              The {deadShownAtMost} most recent of {deadTotal} dead jobs are listed; retrying all covers every one.
            </p>
          ) : null}
          <Form method="post" action="/admin/jobs">
            <input type="hidden" name="intent" value="retryAll" />
            <button type="submit" className="button">
              Retry all dead jobs
            </button>
          </Form>
          <StaffTable columns={["Type", "Job id", "User", "Attempts", "Last error", "Dead since", "Action"]} labelledBy="dead-jobs">
            {dead.map((job) => (
              <tr key={job.id}>
                <td>{job.type}</td>
                <td>
                  <code>{job.id}</code>
                </td>
                <td>{job.userId ? <StaffUserLink userId={job.userId} /> : <span className="muted">None</span>}</td>
                <td>{job.attempts}</td>
                <td>{job.lastError ?? <span className="muted">None recorded</span>}</td>
                <td>{job.updatedAt}</td>
                <td>
                  {job.notRetryable ? (
                    <span className="muted">{job.notRetryable}</span>
                  ) : (
                    <Form method="post" action="/admin/jobs">
                      <input type="hidden" name="intent" value="retry" />
                      <input type="hidden" name="jobId" value={job.id} />
                      <button type="submit" className="button button-small" aria-label={`Retry ${job.type} job ${job.id}`}>
                        Retry
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </StaffTable>
        </>
      )}

      <h2 id="recent-jobs">Recent jobs</h2>
      <Form method="get" className="filters">
        <div className="field">
          <label htmlFor="filter-state">State</label>
          <select id="filter-state" name="state" defaultValue={filter.state ?? ""}>
            <option value="">Any state</option>
            {states.map(({ state, label }) => (
              <option key={state} value={state}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-type">Type</label>
          <select id="filter-type" name="type" defaultValue={filter.type ?? ""}>
            <option value="">Any type</option>
            {types.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-quiet">
          Show jobs
        </button>
        {filter.state || filter.type ? <Link to="/admin/jobs">Clear the filter</Link> : null}
      </Form>
      {recent.length === 0 ? (
        <p>No job matches this filter.</p>
      ) : (
        <StaffTable
          columns={["Type", "Job id", "State", "User", "Attempts", "Last error", "Queued", "Last change"]}
          labelledBy="recent-jobs"
          caption={<>Up to {recentShownAtMost} jobs, the most recently changed first.</>}
        >
          {recent.map((job) => (
            <tr key={job.id}>
              <td>{job.type}</td>
              <td>
                <code>{job.id}</code>
              </td>
              <td>
                <span className="status">{job.state}</span>
              </td>
              <td>{job.userId ? <StaffUserLink userId={job.userId} /> : <span className="muted">None</span>}</td>
              <td>{job.attempts}</td>
              <td>{job.lastError ?? ""}</td>
              <td>{job.createdAt}</td>
              <td>{job.updatedAt}</td>
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}

export const meta = () => pageMeta("Jobs");
