// The text reader's HTTP API (decision 0057). The Worker reaches it through the container binding in
// production and through TEXT_READER_URL locally and in tests.
//
//   GET  /health  200 {"ok":true} once the models are loaded (503 before)
//   POST /read    the image's bytes as the body (JPEG, PNG, WebP, up to 12 MB), any image/* type:
//                 200 {"lines":[{"text","box":[[x,y]×4],"score"}],"text","width","height"}
//                 400 {"error"} when the bytes are no image (or none), 413 when too large: the same
//                 bytes would fail again
//                 500 {"error"} when reading failed (the models stopped): worth another try
//
// Photos are read one at a time: reading takes both cores, so a second one at once would only make
// both slower. Nothing is written to disk and nothing is kept after the answer.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { NotAnImageError, type ImageReader } from "./reader";

export const MAX_IMAGE_BYTES = 12 * 1024 * 1024;

export type TextReaderServer = {
  url: string;
  server: Server;
  close: () => Promise<void>;
};

export type TextReaderOptions = {
  port: number;
  /** 127.0.0.1 locally; 0.0.0.0 in the container. */
  host?: string;
  /** What reads the images: the program passes PaddleOCR's models (read-text.ts). */
  reader: ImageReader;
  log?: (line: string) => void;
};

/** Starts the reader; resolves once the models are loaded and the port answers. */
export async function startTextReader({ port, host = "127.0.0.1", reader, log = () => {} }: TextReaderOptions): Promise<TextReaderServer> {
  const started = performance.now();
  let ready = false;
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      log(`text reader: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) send(response, 500, { error: "The image could not be read." });
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? "/", "http://reader").pathname;
    if (path === "/health" && request.method === "GET") return send(response, ready ? 200 : 503, { ok: ready });
    if (path !== "/read") return send(response, 404, { error: "Not found." });
    if (request.method !== "POST") return send(response, 405, { error: "Use POST." }, { Allow: "POST" });
    const declared = Number(request.headers["content-length"] ?? 0);
    if (declared > MAX_IMAGE_BYTES) return send(response, 413, { error: "The image is too large." });
    const image = await readBody(request);
    if (image === null) return send(response, 413, { error: "The image is too large." });
    if (image.length === 0) return send(response, 400, { error: "The request has no image." });
    const outcome = await oneAtATime(() =>
      reader.read(image).then(
        (reading) => ({ reading }),
        (error: unknown) => ({ error }),
      ),
    );
    if ("reading" in outcome) return send(response, 200, outcome.reading);
    // Only bytes that decode as no image are the caller's fault: the same bytes would fail again.
    if (outcome.error instanceof NotAnImageError) return send(response, 400, { error: outcome.error.message });
    // Anything else is the reader failing (a model that stopped, memory run out): the same image may
    // read next time, so the Worker tries it again (decision 0057).
    log(`text reader: reading failed: ${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}`);
    send(response, 500, { error: "The image could not be read: the reader failed. Try again." });
  }

  await reader.load();
  ready = true;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const url = `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${address.port}`;
  log(`text reader listening on ${url} (models loaded in ${Math.round(performance.now() - started)} ms)`);
  return {
    url,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function readBody(request: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_IMAGE_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    request.on("end", () => resolve(tooLarge ? null : Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers });
  response.end(JSON.stringify(body));
}
