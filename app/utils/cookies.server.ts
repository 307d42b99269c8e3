import { createCookie } from "@remix-run/cloudflare";
import type { AppEnv } from "~/utils/env.server";

/** A cookie of this site's own: signed with SESSION_SECRET, HttpOnly, SameSite=Lax, Secure in production. */
export function signedCookie(env: AppEnv, name: string, maxAgeSeconds: number) {
  return createCookie(name, {
    httpOnly: true,
    path: "/",
    sameSite: "lax",
    secure: env.APP_ENV === "production",
    secrets: [env.SESSION_SECRET],
    maxAge: maxAgeSeconds,
  });
}
