// The Worker entry that bench/delivery.ts serves instead of app/worker.ts: the app itself, with
// its queue consumer and Lob's webhook, plus routes that make accounts without the signup form's
// password hashing and rate limits, put one person's request through addRequestForSender (the
// function "Send request" and a preset's "Unsubscribe" call), and read what happened to every
// request from D1. It is never deployed: production's entry is wrangler.toml's `main`, and nothing
// in app/ imports this file. The app comes from the server build, imported once (bench/built-app.ts).
import { and, eq, inArray, isNotNull, like, sql } from "drizzle-orm";
import { app, worker } from "./built-app";
import { deliveryEvidenceColumns } from "./delivery-evidence";
import {
  DELIVERY_FIGURES_PATH,
  DELIVERY_JOBS_PATH,
  DELIVERY_PEOPLE_PATH,
  DELIVERY_REQUEST_PATH,
  DELIVERY_RETURN_ADDRESS_PATH,
  type DeliveryFigure,
  type DeliveryJobs,
  type DeliveryPerson,
  type DeliveryRequest,
  type DeliveryRequestResult,
  type DeliveryReturnAddress,
} from "./delivery-routes";

const {
  requestKey,
  createUserWithPresets,
  getSessionUser,
  listWorkQueue,
  addRequestForSender,
  giveSenderAddress,
  waitingForReturnAddress,
  getDb,
  parseEnv,
  schema: { jobs, mailedLetters, requests, users },
} = app;

/** Not a usable password hash: these accounts cannot be signed in to. */
const NO_PASSWORD = "bench$no-password";
/** Every bench account's email starts so: the figures are theirs only. */
const BENCH_EMAIL_PREFIX = "delivery-";

// Checked at signup, as a real account's is: an address kept as typed waits for staff (decision 0028).
const ADDRESS = {
  street1: "1 Main St",
  street2: null,
  city: "Springfield",
  state: "IL",
  zipCode: "62701",
  addressCheck: "verified" as const,
};

/**
 * Each person's own home: a house of its own on Main Street (a street per month), so that people
 * are different households as return addresses are learned (decision 0068), as they would be.
 */
function homeStreetOf(email: string, position: number) {
  const [, month, index] = /-(before|after)-[^-@]+-(\d+)@/.exec(email) ?? [];
  return `${Number(index ?? position) + 1} ${month === "before" ? "Oak" : "Main"} St`;
}

async function makePeople(request: Request, rawEnv: unknown): Promise<Response> {
  const db = getDb(parseEnv(rawEnv).DB);
  const { people } = (await request.json()) as { people: DeliveryPerson[] };
  const userIds: string[] = [];
  for (const { email, fullName } of people) {
    if (!email.startsWith(BENCH_EMAIL_PREFIX)) return new Response(`emails must start with ${BENCH_EMAIL_PREFIX}`, { status: 400 });
    const { id } = await createUserWithPresets(db, {
      email,
      fullName,
      passwordHash: NO_PASSWORD,
      newsletter: false,
      ...ADDRESS,
      street1: homeStreetOf(email, userIds.length),
    });
    userIds.push(id);
  }
  return Response.json(userIds);
}

/** One person's request, exactly as the add page's action sends it, with the Lob letter path off if asked. */
async function sendRequest(request: Request, rawEnv: unknown): Promise<Response> {
  const parsed = parseEnv(rawEnv);
  const { userId, templateId, senderName, lettersOff } = (await request.json()) as DeliveryRequest;
  const env = lettersOff ? { ...parsed, LOB_API_KEY: undefined } : parsed;
  const owner = await getSessionUser(getDb(env.DB), userId);
  if (!owner) return new Response(`no user ${userId}`, { status: 404 });
  const outcome = await addRequestForSender(
    env,
    { ...owner, role: "none" },
    { templateId, senderName, customerNumber: null, recipientIds: [] },
  );
  const result: DeliveryRequestResult = outcome.ok
    ? { ok: true, requestId: outcome.requestId }
    : { ok: false, status: outcome.status, message: outcome.message };
  return Response.json(result);
}

/** The person gives the return address on the piece, through the function the request's return-address form calls. */
async function giveReturnAddress(request: Request, rawEnv: unknown): Promise<Response> {
  const parsed = parseEnv(rawEnv);
  const { userId, requestId, address, lettersOff } = (await request.json()) as DeliveryReturnAddress;
  const env = lettersOff ? { ...parsed, LOB_API_KEY: undefined } : parsed;
  return Response.json(await giveSenderAddress(env, userId, requestId, address, "typed"));
}

async function describeJobs(rawEnv: unknown): Promise<Response> {
  const db = getDb(parseEnv(rawEnv).DB);
  const rows = await db
    .select({ state: jobs.state, jobs: sql<number>`count(*)`.mapWith(Number) })
    .from(jobs)
    .groupBy(jobs.state);
  const count = (states: string[]) => rows.filter((row) => states.includes(row.state)).reduce((total, row) => total + row.jobs, 0);
  const deadErrors = await db
    .select({
      type: jobs.type,
      error: sql<string>`coalesce(substr(${jobs.lastError}, 1, 120), '')`,
      jobs: sql<number>`count(*)`.mapWith(Number),
    })
    .from(jobs)
    .where(eq(jobs.state, "dead"))
    .groupBy(jobs.type, sql`substr(${jobs.lastError}, 1, 120)`);
  return Response.json({ open: count(["queued", "running", "retrying"]), dead: count(["dead"]), deadErrors } satisfies DeliveryJobs);
}

// Each written out in full for the same reason as deliveryEvidenceColumns.
const firstSent = (column: string) =>
  sql.raw(`(select "request_logs"."${column}" from "request_logs" where "request_logs"."userId" = "requests"."userId"
    and "request_logs"."requestId" = "requests"."id" and "request_logs"."creator" = 'system'
    and "request_logs"."status" in ('emailed', 'mailed') order by "request_logs"."createdAt" limit 1)`);
const emailsOfRequest = sql<string>`(select json_group_array("request_emails"."messageId") from "request_emails"
  where "request_emails"."userId" = "requests"."userId" and "request_emails"."requestId" = "requests"."id")`;
const emailBounced = sql<number>`exists (select 1 from "request_emails" where "request_emails"."userId" = "requests"."userId"
  and "request_emails"."requestId" = "requests"."id" and "request_emails"."outcome" in ('bounced', 'spamComplaint'))`;
const returnedToSender = sql<number>`exists (select 1 from "request_logs" where "request_logs"."userId" = "requests"."userId"
  and "request_logs"."requestId" = "requests"."id" and "request_logs"."status" = 'letter.returned_to_sender')`;

/** Every bench request that went into the queue, as D1 says it went. */
async function describeRequests(rawEnv: unknown): Promise<Response> {
  const db = getDb(parseEnv(rawEnv).DB);
  const rows = await db
    .select({
      userId: requests.userId,
      requestId: requests.id,
      templateId: requests.templateId,
      senderName: requests.senderName,
      queuedAt: sql<number | null>`${requests.queuedAt}`,
      sentAt: sql<number | null>`${firstSent("createdAt")}`,
      sentAs: sql<"emailed" | "mailed" | null>`${firstSent("status")}`,
      letterProblem: requests.letterProblem,
      returned: returnedToSender.mapWith(Boolean),
      emailMessageIds: emailsOfRequest.mapWith((value: string) => JSON.parse(value) as string[]),
      emailBounced: emailBounced.mapWith(Boolean),
      emailProblem: requests.emailProblem,
      waitingForPerson: sql<number>`${waitingForReturnAddress(new Date())}`.mapWith(Boolean),
      cameBack: sql<number>`${requests.returnAddressAskedAt} is not null`.mapWith(Boolean),
      ...deliveryEvidenceColumns,
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId))
    .where(and(isNotNull(requests.queuedAt), like(users.email, `${BENCH_EMAIL_PREFIX}%`)));
  const userIds = [...new Set(rows.map((row) => row.userId))];
  const letters = [];
  // D1 binds at most 100 values a query.
  for (let start = 0; start < userIds.length; start += 90) {
    letters.push(
      ...(await db
        .select({ userId: mailedLetters.userId, requestId: mailedLetters.requestId, costCents: mailedLetters.costCents })
        .from(mailedLetters)
        .where(inArray(mailedLetters.userId, userIds.slice(start, start + 90)))),
    );
  }
  const costs = new Map<string, number[]>();
  for (const letter of letters) {
    const key = requestKey({ userId: letter.userId, id: letter.requestId });
    costs.set(key, [...(costs.get(key) ?? []), letter.costCents]);
  }
  const waiting = new Set((await listWorkQueue(db, { limit: 1_000_000 })).map(requestKey));
  const figures = rows.map(({ letters: letterCount, emailsSent, ...row }): DeliveryFigure => ({
    ...row,
    waitingForStaff: waiting.has(requestKey({ userId: row.userId, id: row.requestId })),
    letterCostsCents: costs.get(requestKey({ userId: row.userId, id: row.requestId })) ?? [],
    evidence: { letters: letterCount, emailsSent },
  }));
  return Response.json(figures);
}

export default {
  fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname === DELIVERY_PEOPLE_PATH) return makePeople(request, env);
    if (request.method === "POST" && url.pathname === DELIVERY_REQUEST_PATH) return sendRequest(request, env);
    if (request.method === "POST" && url.pathname === DELIVERY_RETURN_ADDRESS_PATH) return giveReturnAddress(request, env);
    if (request.method === "GET" && url.pathname === DELIVERY_JOBS_PATH) return describeJobs(env);
    if (request.method === "GET" && url.pathname === DELIVERY_FIGURES_PATH) return describeRequests(env);
    return worker.fetch(request, env, ctx);
  },
  queue: worker.queue,
  scheduled: worker.scheduled,
  email: worker.email,
} satisfies ExportedHandler;
