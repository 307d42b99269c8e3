// Cloudflare Workers AI through its REST API (decision 0030): its vision model transcribes the
// text of a photographed mail piece where our own text reader is not configured (decision 0057). The REST API rather than the Worker's AI binding, so the base
// URL can point at the local stand-in like every other vendor's.
import { z } from "zod";
import type { AppEnv } from "~/utils/env.server";
import { isTimeoutError, withDeadline } from "~/utils/errors";

/** A vision model can take a while on a large photo; the queue retries a call that runs out. */
const WORKERS_AI_TIMEOUT_MS = 60_000;

const TRANSCRIBE_PROMPT =
  "This is a photo of a piece of postal mail (an envelope, catalog, postcard or letter). " +
  "Transcribe all the printed text you can read, line by line, exactly as printed, including the " +
  "sender's name and return address and every line of the mailing label. Do not describe the image " +
  "and do not add anything that is not printed.";

const AnswerSchema = z.object({
  success: z.boolean(),
  result: z.looseObject({ response: z.string().optional() }).nullable().optional(),
  errors: z.array(z.looseObject({ code: z.number().optional(), message: z.string() })).default([]),
});

/**
 * A failed call. `retryable` false means the same call would fail the same way (a refused image,
 * a bad token or model): the consumer does not retry it.
 */
export class WorkersAiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "WorkersAiError";
  }
}

export type WorkersAiOptions = {
  apiToken: string;
  accountId: string;
  /** e.g. https://api.cloudflare.com/client/v4, or the stand-in's http://127.0.0.1:8790/cloudflare/client/v4 */
  baseUrl: string;
  model: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export function createWorkersAiClient({
  apiToken,
  accountId,
  baseUrl,
  model,
  timeoutMs = WORKERS_AI_TIMEOUT_MS,
  fetch: fetchImpl = fetch,
}: WorkersAiOptions) {
  const endpoint = `${baseUrl.replace(/\/+$/, "")}/accounts/${encodeURIComponent(accountId)}/ai/run/${model}`;
  return {
    /** The text printed on the photographed piece, as the model reads it. */
    async transcribe(image: Uint8Array, contentType: string): Promise<string> {
      const body = {
        messages: [
          {
            role: "user",
            content: [
              { type: "text", text: TRANSCRIBE_PROMPT },
              { type: "image_url", image_url: { url: `data:${contentType};base64,${toBase64(image)}` } },
            ],
          },
        ],
        max_tokens: 1024,
        temperature: 0,
      };
      let response: Response;
      let answer: unknown;
      try {
        // One deadline for the answer and its body: a body that stops half way must not hold the job.
        [response, answer] = await withDeadline(timeoutMs, "Workers AI did not answer in time", async (signal) => {
          const reply = await fetchImpl(endpoint, {
            method: "POST",
            headers: { Authorization: `Bearer ${apiToken}`, "Content-Type": "application/json" },
            body: JSON.stringify(body),
            signal,
          });
          return [reply, await reply.json().catch(() => null)] as const;
        });
      } catch (error) {
        throw new WorkersAiError(
          isTimeoutError(error) ? "Workers AI did not answer in time" : "Workers AI could not be reached",
          null,
          true,
        );
      }
      const parsed = AnswerSchema.safeParse(answer);
      if (response.ok && parsed.success && parsed.data.success) return parsed.data.result?.response ?? "";
      const reason = parsed.success ? parsed.data.errors.map((error) => `${error.code ?? ""} ${error.message}`.trim()).join("; ") : "";
      // 429 and 5xx pass; any other 4xx is the call itself.
      const retryable = response.status === 429 || response.status >= 500 || (response.ok && !parsed.success);
      throw new WorkersAiError(`Workers AI answered ${response.status}${reason ? `: ${reason}` : ""}`, response.status, retryable);
    },
  };
}

/** The client from the environment, or null when no token is configured (photos then go to staff). */
export function getWorkersAi(
  env: Pick<AppEnv, "WORKERS_AI_API_TOKEN" | "WORKERS_AI_ACCOUNT_ID" | "WORKERS_AI_API_URL" | "WORKERS_AI_VISION_MODEL">,
) {
  if (!env.WORKERS_AI_API_TOKEN || !env.WORKERS_AI_ACCOUNT_ID) return null;
  return createWorkersAiClient({
    apiToken: env.WORKERS_AI_API_TOKEN,
    accountId: env.WORKERS_AI_ACCOUNT_ID,
    baseUrl: env.WORKERS_AI_API_URL,
    model: env.WORKERS_AI_VISION_MODEL,
  });
}

function toBase64(bytes: Uint8Array) {
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}
