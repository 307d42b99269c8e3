/** The pages anyone may read, for the HTML sitemap, sitemap.xml and robots.txt. */
export const PUBLIC_PAGES = [
  { path: "/", title: "Home", description: "What the service does, how it works, and answers to common questions." },
  { path: "/learn", title: "Learn about junk mail", description: "What can be stopped, what cannot, and why it takes about 8 weeks." },
  { path: "/start/step1", title: "Sign up", description: "Create an account in two steps." },
  { path: "/signin", title: "Sign in", description: "For customers who already have an account." },
  { path: "/terms", title: "Terms of Service", description: "The agreement between you and the service." },
  { path: "/privacy", title: "Privacy Policy", description: "What we store about you, why, and for how long." },
  { path: "/sitemap", title: "Sitemap", description: "This list of pages." },
] as const;

/** Signed-in and staff areas: kept out of search engines. */
export const PRIVATE_PATH_PREFIXES = [
  "/dashboard",
  "/requests",
  "/recipients",
  "/subscription",
  "/admin",
  "/password",
  "/start/step2",
  "/reminders",
  "/account",
] as const;
