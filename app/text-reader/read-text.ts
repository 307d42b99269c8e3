// Reads the printed text of a photo with PaddleOCR's PP-OCRv4 models (text detection, then
// recognition of each line found) run by ONNX Runtime, through @gutenye/ocr-node. A Node program
// of its own (decision 0057), never part of the Worker.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
// Registers the Node backend (ONNX Runtime, sharp, the bundled models) that the models below use.
import "@gutenye/ocr-node";
import type { Line, LineImage, ModelCreateOptions } from "@gutenye/ocr-node";
import sharp from "sharp";
import { putRightCityByZip, zipTable } from "./city-by-zip";

/** A corner of a box, in pixels of the image as it was read (upright, downsized). */
type Point = [x: number, y: number];

type ReadLine = {
  text: string;
  /** The line's corners clockwise from the top left, in pixels of the image as read. */
  box: Point[];
  /** The recognizer's mean confidence over the line's characters, 0 to 1. */
  score: number;
};

export type Reading = {
  lines: ReadLine[];
  /** The lines top to bottom, one per row of the piece. */
  text: string;
  /** The size of the image as read, after turning it upright and downsizing it. */
  width: number;
  height: number;
};

/**
 * The long side an image is brought down to before detection. Detection runs on every pixel it is
 * given, so a 3000×2250 phone photo takes seconds longer than this and reads no better: the type
 * on a mailing label is still 20 px high here.
 */
const READ_LONG_SIDE = 1280;

/** A line whose characters the recognizer is less sure of than this is noise (a barcode, a logo). */
const MIN_LINE_SCORE = 0.5;

type Models = {
  detection: { run(image: string): Promise<LineImage[]> };
  recognition: { run(lineImages: LineImage[]): Promise<Line[]> };
};
type ModelClasses = {
  Detection: { create(options: ModelCreateOptions): Promise<Models["detection"]> };
  Recognition: { create(options: ModelCreateOptions): Promise<Models["recognition"]> };
};

let models: Promise<Models> | null = null;

/** Loads the models once per process (about a quarter of a second; 15 MB of weights). */
export function loadTextModels(): Promise<Models> {
  models ??= (async () => {
    // The package exports only the whole pipeline, whose last step joins the pieces it reads into
    // rows by height alone (see joinRows): its two models are taken from the files that define them.
    const entry = createRequire(import.meta.url).resolve("@gutenye/ocr-common");
    const { Detection, Recognition } = (await import(pathToFileURL(join(dirname(entry), "models/index.js")).href)) as ModelClasses;
    const [detection, recognition] = await Promise.all([Detection.create({}), Recognition.create({})]);
    return { detection, recognition };
  })();
  return models;
}

/** The image upright (its EXIF orientation applied) and no larger than READ_LONG_SIDE, as a PNG. */
async function prepareImage(image: Uint8Array): Promise<{ png: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(image)
    .rotate()
    .resize({ width: READ_LONG_SIDE, height: READ_LONG_SIDE, fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .png({ compressionLevel: 1 })
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/** Reads the text of an image (JPEG, PNG, WebP...). Throws when the bytes are not an image. */
export async function readText(image: Uint8Array): Promise<Reading> {
  const { detection, recognition } = await loadTextModels();
  const { png, width, height } = await prepareImage(image);
  // The library's type says a path; it hands the value to sharp, which takes the bytes as well.
  const found: LineImage[] = await detection.run(png as unknown as string);
  const pieces: ReadLine[] = [];
  // One piece at a time: the library's own run() joins what it reads into rows by height alone,
  // which puts a return address and a postage mark far to its right on one line.
  for (const lineImage of found) {
    const [line] = await recognition.run([lineImage]);
    // The models also read Chinese; on U.S. mail a Chinese character is a misread barcode or picture.
    if (!line || !line.text.trim() || line.mean < MIN_LINE_SCORE || /\p{Script=Han}/u.test(line.text)) continue;
    // NFKC: the models write some punctuation in its full-width Chinese form ("Customer #：0047").
    pieces.push({ text: fixCommonMisreads(line.text.normalize("NFKC").trim()), box: toPoints(lineImage.box), score: line.mean });
  }
  // A city or state misread beside its ZIP code is put right from the ZIP (city-by-zip.ts).
  const zips = zipTable();
  const lines = joinRows(pieces).map((line) => ({ ...line, text: putRightCityByZip(line.text, zips) }));
  return { lines, text: lines.map((line) => line.text).join("\n"), width, height };
}

/**
 * Misreads the recognizer makes again and again, put right where nothing else can be meant: the
 * "o" of "P.O. Box" and of "Cust No" read as a zero, and the comma between a city and its state
 * read as a period ("Corte Madera.CA 94925"); and the spaces an address line needs after "Box"
 * and before a ZIP code. Numbers and codes themselves are left as read.
 */
function fixCommonMisreads(text: string) {
  return (
    text
      .replace(/\b(cust|acct|account|customer|member|donor)(\.?\s?)N0\b/gi, "$1$2NO")
      .replace(/\b(P\.?\s?O\.?\s?)B[0oO]([xX])\s?(?=\d)/g, (_, po: string, x: string) => `${po}B${x === "X" ? "OX" : "ox"} `)
      .replace(/([a-z])\.(\s?[A-Z]{2}\s?\d{5}(?:-\d{4})?)\b/g, "$1,$2")
      // The space the recognizer leaves out between a state and its ZIP code, after the city's comma.
      .replace(/,(\s?)([A-Z]{2})(\d{5}(?:-\d{4})?)\b/g, ",$1$2 $3")
  );
}

function toPoints(box: number[][]): Point[] {
  return box.map(([x = 0, y = 0]) => [Math.round(x), Math.round(y)] as Point);
}

/**
 * The pieces in reading order: pieces side by side on one row become one line, pieces far apart on
 * a row (a return address and the postage mark beside it) stay apart, and lines stacked one under
 * the other with their left edges close (a return address, a mailing label) are kept together as
 * a block, blocks from the top down. A photo taken at a slant is read along its slant: every box is
 * turned by the median angle of the pieces' baselines first.
 */
function joinRows(pieces: ReadLine[]): ReadLine[] {
  if (pieces.length === 0) return [];
  const angle = median(pieces.filter((piece) => widthOf(piece) > 2 * heightOf(piece)).map(baselineAngle)) ?? 0;
  const cos = Math.cos(-angle);
  const sin = Math.sin(-angle);
  const placed: Placed[] = pieces.map((piece) => {
    const points = piece.box.map(([x, y]) => [x * cos - y * sin, x * sin + y * cos] as const);
    const xs = points.map(([x]) => x);
    const ys = points.map(([, y]) => y);
    return { line: piece, left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
  });
  placed.sort((a, b) => a.top + a.bottom - (b.top + b.bottom));

  const rows: Placed[][] = [];
  for (const item of placed) {
    const row = rows.find((candidate) => {
      const last = candidate.at(-1)!;
      const height = Math.max(item.bottom - item.top, last.bottom - last.top);
      const sameRow = Math.abs(middle(last) - middle(item)) < Math.min(item.bottom - item.top, last.bottom - last.top) / 2;
      return sameRow && candidate.some((other) => gapBetween(other, item) < 1.2 * height);
    });
    if (row) row.push(item);
    else rows.push([item]);
  }
  const lines = rows.map((row) => joinRow(row.sort((a, b) => a.left - b.left)));

  const blocks: Placed[][] = [];
  for (const line of lines.sort((a, b) => a.top - b.top)) {
    const height = line.bottom - line.top;
    const block = blocks.find((candidate) => {
      const last = candidate.at(-1)!;
      const lineHeight = Math.max(height, last.bottom - last.top);
      const aligned = Math.abs(line.left - last.left) < 2 * lineHeight || centeredUnder(line, last);
      return line.top - last.bottom < 0.8 * lineHeight && line.top > middle(last) && aligned;
    });
    if (block) block.push(line);
    else blocks.push([line]);
  }
  return blocks.sort((a, b) => a[0]!.top - b[0]!.top || a[0]!.left - b[0]!.left).flatMap((block) => block.map((item) => item.line));
}

type Placed = { line: ReadLine; left: number; right: number; top: number; bottom: number };

function joinRow(row: Placed[]): Placed {
  const first = row[0]!;
  const last = row.at(-1)!;
  return {
    line: {
      text: row.map((item) => item.line.text).join(" "),
      box: [first.line.box[0]!, last.line.box[1]!, last.line.box[2]!, first.line.box[3]!],
      score: row.reduce((sum, item) => sum + item.line.score, 0) / row.length,
    },
    left: first.left,
    right: last.right,
    top: Math.min(...row.map((item) => item.top)),
    bottom: Math.max(...row.map((item) => item.bottom)),
  };
}

/** Lines centered one above the other (a postage mark): the narrower lies within the wider. */
function centeredUnder(a: { left: number; right: number }, b: { left: number; right: number }) {
  const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  return overlap > 0.8 * Math.min(a.right - a.left, b.right - b.left);
}

function middle(item: { top: number; bottom: number }) {
  return (item.top + item.bottom) / 2;
}

function gapBetween(a: { left: number; right: number }, b: { left: number; right: number }) {
  return Math.max(0, Math.max(a.left, b.left) - Math.min(a.right, b.right));
}

function widthOf(piece: ReadLine) {
  const [topLeft, topRight] = piece.box;
  return topLeft && topRight ? Math.hypot(topRight[0] - topLeft[0], topRight[1] - topLeft[1]) : 0;
}

function heightOf(piece: ReadLine) {
  const [topLeft, , , bottomLeft] = piece.box;
  return topLeft && bottomLeft ? Math.hypot(bottomLeft[0] - topLeft[0], bottomLeft[1] - topLeft[1]) : 0;
}

function baselineAngle(piece: ReadLine) {
  const [topLeft, topRight] = piece.box;
  return topLeft && topRight ? Math.atan2(topRight[1] - topLeft[1], topRight[0] - topLeft[0]) : 0;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
