// The Worker entry. Everything it runs comes from the server build, Remix's routes and the
// handlers alike (entry.server re-exports createWorkerHandlers), so each module of the app exists
// once in the deployed bundle. Only the build may be imported here (.dependency-cruiser.cjs).
import type { ServerBuild } from "@remix-run/cloudflare";
// The server build exists once `npm run build` has run; wrangler bundles it from there.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- @ts-expect-error would fail once the build exists
// @ts-ignore -- absent on a fresh clone until the build, so the type check must not depend on it
import * as build from "../build/server/index.js";
import type * as EntryServer from "./entry.server";

const serverBuild = build as unknown as ServerBuild & { entry: { module: typeof EntryServer } };

export default serverBuild.entry.module.createWorkerHandlers(serverBuild);

/** The text reader's container (wrangler.toml, [[env.production.containers]]). */
export const TextReaderContainer = serverBuild.entry.module.TextReaderContainer;
