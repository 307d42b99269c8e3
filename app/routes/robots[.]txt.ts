import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { onlyRead } from "~/utils/api.server";
import { PRIVATE_PATH_PREFIXES } from "~/domain/public-pages";

export function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const lines = [
    "User-agent: *",
    ...PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

export const action = onlyRead;
