// Starts the stand-ins on their own: tsx test/stand-ins/main.ts [port]
import { startStandIns } from "./server";
import { VENDORS } from "./vendors";

const port = Number(process.argv[2] ?? process.env.STAND_INS_PORT ?? 8790);
const standIns = await startStandIns({ port, vendors: VENDORS });
console.log(`stand-ins listening on ${standIns.url} (health: ${standIns.url}/__stand-ins/health)`);
