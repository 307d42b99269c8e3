// Cloudflare Workers AI's REST API (https://developers.cloudflare.com/workers-ai/get-started/rest-api/),
// mounted at /cloudflare/client/v4 like https://api.cloudflare.com/client/v4: POST
// /accounts/{account_id}/ai/run/{model} with a bearer token, answered in Cloudflare's envelope
// ({ result, success, errors, messages }).
//
// For the vision model it really reads the image it is sent: optical character recognition with
// tesseract.js and the English data of @tesseract.js-data/eng (installed from npm, nothing
// downloaded at run time). What comes back depends on the picture alone, never on a name or a
// marker, so a blurred or unreadable photo reads as badly here as it would anywhere.
import { createRequire } from "node:module";
import path from "node:path";
import { createWorker, type Worker } from "tesseract.js";
import type { StandInRequest, StandInResponse, Vendor } from "../server";

export const WORKERS_AI_STAND_IN_TOKEN = "local-stand-in-ai-token";
const VISION_MODELS = ["@cf/meta/llama-3.2-11b-vision-instruct"];

const envelope = (status: number, result: unknown, errors: { code: number; message: string }[] = []): StandInResponse => ({
  status,
  body: { result, success: errors.length === 0, errors, messages: [] },
});

let reader: Promise<Worker> | null = null;

function ocr(): Promise<Worker> {
  reader ??= createWorker("eng", 1, {
    langPath: path.join(path.dirname(createRequire(import.meta.url).resolve("@tesseract.js-data/eng/package.json")), "4.0.0"),
    gzip: true,
    cacheMethod: "none",
    // Without a handler, tesseract.js throws a failed job's error again outside the promise, and
    // an unreadable image would take the whole stand-in server down; the caller gets it anyway.
    errorHandler: () => undefined,
  }).then(async (worker) => {
    // Tesseract's own notes ("Estimating resolution as 172") would otherwise fill the test output.
    await worker.setParameters({ debug_file: "/dev/null" } as Parameters<Worker["setParameters"]>[0]);
    return worker;
  });
  return reader;
}

/**
 * The printed text of an image, as the stand-in reads it. `rotateAuto` straightens a photo taken
 * at a slant first (a phone is rarely held square to the piece).
 */
export async function readImageText(image: Buffer): Promise<string> {
  const { data } = await (await ocr()).recognize(image, { rotateAuto: true });
  return data.text.trim();
}

/** The image of a request: a data URI in the messages (the chat form) or `image` (bytes or base64). */
function imageOf(body: Record<string, unknown>): Buffer | null {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  for (const message of messages as { content?: unknown }[]) {
    const parts = Array.isArray(message.content) ? message.content : [message.content];
    for (const part of parts as { type?: string; image_url?: { url?: string } }[]) {
      const url = part?.image_url?.url;
      const match = typeof url === "string" ? /^data:image\/[a-z+.-]+;base64,(.+)$/s.exec(url) : null;
      if (match) return Buffer.from(match[1]!, "base64");
    }
  }
  if (Array.isArray(body.image)) return Buffer.from(body.image as number[]);
  if (typeof body.image === "string") return Buffer.from(body.image.replace(/^data:[^,]*,/, ""), "base64");
  return null;
}

async function run(request: StandInRequest): Promise<StandInResponse> {
  if (request.headers.authorization !== `Bearer ${WORKERS_AI_STAND_IN_TOKEN}`) {
    return envelope(401, null, [{ code: 10000, message: "Authentication error" }]);
  }
  const model = `@cf/${request.params.vendor}/${request.params.model}`;
  if (!VISION_MODELS.includes(model)) return envelope(400, null, [{ code: 5007, message: `No such model ${model} or task` }]);
  const body = (request.body && typeof request.body === "object" ? request.body : {}) as Record<string, unknown>;
  const image = imageOf(body);
  if (!image) return envelope(400, null, [{ code: 5006, message: "Error: required properties at '/' are 'image' or 'messages'" }]);
  try {
    return envelope(200, { response: await readImageText(image), usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 } });
  } catch {
    return envelope(400, null, [{ code: 3010, message: "Invalid or incomplete input for the model: the image could not be read" }]);
  }
}

/** Ends the OCR worker thread, so the process can exit. */
export async function closeImageReader() {
  const running = reader;
  reader = null;
  if (running) await (await running).terminate();
}

export const workersAiVendor: Vendor = {
  name: "workers-ai",
  prefix: "/cloudflare/client/v4",
  routes: [{ method: "POST", path: "/accounts/:accountId/ai/run/@cf/:vendor/:model", handle: run }],
  close: closeImageReader,
};
