import { describe, expect, it } from "vitest";
import { CATALOG_SENDERS } from "../../drizzle/catalog";
import { readMailPiece, returnAddressOf } from "~/domain/mail-photo";
import { templateFromSender } from "~/domain/sender-catalog";
import { namesOfSender } from "~/domain/sender-search";
import { buildPieces, labelFieldsOf, MAIL_PIECES, printedReturnAddress, transcriptOf } from "../support/mail-pieces";

// The label fields and the return address read off the benchmark's mail pieces, transcribed as a
// perfect reader would: what the matcher itself gets right, apart from the reader's misreadings.

const NAMES = CATALOG_SENDERS.flatMap(namesOfSender);
const TITLES = new Map(CATALOG_SENDERS.map((sender) => [sender.id, templateFromSender(sender).title]));
const PIECES = [...MAIL_PIECES, ...buildPieces(7)];

describe("the label fields of every mail piece", () => {
  it.each(PIECES.map((piece) => [piece.id, piece.numberLabel ?? "no number", piece] as const))(
    "%s (%s): the customer number and the key code apart",
    (_id, _label, piece) => {
      const reading = readMailPiece(transcriptOf(piece), NAMES, TITLES);
      expect({ customerNumber: reading.customerNumber, keyCode: reading.keyCode }).toEqual(labelFieldsOf(piece));
    },
  );
});

describe("the return address of every mail piece that prints one", () => {
  const withAddress = PIECES.filter((piece) => piece.templateId && printedReturnAddress(piece));
  it.each(withAddress.map((piece) => [piece.id, piece.printedSender, piece] as const))("%s (%s)", (_id, _sender, piece) => {
    const reading = readMailPiece(transcriptOf(piece), NAMES, TITLES);
    expect(reading.returnAddress).toBe(printedReturnAddress(piece));
  });

  it("reads none where the piece prints none with a street, a state and a ZIP", () => {
    const without = PIECES.filter((piece) => !printedReturnAddress(piece));
    expect(without.length).toBeGreaterThan(0);
    for (const piece of without) expect(readMailPiece(transcriptOf(piece), NAMES, TITLES).returnAddress, piece.id).toBeNull();
  });
});

describe("a Williams Sonoma label with both numbers", () => {
  const transcript = [
    "WILLIAMS SONOMA",
    "3250 Van Ness Avenue PRSRT STD",
    "San Francisco, CA 94109 U.S. POSTAGE PAID",
    "Holiday Entertaining 2026",
    "*****AUTO**5-DIGIT 60614",
    "Key Code PZ77KQ",
    "Customer #: 4471220931",
    "JANE Q PUBLIC",
    "1847 N HALSTED ST APT 3R",
    "CHICAGO IL 60614-4512",
  ].join("\n");

  it("keeps the customer number and the key code, whichever is printed first, and the return address", () => {
    expect(readMailPiece(transcript, NAMES, TITLES)).toMatchObject({
      customerNumber: "4471220931",
      keyCode: "PZ77KQ",
      addressee: "JANE Q PUBLIC",
      returnAddress: "3250 Van Ness Avenue, San Francisco, CA 94109",
    });
  });

  it("finds the return address under the name of the sender staff or the person chose", () => {
    expect(returnAddressOf(transcript, ["Williams Sonoma"])).toBe("3250 Van Ness Avenue, San Francisco, CA 94109");
    // Without a name above it, only an address that is not the label's and not under a person's name.
    expect(returnAddressOf(["JANE Q PUBLIC", "1847 N HALSTED ST", "CHICAGO IL 60614"].join("\n"), ["Williams Sonoma"])).toBeNull();
  });
});
