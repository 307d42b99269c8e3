import { readFileSync } from "node:fs";
import path from "node:path";
import { createWorker } from "tesseract.js";
import { CATALOG_SENDERS } from "./drizzle/catalog";
import { namesOfSender } from "./app/domain/sender-search";
import { readMailPiece } from "./app/domain/mail-photo";
const worker = await createWorker("eng", 1, { langPath: path.resolve("node_modules/@tesseract.js-data/eng/4.0.0"), gzip: true, cacheMethod: "none" });
const names = CATALOG_SENDERS.flatMap((s) => namesOfSender(s));
const titles = new Map(CATALOG_SENDERS.map((s) => [s.id, s.name]));
for (const f of process.argv.slice(2)) {
  const text = (await worker.recognize(readFileSync(f))).data.text;
  console.log(text);
  console.log(readMailPiece(text, names, titles));
}
await worker.terminate();
