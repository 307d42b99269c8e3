// npm run bench:delivery: a month of opt-out requests, from the person's click to the sender.
//
// A month of requests drawn from the catalog's mix (the senders every new user is given, the ones
// people find by name, and names people type) goes through addRequestForSender, the function the
// add page's "Send request" and a preset's "Unsubscribe" call, then through the real queue, the
// Lob letters stand-in and the Postmark stand-in, with Lob failing: one letter call in N answers
// 500 without making the letter, one new letter in M is made but its answer is lost (502), and a
// share of the letters Lob mailed come back (Lob's letter.returned_to_sender event, signed as Lob
// signs it), and a share of the opt-out emails hard-bounce (Postmark's Bounce record, after its
// Delivery). The same month runs twice on one stack: first with the letter path off (no Lob key in
// the Worker's env for those requests: every postal request waits for staff's print batch), then
// with it on. Figures come from D1 and from what the stand-ins recorded. Prints figures; never fails.
//
// People do not go through the signup form (scrypt and its rate limits, decision 0019): the bench
// serves its own Worker entry (bench/delivery-entry.ts), the app plus routes that make accounts
// and send one person's request. The stack runs without wrangler dev's inspector (decision 0038).
// The bench plays Cloudflare's cron for the job sweep, as bench/queue-wave.ts does.
//
// A request whose sender has no email or postal channel (a name typed, a catalog sender with none, or
// one reached only by a web form or a phone) asks the person for the return address printed on the
// piece (decision 0067): once the month's queue has drained, the bench answers a share of those asks
// as people would, through giveSenderAddress, the function the request's return-address form calls,
// each household giving the same address for the same sender; an ask left unanswered is staff's
// after 7 days, so it is counted as a staff touch.
//
// Options: --requests N (2000 a month), --answer-share A (0.8: the asks people answer within the month), --seconds S (120: the month's requests arrive over S seconds),
// --preset-share P (0.5: "Unsubscribe" on a sender the dashboard offers), --typed-share T (0.15:
// a name typed), the rest found by name in the catalog; --lob-fail-every F (4), --lob-answer-lost-every L (5),
// --returned-share R (0.1), --bounce-share B (0.05), --seed X (1), --retry-base-seconds B (1), --sweep-after-seconds A (60),
// --sweep-every-seconds E (30), --max-minutes M (15: how long a month may take to drain), --wrangler-log FILE.
import { appendFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { CATALOG_SENDERS } from "../drizzle/catalog";
import signupSenders from "../drizzle/senders.json" with { type: "json" };
import { templateFromSender, type CatalogSender } from "../app/domain/sender-catalog";
import { automaticSendOf } from "../app/services/automatic-send.server";
import { JOB_SWEEP_CRON } from "../app/domain/job-envelope";
import { type LocalStack, seededStack, startLocalStack } from "../test/support/local-stack";
import { freePort } from "../test/support/ports";
import { hasDeliveryEvidence } from "./delivery-evidence";
import {
  DELIVERY_FIGURES_PATH,
  DELIVERY_JOBS_PATH,
  DELIVERY_PEOPLE_PATH,
  DELIVERY_REQUEST_PATH,
  DELIVERY_RETURN_ADDRESS_PATH,
  type DeliveryFigure,
  type DeliveryJobs,
  type DeliveryRequest,
  type DeliveryRequestResult,
  type DeliveryReturnAddress,
} from "./delivery-routes";
import { percentile, printTable } from "./load";
import { runBench } from "./run-bench";
import { sized, SMOKE_STACK } from "./smoke";

// Smoke size (--smoke, bench/smoke.ts): a dozen requests a month arriving in a second, retries at
// once, a sweep every second.
const { values: options } = parseArgs({
  options: {
    smoke: { type: "boolean" },
    requests: { type: "string", default: sized("2000", "12") },
    seconds: { type: "string", default: sized("120", "1") },
    "preset-share": { type: "string", default: "0.5" },
    "typed-share": { type: "string", default: "0.15" },
    "lob-fail-every": { type: "string", default: "4" },
    "lob-answer-lost-every": { type: "string", default: "5" },
    "returned-share": { type: "string", default: "0.1" },
    "bounce-share": { type: "string", default: "0.05" },
    "answer-share": { type: "string", default: "0.8" },
    seed: { type: "string", default: "1" },
    "retry-base-seconds": { type: "string", default: sized("1", "0") },
    "sweep-after-seconds": { type: "string", default: sized("60", "2") },
    "sweep-every-seconds": { type: "string", default: sized("30", "1") },
    "max-minutes": { type: "string", default: sized("15", "1") },
    "wrangler-log": { type: "string" },
  },
});
const REQUESTS = Number(options.requests);
const MONTH_SECONDS = Number(options.seconds);
const PRESET_SHARE = Number(options["preset-share"]);
const TYPED_SHARE = Number(options["typed-share"]);
const LOB_FAIL_EVERY = Number(options["lob-fail-every"]);
const LOB_ANSWER_LOST_EVERY = Number(options["lob-answer-lost-every"]);
const RETURNED_SHARE = Number(options["returned-share"]);
const BOUNCE_SHARE = Number(options["bounce-share"]);
const ANSWER_SHARE = Number(options["answer-share"]);
const SWEEP_EVERY_SECONDS = Number(options["sweep-every-seconds"]);

/** Issue 41's targets: the share of the requests in queue that leave with no one on the staff, and staff touches per 1,000. */
const LEAVES_ALONE_TARGET = 0.9;
const STAFF_TOUCHES_BUDGET = 100;
/** The budget's wait: a request with a known channel leaves within this, with no one on the staff involved. */
const LEAVES_WITHIN_MINUTES = 10;
/** The free allowance: each person sends at most this many requests. */
const REQUESTS_PER_PERSON = 3;
const REQUESTS_IN_FLIGHT = 8;
/** How often the drain reads the jobs table. */
const DRAIN_POLL_MS = sized(2_000, 250);
const PEOPLE_PER_CALL = 25;
/** No job has finished for this long: whatever is left is not coming. */
const STALL_MS = 180_000;
/** Any key: the Lob stand-in takes any user name as a key, as Lob's test keys are. */
const LOB_STAND_IN_KEY = "test_delivery_bench";

/**
 * How the product reaches a sender, as the catalog and the product's rules decide it (decision
 * 0066): the person's own request by email, else a letter through Lob, else the return address the
 * person gives from the piece (decision 0067), or not at all (the person files it with our
 * instructions: the sender asks for an SSN, a date of birth or a fee).
 */
const ROUTES = {
  email: "email, as the person's own request",
  letter: "postal address, a letter through Lob",
  returnAddress: "no email or postal channel: the person gives the return address",
  typed: "a name typed: the person gives the return address",
  self: "the person files it themselves",
} as const;
type Route = keyof typeof ROUTES;
const SENT_BY_PRODUCT: Route[] = ["email", "letter"];
const ASKS_THE_PERSON: Route[] = ["returnAddress", "typed"];

/** Names people type for senders the catalog does not know: local and regional mailers. */
const TYPED_NAMES = [
  "Hometown Savings Coupons",
  "Riverside Furniture Outlet",
  "Sunrise Dental Group",
  "Lakeside Community Bank",
  "Green Valley Lawn Care",
  "Metro Auto Warranty Center",
  "Bright Smile Orthodontics",
  "Northside Pizza Kitchen",
  "Pioneer Window and Siding",
  "Evergreen Senior Living",
  "Summit Credit Union Offers",
  "Harbor View Realty",
];

type Draw = { templateId: string | null; senderName: string; route: Route };
type Month = { name: "before" | "after"; lettersOff: boolean };
// The month with letters through Lob runs first, on a fresh database: what its people teach
// (decision 0068) is the service's own, not the other month's. The month before runs second and may
// use what the first taught, so its figures, if anything, flatter the old way.
const MONTHS: Month[] = [
  { name: "after", lettersOff: false },
  { name: "before", lettersOff: true },
];

const cleanups: Array<() => Promise<unknown>> = [];
let stack: LocalStack | undefined;

async function main() {
  const persistDir = await mkdtemp(join(tmpdir(), "quiet-mailbox-delivery-"));
  cleanups.push(() => rm(persistDir, { recursive: true, force: true }));
  console.log(
    "People skip the signup form (scrypt and its rate limits): the bench's own Worker entry, bench/delivery-entry.ts, makes the\n" +
      "accounts and sends each request through addRequestForSender, the function the add page and a preset's Unsubscribe call.",
  );
  console.log("Starting the local stack with that entry...");
  stack = await startLocalStack({
    appPort: await freePort(),
    standInsPort: await freePort(),
    persistDir,
    readsImages: false,
    script: "bench/delivery-entry.ts",
    vars: {
      LOB_API_KEY: LOB_STAND_IN_KEY,
      JOB_RETRY_BASE_SECONDS: options["retry-base-seconds"]!,
      JOB_SWEEP_AFTER_SECONDS: options["sweep-after-seconds"]!,
    },
    inspector: false,
    logLevel: "warn",
    ...seededStack(),
    ...SMOKE_STACK,
    log: options["wrangler-log"] ? (line) => appendFileSync(options["wrangler-log"]!, `${line}\n`) : undefined,
  });
  const { appUrl, standIns } = stack;

  // Tracking events are the bench's to send (each letter's mailed, then delivered or returned), not a timer's.
  await control("POST", "/__stand-ins/lob/webhook-endpoint", { url: null });
  await control("POST", "/__stand-ins/faults", {
    vendor: "lob",
    path: "/letters",
    status: 500,
    every: LOB_FAIL_EVERY,
    times: 1_000_000,
    body: { error: { message: "Internal server error", status_code: 500, code: "internal_server_error" } },
  });
  await control("PUT", "/__stand-ins/lob/faults", { answerLostEvery: LOB_ANSWER_LOST_EVERY });
  console.log(
    `Lob stand-in: every ${ordinal(LOB_FAIL_EVERY)} letter call answers 500 without making the letter; every ${ordinal(LOB_ANSWER_LOST_EVERY)} ` +
      `letter made has its answer lost (502); ${percent(RETURNED_SHARE)} of the letters mailed come back to the sender.`,
  );

  const sweeps = { runs: 0, failed: 0 };
  let sweeping = true;
  void (async () => {
    for (await sleep(SWEEP_EVERY_SECONDS * 1000); sweeping; await sleep(SWEEP_EVERY_SECONDS * 1000)) {
      const response = await fetch(`${appUrl}/__scheduled?cron=${encodeURIComponent(JOB_SWEEP_CRON)}`, {
        signal: AbortSignal.timeout(120_000),
      }).catch(() => null);
      await response?.arrayBuffer();
      if (response?.ok) sweeps.runs += 1;
      else sweeps.failed += 1;
    }
  })();

  const random = seededRandom(Number(options.seed));
  const people = drawMonth(random);
  printMix(people.flat());

  const runId = Date.now().toString(36);
  const monthOf = new Map<string, Month["name"]>();
  const wall = {} as Record<Month["name"], MonthRun>;
  for (const month of MONTHS) {
    console.log(`\nMonth "${month.name}" (${month.lettersOff ? "letters printed by staff" : "letters through Lob"}):`);
    const userIds = await makePeople(
      appUrl,
      people.map((_, index) => ({
        email: `delivery-${month.name}-${runId}-${index}@quietmailbox.test`,
        fullName: `Pat ${month.name === "before" ? "Before" : "After"} ${index}`,
      })),
    );
    for (const userId of userIds) monthOf.set(userId, month.name);
    wall[month.name] = await runMonth(appUrl, month, people, userIds);
  }

  // Each letter Lob mailed: its "mailed" event, then "delivered", or for a share "returned to sender".
  const stored = (await control("GET", "/__stand-ins/lob/letters")) as StandInLetter[];
  const returnedIds = lettersThatComeBack(stored);
  const webhookAnswers = new Map<string, number>();
  await sendTrackingEvents(appUrl, stored, returnedIds, webhookAnswers);

  // A share of the opt-out emails hard-bounce, after the stand-in's own Delivery record reached the
  // app: Postmark's Bounce outranks it (decision 0053) and sends the request back to staff.
  const emailed = ((await getJson(`${appUrl}${DELIVERY_FIGURES_PATH}`)) as DeliveryFigure[]).flatMap((figure) => figure.emailMessageIds);
  const bouncedIds = emailed.filter((_, index) => Math.floor((index + 1) * BOUNCE_SHARE) > Math.floor(index * BOUNCE_SHARE));
  const bounceAnswers = new Map<string, number>();
  await inParallel(bouncedIds, REQUESTS_IN_FLIGHT, async (messageId) => {
    const answer = (await control("POST", `/__stand-ins/email/messages/${messageId}/events`, {
      type: "HardBounce",
      url: `${appUrl}/api/webhooks/postmark`,
    })) as { status: number | null };
    const status = String(answer.status ?? "no answer");
    bounceAnswers.set(status, (bounceAnswers.get(status) ?? 0) + 1);
  });

  // A request that came back from the address we had asks its person for the return address on the
  // piece (decision 0070): they answer with the same share as the first asks, and the letters that
  // makes are mailed, tracked and come back with the same share.
  for (const month of MONTHS) {
    const answers = await answerReturnAddressAsks(
      appUrl,
      month,
      new Set([...monthOf].filter(([, name]) => name === month.name).map(([id]) => id)),
      {
        cameBackOnly: true,
      },
    );
    console.log(
      `\nMonth "${month.name}": ${answers.asked} requests came back and asked for the return address; people answered ${answers.given}` +
        `${answers.settled ? `, ${answers.settled} already sent to an address other households taught` : ""}` +
        `${answers.refused ? `, ${answers.refused} refused` : ""}`,
    );
    if (answers.given > 0) await waitForDrain(appUrl, Date.now());
  }
  const storedAgain = ((await control("GET", "/__stand-ins/lob/letters")) as StandInLetter[]).filter(
    (letter) => !stored.some((earlier) => earlier.id === letter.id),
  );
  const returnedAgain = lettersThatComeBack(storedAgain);
  await sendTrackingEvents(appUrl, storedAgain, returnedAgain, webhookAnswers);
  console.log(
    `  ${storedAgain.length} more letters mailed since (to addresses people gave, or other households taught); ${returnedAgain.size} of them came back too`,
  );
  stored.push(...storedAgain);
  sweeping = false;

  const figures = (await getJson(`${appUrl}${DELIVERY_FIGURES_PATH}`)) as DeliveryFigure[];
  const routeOfTemplate = new Map(CATALOG_SENDERS.map((sender) => [sender.id, drawOf(sender).route]));
  const routeOfFigure = (figure: DeliveryFigure): Route =>
    figure.templateId === null ? "typed" : (routeOfTemplate.get(figure.templateId) ?? "returnAddress");

  const lobCalls = standIns.recorded("lob").filter((call) => call.method === "POST" && call.path === "/letters");
  // A request is the person's name on the return address and the request id in Lob's metadata: a
  // preset's id is its sender's, the same in every account.
  const lettersPerRequest = new Map<string, number>();
  for (const letter of stored) {
    // A letter mailed again after one came back goes to another address: it is not the same letter twice.
    const key = `${letter.from.name ?? ""}:${String(letter.metadata.requestId ?? "")}:${letter.to?.address_line1 ?? ""}`;
    lettersPerRequest.set(key, (lettersPerRequest.get(key) ?? 0) + 1);
  }
  const mailedTwice = [...lettersPerRequest.values()].filter((count) => count > 1).length;
  const jobs = (await getJson(`${appUrl}${DELIVERY_JOBS_PATH}`)) as DeliveryJobs;

  report({
    figures,
    monthOf,
    routeOfFigure,
    wall,
    people: people.length,
    lobCalls,
    stored,
    mailedTwice,
    webhookAnswers,
    bounced: { sent: bouncedIds.length, answers: bounceAnswers },
    jobs,
    sweeps,
  });
}

/** The letters that come back, spread evenly: the nth comes back when the running share of returns passes a whole letter. */
function lettersThatComeBack(letters: StandInLetter[]) {
  return new Set(
    letters.filter((_, index) => Math.floor((index + 1) * RETURNED_SHARE) > Math.floor(index * RETURNED_SHARE)).map((letter) => letter.id),
  );
}

/** Each letter's "mailed" event, then "delivered" or, for those named, "returned to sender", as Lob signs them; the app's answers counted. */
async function sendTrackingEvents(appUrl: string, letters: StandInLetter[], returned: Set<string>, answers: Map<string, number>) {
  await inParallel(letters, REQUESTS_IN_FLIGHT, async (letter) => {
    for (const type of ["letter.mailed", returned.has(letter.id) ? "letter.returned_to_sender" : "letter.delivered"]) {
      const answer = (await control("POST", `/__stand-ins/lob/letters/${letter.id}/events`, {
        type,
        url: `${appUrl}/api/webhooks/lob`,
      })) as { status: number | null };
      const status = String(answer.status ?? "no answer");
      answers.set(status, (answers.get(status) ?? 0) + 1);
    }
  });
}

type StandInLetter = {
  id: string;
  idempotencyKey: string | null;
  metadata: Record<string, unknown>;
  from: { name?: string };
  to?: { address_line1?: string };
};

/** People of up to REQUESTS_PER_PERSON requests each, to different senders, REQUESTS in all. */
function drawMonth(random: () => number): Draw[][] {
  const presets = (signupSenders.senders as CatalogSender[]).map(drawOf);
  const signupIds = new Set(presets.map((draw) => draw.templateId));
  const foundByName = CATALOG_SENDERS.filter((sender) => !signupIds.has(sender.id)).map(drawOf);
  const people: Draw[][] = [];
  for (let drawn = 0; drawn < REQUESTS;) {
    const person: Draw[] = [];
    while (person.length < Math.min(REQUESTS_PER_PERSON, REQUESTS - drawn)) {
      const roll = random();
      const pool =
        roll < TYPED_SHARE
          ? TYPED_NAMES.map((senderName): Draw => ({ templateId: null, senderName, route: "typed" }))
          : roll < TYPED_SHARE + PRESET_SHARE
            ? presets
            : foundByName;
      const draw = pool[Math.floor(random() * pool.length)]!;
      if (person.some((other) => other.senderName === draw.senderName)) continue;
      person.push(draw);
    }
    drawn += person.length;
    people.push(person);
  }
  return people;
}

function drawOf(sender: CatalogSender): Draw {
  const template = templateFromSender(sender);
  const automatic = automaticSendOf(template, { lettersThroughLob: true });
  const route: Route = template.consumerFiles
    ? "self"
    : automatic.by === "email"
      ? "email"
      : automatic.by === "mail"
        ? "letter"
        : "returnAddress";
  return { templateId: template.id, senderName: template.title, route };
}

function printMix(draws: Draw[]) {
  console.log(`\nThe month: ${draws.length} requests, the same in both months`);
  printTable(
    ["how the sender is reached", "requests", "share"],
    (Object.keys(ROUTES) as Route[]).map((route) => {
      const count = draws.filter((draw) => draw.route === route).length;
      return [ROUTES[route], String(count), percent(count / draws.length)];
    }),
  );
}

async function makePeople(appUrl: string, people: { email: string; fullName: string }[]): Promise<string[]> {
  const userIds: string[] = [];
  for (let start = 0; start < people.length; start += PEOPLE_PER_CALL) {
    const response = await fetch(`${appUrl}${DELIVERY_PEOPLE_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ people: people.slice(start, start + PEOPLE_PER_CALL) }),
      signal: AbortSignal.timeout(120_000),
    });
    if (!response.ok) throw new Error(`${DELIVERY_PEOPLE_PATH} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    userIds.push(...((await response.json()) as string[]));
  }
  return userIds;
}

type MonthRun = { sentMs: number; drainedMs: number; drained: boolean; refused: Map<string, number>; failed: number };

/** The month's requests spread evenly over MONTH_SECONDS, then the wait until the queue has done its work. */
async function runMonth(appUrl: string, month: Month, people: Draw[][], userIds: string[]): Promise<MonthRun> {
  const requests: DeliveryRequest[] = people.flatMap((person, index) =>
    person.map((draw) => ({
      userId: userIds[index]!,
      templateId: draw.templateId,
      senderName: draw.senderName,
      lettersOff: month.lettersOff,
    })),
  );
  // One person's requests are not all at once: the month interleaves everyone's.
  const order = requests.map((_, index) => index).sort((a, b) => (a % 7) - (b % 7) || a - b);
  const intervalMs = (MONTH_SECONDS * 1000) / requests.length;
  const refused = new Map<string, number>();
  let failed = 0;
  let firstFailure: string | undefined;
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: REQUESTS_IN_FLIGHT }, async () => {
      for (let index = next++; index < order.length; index = next++) {
        const due = started + index * intervalMs;
        if (due > Date.now()) await sleep(due - Date.now());
        const response = await fetch(`${appUrl}${DELIVERY_REQUEST_PATH}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(requests[order[index]!]),
          signal: AbortSignal.timeout(120_000),
        }).catch(() => null);
        const result = response?.ok ? ((await response.json()) as DeliveryRequestResult) : null;
        if (!result) {
          failed += 1;
          const sent = requests[order[index]!]!;
          firstFailure ??= `${sent.senderName}: ${response ? `${response.status} ${(await response.text()).slice(0, 300)}` : "no answer"}`;
        } else if (!result.ok) refused.set(result.message, (refused.get(result.message) ?? 0) + 1);
      }
    }),
  );
  const sentMs = Date.now() - started;
  console.log(
    `  ${requests.length} requests sent in ${seconds(sentMs)} (target ${MONTH_SECONDS} s)${failed ? `, ${failed} failed (first: ${firstFailure})` : ""}`,
  );

  let drained = await waitForDrain(appUrl, started);
  let drainedMs = Date.now() - started;
  process.stdout.write(`\r  queue ${drained ? "drained" : "not drained"} ${seconds(drainedMs)} after the first request${" ".repeat(20)}\n`);

  const answers = await answerReturnAddressAsks(appUrl, month, new Set(userIds));
  console.log(
    `  ${answers.asked} requests asked for the sender's return address; people answered ${answers.given} (${percent(ANSWER_SHARE)} drawn)` +
      `${answers.settled ? `, ${answers.settled} already sent to an address other households taught` : ""}` +
      `${answers.refused ? `, ${answers.refused} refused` : ""}`,
  );
  if (answers.given > 0) {
    drained = await waitForDrain(appUrl, started);
    drainedMs = Date.now() - started;
    process.stdout.write(
      `\r  queue ${drained ? "drained" : "not drained"} ${seconds(drainedMs)} after the first request${" ".repeat(20)}\n`,
    );
  }
  return { sentMs, drainedMs, drained, refused, failed };
}

/** Whether the queue has done its work: no job open, or none finished for STALL_MS, or the month's time is up. */
async function waitForDrain(appUrl: string, started: number): Promise<boolean> {
  let lastOpen = -1;
  let lastChange = Date.now();
  for (;;) {
    const { open } = (await getJson(`${appUrl}${DELIVERY_JOBS_PATH}`)) as DeliveryJobs;
    if (open === 0) return true;
    if (open !== lastOpen) {
      lastOpen = open;
      lastChange = Date.now();
    }
    if (Date.now() - lastChange > STALL_MS || Date.now() - started > Number(options["max-minutes"]) * 60_000) return false;
    process.stdout.write(`\r  draining: ${open} jobs open after ${seconds(Date.now() - started)}   `);
    await sleep(DRAIN_POLL_MS);
  }
}

/** Places the return addresses people read off the pieces are in: a city, its state and a ZIP of it. */
const PIECE_TOWNS = [
  { city: "Des Moines", state: "IA", zipCode: "50306" },
  { city: "Columbus", state: "OH", zipCode: "43215" },
  { city: "Denver", state: "CO", zipCode: "80202" },
  { city: "Austin", state: "TX", zipCode: "78701" },
  { city: "Portland", state: "OR", zipCode: "97204" },
  { city: "Atlanta", state: "GA", zipCode: "30303" },
  { city: "Omaha", state: "NE", zipCode: "68102" },
  { city: "Tampa", state: "FL", zipCode: "33602" },
];

/** The return address printed on a sender's pieces: the same for everyone who holds one. */
function returnAddressOnThePiece(senderName: string): DeliveryReturnAddress["address"] {
  let hash = 7;
  for (const char of senderName) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  const town = PIECE_TOWNS[hash % PIECE_TOWNS.length]!;
  return { company: senderName.slice(0, 40), street1: `P.O. Box ${1000 + (hash % 9000)}`, ...town };
}

/**
 * People answer their cards' asks for the sender's return address: each ask answered with the share
 * ANSWER_SHARE (drawn from the seed), giving the address printed on the sender's pieces.
 */
async function answerReturnAddressAsks(appUrl: string, month: Month, userIds: Set<string>, { cameBackOnly = false } = {}) {
  const random = seededRandom(Number(options.seed) * 7919 + (month.name === "before" ? 1 : 2) + (cameBackOnly ? 10 : 0));
  const figures = (await getJson(`${appUrl}${DELIVERY_FIGURES_PATH}`)) as DeliveryFigure[];
  const asks = figures.filter((figure) => userIds.has(figure.userId) && figure.waitingForPerson && (!cameBackOnly || figure.cameBack));
  const senderNames = new Map(CATALOG_SENDERS.map((sender) => [sender.id, sender.name]));
  const answered = asks.filter(() => random() < ANSWER_SHARE);
  let refused = 0;
  let settled = 0;
  await inParallel(answered, REQUESTS_IN_FLIGHT, async (figure) => {
    const senderName = figure.templateId ? (senderNames.get(figure.templateId) ?? figure.senderName) : figure.senderName;
    const response = await fetch(`${appUrl}${DELIVERY_RETURN_ADDRESS_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        userId: figure.userId,
        requestId: figure.requestId,
        address: returnAddressOnThePiece(senderName),
        lettersOff: month.lettersOff,
      } satisfies DeliveryReturnAddress),
      signal: AbortSignal.timeout(120_000),
    });
    const outcome = response.ok ? ((await response.json()) as { ok: boolean; settled?: boolean }) : null;
    // Settled: the request went meanwhile, to the address two other households taught (decision 0068).
    if (outcome?.settled) settled += 1;
    else if (!outcome?.ok) refused += 1;
  });
  return { asked: asks.length, given: answered.length - refused - settled, refused, settled };
}

type Report = {
  figures: DeliveryFigure[];
  monthOf: Map<string, Month["name"]>;
  routeOfFigure: (figure: DeliveryFigure) => Route;
  wall: Record<Month["name"], MonthRun>;
  people: number;
  lobCalls: { answeredStatus: number | null }[];
  stored: StandInLetter[];
  mailedTwice: number;
  webhookAnswers: Map<string, number>;
  /** The opt-out emails the bench made hard-bounce, and how the app answered their Bounce records. */
  bounced: { sent: number; answers: Map<string, number> };
  jobs: DeliveryJobs;
  sweeps: { runs: number; failed: number };
};

function report({
  figures,
  monthOf,
  routeOfFigure,
  wall,
  people,
  lobCalls,
  stored,
  mailedTwice,
  webhookAnswers,
  bounced,
  jobs,
  sweeps,
}: Report) {
  const of = (month: Month["name"]) => figures.filter((figure) => monthOf.get(figure.userId) === month);
  const minutes = (figure: DeliveryFigure) => (figure.sentAt! - figure.queuedAt!) / 60_000;
  const sentTimes = (rows: DeliveryFigure[], as: "emailed" | "mailed") =>
    rows
      .filter((figure) => figure.sentAs === as && figure.sentAt !== null && figure.queuedAt !== null)
      .map(minutes)
      .sort((a, b) => a - b);
  const summary = (month: Month["name"]) => {
    const rows = of(month);
    const sent = rows.filter((figure) => figure.sentAt !== null);
    const costs = rows.flatMap((figure) => figure.letterCostsCents);
    return {
      queued: rows.length,
      refused: [...wall[month].refused.values()].reduce((total, count) => total + count, 0),
      // A request that came back and went out again to the address its person gave left without staff too.
      noStaff: sent.filter((figure) => !figure.waitingForStaff && !figure.waitingForPerson).length,
      sent: sent.length,
      withEvidence: sent.filter((figure) => hasDeliveryEvidence(figure.evidence)).length,
      // An ask nobody answered is staff's after 7 days: it counts as a touch already.
      staff: rows.filter((figure) => figure.waitingForStaff || figure.waitingForPerson),
      unanswered: rows.filter((figure) => figure.waitingForPerson).length,
      emailed: sentTimes(rows, "emailed"),
      mailed: sentTimes(rows, "mailed"),
      letters: costs.length,
      costCents: costs.reduce((total, cents) => total + cents, 0),
    };
  };
  const before = summary("before");
  const after = summary("after");

  console.log(
    `\nBefore (every postal request printed by staff) and after (letters through Lob): the same month of ${REQUESTS} requests from ${people} people`,
  );
  const perThousand = (count: number, total: number) => (total ? (count * 1000) / total : Number.NaN);
  const staffBy = (rows: DeliveryFigure[], routes: Route[]) => rows.filter((figure) => routes.includes(routeOfFigure(figure))).length;
  const rows: Array<[string, number, number, (value: number) => string]> = [
    ["requests sent into the queue", before.queued, after.queued, String],
    ["not sent: the person files it themselves, or refused", before.refused, after.refused, String],
    ["reached the sender with no staff touch", before.noStaff, after.noStaff, String],
    ["  share of the requests in the queue", before.noStaff / before.queued, after.noStaff / after.queued, percent],
    [
      "staff touches per 1,000 requests",
      perThousand(before.staff.length, before.queued),
      perThousand(after.staff.length, after.queued),
      fixed(0),
    ],
    ["  postal requests in the print batch", staffBy(before.staff, ["letter"]), staffBy(after.staff, ["letter"]), String],
    ["    of which letters came back", before.staff.filter((f) => f.returned).length, after.staff.filter((f) => f.returned).length, String],
    ["  emails that bounced", before.staff.filter((f) => f.emailBounced).length, after.staff.filter((f) => f.emailBounced).length, String],
    [
      "    of which Lob could not take",
      before.staff.filter((f) => f.letterProblem && !f.returned).length,
      after.staff.filter((f) => f.letterProblem && !f.returned).length,
      String,
    ],
    ["  the return address asked, not given (staff's after 7 days)", before.unanswered, after.unanswered, String],
    [
      "  the return address given, letter printed by staff",
      staffBy(
        before.staff.filter((f) => !f.waitingForPerson),
        ASKS_THE_PERSON,
      ),
      staffBy(
        after.staff.filter((f) => !f.waitingForPerson),
        ASKS_THE_PERSON,
      ),
      String,
    ],
    ["emailed by the product: minutes, median", percentile(before.emailed, 0.5), percentile(after.emailed, 0.5), fixed(2)],
    ["  p90", percentile(before.emailed, 0.9), percentile(after.emailed, 0.9), fixed(2)],
    ["mailed through Lob: minutes, median", percentile(before.mailed, 0.5), percentile(after.mailed, 0.5), fixed(2)],
    ["  p90", percentile(before.mailed, 0.9), percentile(after.mailed, 0.9), fixed(2)],
    ["letters mailed through Lob", before.letters, after.letters, String],
    ["letters' cost", before.costCents / 100, after.costCents / 100, dollars],
    ["  per 1,000 requests", perThousand(before.costCents / 100, before.queued), perThousand(after.costCents / 100, after.queued), dollars],
    ["sent requests with delivery evidence", before.withEvidence, after.withEvidence, String],
    ["  of the requests sent", before.sent, after.sent, String],
  ];
  printTable(
    ["", "before", "after", "after / before"],
    rows.map(([name, was, now, format]) => [
      name,
      Number.isFinite(was) ? format(was) : "-",
      Number.isFinite(now) ? format(now) : "-",
      Number.isFinite(was) && Number.isFinite(now) && was !== 0 ? `${(now / was).toFixed(2)}x` : "-",
    ]),
  );
  console.log(
    `\nMinutes are the real wall time of this run, from the request going into the queue to its "emailed" or "mailed" line in its\n` +
      `history: the local queue's time with a first retry after ${options["retry-base-seconds"]} s (production's is 30 s), the month's requests\n` +
      `arriving within ${MONTH_SECONDS} s. Before: ${seconds(wall.before.sentMs)} to send, drained after ${seconds(wall.before.drainedMs)}; ` +
      `after: ${seconds(wall.after.sentMs)} to send, drained after ${seconds(wall.after.drainedMs)}.`,
  );

  console.log(
    `Letters' cost is what D1 recorded for each letter Lob took: Lob's price when its answer gives one, else LOB_LETTER_PRICE_CENTS\n` +
      `(the stand-in gives none). The letters staff print before have no recorded cost: their postage and staff's time are not counted.`,
  );

  console.log(`\nAfter, by how the sender is reached`);
  const afterRows = of("after");
  printTable(
    ["how the sender is reached", "requests", "left without a person", "median min", "p90 min", "with staff now"],
    (Object.keys(ROUTES) as Route[])
      .filter((route) => route !== "self")
      .map((route) => {
        const mine = afterRows.filter((figure) => routeOfFigure(figure) === route);
        const times = mine
          .filter((figure) => figure.sentAt !== null && figure.queuedAt !== null)
          .map(minutes)
          .sort((a, b) => a - b);
        return [
          ROUTES[route],
          String(mine.length),
          String(times.length),
          times.length ? percentile(times, 0.5).toFixed(2) : "-",
          times.length ? percentile(times, 0.9).toFixed(2) : "-",
          String(mine.filter((figure) => figure.waitingForStaff).length),
        ];
      }),
  );

  const statuses = new Map<string, number>();
  for (const call of lobCalls) statuses.set(String(call.answeredStatus), (statuses.get(String(call.answeredStatus)) ?? 0) + 1);
  console.log(`\nWhat the vendors' stand-ins saw`);
  printTable(
    ["", "figure"],
    [
      ["Lob letter calls", [String(lobCalls.length), ...[...statuses].map(([status, count]) => `${count} x ${status}`)].join(", ")],
      ["letters Lob made", String(stored.length)],
      ["tracking events sent to the app", [...webhookAnswers].map(([status, count]) => `${count} answered ${status}`).join(", ") || "none"],
      ["email bounces sent to the app", [...bounced.answers].map(([status, count]) => `${count} answered ${status}`).join(", ") || "none"],
      ["jobs still open / dead at the end", `${jobs.open} / ${jobs.dead}`],
      ["job sweeps run", `${sweeps.runs}${sweeps.failed ? ` (${sweeps.failed} failed)` : ""}`],
    ],
  );
  console.log("\nNot sent, in each month");
  for (const [message, count] of wall.after.refused) console.log(`  ${String(count).padStart(5)}  ${message}`);
  if (jobs.deadErrors.length > 0) {
    console.log("\nDead jobs, by type and last error");
    for (const dead of jobs.deadErrors) console.log(`  ${String(dead.jobs).padStart(5)}  ${dead.type}: ${dead.error || "(none recorded)"}`);
  }

  const bouncedRows = figures.filter((figure) => figure.emailBounced);
  // The next way (decision 0070): a letter through Lob, the person asked for the return address, or staff with the reason.
  const bouncedBack = bouncedRows.filter(
    (figure) => figure.letterCostsCents.length > 0 || figure.cameBack || (figure.waitingForStaff && figure.emailProblem !== null),
  );
  const automatic = afterRows.filter((figure) => SENT_BY_PRODUCT.includes(routeOfFigure(figure)));
  const staffTouches = perThousand(after.staff.length, after.queued);
  const inTime = (rows: DeliveryFigure[]) =>
    rows.filter((figure) => figure.sentAt !== null && figure.queuedAt !== null && minutes(figure) <= LEAVES_WITHIN_MINUTES).length;
  const budgets: Array<[string, string, string, boolean | null]> = [
    [
      `requests to an email or postal channel the product uses leave without a person within ${LEAVES_WITHIN_MINUTES} min`,
      `${inTime(automatic)} of ${automatic.length}`,
      "all",
      automatic.length > 0 && inTime(automatic) === automatic.length,
    ],
    [
      "requests in the queue that reach their sender with no staff touch",
      `${after.noStaff} of ${after.queued} (${percent(after.noStaff / after.queued)})`,
      percent(LEAVES_ALONE_TARGET),
      after.queued > 0 && after.noStaff / after.queued >= LEAVES_ALONE_TARGET,
    ],
    ["staff touches per 1,000 requests", staffTouches.toFixed(0), String(STAFF_TOUCHES_BUDGET), staffTouches <= STAFF_TOUCHES_BUDGET],
    [
      "sent requests carrying delivery evidence",
      `${after.withEvidence} of ${after.sent}`,
      "100%",
      after.sent > 0 && after.withEvidence === after.sent,
    ],
    ["letters mailed twice under retries (Lob 5xx, lost answers)", String(mailedTwice), "0", stored.length > 0 && mailedTwice === 0],
    [
      `opt-out emails bounced (${percent(BOUNCE_SHARE)} made to): mailed instead, the person asked, or with staff and the reason`,
      `${bouncedBack.length} of ${bouncedRows.length}`,
      "all",
      bouncedRows.length > 0 && bouncedBack.length === bouncedRows.length,
    ],
  ];
  console.log("\nBudgets (the month after)");
  printTable(
    ["budget", "measured", "limit", "verdict"],
    budgets.map(([name, measured, limit, verdict]) => [name, measured, limit, verdict === null ? "-" : verdict ? "holds" : "MISSED"]),
  );
  console.log(
    `\nA staff touch is a request staff must act on at the end of the month: in their work queue or print batch (a letter that\n` +
      `came back, an email that bounced, a letter Lob could not take), or asking the person for its sender's return address\n` +
      `with no answer, which goes to staff after 7 days. People answered ${percent(ANSWER_SHARE)} of the asks, drawn from the seed.`,
  );
}

async function control(method: "GET" | "POST" | "PUT", path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${stack!.standIns.url}${path}`, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  if (!response.ok) throw new Error(`the stand-ins answered ${response.status} to ${method} ${path}`);
  return response.status === 204 ? null : ((await response.json()) as unknown);
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
  if (!response.ok) throw new Error(`${new URL(url).pathname} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return response.json();
}

async function inParallel<T>(items: T[], width: number, run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let index = next++; index < items.length; index = next++) await run(items[index]!);
    }),
  );
}

/** mulberry32: the same seed draws the same month. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const fixed = (digits: number) => (value: number) => value.toFixed(digits);
const dollars = (value: number) => `$${value.toFixed(2)}`;
const ordinal = (n: number) => (n === 1 ? "1st" : n === 2 ? "2nd" : n === 3 ? "3rd" : `${n}th`);

async function cleanUp() {
  await stack?.stop().catch(() => {});
  stack = undefined;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
}

await runBench("delivery", main, cleanUp);
