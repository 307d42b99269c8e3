// The reader of printed text on mail pieces (decision 0030): one entry point for every path that
// reads an image (photos uploaded or emailed, the pieces of the Postal Service's daily digest), so
// the reader behind it can change without them.
import { getWorkersAi } from "~/integrations/workers-ai.server";
import type { AppEnv } from "~/utils/env.server";

export type TextReader = {
  /** The text printed on the image, line by line. Errors carry `retryable` false when trying again cannot help. */
  transcribe(image: Uint8Array, contentType: string): Promise<string>;
};

/** The configured reader, or null when none is (the images then go to staff). */
export function getTextReader(env: AppEnv): TextReader | null {
  return getWorkersAi(env);
}
