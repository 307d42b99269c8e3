import type { PublicPageCache } from "~/services/public-pages.server";
import type { AppEnv } from "~/utils/env.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    env: AppEnv;
    ctx: Pick<ExecutionContext, "waitUntil">;
    /** The cache of public pages this request is answered through; a staff change makes it forget them. */
    publicPages?: PublicPageCache;
  }
}

export {};
