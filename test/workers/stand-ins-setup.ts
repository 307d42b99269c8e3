// Global setup for the workers tests (runs in Node, before workerd starts): one stand-in server, one
// text reader process and a reader that fails once per image in front of it, each on a free port.
// Their URLs reach the pool options (the vendors' base URLs, TEXT_READER_URL) and the tests (to read
// what the stand-ins received, or to read through the failing reader) through vitest's provide/inject.
import { readFileSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { DIGEST_FIXTURES, digestFixturePath, type DigestFixture } from "../support/digest-fixtures";
import { PHOTO_FIXTURES, photoFixturePath, type PhotoFixture } from "../support/photo-fixtures";
import { startStandIns } from "../stand-ins/server";
import { VENDORS } from "../stand-ins/vendors";
import { readImagesWith } from "../stand-ins/vendors/workers-ai";
import { freePort } from "../support/ports";
import { startFailingOnceReader } from "../support/failing-once-reader";
import { startTextReaderProcess } from "../support/text-reader-process";

declare module "vitest" {
  export interface ProvidedContext {
    standInsUrl: string;
    textReaderUrl: string;
    /** A text reader that fails on each image the first time, then reads it (test/support/failing-once-reader.ts). */
    failingOnceReaderUrl: string;
    /** The generated photos of mail pieces (test/data/photos), base64, with what they show. */
    photoFixtures: Record<keyof typeof PHOTO_FIXTURES, PhotoFixture & { base64: string }>;
    /** The scans of mail pieces the digests show (test/data/digest), base64, with what they show. */
    digestFixtures: Record<keyof typeof DIGEST_FIXTURES, DigestFixture & { base64: string }>;
  }
}

export default async function setup(project: TestProject) {
  const [standIns, textReader] = await Promise.all([
    startStandIns({ port: await freePort(), vendors: VENDORS }),
    startTextReaderProcess({ port: await freePort() }),
  ]);
  project.provide("standInsUrl", standIns.url);
  project.provide("textReaderUrl", textReader.url);
  const failingOnceReader = await startFailingOnceReader({ port: await freePort(), readerUrl: textReader.url });
  project.provide("failingOnceReaderUrl", failingOnceReader.url);
  readImagesWith(textReader.url);
  // workerd reads no files: the photos reach the tests through vitest's provide/inject.
  project.provide(
    "photoFixtures",
    Object.fromEntries(
      Object.entries(PHOTO_FIXTURES).map(([name, fixture]) => [
        name,
        { ...fixture, base64: readFileSync(photoFixturePath(fixture)).toString("base64") },
      ]),
    ) as Record<keyof typeof PHOTO_FIXTURES, PhotoFixture & { base64: string }>,
  );
  project.provide(
    "digestFixtures",
    Object.fromEntries(
      Object.entries(DIGEST_FIXTURES).map(([name, fixture]) => [
        name,
        { ...fixture, base64: readFileSync(digestFixturePath(fixture)).toString("base64") },
      ]),
    ) as Record<keyof typeof DIGEST_FIXTURES, DigestFixture & { base64: string }>,
  );
  return () => Promise.all([standIns.close(), textReader.close(), failingOnceReader.close()]);
}
