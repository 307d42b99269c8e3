import { MAIL_STOPS_AFTER } from "~/domain/mail-timing";

/**
 * The pages anyone may read, for the HTML sitemap, sitemap.xml and robots.txt. `cached`: the same
 * for every visitor, so answered from the page cache (decision 0035); the signup and sign-in forms
 * load a script with a per-response nonce and are rendered every time.
 */
export const PUBLIC_PAGES = [
  { path: "/", title: "Home", description: "What the service does, how it works, and answers to common questions.", cached: true },
  {
    path: "/learn",
    title: "Learn about junk mail",
    description: `What can be stopped, what cannot, and why it takes about ${MAIL_STOPS_AFTER.weeks} weeks.`,
    cached: true,
  },
  { path: "/start/step1", title: "Sign up", description: "Create an account in two steps.", cached: false },
  { path: "/signin", title: "Sign in", description: "For customers who already have an account.", cached: false },
  { path: "/terms", title: "Terms of Service", description: "The agreement between you and the service.", cached: true },
  { path: "/privacy", title: "Privacy Policy", description: "What we store about you, why, and for how long.", cached: true },
  { path: "/sitemap", title: "Sitemap", description: "This list of pages.", cached: true },
] as const;

/** Signed-in and staff areas: kept out of search engines. */
export const PRIVATE_PATH_PREFIXES = [
  "/dashboard",
  "/progress",
  "/requests",
  "/recipients",
  "/subscription",
  "/admin",
  "/password",
  "/start/step2",
  "/reminders",
  "/account",
] as const;
