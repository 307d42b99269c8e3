import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { onlyRead } from "~/utils/api.server";
import { PUBLIC_PAGES } from "~/domain/public-pages";

export function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const urls = PUBLIC_PAGES.map((page) => `  <url><loc>${origin}${page.path}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

export const action = onlyRead;
