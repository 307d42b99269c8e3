// Global setup for the workers tests (runs in Node, before workerd starts): one text reader process
// and a reader that fails once per image in front of it, each on a free port. Their URLs reach the
// pool options (TEXT_READER_URL, and the reader behind each file's stand-ins: test/vitest.workers.config.ts)
// and the tests (to read through the failing reader) through vitest's provide/inject.
import { readFileSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { DIGEST_FIXTURES, digestFixturePath, type DigestFixture } from "../support/digest-fixtures";
import { PHOTO_FIXTURES, photoFixturePath, type PhotoFixture } from "../support/photo-fixtures";
import { freePort } from "../support/ports";
import { startFailingOnceReader } from "../support/failing-once-reader";
import { startTextReaderProcess } from "../support/text-reader-process";

declare module "vitest" {
  export interface ProvidedContext {
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
  const textReader = await startTextReaderProcess({ port: await freePort() });
  project.provide("textReaderUrl", textReader.url);
  const failingOnceReader = await startFailingOnceReader({ port: await freePort(), readerUrl: textReader.url });
  project.provide("failingOnceReaderUrl", failingOnceReader.url);
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
  return () => Promise.all([textReader.close(), failingOnceReader.close()]);
}
