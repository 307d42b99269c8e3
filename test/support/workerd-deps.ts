/**
 * Packages the app reaches in workerd, bundled by Vite first so the workers pool can load them:
 * the CommonJS ones must be, and the ESM ones of many files (drizzle, zod, stripe…) load as one
 * module each instead of hundreds, in every test file's fresh runtime (decision 0080).
 * `@cloudflare/containers` stays out: it imports `cloudflare:workers`, which only workerd resolves.
 */
export const WORKERD_SSR_DEPS = [
  "@remix-run/cloudflare",
  "@remix-run/server-runtime",
  "@remix-run/router",
  "@remix-run/react",
  "cookie",
  "set-cookie-parser",
  "react",
  "react-dom",
  "react-dom/server",
  "react/jsx-runtime",
  "drizzle-orm",
  "drizzle-orm/d1",
  "drizzle-orm/sqlite-core",
  "@conform-to/react",
  "@conform-to/zod/v4",
  "zod",
  "stripe",
  "postal-mime",
  "remix-auth",
  "remix-auth-form",
  "isbot",
];
