import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { keepRequestId, log, currentRequestId } from "~/utils/log.server";
import { NonceProvider } from "~/utils/nonce";
import { RequestIdProvider } from "~/utils/request-id";
import { securityHeaders } from "~/utils/security-headers.server";

// app/worker.ts reaches the Worker's handlers through the server build (its `entry.module`).
export { createWorkerHandlers } from "~/worker-handlers.server";
// The Durable Object class of the text reader's container (decision 0057), exported by the Worker.
export { TextReaderContainer } from "~/integrations/text-reader-container.server";
// What the benches' Worker entries call inside the built app (bench/built-app.ts).
export * as bench from "~/bench.server";

const STREAM_TIMEOUT_MS = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = crypto.randomUUID().replace(/-/g, "");
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), STREAM_TIMEOUT_MS);

  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RequestIdProvider value={currentRequestId()}>
        <RemixServer context={remixContext} url={request.url} abortDelay={STREAM_TIMEOUT_MS} nonce={nonce} />
      </RequestIdProvider>
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError: keepRequestId((error: unknown) => {
        if (!controller.signal.aborted) log.error("render failed:", describeError(error));
        responseStatusCode = 500;
      }),
    },
  );
  body.allReady.then(() => clearTimeout(timeout));

  // Crawlers and no-JavaScript visitors get the whole document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  for (const [name, value] of Object.entries(securityHeaders(nonce, { paymentOrigins: loadContext.env.STRIPE_HOSTED_ORIGINS })))
    responseHeaders.set(name, value);
  // Links marked data-prefetch are fetched when they are pressed, before the click ends (decision 0034).
  responseHeaders.set("Speculation-Rules", '"/speculation-rules.json"');
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

// Logs the path and the message only: query strings and bodies may carry a user's address.
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isClientError(error)) return;
  log.error(`error on ${request.method} ${new URL(request.url).pathname}:`, describeError(error));
};

/** A request the app refused (405 for a page without a form, say): nothing for the operator to fix. */
function isClientError(error: unknown) {
  return (error instanceof Response || isRouteErrorResponse(error)) && error.status < 500;
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}\n${error.stack ?? ""}`;
  return String(error);
}
