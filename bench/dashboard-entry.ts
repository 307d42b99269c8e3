// The Worker entry that bench/dashboard.ts serves instead of app/worker.ts: the app itself, and a
// request that carries COUNT_ROUND_TRIPS_HEADER is served on bindings that count every KV and D1
// round trip (test/support/counting-bindings.ts, decision 0014), answered with the counts instead
// of the page. It is never deployed: production's entry is wrangler.toml's `main`, and nothing in
// app/ imports this file. The app comes from the server build, imported once (bench/built-app.ts).
import { recordedVisit } from "../test/support/counting-bindings";
import { worker } from "./built-app";
import { COUNT_ROUND_TRIPS_HEADER, type CountedVisit } from "./dashboard-routes";

/** `request` as the app answers it, on counting bindings; the work it leaves to waitUntil is waited for and counted apart. */
async function countedVisit(request: Request, env: Cloudflare.Env, ctx: ExecutionContext): Promise<Response> {
  const pending: Promise<unknown>[] = [];
  const counting: ExecutionContext = {
    waitUntil: (promise) => void pending.push(promise),
    passThroughOnException: () => ctx.passThroughOnException(),
    props: ctx.props,
    tracing: ctx.tracing,
  };
  // A promise handed to waitUntil may hand on another: wait until none is left.
  const settled = async () => {
    while (pending.length > 0) await Promise.allSettled(pending.splice(0));
  };
  const headers = new Headers(request.headers);
  headers.delete(COUNT_ROUND_TRIPS_HEADER);
  const { status, cards, recorder } = await recordedVisit(worker, env, new Request(request, { headers }), { ctx: counting, settled });
  return Response.json({ status, cards, roundTrips: recorder.roundTrips } satisfies CountedVisit);
}

export default {
  fetch: (request, env, ctx) =>
    request.headers.has(COUNT_ROUND_TRIPS_HEADER) ? countedVisit(request, env, ctx) : worker.fetch(request, env, ctx),
  queue: worker.queue,
  scheduled: worker.scheduled,
  email: worker.email,
} satisfies ExportedHandler<Cloudflare.Env>;
