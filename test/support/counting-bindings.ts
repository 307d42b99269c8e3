// Bindings that record every round trip a Worker makes (decision 0014): each D1 call that reaches
// the database (a batch, or one statement's first/all/run/raw, or exec) and each KV call. Calls
// made while the response is produced are told apart from work left to ctx.waitUntil after it.
// Free of the test runtime: the round-trip test uses it inside workerd (test/support/round-trips.ts)
// and the dashboard bench's Worker entry in the stack it serves (bench/dashboard-entry.ts).

export type RoundTrip = { binding: "D1" | "KV"; call: string; afterResponse: boolean };

class Recorder {
  roundTrips: RoundTrip[] = [];
  afterResponse = false;
  record(binding: RoundTrip["binding"], call: string) {
    this.roundTrips.push({ binding, call, afterResponse: this.afterResponse });
  }
  during(binding: RoundTrip["binding"]) {
    return this.roundTrips.filter((trip) => trip.binding === binding && !trip.afterResponse).map((trip) => trip.call);
  }
}

/** D1 with every call that reaches the database recorded: a batch, or one statement's first/all/run/raw. */
function countingD1(real: D1Database, recorder: Recorder): D1Database {
  const realStatements = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const reach = <T>(method: string, call: () => T) => {
      recorder.record("D1", `${method}: ${sql.slice(0, 80)}`);
      return call();
    };
    const wrapped = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values), sql),
      first: (column?: string) => reach("first", () => (column === undefined ? statement.first() : statement.first(column))),
      all: () => reach("all", () => statement.all()),
      run: () => reach("run", () => statement.run()),
      raw: (options?: { columnNames?: boolean }) => reach("raw", () => statement.raw(options as { columnNames: true })),
    };
    realStatements.set(wrapped, statement);
    return wrapped as unknown as D1PreparedStatement;
  };
  return new Proxy(real, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      if (property === "batch")
        return (statements: D1PreparedStatement[]) => {
          recorder.record("D1", `batch of ${statements.length}`);
          return target.batch(statements.map((statement) => realStatements.get(statement) ?? statement));
        };
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        recorder.record("D1", String(property));
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** A D1 binding that records every call reaching the database, for a test that counts a use case's round trips. */
export function countedD1(real: D1Database) {
  const recorder = new Recorder();
  return { binding: countingD1(real, recorder), calls: () => recorder.during("D1") };
}

function countingKV(real: KVNamespace, recorder: Recorder): KVNamespace {
  return new Proxy(real, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        recorder.record("KV", String(property));
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

type Worker = {
  fetch: (request: Request<unknown, IncomingRequestCfProperties>, env: Cloudflare.Env, ctx: ExecutionContext) => Promise<Response>;
};

/** An execution context, and what settles once every promise handed to its waitUntil has. */
export type VisitContext = { ctx: ExecutionContext; settled: () => Promise<unknown> };

/**
 * `request` answered by the Worker on recording bindings: its answer, the page, and every round
 * trip, those made after the response (ctx.waitUntil) marked so.
 */
export async function recordedVisit(worker: Worker, env: Cloudflare.Env, request: Request, { ctx, settled }: VisitContext) {
  const recorder = new Recorder();
  const recordingEnv = { ...env, DB: countingD1(env.DB, recorder), SESSIONS: countingKV(env.SESSIONS, recorder) };
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, recordingEnv, ctx);
  const html = await response.text();
  recorder.afterResponse = true;
  await settled();
  return { status: response.status, cards: (html.match(/<li id="request-/g) ?? []).length, html, recorder };
}
