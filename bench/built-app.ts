// The built app for the benches' Worker entries (bench/*-entry.ts), imported once, as app/worker.ts
// imports it: the Worker's handlers and what the entries call inside the app (app/bench.server.ts)
// come from the same server build, so each module of the app exists once in a bench's Worker, with
// its state, as in the deployed one. Only the build may be imported here, and the entries reach the
// app only through this file (.dependency-cruiser.cjs).
import type { ServerBuild } from "@remix-run/cloudflare";
// The server build exists once `npm run build` has run; wrangler bundles it from there.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- @ts-expect-error would fail once the build exists
// @ts-ignore -- absent on a fresh clone until the build, so the type check must not depend on it
import * as build from "../build/server/index.js";
import type * as EntryServer from "../app/entry.server";

const serverBuild = build as unknown as ServerBuild & { entry: { module: typeof EntryServer } };

/** The Worker's fetch, queue, scheduled and email handlers, as app/worker.ts exports them. */
export const worker = serverBuild.entry.module.createWorkerHandlers(serverBuild);

/** The use cases, queries and rules an entry drives directly (app/bench.server.ts). */
export const app = serverBuild.entry.module.bench;
