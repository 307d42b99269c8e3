// The blog the footer links to (product rules: Routes). In production it is served at
// /path/ on the site's domain by the blog's own host, not by this app; locally this page answers
// at the stand-ins' /path/, so the footer's Blog link leads somewhere (decision 0026).
import type { Vendor } from "../server";

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>Quiet Mailbox blog (local stand-in)</title></head>
<body style="font: 1rem/1.6 system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem">
<main>
<h1>Quiet Mailbox blog</h1>
<p>This is the local stand-in for the blog. In production the footer's Blog link opens the real blog at /path/ on the site's own domain.</p>
</main>
</body>
</html>
`;

export const blogVendor: Vendor = {
  name: "blog",
  prefix: "/path",
  routes: [
    { method: "GET", path: "/", handle: () => ({ status: 200, body: PAGE, headers: { "Content-Type": "text/html; charset=utf-8" } }) },
  ],
};
