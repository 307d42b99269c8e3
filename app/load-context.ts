import type { AppEnv } from "~/utils/env.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    env: AppEnv;
    ctx: Pick<ExecutionContext, "waitUntil">;
  }
}

export {};
