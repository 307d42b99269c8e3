// The text reader as a program of its own: `tsx app/text-reader/main.ts [port]` locally, and the
// container's command in production (app/text-reader/Dockerfile). PORT or the argument, else 8080.
import { modelReader } from "./read-text";
import { startTextReader } from "./server";

const port = Number(process.argv[2] ?? process.env.PORT ?? 8080);
const reader = await startTextReader({
  port,
  host: process.env.HOST ?? "0.0.0.0",
  reader: modelReader,
  log: (line) => console.log(line),
});

const stop = () => void reader.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
