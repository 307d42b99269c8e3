// The reader of printed text on mail pieces (decisions 0030 and 0057): one entry point for every
// path that reads an image (photos uploaded or emailed, the pieces of the Postal Service's daily
// digest), so the reader behind it can change without them.
//
// Our own reader (app/text-reader/, PaddleOCR's models) answers POST /read with the lines it read.
// Production reaches it as a Cloudflare Container through the TEXT_READER binding; `npm start` and
// the tests run the same program under Node and set TEXT_READER_URL. Workers AI's vision model is
// used when neither is configured but its token is.
import { getRandom } from "@cloudflare/containers";
import { z } from "zod";
import type { TextReaderContainer } from "~/integrations/text-reader-container.server";
import { getWorkersAi } from "~/integrations/workers-ai.server";
import type { AppEnv } from "~/utils/env.server";
import { isTimeoutError, withDeadline } from "~/utils/errors";

export type TextReader = {
  /** The text printed on the image, line by line. Errors carry `retryable` false when trying again cannot help. */
  transcribe(image: Uint8Array, contentType: string): Promise<string>;
};

/** How often an image is given to the reader (the queue's attempts) before its job gives up on it. */
const TEXT_READ_ATTEMPTS = 3;

/** Whether a failed read goes back to the queue: the reader may pass next time, and attempts are left. */
export function shouldRetryRead(error: unknown, attempt: number) {
  const retryable = !(error instanceof Error && "retryable" in error && error.retryable === false);
  return retryable && attempt < TEXT_READ_ATTEMPTS;
}

/** The text of an image stored in R2, read with its stored content type. */
export async function transcribeStored(reader: TextReader, image: R2ObjectBody) {
  return reader.transcribe(new Uint8Array(await image.arrayBuffer()), image.httpMetadata?.contentType ?? "image/jpeg");
}

/**
 * A read takes a second or two on a warm reader; a container that was asleep starts first
 * (a few seconds more). The queue retries a call that runs out.
 */
const TEXT_READER_TIMEOUT_MS = 45_000;

/** Readers the container binding spreads photos over (wrangler.toml's max_instances). */
const TEXT_READER_INSTANCES = 3;

const ReadingSchema = z.object({
  text: z.string(),
  lines: z.array(z.object({ text: z.string(), score: z.number() })),
});

/** A failed read. `retryable` false means the same image would fail the same way (it is no image, or too large). */
export class TextReaderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "TextReaderError";
  }
}

type TextReaderClientOptions = {
  /** e.g. http://127.0.0.1:8791; the container's requests go to any origin, which it ignores. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: (request: Request) => Promise<Response>;
};

export function createTextReaderClient({
  baseUrl,
  timeoutMs = TEXT_READER_TIMEOUT_MS,
  fetch: fetchImpl = (request) => fetch(request),
}: TextReaderClientOptions): TextReader {
  const endpoint = `${baseUrl.replace(/\/+$/, "")}/read`;
  return {
    async transcribe(image, contentType) {
      let response: Response;
      let answer: unknown;
      try {
        // One deadline for the answer and its body: a reader that stops half way must not hold the job.
        [response, answer] = await withDeadline(timeoutMs, "The text reader did not answer in time", async (signal) => {
          const reply = await fetchImpl(
            new Request(endpoint, {
              method: "POST",
              headers: { "Content-Type": contentType },
              body: image as Uint8Array<ArrayBuffer>,
              signal,
            }),
          );
          return [reply, await reply.json().catch(() => null)] as const;
        });
      } catch (error) {
        throw new TextReaderError(
          isTimeoutError(error) ? "The text reader did not answer in time" : "The text reader could not be reached",
          null,
          true,
        );
      }
      const parsed = ReadingSchema.safeParse(answer);
      if (response.ok && parsed.success) return parsed.data.text;
      const reason = answer && typeof answer === "object" && "error" in answer ? `: ${String(answer.error)}` : "";
      // A 4xx is the image itself (not one, too large): the same image would fail again.
      const retryable = response.status === 429 || response.status >= 500 || response.ok;
      throw new TextReaderError(`The text reader answered ${response.status}${reason}`, response.status, retryable);
    },
  };
}

/**
 * The configured reader: our own in its container, else at TEXT_READER_URL, else Workers AI; null
 * when none is (the images then go to staff).
 */
export function getTextReader(
  env: Pick<
    AppEnv,
    "TEXT_READER" | "TEXT_READER_URL" | "WORKERS_AI_API_TOKEN" | "WORKERS_AI_ACCOUNT_ID" | "WORKERS_AI_API_URL" | "WORKERS_AI_VISION_MODEL"
  >,
): TextReader | null {
  if (env.TEXT_READER) {
    const container = env.TEXT_READER as unknown as DurableObjectNamespace<TextReaderContainer>;
    return createTextReaderClient({
      baseUrl: "http://text-reader",
      fetch: async (request) => (await getRandom(container, TEXT_READER_INSTANCES)).fetch(request),
    });
  }
  if (env.TEXT_READER_URL) return createTextReaderClient({ baseUrl: env.TEXT_READER_URL });
  return getWorkersAi(env);
}
