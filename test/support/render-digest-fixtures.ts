// Renders the workers tests' digest scans (digest-fixtures.ts) into test/data/digest with Chromium.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/browser";
import { renderMailPieceScan } from "./mail-pieces";
import { DIGEST_FIXTURES, digestFixturePath } from "./digest-fixtures";

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  for (const fixture of Object.values(DIGEST_FIXTURES)) {
    const file = digestFixturePath(fixture);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, await renderMailPieceScan(page, fixture.piece));
    console.log(file);
  }
} finally {
  await browser.close();
}
