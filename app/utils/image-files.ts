// Uploaded photos, checked and cleaned at the byte level: what a file really is comes from its magic numbers,
// never from its name or declared type, and what leaves here no longer says where or with what it was taken
// (EXIF, XMP, IPTC, comments, text chunks). Nothing is decoded or re-encoded. Pure: it runs inside workerd.
import { joinBytes } from "~/utils/bytes";

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
  /** EXIF orientation 1-8 that was kept (JPEG only), 1 when none */
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
 * The same image without its metadata, or null when the bytes are not a whole, well-formed
 * JPEG, PNG or WebP (unknown kind, truncated, a segment/chunk length running past the end, no
 * image data, no dimensions).
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
// JPEG: SOI, marker segments (FF xx, 2-byte big-endian length that counts itself), SOS, entropy-coded data
// (progressive files repeat tables and scans), EOI.

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const APP15 = 0xef;
const COM = 0xfe;

function stripJpeg(bytes: Uint8Array): CleanImage | null {
  const data = viewOf(bytes);
  const kept: Uint8Array[] = [];
  let orientationAt = 0; // where a rebuilt orientation APP1 goes in `kept`: after SOI, or after a leading APP0
  let orientation: number | null = null;
  let size: Size | null = null;
  let scanned = false;
  let pos = 2;
  for (;;) {
    if (bytes[pos] !== 0xff) return null;
    while (bytes[pos] === 0xff) pos++; // fill bytes
    const marker = bytes[pos++];
    if (marker === undefined || marker === 0x00 || marker === SOI) return null;
    if (marker === EOI) break;
    if (isStandaloneMarker(marker)) {
      kept.push(Uint8Array.of(0xff, marker));
      continue;
    }
    if (pos + 2 > bytes.length) return null;
    const end = pos + data.getUint16(pos);
    if (end < pos + 2 || end > bytes.length) return null;
    const payload = bytes.subarray(pos + 2, end);

    if (marker === APP1 && hasAscii(payload, 0, "Exif\0\0")) orientation ??= exifOrientation(payload.subarray(6));
    if (isFrameMarker(marker)) {
      if (payload.length < 6) return null;
      size ??= { height: data.getUint16(pos + 3), width: data.getUint16(pos + 5) };
    }
    if (marker === APP0 && kept.length === 0 && hasAscii(payload, 0, "JFIF\0")) {
      kept.push(jfifWithoutThumbnail(bytes.subarray(pos - 2, end)));
      orientationAt = 1;
    } else if (keepsJpegSegment(marker, payload)) {
      kept.push(bytes.subarray(pos - 2, end)); // pos - 2 is the FF right before the marker: fill bytes are dropped
    }
    pos = end;

    if (marker === SOS) {
      if (size === null) return null;
      const scanEnd = entropyEnd(bytes, pos);
      if (scanEnd === null) return null;
      kept.push(bytes.subarray(pos, scanEnd));
      pos = scanEnd;
      scanned = true;
    }
  }
  // Whatever follows EOI (a motion photo's video, an HDR gain map with its own metadata) is not this image.
  if (!scanned || !isSaneSize(size)) return null;

  const orientationKept = orientation !== null && orientation !== 1 ? orientation : null;
  const head = orientationKept === null ? [] : [orientationApp1(orientationKept)];
  const cleaned = joinBytes([
    Uint8Array.of(0xff, SOI),
    ...kept.slice(0, orientationAt),
    ...head,
    ...kept.slice(orientationAt),
    Uint8Array.of(0xff, EOI),
  ]);
  return { kind: "jpeg", bytes: cleaned, ...size, orientation: orientationKept ?? 1 };
}

/** RSTn and TEM: markers without a length or payload. */
function isStandaloneMarker(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
}

/** SOF0-SOF15, less DHT (C4), JPG (C8) and DAC (CC), which share the range. */
function isFrameMarker(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function keepsJpegSegment(marker: number, payload: Uint8Array): boolean {
  if (marker === COM) return false;
  if (marker < APP0 || marker > APP15) return true; // tables, frames, scans, restart interval...
  // Adobe's APP14 says how to convert the colours (CMYK/YCCK): without it the image decodes wrongly.
  if (marker === APP14) return true;
  // An ICC profile is colour, not provenance; other APP2s (MPF, FlashPix) hold extra images with their own Exif.
  if (marker === APP2) return hasAscii(payload, 0, "ICC_PROFILE\0");
  // Everything else: Exif and XMP (APP1), IPTC (APP13), C2PA (APP11), maker data, JFIF extensions (APP0 JFXX).
  return false;
}

/** The JFIF APP0 without its optional thumbnail, which may show the picture as it was before an edit. */
function jfifWithoutThumbnail(segment: Uint8Array): Uint8Array {
  const headerLength = 18; // FF E0, length, "JFIF\0", version, units, densities, thumbnail width and height
  if (segment.length <= headerLength) return segment;
  const trimmed = segment.slice(0, headerLength);
  trimmed[2] = 0;
  trimmed[3] = headerLength - 2;
  trimmed[16] = 0;
  trimmed[17] = 0;
  return trimmed;
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

/** An APP1 "Exif" holding nothing but the orientation: a big-endian TIFF with one IFD of one entry. */
function orientationApp1(orientation: number): Uint8Array {
  // prettier-ignore
  return Uint8Array.of(
    0xff, APP1, 0x00, 0x22,
    ...asciiBytes("Exif\0\0"),
    ...asciiBytes("MM"), 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, // byte order, 42, IFD0 right after this header
    0x00, 0x01, // one entry
    0x01, 0x12, 0x00, TIFF_SHORT, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00, // Orientation, SHORT, 1 value
    0x00, 0x00, 0x00, 0x00, // no next IFD
  );
}

// ---------------------------------------------------------------------------------------------------------------
// PNG: signature, then chunks (4-byte big-endian length, 4-byte type, data, CRC over type and data).

// caBX holds a C2PA manifest: provenance, like the Exif that the others carry.
const PNG_METADATA_CHUNKS = new Set(["eXIf", "tEXt", "zTXt", "iTXt", "tIME", "caBX"]);

function stripPng(bytes: Uint8Array): CleanImage | null {
  const data = viewOf(bytes);
  const kept: Uint8Array[] = [bytes.subarray(0, PNG_SIGNATURE.length)];
  let size: Size | null = null;
  let hasImageData = false;
  let pos = PNG_SIGNATURE.length;
  for (;;) {
    if (pos + 12 > bytes.length) return null;
    const length = data.getUint32(pos);
    const type = ascii(bytes, pos + 4, 4);
    const end = pos + 12 + length;
    if (length > 0x7fffffff || end > bytes.length || !/^[A-Za-z]{4}$/.test(type)) return null;
    if (size === null) {
      if (type !== "IHDR" || length !== 13) return null;
      size = { width: data.getUint32(pos + 8), height: data.getUint32(pos + 12) };
    } else if (type === "IHDR") {
      return null;
    }
    if (type === "IDAT") hasImageData = true;
    if (!PNG_METADATA_CHUNKS.has(type)) kept.push(bytes.subarray(pos, end));
    pos = end;
    if (type === "IEND") break; // anything after it is not part of the image
  }
  if (!hasImageData || !isSaneSize(size)) return null;
  return { kind: "png", bytes: joinBytes(kept), ...size, orientation: 1 };
}

// ---------------------------------------------------------------------------------------------------------------
// WebP: "RIFF", little-endian size, "WEBP", then chunks (FourCC, little-endian size, data, pad byte if odd).

const WEBP_METADATA_CHUNKS = new Set(["EXIF", "XMP ", "C2PA"]);
const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;

function stripWebp(bytes: Uint8Array): CleanImage | null {
  const data = viewOf(bytes);
  const riffEnd = 8 + data.getUint32(4, true);
  if (riffEnd > bytes.length) return null;
  const kept: Uint8Array[] = [];
  let canvas: Size | null = null;
  let frame: Size | null = null;
  let hasImage = false;
  let pos = 12;
  while (pos < riffEnd) {
    if (pos + 8 > riffEnd) return null;
    const fourcc = ascii(bytes, pos, 4);
    const length = data.getUint32(pos + 4, true);
    const payload = bytes.subarray(pos + 8, pos + 8 + length);
    const end = pos + 8 + length + (length % 2);
    if (end > riffEnd) return null;
    // The first chunk says which WebP this is: simple (VP8, VP8L) or extended (VP8X, and only there).
    if (pos === 12 ? !["VP8 ", "VP8L", "VP8X"].includes(fourcc) : fourcc === "VP8X") return null;

    if (fourcc === "VP8X") {
      canvas = vp8xCanvas(payload);
      if (canvas === null) return null;
      kept.push(withoutMetadataFlags(bytes.subarray(pos, end)));
    } else {
      if (fourcc === "VP8 " || fourcc === "VP8L") {
        const size = fourcc === "VP8 " ? vp8Size(payload) : vp8lSize(payload);
        if (size === null) return null;
        frame ??= size;
      }
      if (fourcc === "VP8 " || fourcc === "VP8L" || fourcc === "ANMF") hasImage = true;
      if (!WEBP_METADATA_CHUNKS.has(fourcc)) kept.push(bytes.subarray(pos, end));
    }
    pos = end;
  }
  const size = canvas ?? frame;
  if (!hasImage || !isSaneSize(size)) return null;

  const chunks = joinBytes(kept);
  const header = new Uint8Array(12);
  header.set(asciiBytes("RIFF"), 0);
  viewOf(header).setUint32(4, 4 + chunks.length, true);
  header.set(asciiBytes("WEBP"), 8);
  return { kind: "webp", bytes: joinBytes([header, chunks]), ...size, orientation: 1 };
}

/** The VP8X chunk (header included), copied, no longer announcing the EXIF and XMP chunks it lost. */
function withoutMetadataFlags(chunk: Uint8Array): Uint8Array {
  const copy = chunk.slice();
  copy[8] = (copy[8] ?? 0) & ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG);
  return copy;
}

function vp8xCanvas(payload: Uint8Array): Size | null {
  if (payload.length < 10) return null;
  return { width: 1 + uint24le(payload, 4), height: 1 + uint24le(payload, 7) };
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

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function uint24le(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16);
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
