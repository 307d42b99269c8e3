// Starts the stand-ins on their own: tsx test/stand-ins/main.ts [port]. The Workers AI stand-in
// reads images with the text reader at TEXT_READER_URL (tsx app/text-reader/main.ts 8791).
import { startStandIns } from "./server";
import { VENDORS } from "./vendors";
import { readImagesWith } from "./vendors/workers-ai";

readImagesWith(process.env.TEXT_READER_URL ?? "http://127.0.0.1:8791");

const port = Number(process.argv[2] ?? process.env.STAND_INS_PORT ?? 8790);
const standIns = await startStandIns({ port, vendors: VENDORS });
console.log(`stand-ins listening on ${standIns.url} (health: ${standIns.url}/__stand-ins/health)`);
