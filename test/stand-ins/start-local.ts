// `npm start`: the built app on http://127.0.0.1:8787 with a local D1, KV and queue under
// .wrangler/state (wrangler's default, so `wrangler d1 execute DB --local` sees the same data),
// every outside service answered by the stand-ins on 127.0.0.1:8790, and photos read by our text
// reader on 127.0.0.1:8791. Offline, no account.
import { startLocalStack, type LocalStack } from "../support/local-stack";
import { LOCAL_STAFF } from "../../drizzle/local-staff";
import { VENDORS } from "./vendors";
import { LOB_STAND_IN_API_KEY } from "./vendors/lob-letters";

const APP_PORT = 8787;
const STAND_INS_PORT = 8790;
const TEXT_READER_PORT = 8791;

// A real Stripe test account instead of the stand-in (README, "Payments"): these settings, when
// set in the environment of `npm start`, win over the stand-in's.
const STRIPE_SETTINGS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_API_URL",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_BASIC",
  "STRIPE_PRICE_PREMIUM",
  "STRIPE_HOSTED_ORIGINS",
];
const stripeOverrides = Object.fromEntries(STRIPE_SETTINGS.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));
// Letters to postal senders go through the Lob stand-in, which sends their tracking events back
// (decision 0052); with a key set, address checks go to the same stand-in's verification.
const LOB_LETTERS = { LOB_API_KEY: LOB_STAND_IN_API_KEY };

let stack: LocalStack;
try {
  stack = await startLocalStack({
    appPort: APP_PORT,
    standInsPort: STAND_INS_PORT,
    textReaderPort: TEXT_READER_PORT,
    persistDir: ".wrangler/state",
    vars: { ...LOB_LETTERS, ...stripeOverrides },
    exampleTestimonials: true,
    log: (line) => console.log(`  ${line}`),
  });
} catch (error) {
  console.error(`\nCould not start the local environment:\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

console.log(`
Quiet Mailbox is running locally.

  App:        ${stack.appUrl}
  Text reader: ${stack.textReader?.url ?? "not started"}  (POST /read with an image; app/text-reader/server.ts)
  Stand-ins:  ${stack.standIns.url}  (vendors: ${VENDORS.map((vendor) => vendor.name).join(", ") || "none mounted yet"})
  Vendor traffic the app sent:  GET ${stack.standIns.url}/__stand-ins/requests
  Email the app sent (resets, reminders, letters to senders):  ${stack.standIns.url}/__stand-ins/email/outbox
  Sign in as staff: ${LOCAL_STAFF.map((staff) => `${staff.email} / ${staff.password}`).join("   ")}
  Local data: .wrangler/state  (e.g. npx wrangler d1 execute DB --local --command "select count(*) from request_templates")

Press Ctrl-C to stop.
`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping wrangler, the stand-ins and the text reader...`);
  await stack.stop();
  console.log("Stopped.");
  process.exit(0);
}
void stack.appExited.then(async () => {
  if (stopping) return;
  stopping = true;
  console.error("\nwrangler dev exited on its own (see its output above); stopping the stand-ins.");
  await stack.stop();
  process.exit(1);
});
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGHUP", () => void shutdown("SIGHUP"));
