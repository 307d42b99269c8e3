// Reading small type again: a return address printed small beside a large headline, on a photo
// taken larger than the reader's working size, is read again from the photo as taken, enlarged.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ZipLookup } from "./city-by-zip";
import { keepBetterReadings, readText } from "./read-text";

/** The model often leaves out a space between words; the tests compare lines without them. */
const compact = (text: string) => text.replace(/\s+/g, "").toUpperCase();

/** A 2560×1600 photo of a flyer: a return address in 14 px type at the top left, a 96 px headline. */
async function flyerWithSmallReturnAddress() {
  const lines = ["Harbor &amp; Pine Outfitters", "P.O. Box 48213", "Portland, ME 04112-8213"];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2560" height="1600">
    <rect width="100%" height="100%" fill="#f4f1ea"/>
    ${lines.map((line, i) => `<text x="120" y="${140 + i * 18}" font-family="Liberation Sans" font-size="14" ${i === 0 ? 'font-weight="bold"' : ""} fill="#333">${line}</text>`).join("")}
    <text x="700" y="800" font-family="Liberation Sans" font-size="96" font-weight="bold" fill="#1a3a5a">Spring Gear Sale</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * A photo taken in dim light, 1,280 px wide (read at its own size): the page light grey on a grey
 * table, a return address in 14 px grey type, blurred a little, and a large headline in dark ink.
 */
async function dimPhotoOfGreyType() {
  const lines = ["Harbor &amp; Pine Outfitters", "P.O. Box 48213", "Portland, ME 04112-8213"];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="900">
    <rect width="100%" height="100%" fill="#8c8c88"/>
    <rect x="80" y="60" width="1100" height="780" fill="#c4c4c0"/>
    ${lines.map((line, i) => `<text x="140" y="${130 + i * 18}" font-family="Liberation Sans" font-size="14" ${i === 0 ? 'font-weight="bold"' : ""} fill="#969692">${line}</text>`).join("")}
    <text x="420" y="500" font-family="Liberation Sans" font-size="64" font-weight="bold" fill="#3a4a6a">Spring Gear Sale</text>
  </svg>`;
  return sharp(Buffer.from(svg)).blur(1).jpeg({ quality: 85 }).toBuffer();
}

type Piece = { text: string; score: number; box: [number, number][] };
const at = (left: number, top: number, width: number, text: string, score: number): Piece => ({
  text,
  score,
  box: [
    [left, top],
    [left + width, top],
    [left + width, top + 12],
    [left, top + 12],
  ],
});

describe("readText", () => {
  it("reads a return address in small type again from the photo as taken, enlarged", { timeout: 60_000 }, async () => {
    const photo = new Uint8Array(await flyerWithSmallReturnAddress());
    // At the reader's working size (1,280 px wide) the type is 7 px high: read once, it is lost.
    const once = await readText(photo, { reread: false });
    expect(compact(once.text)).not.toContain("P.O.BOX48213");
    expect(compact(once.text)).not.toContain("PORTLAND,ME04112-8213");

    const reading = await readText(photo);
    const lines = reading.lines.map((line) => compact(line.text));
    const box = lines.indexOf("P.O.BOX48213");
    expect(box).toBeGreaterThan(0);
    expect(lines[box - 1]).toContain("PINEOUTFITTERS");
    expect(lines[box + 1]).toBe("PORTLAND,ME04112-8213");
    expect(lines.at(-1)).toBe("SPRINGGEARSALE");
    // The lines read again are placed in the image as read, where they are printed (x 120 of 2,560).
    expect(reading.width).toBe(1280);
    const [[left = 0, top = 0] = []] = reading.lines[box]!.box;
    expect(left).toBeGreaterThan(50);
    expect(left).toBeLessThan(70);
    expect(top).toBeGreaterThan(70);
    expect(top).toBeLessThan(85);
  });
});

describe("readText: faint type", () => {
  it("finds grey type on a dim photo, its contrast stretched before it is read", { timeout: 60_000 }, async () => {
    const reading = await readText(new Uint8Array(await dimPhotoOfGreyType()), { reread: false });
    const lines = reading.lines.map((line) => compact(line.text));
    const city = lines.indexOf("PORTLAND,ME04112-8213");
    expect(city).toBeGreaterThan(1);
    expect(lines[city - 1]).toContain("BOX48213");
    expect(lines[city - 2]).toContain("PINEOUTFITTERS");
    expect(lines.at(-1)).toBe("SPRINGGEARSALE");
  });
});

describe("keepBetterReadings", () => {
  const noZips: ZipLookup = () => null;
  const charlotte: ZipLookup = (zip) => (zip === "28272" ? { city: "Charlotte", state: "NC" } : null);

  it("keeps the first reading of a line it was sure of, though the second scores higher", () => {
    const first = [at(10, 10, 200, "4410 W. Belmont Ave", 0.95)];
    expect(keepBetterReadings(first, [at(11, 10, 199, "4410w.BelmontAve", 0.97)], 0, noZips)).toEqual(first);
  });

  it("takes the second reading of a doubtful line when it is clearly surer", () => {
    const second = [at(11, 30, 200, "Albuquerque,NM87176", 0.88)];
    expect(keepBetterReadings([at(10, 30, 200, "Albuquerque,M87176", 0.83)], second, 0, noZips)).toEqual(second);
    // Not when it is only a little surer.
    const close = [at(10, 30, 200, "SiouxFalls SD 57117", 0.85)];
    expect(keepBetterReadings(close, [at(10, 30, 200, "SiouxFalls,SD 57117", 0.86)], 0, noZips)).toEqual(close);
  });

  it("takes a confident second reading that reads more of the line", () => {
    const second = [at(10, 50, 240, "Portland, ME 04112-8213", 0.97)];
    expect(keepBetterReadings([at(150, 50, 100, "04112-821", 0.99)], second, 0, noZips)).toEqual(second);
  });

  it("adds a line only the second reading found, where the first read nothing or could not read it", () => {
    const first = [at(10, 10, 200, "The Vermont Country Store", 0.97), at(10, 30, 120, "", 0)];
    const found = at(10, 30, 120, "P.O. Box 6999", 0.91);
    expect(keepBetterReadings(first, [found], 0, noZips)).toEqual([first[0], found]);
  });

  it("keeps the reading whose city agrees with its ZIP code, whichever the recognizer is surer of", () => {
    const agrees = [at(11, 30, 200, "Charloe,NC28272-1083", 0.9)];
    expect(keepBetterReadings([at(10, 30, 200, "Charoe,NC28272-1083", 0.96)], agrees, 0, charlotte)).toEqual(agrees);
    // A reading that lost the end of the ZIP+4 does not agree, though it reads more of the line, more surely.
    const whole = [at(60, 30, 150, "Charlotte NC 28272-1083", 0.91)];
    expect(keepBetterReadings(whole, [at(10, 30, 200, "Charlotte, NC 28272-108", 0.97)], 0, charlotte)).toEqual(whole);
    const asPrinted = [at(10, 30, 200, "Charlotte, NC 28272", 0.93)];
    expect(keepBetterReadings(asPrinted, [at(11, 30, 200, "Charlotle, NC 28272", 0.8)], 0, charlotte)).toEqual(asPrinted);
  });
});
