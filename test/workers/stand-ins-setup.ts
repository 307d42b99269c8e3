// Global setup for the workers tests (runs in Node, before workerd starts): one stand-in server for
// the run, on a free port. Its URL reaches the pool options (the vendors' base URLs) and the tests
// (to read what the stand-ins received) through vitest's provide/inject.
import type { TestProject } from "vitest/node";
import { startStandIns } from "../stand-ins/server";
import { VENDORS } from "../stand-ins/vendors";
import { freePort } from "../support/ports";

declare module "vitest" {
  export interface ProvidedContext {
    standInsUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const standIns = await startStandIns({ port: await freePort(), vendors: VENDORS });
  project.provide("standInsUrl", standIns.url);
  return () => standIns.close();
}
