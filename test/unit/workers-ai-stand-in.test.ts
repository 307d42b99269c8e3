// The Workers AI client and its stand-in agree: the app's client, pointed at the stand-in the way
// `npm start` and the tests point it, gets Cloudflare's envelope back with the text really read
// off the image it sent; refusals are permanent, outages and slow answers are retried.
import { readFileSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkersAiClient, WorkersAiError } from "~/integrations/workers-ai.server";
import { PHOTO_FIXTURES, photoFixturePath } from "../support/photo-fixtures";
import { startStandIns, type StandInServer } from "../stand-ins/server";
import { modelReader } from "../../app/text-reader/read-text";
import { startTextReader, type TextReaderServer } from "../../app/text-reader/server";
import { readImagesWith, WORKERS_AI_STAND_IN_TOKEN, workersAiVendor } from "../stand-ins/vendors/workers-ai";

const MODEL = "@cf/meta/llama-3.2-11b-vision-instruct";
let standIns: StandInServer;
let textReader: TextReaderServer;

beforeAll(async () => {
  [standIns, textReader] = await Promise.all([
    startStandIns({ port: 0, vendors: [workersAiVendor] }),
    startTextReader({ port: 0, reader: modelReader }),
  ]);
  readImagesWith(textReader.url);
}, 60_000);
afterAll(() => Promise.all([standIns.close(), textReader.close()]));

const client = (overrides: Partial<Parameters<typeof createWorkersAiClient>[0]> = {}) =>
  createWorkersAiClient({
    apiToken: WORKERS_AI_STAND_IN_TOKEN,
    accountId: "local-account",
    baseUrl: `${standIns.url}/cloudflare/client/v4`,
    model: MODEL,
    ...overrides,
  });

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (error: unknown) => error as WorkersAiError,
  );

describe("Workers AI client against the stand-in", () => {
  it("reads the printed text off the photo it sends, on Cloudflare's path with a bearer token", { timeout: 30_000 }, async () => {
    const photo = readFileSync(photoFixturePath(PHOTO_FIXTURES.catalog));
    const text = await client().transcribe(new Uint8Array(photo), "image/jpeg");
    expect(text.replace(/\s+/g, "")).toContain(`Customer#:${PHOTO_FIXTURES.catalog.customerNumber}`);
    expect(text).toContain("JANE Q PUBLIC");
    const [call] = standIns.recorded("workers-ai").slice(-1);
    expect(call!.path).toBe(`/accounts/local-account/ai/run/${MODEL}`);
    expect(call!.headers.authorization).toBe(`Bearer ${WORKERS_AI_STAND_IN_TOKEN}`);
    const sent = call!.body as { messages: { content: { type: string; image_url?: { url: string } }[] }[] };
    expect(sent.messages[0]!.content.find((part) => part.type === "image_url")!.image_url!.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  });

  it("gets a different text for a different photo: the answer depends on the image alone", { timeout: 30_000 }, async () => {
    const text = await client().transcribe(new Uint8Array(readFileSync(photoFixturePath(PHOTO_FIXTURES.unknown))), "image/jpeg");
    expect(text).toContain("Lakeview");
    expect(text).not.toContain(PHOTO_FIXTURES.catalog.customerNumber);
  });

  it("refuses a wrong token and an image it cannot read, for good", async () => {
    const denied = await failure(client({ apiToken: "not-the-token" }).transcribe(new Uint8Array([1, 2, 3]), "image/jpeg"));
    expect(denied).toBeInstanceOf(WorkersAiError);
    expect(denied).toMatchObject({ status: 401, retryable: false });
    const garbage = await failure(client().transcribe(new TextEncoder().encode("not an image at all"), "image/jpeg"));
    expect(garbage).toMatchObject({ status: 400, retryable: false });
  });
});

describe("Workers AI client when the service misbehaves", () => {
  let server: Server;
  let url = "";
  const behaviours: Record<string, (response: ServerResponse) => void> = {
    // Headers, then a body that never ends.
    stalls: (response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.write('{"result":');
    },
    overloaded: (response) => {
      response.writeHead(429, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ success: false, result: null, errors: [{ code: 3040, message: "Capacity temporarily exceeded" }] }));
    },
  };
  beforeAll(async () => {
    server = createServer((request, response) => behaviours[request.url!.split("/")[1]!]!(response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("gives up on an answer whose body stops half way, and says it may be retried", async () => {
    const started = Date.now();
    const error = await failure(
      client({ baseUrl: `${url}/stalls`, timeoutMs: 300 }).transcribe(new Uint8Array([0xff, 0xd8]), "image/jpeg"),
    );
    expect(error).toMatchObject({ retryable: true, message: "Workers AI did not answer in time" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("retries when the service is over capacity", async () => {
    const error = await failure(client({ baseUrl: `${url}/overloaded` }).transcribe(new Uint8Array([0xff, 0xd8]), "image/jpeg"));
    expect(error).toMatchObject({ status: 429, retryable: true });
    expect(error.message).toContain("Capacity temporarily exceeded");
  });
});
