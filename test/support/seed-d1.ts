// `tsx test/support/seed-d1.ts <dir>`: a local D1 under <dir> with every migration, the sender
// catalog and the local staff, for stacks to copy (SEEDED_D1 in test/support/local-stack.ts).
// npm test makes it beside the static checks (test/run-all.sh).
import { seedLocalDatabase } from "./local-stack";

const [dir] = process.argv.slice(2);
if (!dir) throw new Error("usage: tsx test/support/seed-d1.ts <dir>");
await seedLocalDatabase(dir);
console.log(`seeded D1 in ${dir}`);
