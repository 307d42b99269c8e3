// Uploaded photos, checked and cleaned at the byte level: what a file really is comes from its magic numbers,
// never from its name or declared type. What leaves here is rebuilt from an allowlist: the segments or chunks a
// viewer needs to show the picture, each checked to hold exactly what its format says and nothing more, and the
// orientation as a new EXIF block holding nothing else. Everything else is dropped, known or not (EXIF, XMP,
// IPTC, ICC profiles, comments, text, thumbnails, maker data, chunks no one has named yet). Nothing is decoded
// or re-encoded. Pure: it runs inside workerd.

export type ImageKind = "jpeg" | "png" | "webp";

export const IMAGE_CONTENT_TYPES: Record<ImageKind, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

export type CleanImage = {
  kind: ImageKind;
  bytes: Uint8Array;
  width: number;
  height: number;
  /** EXIF orientation 1-8 that was kept, 1 when none */
  orientation: number;
};

type Size = { width: number; height: number };

/** Past this, a photo of a letter is a broken header or a decompression bomb. */
const MAX_DIMENSION = 20_000;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The kind from the file's first bytes (magic numbers), or null. */
export function sniffImageKind(bytes: Uint8Array): ImageKind | null {
  // A JPEG's SOI is always followed by the FF of its next marker.
  if (hasBytes(bytes, 0, [0xff, 0xd8, 0xff])) return "jpeg";
  if (hasBytes(bytes, 0, PNG_SIGNATURE)) return "png";
  if (hasAscii(bytes, 0, "RIFF") && hasAscii(bytes, 8, "WEBP")) return "webp";
  return null;
}

/**
 * The same image with nothing but what shows it upright, or null when the bytes are not a whole,
 * well-formed JPEG, PNG or WebP (unknown kind, truncated, a segment or chunk whose length runs past
 * the end or past what it holds, no image data, no dimensions, a kind of image no browser shows).
 */
export function stripImageMetadata(bytes: Uint8Array): CleanImage | null {
  switch (sniffImageKind(bytes)) {
    case "jpeg":
      return stripJpeg(bytes);
    case "png":
      return stripPng(bytes);
    case "webp":
      return stripWebp(bytes);
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The orientation, the one piece of EXIF kept: a big-endian TIFF with one IFD of one entry, and nothing else.

const ORIENTATION_TAG = 0x0112;
const TIFF_SHORT = 3;

/** Orientation (1-8) from IFD0 of an Exif TIFF block, or null when absent or unreadable. */
function exifOrientation(tiff: Uint8Array): number | null {
  if (tiff.length < 8) return null;
  const order = ascii(tiff, 0, 2);
  if (order !== "II" && order !== "MM") return null;
  const littleEndian = order === "II";
  const data = viewOf(tiff);
  if (data.getUint16(2, littleEndian) !== 42) return null;
  const ifd = data.getUint32(4, littleEndian);
  if (ifd + 2 > tiff.length) return null;
  const entries = data.getUint16(ifd, littleEndian);
  for (let entry = ifd + 2; entry < ifd + 2 + entries * 12 && entry + 12 <= tiff.length; entry += 12) {
    if (data.getUint16(entry, littleEndian) !== ORIENTATION_TAG) continue;
    if (data.getUint16(entry + 2, littleEndian) !== TIFF_SHORT || data.getUint32(entry + 4, littleEndian) !== 1) return null;
    const value = data.getUint16(entry + 8, littleEndian);
    return value >= 1 && value <= 8 ? value : null;
  }
  return null;
}

/** The orientation worth keeping: one that turns the picture (2-8), or null. */
const turning = (orientation: number | null) => (orientation !== null && orientation !== 1 ? orientation : null);

function orientationTiff(orientation: number): Uint8Array {
  // prettier-ignore
  return Uint8Array.of(
    ...asciiBytes("MM"), 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, // byte order, 42, IFD0 right after this header
    0x00, 0x01, // one entry
    0x01, 0x12, 0x00, TIFF_SHORT, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00, // Orientation, SHORT, 1 value
    0x00, 0x00, 0x00, 0x00, // no next IFD
  );
}

// ---------------------------------------------------------------------------------------------------------------
// JPEG: SOI, marker segments (FF xx, 2-byte big-endian length that counts itself), SOS, entropy-coded data
// (progressive files repeat tables and scans), EOI. Kept: the frame, the tables, the scans with their data, and
// Adobe's colour transform (CMYK and YCCK files decode wrongly without it), rebuilt from that one byte. Dropped:
// every APPn (JFIF, whose densities and thumbnail no viewer needs to draw the picture; Exif, XMP, ICC, IPTC,
// C2PA, maker data), comments, JPGn and reserved markers, DNL, DHP and EXP, and whatever follows EOI.

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const DQT = 0xdb;
const DHT = 0xc4;
const DAC = 0xcc;
const DRI = 0xdd;
const APP1 = 0xe1;
const APP14 = 0xee;

/** Baseline, extended, progressive and lossless frames, Huffman or arithmetic coded. */
const FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc9, 0xca, 0xcb]);
/** Differential frames of a hierarchical JPEG, which no browser shows. */
const HIERARCHICAL_FRAME_MARKERS = new Set([0xc5, 0xc6, 0xc7, 0xcd, 0xce, 0xcf]);
/** Adobe's transforms: none (RGB or CMYK), YCbCr, YCCK. */
const ADOBE_TRANSFORMS = new Set([0, 1, 2]);

function stripJpeg(bytes: Uint8Array): CleanImage | null {
  const data = viewOf(bytes);
  const kept: Uint8Array[] = [];
  let orientation: number | null = null;
  let adobeTransform: number | null = null;
  let size: Size | null = null;
  let scanned = false;
  let pos = 2;
  for (;;) {
    if (bytes[pos] !== 0xff) return null;
    while (bytes[pos] === 0xff) pos++; // fill bytes
    const marker = bytes[pos++];
    if (marker === undefined || marker === 0x00 || marker === SOI) return null;
    if (marker === EOI) break;
    if (isStandaloneMarker(marker)) continue; // TEM, or a restart marker outside a scan: nothing to keep
    if (pos + 2 > bytes.length) return null;
    const end = pos + data.getUint16(pos);
    if (end < pos + 2 || end > bytes.length) return null;
    const payload = bytes.subarray(pos + 2, end);
    const segment = bytes.subarray(pos - 2, end); // pos - 2 is the FF right before the marker: fill bytes are dropped
    pos = end;

    if (FRAME_MARKERS.has(marker)) {
      if (size !== null) return null;
      size = frameSize(payload);
      if (size === null) return null;
      kept.push(segment);
    } else if (HIERARCHICAL_FRAME_MARKERS.has(marker)) {
      return null;
    } else if (marker === DQT || marker === DHT || marker === DAC || marker === DRI) {
      if (!holdsTablesExactly(marker, payload)) return null;
      kept.push(segment);
    } else if (marker === SOS) {
      if (size === null || !isScanHeader(payload)) return null;
      const scanEnd = entropyEnd(bytes, pos);
      if (scanEnd === null) return null;
      kept.push(segment, bytes.subarray(pos, scanEnd));
      pos = scanEnd;
      scanned = true;
    } else if (marker === APP1 && hasAscii(payload, 0, "Exif\0\0")) {
      orientation ??= exifOrientation(payload.subarray(6));
    } else if (marker === APP14 && payload.length >= 12 && hasAscii(payload, 0, "Adobe") && ADOBE_TRANSFORMS.has(payload[11]!)) {
      adobeTransform ??= payload[11]!;
    }
  }
  if (!scanned || !isSaneSize(size)) return null;

  const orientationKept = turning(orientation);
  const cleaned = joinBytes([
    Uint8Array.of(0xff, SOI),
    ...(orientationKept === null ? [] : [jpegSegment(APP1, [asciiBytes("Exif\0\0"), orientationTiff(orientationKept)])]),
    ...(adobeTransform === null ? [] : [adobeSegment(adobeTransform)]),
    ...kept,
    Uint8Array.of(0xff, EOI),
  ]);
  return { kind: "jpeg", bytes: cleaned, ...size, orientation: orientationKept ?? 1 };
}

/** RSTn and TEM: markers without a length or payload. */
function isStandaloneMarker(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
}

/** A frame header: precision, height, width, then three bytes for each of its 1 to 4 components. */
function frameSize(payload: Uint8Array): Size | null {
  const components = payload[5] ?? 0;
  if (components < 1 || components > 4 || payload.length !== 6 + 3 * components) return null;
  const data = viewOf(payload);
  return { height: data.getUint16(1), width: data.getUint16(3) };
}

/** A scan header: its 1 to 4 components, two bytes each, then the spectral selection and approximation. */
function isScanHeader(payload: Uint8Array): boolean {
  const components = payload[0] ?? 0;
  return components >= 1 && components <= 4 && payload.length === 4 + 2 * components;
}

/**
 * Whether the segment holds its tables and ends with them: quantization tables (64 values of 1 or 2 bytes),
 * Huffman tables (16 counts, then as many symbols), arithmetic conditioning (2 bytes each), a restart interval.
 */
function holdsTablesExactly(marker: number, payload: Uint8Array): boolean {
  if (marker === DRI) return payload.length === 2;
  if (marker === DAC) return payload.length > 0 && payload.length % 2 === 0;
  if (payload.length === 0) return false;
  let at = 0;
  while (at < payload.length) {
    const kind = payload[at]! >> 4;
    const slot = payload[at]! & 0x0f;
    if (kind > 1 || slot > 3) return false;
    if (marker === DQT) {
      at += 1 + 64 * (kind + 1);
    } else {
      if (at + 17 > payload.length) return false;
      let symbols = 0;
      for (let length = 1; length <= 16; length++) symbols += payload[at + length]!;
      if (symbols > 256) return false;
      at += 17 + symbols;
    }
  }
  return at === payload.length;
}

/**
 * Where the entropy-coded data starting at `from` ends: at the next marker. Inside the data an FF is always
 * followed by a stuffed 00 or is a restart marker, so any other FF starts the next segment (or EOI).
 */
function entropyEnd(bytes: Uint8Array, from: number): number | null {
  for (let at = bytes.indexOf(0xff, from); at !== -1; at = bytes.indexOf(0xff, at + 1)) {
    let next = at + 1;
    while (bytes[next] === 0xff) next++;
    const code = bytes[next];
    if (code === undefined) return null;
    if (code !== 0x00 && !(code >= 0xd0 && code <= 0xd7)) return at;
    at = next;
  }
  return null;
}

function jpegSegment(marker: number, parts: (Uint8Array | number[])[]): Uint8Array {
  const payload = joinBytes(parts.map((part) => Uint8Array.from(part)));
  return joinBytes([Uint8Array.of(0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff), payload]);
}

/** Adobe's APP14 with its transform and nothing else: version 100, no flags. */
function adobeSegment(transform: number): Uint8Array {
  return jpegSegment(APP14, [asciiBytes("Adobe"), [0x00, 0x64, 0x00, 0x00, 0x00, 0x00, transform]]);
}

// ---------------------------------------------------------------------------------------------------------------
// PNG: signature, then chunks (4-byte big-endian length, 4-byte type, data, CRC over type and data). Kept, byte
// for byte with their CRCs: the critical chunks and, before the image data, the fixed-size ones that say how to
// show it (transparency, gamma, chromaticities, sRGB). Dropped: every other ancillary chunk, known (text, eXIf,
// iCCP, time, C2PA, physical size, background, animation control: the first frame alone is shown) or not. A
// critical chunk this file does not know is refused, as a decoder would. The orientation becomes a new eXIf.

const PNG_BIT_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
const PALETTE = 3;
/** Chunks that say how to show the image, each with the one length it may have. */
const PNG_RENDERING_CHUNKS: Record<string, number> = { gAMA: 4, cHRM: 32, sRGB: 1 };

type PngHeader = Size & { colourType: number };

function stripPng(bytes: Uint8Array): CleanImage | null {
  const data = viewOf(bytes);
  let header: PngHeader | null = null;
  const kept: Uint8Array[] = [];
  let paletteEntries = 0;
  let hasImageData = false;
  let orientation: number | null = null;
  let pos = PNG_SIGNATURE.length;
  for (;;) {
    if (pos + 12 > bytes.length) return null;
    const length = data.getUint32(pos);
    const type = ascii(bytes, pos + 4, 4);
    const end = pos + 12 + length;
    if (length > 0x7fffffff || end > bytes.length || !/^[A-Za-z]{4}$/.test(type)) return null;
    const chunk = bytes.subarray(pos, end);
    const body = bytes.subarray(pos + 8, pos + 8 + length);
    pos = end;

    if (header === null) {
      if (type !== "IHDR") return null;
      header = pngHeader(body);
      if (header === null) return null;
      kept.push(chunk);
      continue;
    }
    if (type === "IEND") {
      if (length !== 0) return null;
      kept.push(chunk);
      break; // anything after it is not part of the image
    }
    if (type === "IDAT") {
      hasImageData = true;
      kept.push(chunk);
    } else if (type === "PLTE") {
      if (paletteEntries > 0 || hasImageData || length === 0 || length % 3 !== 0 || length > 256 * 3) return null;
      if (header.colourType !== PALETTE && header.colourType !== 2 && header.colourType !== 6) return null;
      paletteEntries = length / 3;
      kept.push(chunk);
    } else if (type === "tRNS") {
      if (!isTransparency(header.colourType, length, paletteEntries)) return null;
      if (!hasImageData) kept.push(chunk);
    } else if (Object.hasOwn(PNG_RENDERING_CHUNKS, type)) {
      if (length !== PNG_RENDERING_CHUNKS[type] || (type === "sRGB" && body[0]! > 3)) return null;
      if (!hasImageData && paletteEntries === 0) kept.push(chunk);
    } else if (type === "eXIf") {
      orientation ??= exifOrientation(body);
    } else if (isCritical(type)) {
      return null;
    }
  }
  if (!hasImageData || (header.colourType === PALETTE && paletteEntries === 0) || !isSaneSize(header)) return null;

  const orientationKept = turning(orientation);
  const exif = orientationKept === null ? [] : [pngChunk("eXIf", orientationTiff(orientationKept))];
  const cleaned = joinBytes([bytes.subarray(0, PNG_SIGNATURE.length), kept[0]!, ...exif, ...kept.slice(1)]);
  return { kind: "png", bytes: cleaned, width: header.width, height: header.height, orientation: orientationKept ?? 1 };
}

/** IHDR: width, height, a bit depth its colour type has, compression and filter 0, no or Adam7 interlacing. */
function pngHeader(body: Uint8Array): PngHeader | null {
  if (body.length !== 13) return null;
  const [bitDepth, colourType, compression, filter, interlace] = body.subarray(8);
  if (!PNG_BIT_DEPTHS[colourType!]?.includes(bitDepth!) || compression !== 0 || filter !== 0 || interlace! > 1) return null;
  const data = viewOf(body);
  return { width: data.getUint32(0), height: data.getUint32(4), colourType: colourType! };
}

/** tRNS: one grey or RGB sample (2 or 6 bytes), or an alpha per palette entry; images with alpha have none. */
function isTransparency(colourType: number, length: number, paletteEntries: number): boolean {
  if (colourType === 0) return length === 2;
  if (colourType === 2) return length === 6;
  if (colourType === PALETTE) return paletteEntries > 0 && length >= 1 && length <= paletteEntries;
  return false;
}

/** A chunk a decoder must understand to show the image: its type starts with a capital letter. */
const isCritical = (type: string) => type.charCodeAt(0) < 0x61;

function pngChunk(type: string, body: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(12 + body.length);
  const data = viewOf(chunk);
  data.setUint32(0, body.length);
  chunk.set(asciiBytes(type), 4);
  chunk.set(body, 8);
  data.setUint32(8 + body.length, crc32(chunk.subarray(4, 8 + body.length)));
  return chunk;
}

let crcTable: Uint32Array | null = null;

/** The CRC-32 of PNG chunks (ISO 3309, reflected, polynomial EDB88320). */
function crc32(bytes: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, byte) => {
    let value = byte;
    for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
    return value;
  });
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// ---------------------------------------------------------------------------------------------------------------
// WebP: "RIFF", little-endian size, "WEBP", then chunks (FourCC, little-endian size, data, pad byte if odd).
// A simple file is one VP8 or VP8L chunk, kept alone. An extended one keeps a rebuilt VP8X (canvas, alpha flag,
// EXIF flag), ALPH before a lossy image, the one image chunk, and the orientation as a new EXIF chunk. Dropped:
// ICCP, EXIF, XMP and any other chunk. Animations are refused: a photo of a letter is one picture.

const VP8X_ALPHA_FLAG = 0x10;
const VP8X_EXIF_FLAG = 0x08;
const VP8X_ANIMATION_FLAG = 0x02;

function stripWebp(bytes: Uint8Array): CleanImage | null {
  const data = viewOf(bytes);
  const riffEnd = 8 + data.getUint32(4, true);
  if (riffEnd > bytes.length) return null;
  let extended: { flags: number; canvas: Size } | null = null;
  let alpha: Uint8Array | null = null;
  let image: { chunk: Uint8Array; lossless: boolean; size: Size } | null = null;
  let orientation: number | null = null;
  let pos = 12;
  while (pos < riffEnd) {
    if (pos + 8 > riffEnd) return null;
    const fourcc = ascii(bytes, pos, 4);
    const length = data.getUint32(pos + 4, true);
    const payload = bytes.subarray(pos + 8, pos + 8 + length);
    const end = pos + 8 + length + (length % 2);
    if (end > riffEnd) return null;
    const chunk = bytes.subarray(pos, end);
    const first = pos === 12;
    pos = end;

    if (first) {
      if (fourcc === "VP8X") {
        extended = vp8xHeader(payload);
        if (extended === null || extended.flags & VP8X_ANIMATION_FLAG) return null;
        continue;
      }
      if (fourcc !== "VP8 " && fourcc !== "VP8L") return null;
    }
    if (fourcc === "VP8X" || fourcc === "ANIM" || fourcc === "ANMF") return null;
    if (image !== null && !extended) break; // a simple file is its image chunk: nothing after it belongs to it
    if (fourcc === "VP8 " || fourcc === "VP8L") {
      if (image !== null) return null;
      const lossless = fourcc === "VP8L";
      const size = lossless ? vp8lSize(payload) : vp8Size(payload);
      if (size === null) return null;
      image = { chunk, lossless, size };
    } else if (fourcc === "ALPH") {
      if (!extended || image !== null || alpha !== null || length === 0) return null;
      alpha = chunk;
    } else if (fourcc === "EXIF") {
      if (extended) orientation ??= exifOrientation(hasAscii(payload, 0, "Exif\0\0") ? payload.subarray(6) : payload);
    }
  }
  if (image === null) return null;
  if (extended && (extended.canvas.width !== image.size.width || extended.canvas.height !== image.size.height)) return null;
  if (!isSaneSize(image.size)) return null;

  const orientationKept = turning(orientation);
  const chunks = extended
    ? [
        vp8xChunk({
          canvas: extended.canvas,
          alpha: (extended.flags & VP8X_ALPHA_FLAG) !== 0 && (image.lossless || alpha !== null),
          exif: orientationKept !== null,
        }),
        ...(alpha && !image.lossless ? [alpha] : []),
        image.chunk,
        ...(orientationKept === null ? [] : [riffChunk("EXIF", orientationTiff(orientationKept))]),
      ]
    : [image.chunk];
  const body = joinBytes(chunks);
  const header = new Uint8Array(12);
  header.set(asciiBytes("RIFF"), 0);
  viewOf(header).setUint32(4, 4 + body.length, true);
  header.set(asciiBytes("WEBP"), 8);
  return { kind: "webp", bytes: joinBytes([header, body]), ...image.size, orientation: orientationKept ?? 1 };
}

/** VP8X: a byte of flags, three reserved bytes, then the canvas's width-1 and height-1 in 24 bits each. */
function vp8xHeader(payload: Uint8Array): { flags: number; canvas: Size } | null {
  if (payload.length !== 10) return null;
  return { flags: payload[0]!, canvas: { width: 1 + uint24le(payload, 4), height: 1 + uint24le(payload, 7) } };
}

function vp8xChunk({ canvas, alpha, exif }: { canvas: Size; alpha: boolean; exif: boolean }): Uint8Array {
  const payload = new Uint8Array(10);
  payload[0] = (alpha ? VP8X_ALPHA_FLAG : 0) | (exif ? VP8X_EXIF_FLAG : 0);
  payload.set(uint24leBytes(canvas.width - 1), 4);
  payload.set(uint24leBytes(canvas.height - 1), 7);
  return riffChunk("VP8X", payload);
}

function riffChunk(fourcc: string, payload: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(8 + payload.length + (payload.length % 2));
  chunk.set(asciiBytes(fourcc), 0);
  viewOf(chunk).setUint32(4, payload.length, true);
  chunk.set(payload, 8);
  return chunk;
}

/** From a lossy key frame's header: 3-byte frame tag, start code 9D 01 2A, then 14-bit width and height. */
function vp8Size(payload: Uint8Array): Size | null {
  if (payload.length < 10 || !hasBytes(payload, 3, [0x9d, 0x01, 0x2a])) return null;
  const data = viewOf(payload);
  return { width: data.getUint16(6, true) & 0x3fff, height: data.getUint16(8, true) & 0x3fff };
}

/** From a lossless header: signature 2F, then width-1 and height-1 in 14 bits each, then alpha and version bits. */
function vp8lSize(payload: Uint8Array): Size | null {
  if (payload.length < 5 || payload[0] !== 0x2f) return null;
  const bits = viewOf(payload).getUint32(1, true);
  if (bits >>> 29 !== 0) return null;
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

// ---------------------------------------------------------------------------------------------------------------

function isSaneSize(size: Size | null): size is Size {
  return size !== null && size.width >= 1 && size.height >= 1 && size.width <= MAX_DIMENSION && size.height <= MAX_DIMENSION;
}

/** The parts one after another, in a new array (the rules below take no helper from outside the domain). */
function joinBytes(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(parts.reduce((size, part) => size + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.byteLength;
  }
  return joined;
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function uint24le(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16);
}

function uint24leBytes(value: number): number[] {
  return [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff];
}

function hasBytes(bytes: Uint8Array, at: number, expected: readonly number[]): boolean {
  return at + expected.length <= bytes.length && expected.every((byte, index) => bytes[at + index] === byte);
}

function hasAscii(bytes: Uint8Array, at: number, text: string): boolean {
  return hasBytes(bytes, at, asciiBytes(text));
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function asciiBytes(text: string): number[] {
  return Array.from(text, (char) => char.charCodeAt(0));
}
