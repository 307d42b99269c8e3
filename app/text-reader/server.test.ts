// The text reader's program, as the Worker calls it: POST /read with a photo's bytes.
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photoFixturePath, PHOTO_FIXTURES } from "../../test/support/photo-fixtures";
import { modelReader } from "./read-text";
import { NotAnImageError } from "./reader";
import { MAX_IMAGE_BYTES, startTextReader, type TextReaderServer } from "./server";

type Answer = { text: string; lines: { text: string; box: [number, number][]; score: number }[]; width: number; height: number };

let reader: TextReaderServer;
// Loading the models takes a second or two on a busy machine: once for the file.
beforeAll(async () => {
  reader = await startTextReader({ port: 0, reader: modelReader });
}, 60_000);
afterAll(() => reader.close());

const catalogPhoto = readFileSync(photoFixturePath(PHOTO_FIXTURES.catalog));
/** The model often leaves out a space between words; the tests compare lines without them. */
const compact = (text: string) => text.replace(/\s+/g, "");

async function read(body: Uint8Array<ArrayBuffer>, contentType = "image/jpeg", at = reader.url) {
  const response = await fetch(`${at}/read`, { method: "POST", headers: { "Content-Type": contentType }, body });
  return { status: response.status, answer: (await response.json()) as Answer & { error?: string } };
}

describe("the text reader", () => {
  it("answers its health check once the models are loaded", async () => {
    const response = await fetch(`${reader.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("reads the customer number and the return address off a catalog's label, line by line", { timeout: 30_000 }, async () => {
    const { status, answer } = await read(new Uint8Array(catalogPhoto));
    expect(status).toBe(200);
    const lines = answer.lines.map((line) => compact(line.text));
    expect(lines).toContain(`Customer#:${PHOTO_FIXTURES.catalog.customerNumber}`);
    // The return address is read as its own block, its lines in order, apart from the postage mark beside it.
    const box = lines.indexOf("P.O.Box11539");
    expect(box).toBeGreaterThan(0);
    expect(lines[box - 1]).toBe("L.L.Bean");
    expect(lines[box + 1]).toBe("DesMoines,IA50306");
    expect(answer.text.split("\n")).toEqual(answer.lines.map((line) => line.text));
    for (const line of answer.lines) {
      expect(line.box).toHaveLength(4);
      expect(line.score).toBeGreaterThan(0.5);
    }
  });

  it("reads a large phone photo as well as a small one, after bringing it down to size", { timeout: 30_000 }, async () => {
    const large = await sharp(catalogPhoto)
      .resize({ height: 2250 })
      .extend({ left: 600, right: 600, background: "#777777" })
      .jpeg({ quality: 85 })
      .toBuffer();
    expect((await sharp(large).metadata()).width).toBe(3000);
    const { status, answer } = await read(new Uint8Array(large));
    expect(status).toBe(200);
    expect(Math.max(answer.width, answer.height)).toBeLessThanOrEqual(1280);
    expect(compact(answer.text)).toContain(`Customer#:${PHOTO_FIXTURES.catalog.customerNumber}`);
  });

  it("turns a photo upright by its orientation tag before reading it", { timeout: 30_000 }, async () => {
    // Stored on its side, with the tag that tells a viewer to turn it back (EXIF orientation 6).
    const sideways = await sharp(catalogPhoto).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const { answer } = await read(new Uint8Array(sideways));
    expect(answer.lines.map((line) => compact(line.text))).toContain(`Customer#:${PHOTO_FIXTURES.catalog.customerNumber}`);
  });

  it("refuses what is not an image, an empty body and a body over the limit, and reads only on POST /read", async () => {
    const notAnImage = await read(new TextEncoder().encode("not an image at all"));
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.answer.error).toBe("The body is not an image this reader can open.");
    expect((await read(new Uint8Array())).status).toBe(400);
    expect((await read(new Uint8Array(MAX_IMAGE_BYTES + 1))).status).toBe(413);
    expect((await fetch(`${reader.url}/read`)).status).toBe(405);
    expect((await fetch(`${reader.url}/elsewhere`, { method: "POST" })).status).toBe(404);
  });

  it("answers 500, not 400, when reading fails on an image, so that the Worker tries it again", async () => {
    // The program's own reader, but its recognition stops half way, as a model that crashed would.
    let calls = 0;
    const crashing = await startTextReader({
      port: 0,
      reader: {
        load: modelReader.load,
        read: async (image) => {
          calls += 1;
          await modelReader.load();
          if (calls === 1) throw new Error("ONNX Runtime: the recognition session stopped");
          return modelReader.read(image);
        },
      },
    });
    try {
      const failed = await read(new Uint8Array(catalogPhoto), "image/jpeg", crashing.url);
      expect(failed.status).toBe(500);
      expect(failed.answer.error).toBe("The image could not be read: the reader failed. Try again.");
      // The same image, sent again, is read: the failure was the reader's, not the image's.
      const again = await read(new Uint8Array(catalogPhoto), "image/jpeg", crashing.url);
      expect(again.status).toBe(200);
      expect(again.answer.lines.map((line) => compact(line.text))).toContain(`Customer#:${PHOTO_FIXTURES.catalog.customerNumber}`);
    } finally {
      await crashing.close();
    }
  }, 30_000);

  it("answers 400 only for bytes that decode as no image, whatever reader is behind it", async () => {
    const refusing = await startTextReader({
      port: 0,
      reader: { load: async () => {}, read: async () => Promise.reject(new NotAnImageError()) },
    });
    try {
      const refused = await read(new Uint8Array(catalogPhoto), "image/jpeg", refusing.url);
      expect(refused.status).toBe(400);
      expect(refused.answer.error).toBe("The body is not an image this reader can open.");
    } finally {
      await refusing.close();
    }
  });
});
