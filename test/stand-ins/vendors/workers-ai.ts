// Cloudflare Workers AI's REST API (https://developers.cloudflare.com/workers-ai/get-started/rest-api/),
// mounted at /cloudflare/client/v4 like https://api.cloudflare.com/client/v4: POST
// /accounts/{account_id}/ai/run/{model} with a bearer token, answered in Cloudflare's envelope
// ({ result, success, errors, messages }).
//
// For the vision model it really reads the image it is sent: it hands it to our own text reader
// (app/text-reader/, PaddleOCR's models), the process started next to the stand-ins
// (readImagesWith). What comes back depends on the picture alone, never on a name or a marker, so
// a blurred or unreadable photo reads as badly here as it would anywhere.
import type { StandInRequest, StandInResponse, Vendor } from "../server";

export const WORKERS_AI_STAND_IN_TOKEN = "local-stand-in-ai-token";
const VISION_MODELS = ["@cf/meta/llama-3.2-11b-vision-instruct"];

let textReaderUrl: string | null = null;

/** Where the stand-in has the images it receives read: our text reader's URL. */
export function readImagesWith(url: string) {
  textReaderUrl = url;
}

async function readImageText(image: Buffer): Promise<string | null> {
  if (!textReaderUrl) throw new Error("The Workers AI stand-in has no text reader: call readImagesWith(url) first.");
  const response = await fetch(`${textReaderUrl}/read`, {
    method: "POST",
    headers: { "Content-Type": "image/jpeg" },
    body: new Uint8Array(image),
  });
  if (response.status === 400) return null;
  if (!response.ok) throw new Error(`the text reader answered ${response.status}`);
  return ((await response.json()) as { text: string }).text;
}

const envelope = (status: number, result: unknown, errors: { code: number; message: string }[] = []): StandInResponse => ({
  status,
  body: { result, success: errors.length === 0, errors, messages: [] },
});

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
  const text = await readImageText(image);
  if (text === null)
    return envelope(400, null, [{ code: 3010, message: "Invalid or incomplete input for the model: the image could not be read" }]);
  return envelope(200, { response: text, usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 } });
}

export const workersAiVendor: Vendor = {
  name: "workers-ai",
  prefix: "/cloudflare/client/v4",
  routes: [{ method: "POST", path: "/accounts/:accountId/ai/run/@cf/:vendor/:model", handle: run }],
};
