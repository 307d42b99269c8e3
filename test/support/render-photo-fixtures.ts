// Renders the workers tests' photos (photo-fixtures.ts) into test/data/photos with Chromium.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/browser";
import { renderMailPiece } from "./mail-pieces";
import { PHOTO_FIXTURES, photoFixturePath } from "./photo-fixtures";

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  for (const fixture of Object.values(PHOTO_FIXTURES)) {
    const file = photoFixturePath(fixture);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, await renderMailPiece(page, fixture.piece));
    console.log(file);
  }
} finally {
  await browser.close();
}
