// Global setup for the workers tests (runs in Node, before workerd starts): one stand-in server for
// the run, on a free port. Its URL reaches the pool options (the vendors' base URLs) and the tests
// (to read what the stand-ins received) through vitest's provide/inject.
import { readFileSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { DIGEST_FIXTURES, digestFixturePath, type DigestFixture } from "../support/digest-fixtures";
import { PHOTO_FIXTURES, photoFixturePath, type PhotoFixture } from "../support/photo-fixtures";
import { startStandIns } from "../stand-ins/server";
import { VENDORS } from "../stand-ins/vendors";
import { freePort } from "../support/ports";

declare module "vitest" {
  export interface ProvidedContext {
    standInsUrl: string;
    /** The generated photos of mail pieces (test/data/photos), base64, with what they show. */
    photoFixtures: Record<keyof typeof PHOTO_FIXTURES, PhotoFixture & { base64: string }>;
    /** The scans of mail pieces the digests show (test/data/digest), base64, with what they show. */
    digestFixtures: Record<keyof typeof DIGEST_FIXTURES, DigestFixture & { base64: string }>;
  }
}

export default async function setup(project: TestProject) {
  const standIns = await startStandIns({ port: await freePort(), vendors: VENDORS });
  project.provide("standInsUrl", standIns.url);
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
  return () => standIns.close();
}
