// What the text reader's HTTP API (server.ts) asks of whatever reads the images: PaddleOCR's models
// in the program (read-text.ts), a stand-in in the tests that need a reader to fail.
import type { Reading } from "./read-text";

export type ImageReader = {
  /** Makes the reader ready (the models loaded); the API answers only once it has. */
  load(): Promise<unknown>;
  /** The reading of an image. Throws NotAnImageError when the bytes are no image; anything else thrown is the reader failing. */
  read(image: Uint8Array): Promise<Reading>;
};

/** The bytes are no image the reader can decode: the same bytes would fail the same way every time. */
export class NotAnImageError extends Error {
  constructor(options?: { cause?: unknown }) {
    super("The body is not an image this reader can open.", options);
    this.name = "NotAnImageError";
  }
}
