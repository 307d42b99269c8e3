/** CommonJS packages the app reaches in workerd, bundled by Vite first so the workers pool can load them. */
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
];
