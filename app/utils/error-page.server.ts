import { currentRequestId } from "~/utils/log.server";
import { plainPageSecurityHeaders } from "~/utils/security-headers.server";

/**
 * The responses the Worker builds outside Remix: a refused request, and a broken configuration
 * (the app cannot render then, so the operator gets the names of what is missing, never a value,
 * and the visitor a plain, calm page).
 */
export function renderPlainPage({
  status,
  title,
  message,
  items = [],
  retry,
  headers = {},
}: {
  status: number;
  title: string;
  message: string;
  items?: string[];
  /** A same-site page where the person can try again, offered before the home page. */
  retry?: { href: string; text: string };
  headers?: Record<string, string>;
}): Response {
  const list = items.length ? `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>` : "";
  const retryLink = retry ? `<p><a href="${escapeHtml(retry.href)}">${escapeHtml(retry.text)}</a></p>` : "";
  const requestId = currentRequestId();
  const reference = requestId ? `<p>If you write to us about it, quote this reference: ${escapeHtml(requestId)}</p>` : "";
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">` +
    `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${list}${retryLink}${reference}<p><a href="/">Go to the home page</a></p></main></body></html>`;
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...plainPageSecurityHeaders(), ...headers },
  });
}

export function renderConfigurationErrorPage(problems: string[]): Response {
  return renderPlainPage({
    status: 503,
    title: "We'll be right back",
    message: "The service is not configured correctly, so it cannot answer right now. Please try again in a few minutes.",
    items: problems,
    headers: { "Retry-After": "120" },
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
