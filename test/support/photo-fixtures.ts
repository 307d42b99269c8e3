// The photos of mail pieces the workers tests upload (test/data/photos): drawn by the same
// generator as the benchmark's set (mail-pieces.ts), clean and upright, so a test is about the
// feature and not about how well OCR copes. Render them again with
// `npx tsx test/support/render-photo-fixtures.ts` after changing them.
import path from "node:path";
import type { MailPiece } from "./mail-pieces";

const NO_DISTORTION = { rotateDeg: 0, blurPx: 0, contrast: 1, glare: false, smallType: false };
const HOUSEHOLD = {
  addressee: "JANE Q PUBLIC",
  addressedToOther: false,
  street: "1847 N HALSTED ST APT 3R",
  cityStateZip: "CHICAGO IL 60614-4512",
};

export type PhotoFixture = {
  piece: MailPiece;
  /** The catalog sender and its title, for a piece from one. */
  templateId: string;
  title: string;
  printedSender: string;
  customerNumber: string;
};

export const PHOTO_FIXTURES = {
  catalog: {
    piece: {
      id: "fixture-catalog",
      layout: "catalog-cover",
      printedSender: "L.L.Bean",
      templateId: "ll-bean",
      customerNumber: "4471220931",
      numberLabel: "Customer #",
      headline: "Winter Outerwear Sale",
      distortion: NO_DISTORTION,
      ...HOUSEHOLD,
    },
    templateId: "ll-bean",
    title: "L.L.Bean",
    printedSender: "L.L.Bean",
    customerNumber: "4471220931",
  },
  unknown: {
    piece: {
      id: "fixture-unknown",
      layout: "postcard",
      printedSender: "Lakeview Gutter Masters",
      templateId: null,
      customerNumber: null,
      numberLabel: null,
      headline: "Spring gutter cleaning: $89",
      distortion: NO_DISTORTION,
      ...HOUSEHOLD,
    },
    templateId: "",
    title: "",
    printedSender: "Lakeview Gutter Masters",
    customerNumber: "",
  },
} satisfies Record<string, PhotoFixture>;

export const photoFixturePath = (fixture: PhotoFixture) => path.resolve(import.meta.dirname, "../data/photos", `${fixture.piece.id}.jpg`);
