// Which reader reads a photo (decision 0057): our own in its container in production, at
// TEXT_READER_URL locally and in tests, Workers AI when only its token is set, none otherwise; and
// how a failed read is told apart: worth another try or not.
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { createTextReaderClient, getTextReader, TextReaderError } from "~/integrations/text-reader.server";
import { parseEnv } from "~/utils/env.server";
import { received } from "./stand-ins";

const appEnv = parseEnv(env);
const fixtures = inject("photoFixtures");
const catalogPhoto = Uint8Array.from(atob(fixtures.catalog.base64), (char) => char.charCodeAt(0));
const compact = (text: string) => text.replace(/\s+/g, "");
// Calls to the Workers AI stand-in made by this file, told apart by their account.
const ACCOUNT = `text-reader-${crypto.randomUUID().slice(0, 8)}`;
const workersAiCalls = () => received("workers-ai", (call) => call.path.startsWith(`/accounts/${ACCOUNT}/`));

/** A container binding whose every instance answers `answer`, recording what it was sent. */
function containerBinding(answer: () => Response) {
  const sent: { instance: string; url: string; contentType: string | null; bytes: number }[] = [];
  const binding = {
    idFromName: (name: string) => name,
    get: (instance: string) => ({
      fetch: async (request: Request) => {
        sent.push({
          instance,
          url: request.url,
          contentType: request.headers.get("Content-Type"),
          bytes: (await request.arrayBuffer()).byteLength,
        });
        return answer();
      },
    }),
  };
  return { binding: binding as unknown as DurableObjectNamespace, sent };
}

describe("choosing the reader", () => {
  it("sends the photo to the container when it is bound, whatever else is set", async () => {
    const { binding, sent } = containerBinding(() =>
      Response.json({ text: "L.L.Bean\nCustomer #: 1", lines: [{ text: "L.L.Bean", score: 1 }] }),
    );
    const reader = getTextReader({ ...appEnv, TEXT_READER: binding });
    expect(await reader!.transcribe(catalogPhoto, "image/jpeg")).toBe("L.L.Bean\nCustomer #: 1");
    expect(sent).toHaveLength(1);
    expect(new URL(sent[0]!.url).pathname).toBe("/read");
    expect(sent[0]).toMatchObject({ contentType: "image/jpeg", bytes: catalogPhoto.byteLength });
    expect(sent[0]!.instance).toMatch(/^instance-[0-2]$/);
  });

  it("reads through the text reader at TEXT_READER_URL when no container is bound", { timeout: 30_000 }, async () => {
    expect(appEnv.TEXT_READER_URL).toBe(inject("textReaderUrl"));
    const text = await getTextReader({ ...appEnv, WORKERS_AI_ACCOUNT_ID: ACCOUNT })!.transcribe(catalogPhoto, "image/jpeg");
    expect(compact(text)).toContain(`Customer#:${fixtures.catalog.customerNumber}`);
    expect(await workersAiCalls()).toHaveLength(0);
  });

  it("falls back to Workers AI when only its token is set", { timeout: 30_000 }, async () => {
    const text = await getTextReader({ ...appEnv, TEXT_READER_URL: undefined, WORKERS_AI_ACCOUNT_ID: ACCOUNT })!.transcribe(
      catalogPhoto,
      "image/jpeg",
    );
    expect(compact(text)).toContain(fixtures.catalog.customerNumber);
    expect(await workersAiCalls()).toHaveLength(1);
  });

  it("has no reader when nothing is configured (the photo then goes to staff)", () => {
    expect(getTextReader({ ...appEnv, TEXT_READER: undefined, TEXT_READER_URL: undefined, WORKERS_AI_API_TOKEN: undefined })).toBeNull();
  });

  it("takes an empty TEXT_READER_URL for none, as a production var left blank", () => {
    expect(parseEnv({ ...env, TEXT_READER_URL: "" }).TEXT_READER_URL).toBeUndefined();
  });
});

describe("a read that fails", () => {
  const failure = (answer: () => Response | Promise<Response>, timeoutMs?: number) =>
    createTextReaderClient({ baseUrl: "http://reader.test", fetch: async () => answer(), timeoutMs })
      .transcribe(catalogPhoto, "image/jpeg")
      .then(
        () => {
          throw new Error("expected the read to fail");
        },
        (error: unknown) => error as TextReaderError,
      );

  it.each([503, 500, 429])("is tried again when the reader answers %i", async (status) => {
    const error = await failure(() => Response.json({ error: "busy" }, { status }));
    expect(error).toBeInstanceOf(TextReaderError);
    expect(error).toMatchObject({ status, retryable: true });
    expect(error.message).toBe(`The text reader answered ${status}: busy`);
  });

  it.each([400, 413])("is not tried again when the reader refuses the image (%i)", async (status) => {
    const error = await failure(() => Response.json({ error: "The body is not an image this reader can open." }, { status }));
    expect(error).toMatchObject({ status, retryable: false });
    expect(error.message).toContain("not an image");
  });

  it("is tried again when the reader cannot be reached or does not answer in time", async () => {
    const unreachable = await failure(() => {
      throw new TypeError("fetch failed");
    });
    expect(unreachable).toMatchObject({ status: null, retryable: true, message: "The text reader could not be reached" });
    const slow = await failure(() => new Promise<Response>(() => {}), 50);
    expect(slow).toMatchObject({ status: null, retryable: true, message: "The text reader did not answer in time" });
  });

  it("is tried again when a 200 carries no reading", async () => {
    const error = await failure(() => new Response("<html>proxy error</html>", { status: 200 }));
    expect(error).toMatchObject({ status: 200, retryable: true });
  });
});
