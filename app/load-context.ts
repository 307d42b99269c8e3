import type { PublicPageCache } from "~/services/public-pages.server";
import type { AppEnv } from "~/utils/env.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    env: AppEnv;
    ctx: Pick<ExecutionContext, "waitUntil">;
    /**
     * Set while answering when the session cookie did not read back (session.server.ts), so that
     * the Worker clears it. On the context itself: the Worker and the server build each bundle
     * their own copy of the app's modules, so module state is not shared between them.
     */
    clearSessionCookie?: boolean;
    /**
     * The Worker's cache of public pages, which a staff change makes forget them. On the context
     * for the same reason: this isolate's copies live in the Worker's copy of the module.
     */
    publicPages?: PublicPageCache;
  }
}

export {};
