// The Worker entry that bench/queue-wave.ts serves instead of app/worker.ts (`wrangler dev
// bench/queue-wave-entry.ts`): the app itself, with its queue consumer, plus one route that makes
// accounts and enqueues exactly the jobs a signup enqueues (signupJobs), without the signup form's
// password hashing and rate limits. It is never deployed: production's entry is wrangler.toml's
// `main`, and nothing in app/ imports this file. The app comes from the server build, imported once
// (bench/built-app.ts).
import { count, eq, sum } from "drizzle-orm";
import { app, worker } from "./built-app";
import { WAVE_JOBS_PATH, WAVE_SIGNUPS_PATH, type WaveJobs, type WaveSignup, type WaveSignupResult } from "./queue-wave-routes";

const {
  createUserWithPresets,
  signupJobs,
  getDb,
  parseEnv,
  schema: { jobs },
} = app;

/** Not a usable password hash: these accounts cannot be signed in to. */
const NO_PASSWORD = "bench$no-password";

const ADDRESS = { street1: "1 Main St", street2: null, city: "Springfield", state: "IL", zipCode: "62701", addressCheck: null };

async function makeSignups(request: Request, rawEnv: unknown): Promise<Response> {
  const env = parseEnv(rawEnv);
  const db = getDb(env.DB);
  const { signups } = (await request.json()) as { signups: WaveSignup[] };
  // One after another, as the form takes one person per request: the bench's requests in flight are
  // the people signing up at the same moment.
  const results: WaveSignupResult[] = [];
  for (const { email, fullName } of signups) {
    const { id: userId } = await createUserWithPresets(db, { email, fullName, passwordHash: NO_PASSWORD, newsletter: true, ...ADDRESS });
    const outcomes = await Promise.allSettled(signupJobs(env, { userId, email, fullName }).map((run) => run()));
    results.push({ userId, email, jobsRefused: outcomes.filter((outcome) => outcome.status === "rejected").length });
  }
  return Response.json(results);
}

/** The jobs table as the app sees it: every job's state and attempts, and why the dead ones died. */
async function describeJobs(rawEnv: unknown): Promise<Response> {
  const db = getDb(parseEnv(rawEnv).DB);
  const [byState, dead] = await Promise.all([
    db
      .select({
        type: jobs.type,
        state: jobs.state,
        jobs: count(),
        attempts: sum(jobs.attempts).mapWith(Number),
        resends: sum(jobs.resends).mapWith(Number),
      })
      .from(jobs)
      .groupBy(jobs.type, jobs.state),
    db
      .select({ type: jobs.type, reason: jobs.lastError, jobs: count() })
      .from(jobs)
      .where(eq(jobs.state, "dead"))
      .groupBy(jobs.type, jobs.lastError),
  ]);
  return Response.json({ byState, dead } satisfies WaveJobs);
}

export default {
  fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname === WAVE_SIGNUPS_PATH) return makeSignups(request, env);
    if (request.method === "GET" && url.pathname === WAVE_JOBS_PATH) return describeJobs(env);
    return worker.fetch(request, env, ctx);
  },
  queue: worker.queue,
  scheduled: worker.scheduled,
  email: worker.email,
} satisfies ExportedHandler;
