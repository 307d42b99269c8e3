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
import { putRightCityByZip, zipLineAgreement, zipTable, type ZipLookup } from "./city-by-zip";
import { NotAnImageError, type ImageReader } from "./reader";

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

/**
 * The photo's brightness stretched before it is read: its darkest 1% black, its lightest 1% white
 * (sharp's normalise, on luminance alone). A photo already spanning black to white is left
 * nearly as it is. Small type read again (readSmallTypeAgain) is cut from the photo as taken, not stretched:
 * stretching it as well gained no address on the study draws and cost senders.
 */
const CONTRAST_STRETCH = { lower: 1, upper: 99 };
/**
 * A photo whose darkest and lightest 1% are closer than this (of 255 levels) is a page with next to
 * no ink on it: stretching it would magnify the paper's grain and the JPEG's noise into specks
 * around the few small lines there are, and it is read as taken. The photos of the study draws
 * span 68 levels or more.
 */
const MIN_STRETCHED_RANGE = 40;

/** The grey levels (0 to 255) below which the darkest 1% of an image's pixels lie, and above which the lightest 1% lie. */
async function lightnessRange(pipeline: sharp.Sharp): Promise<{ darkest: number; lightest: number }> {
  const { data } = await pipeline.clone().greyscale().raw().toBuffer({ resolveWithObject: true });
  const counts = new Array<number>(256).fill(0);
  for (const level of data) counts[level] = (counts[level] ?? 0) + 1;
  const levelAt = (share: number) => {
    let seen = 0;
    for (let level = 0; level < 256; level += 1) {
      seen += counts[level] ?? 0;
      if (seen >= share * data.length) return level;
    }
    return 255;
  };
  return { darkest: levelAt(CONTRAST_STRETCH.lower / 100), lightest: levelAt(CONTRAST_STRETCH.upper / 100) };
}

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

/**
 * Each model runs on one thread. The container has half a vCPU (wrangler.toml, standard-1), where
 * a second thread cannot run beside the first, and ONNX Runtime's default pool (a thread per core
 * it sees, spinning while it waits for work) only takes CPU from it. Measured on 2 cores with
 * nothing else running, four images of test/data (two photos, two digest scans): 9.4 to 10.2 s of
 * CPU on one thread, 12.7 to 13.2 s on the default pool, for 9.0 to 9.8 s of wall time against 6.9
 * to 7.1 s.
 */
const ONE_THREAD: ModelCreateOptions = { onnxOptions: { intraOpNumThreads: 1, interOpNumThreads: 1 } };

/** Loads the models once per process (about a quarter of a second; 15 MB of weights). */
function loadTextModels(): Promise<Models> {
  models ??= (async () => {
    // The package exports only the whole pipeline, whose last step joins the pieces it reads into
    // rows by height alone (see joinRows): its two models are taken from the files that define them.
    const entry = createRequire(import.meta.url).resolve("@gutenye/ocr-common");
    const { Detection, Recognition } = (await import(pathToFileURL(join(dirname(entry), "models/index.js")).href)) as ModelClasses;
    const [detection, recognition] = await Promise.all([Detection.create(ONE_THREAD), Recognition.create(ONE_THREAD)]);
    return { detection, recognition };
  })();
  return models;
}

/** The photo upright (its EXIF orientation applied) at the size it was taken, as raw RGB pixels. */
type Upright = { pixels: Buffer; width: number; height: number };

async function uprightImage(image: Uint8Array): Promise<Upright> {
  const { data, info } = await sharp(image).rotate().flatten({ background: "#ffffff" }).raw().toBuffer({ resolveWithObject: true });
  return { pixels: data, width: info.width, height: info.height };
}

function sharpOf(upright: Upright) {
  return sharp(upright.pixels, { raw: { width: upright.width, height: upright.height, channels: 3 } });
}

/**
 * An image for detection, as a PNG. Detection works on sizes that are a multiple of 32 px and
 * letterboxes the image it is given to the next one (black bands on both sides, centred): the
 * bands' width before the image, subtracted from the boxes it finds, gives them in the image's pixels.
 */
async function forDetection(pipeline: sharp.Sharp): Promise<{ png: Buffer; width: number; height: number; offset: Point }> {
  const { data, info } = await pipeline.png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  const band = (size: number) => Math.floor((Math.max(32, Math.ceil(size / 32) * 32) - size) / 2);
  return { png: data, width: info.width, height: info.height, offset: [band(info.width), band(info.height)] };
}

/** Detects the pieces of text in an image and recognizes each, the pieces not read included (score 0). */
async function detectAndRecognize(
  { detection, recognition }: Models,
  { png, offset }: { png: Buffer; offset: Point },
): Promise<ReadLine[]> {
  // The library's type says a path; it hands the value to sharp, which takes the bytes as well.
  const found: LineImage[] = await detection.run(png as unknown as string);
  const pieces: ReadLine[] = [];
  // One piece at a time: the library's own run() joins what it reads into rows by height alone,
  // which puts a return address and a postage mark far to its right on one line.
  for (const lineImage of found) {
    const [line] = await recognition.run([lineImage]);
    // NFKC: the models write some punctuation in its full-width Chinese form ("Customer #：0047").
    const text = line?.text.normalize("NFKC").trim() ?? "";
    // The models also read Chinese; on U.S. mail a Chinese character is a misread barcode or picture.
    const score = line && text && !/\p{Script=Han}/u.test(text) ? line.mean : 0;
    pieces.push({ text, box: toPoints(lineImage.box).map(([x, y]) => [x - offset[0], y - offset[1]] as Point), score });
  }
  return pieces;
}

/** The program's reader (main.ts): these models, with the small type read again. */
export const modelReader: ImageReader = { load: loadTextModels, read: (image) => readText(image) };

/** Reads the text of an image (JPEG, PNG, WebP...). Throws NotAnImageError when the bytes do not decode as one. */
export async function readText(image: Uint8Array, options: { reread?: boolean } = {}): Promise<Reading> {
  const models = await loadTextModels();
  // Decoding is the one step that fails for the bytes themselves; a later failure is the reader's.
  const upright = await uprightImage(image).catch((error: unknown) => {
    throw new NotAnImageError({ cause: error });
  });
  const resized = sharpOf(upright).resize({ width: READ_LONG_SIDE, height: READ_LONG_SIDE, fit: "inside", withoutEnlargement: true });
  // Grey type on a photo taken in dim light is too faint for detection to find at all (a return
  // address in 12 px grey type, the body of a letter): the photo's contrast is stretched first.
  const { darkest, lightest } = await lightnessRange(resized);
  const prepared = await forDetection(lightest - darkest >= MIN_STRETCHED_RANGE ? resized.normalise(CONTRAST_STRETCH) : resized);
  const { width, height } = prepared;
  const zips = zipTable();
  let pieces = await detectAndRecognize(models, prepared);
  if (options.reread !== false) pieces = await readSmallTypeAgain(models, upright, upright.width / width, pieces, zips);
  const kept = pieces.filter((piece) => piece.score >= MIN_LINE_SCORE).map((piece) => ({ ...piece, text: fixCommonMisreads(piece.text) }));
  // A city or state misread beside its ZIP code is put right from the ZIP (city-by-zip.ts).
  const lines = joinRows(kept).map((line) => ({ ...line, text: putRightCityByZip(line.text, zips) }));
  return { lines, text: lines.map((line) => line.text).join("\n"), width, height };
}

/**
 * A line of this height or less (in pixels of the image as read) is small type: the return address
 * beside a logo, a fine-print mailing label. Such lines are read again from the photo as taken,
 * enlarged (readSmallTypeAgain).
 */
const SMALL_LINE_PX = 24;
/** The height small type is enlarged to before it is read again: detection and recognition read it well from here. */
const REREAD_LINE_PX = 40;
const MAX_ZOOM = 3;
/** At most this many pixels are read again per photo (about one more reading of the whole image as read). */
const REREAD_BUDGET_PX = 1_600_000;

/**
 * The second reading replaces the first only when its score is higher by this much: between two
 * readings the recognizer is about as sure of, the first (of the whole photo) is as good a guess.
 */
const REREAD_MARGIN = 0.02;
/**
 * A line the first reading is this sure of keeps it: the second reading, enlarged, slips as often
 * on punctuation and look-alike letters ("4410 W." read "4410w.", "T-Moblle"), and its score says
 * little about which of two confident readings is right.
 */
const SURE_SCORE = 0.9;

type Rect = { left: number; top: number; right: number; bottom: number };

/**
 * Reads again, from the photo at the size it was taken and enlarged, each region where detection
 * found small type: the small lines (and those the recognizer could not read) are grouped into
 * blocks, each block is cut out with a margin of a line or two (where a line detection missed may
 * lie), enlarged so that its lines are REREAD_LINE_PX high, and detected and recognized again. A
 * line read both times keeps its better-scoring reading; a line found only the second time is
 * added. The second reading's boxes are brought back to the pixels of the image as read.
 */
async function readSmallTypeAgain(
  models: Models,
  upright: Upright,
  scale: number,
  pieces: ReadLine[],
  zips: ZipLookup,
): Promise<ReadLine[]> {
  const small = pieces.filter((piece) => heightOf(piece) <= SMALL_LINE_PX && widthOf(piece) > heightOf(piece));
  if (small.length === 0) return pieces;
  // Blocks of small lines: each line's box grown by a line above and below and two characters
  // to each side; boxes that then touch are one block.
  let regions = small.map((piece) => {
    const rect = boundsOf(piece.box);
    const height = heightOf(piece);
    return { rect: grow(rect, 1.2 * height, 1.1 * height), heights: [height] };
  });
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < regions.length && !merged; i += 1)
      for (let j = i + 1; j < regions.length && !merged; j += 1)
        if (intersection(regions[i]!.rect, regions[j]!.rect) > 0) {
          const [a, b] = [regions[i]!, regions[j]!];
          regions = regions.filter((_, k) => k !== i && k !== j);
          regions.push({ rect: union(a.rect, b.rect), heights: [...a.heights, ...b.heights] });
          merged = true;
        }
  }
  let budget = REREAD_BUDGET_PX;
  const angle = slantOf(pieces);
  let result = pieces;
  // The smallest type first: it gains the most from being read again.
  for (const region of regions.sort((a, b) => median(a.heights)! - median(b.heights)!)) {
    const zoom = Math.min(MAX_ZOOM, Math.max(1, REREAD_LINE_PX / (median(region.heights)! * scale)));
    const crop = clampRect(scaleRect(region.rect, scale), upright.width, upright.height);
    const width = Math.round(crop.right - crop.left);
    const height = Math.round(crop.bottom - crop.top);
    if (width < 8 || height < 8 || width * height * zoom * zoom > budget) continue;
    budget -= width * height * zoom * zoom;
    const enlarged = await forDetection(
      sharpOf(upright)
        .extract({ left: Math.round(crop.left), top: Math.round(crop.top), width, height })
        .resize({ width: Math.round(width * zoom) }),
    );
    const edge = 3;
    const again = (await detectAndRecognize(models, enlarged))
      // A line cut by the crop's edge is only partly read: the first reading keeps it.
      .filter((piece) => {
        const bounds = boundsOf(piece.box);
        return (
          (bounds.left > edge || crop.left === 0) &&
          (bounds.top > edge || crop.top === 0) &&
          (bounds.right < width * zoom - edge || crop.right === upright.width) &&
          (bounds.bottom < height * zoom - edge || crop.bottom === upright.height)
        );
      })
      .map((piece) => ({
        ...piece,
        box: piece.box.map(([x, y]) => [Math.round((crop.left + x / zoom) / scale), Math.round((crop.top + y / zoom) / scale)] as Point),
      }));
    result = keepBetterReadings(result, again, angle, zips);
  }
  return result;
}

/**
 * The first reading's pieces and the second's, each line read once: pieces of the two readings
 * that cover the same text form a group. Where the line ends in a ZIP code and one reading's city
 * agrees with the ZIP's better, the group keeps that reading; otherwise it keeps the reading with
 * the better score (the mean of its pieces' scores, weighted by their length), as long as that
 * reading covers as much of the line. A piece read only once is kept.
 */
export function keepBetterReadings(pieces: ReadLine[], second: ReadLine[], angle: number, zips: ZipLookup): ReadLine[] {
  // A piece the first reading could not read has no text to lose: the second reading's pieces over it are kept.
  const first = pieces.filter((piece) => piece.score >= MIN_LINE_SCORE);
  const turned = (piece: ReadLine) => boundsOf(turn(piece.box, -angle));
  const all = [
    ...first.map((piece) => ({ piece, from: 0, rect: turned(piece) })),
    ...second.map((piece) => ({ piece, from: 1, rect: turned(piece) })),
  ];
  const group = all.map((_, i) => i);
  const root = (i: number): number => (group[i] === i ? i : (group[i] = root(group[i]!)));
  for (let i = 0; i < first.length; i += 1)
    for (let j = first.length; j < all.length; j += 1) {
      const [a, b] = [all[i]!.rect, all[j]!.rect];
      const smaller = Math.min(area(a), area(b));
      if (smaller > 0 && intersection(a, b) > 0.4 * smaller) group[root(i)] = root(j);
    }
  const groups = new Map<number, typeof all>();
  all.forEach((item, i) => groups.set(root(i), [...(groups.get(root(i)) ?? []), item]));
  const kept: ReadLine[] = [];
  for (const items of groups.values()) {
    const olds = items.filter((item) => item.from === 0);
    const news = items.filter((item) => item.from === 1);
    if (olds.length === 0 || news.length === 0) {
      kept.push(...items.map((item) => item.piece));
      continue;
    }
    const byZip = zipAgreementPrefers(textOf(olds), textOf(news), zips);
    const first = weightedScore(olds);
    const second = weightedScore(news);
    const better =
      byZip ??
      // A doubtful line read with more confidence, and as much of it...
      ((first < SURE_SCORE && second > first + REREAD_MARGIN && coverage(news) >= 0.9 * coverage(olds)) ||
        // ...or clearly more of the line read, confidently (the first reading lost a word at its end).
        (second >= SURE_SCORE && coverage(news) >= 1.25 * coverage(olds)));
    kept.push(...(better ? news : olds).map((item) => item.piece));
  }
  return kept;
}

/**
 * Whether the second reading of a line ending in a ZIP code is the one whose city agrees better with
 * the ZIP's (true), the first (false), or neither (null). Between two confident readings the
 * recognizer's score says little, and a city misread beyond what its ZIP can put right ("Charoe"
 * for "Charlotte") loses the return address.
 */
function zipAgreementPrefers(first: string, second: string, zips: ZipLookup): boolean | null {
  const [a, b] = [zipLineAgreement(first, zips), zipLineAgreement(second, zips)];
  return a !== null && b !== null && a !== b ? b > a : null;
}

/** A group's pieces read left to right, as one line. */
function textOf(items: { piece: ReadLine; rect: Rect }[]) {
  return [...items]
    .sort((a, b) => a.rect.left - b.rect.left)
    .map(({ piece }) => piece.text)
    .join(" ");
}

function weightedScore(items: { piece: ReadLine }[]) {
  const length = items.reduce((sum, { piece }) => sum + Math.max(1, piece.text.length), 0);
  return items.reduce((sum, { piece }) => sum + piece.score * Math.max(1, piece.text.length), 0) / length;
}

/** How much of a line's length the pieces cover, along the line. */
function coverage(items: { rect: Rect }[]) {
  return items.reduce((sum, { rect }) => sum + rect.right - rect.left, 0);
}

function slantOf(pieces: ReadLine[]) {
  return median(pieces.filter((piece) => piece.score > 0 && widthOf(piece) > 2 * heightOf(piece)).map(baselineAngle)) ?? 0;
}

function turn(box: Point[], angle: number): Point[] {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return box.map(([x, y]) => [x * cos - y * sin, x * sin + y * cos] as Point);
}

function boundsOf(box: Point[]): Rect {
  const xs = box.map(([x]) => x);
  const ys = box.map(([, y]) => y);
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}

function grow(rect: Rect, dy: number, dx: number): Rect {
  return { left: rect.left - dx, top: rect.top - dy, right: rect.right + dx, bottom: rect.bottom + dy };
}

function union(a: Rect, b: Rect): Rect {
  return {
    left: Math.min(a.left, b.left),
    top: Math.min(a.top, b.top),
    right: Math.max(a.right, b.right),
    bottom: Math.max(a.bottom, b.bottom),
  };
}

function intersection(a: Rect, b: Rect) {
  return (
    Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top))
  );
}

function area(rect: Rect) {
  return (rect.right - rect.left) * (rect.bottom - rect.top);
}

function scaleRect(rect: Rect, by: number): Rect {
  return { left: rect.left * by, top: rect.top * by, right: rect.right * by, bottom: rect.bottom * by };
}

function clampRect(rect: Rect, width: number, height: number): Rect {
  const left = Math.max(0, Math.floor(rect.left));
  const top = Math.max(0, Math.floor(rect.top));
  return { left, top, right: Math.min(width, Math.ceil(rect.right)), bottom: Math.min(height, Math.ceil(rect.bottom)) };
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
