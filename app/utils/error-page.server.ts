/**
 * The one response the Worker builds outside Remix: when the configuration is broken the app
 * cannot render, so the operator gets the names of what is missing (never a value) and the
 * visitor a plain, calm page.
 */
export function renderConfigurationErrorPage(problems: string[]): Response {
  const items = problems.map((problem) => `<li>${escapeHtml(problem)}</li>`).join("");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Temporarily unavailable</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>We'll be right back</h1><p>The service is not configured correctly, so it cannot answer right now. Please try again in a few minutes.</p><ul>${items}</ul></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Retry-After": "120" },
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
