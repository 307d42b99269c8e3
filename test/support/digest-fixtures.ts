// The mail pieces of the workers tests' digests (test/data/digest): grayscale scans of pieces of
// the generated set (mail-pieces.ts), clean and upright, small as the digest's are. Render them
// again with `npx tsx test/support/render-digest-fixtures.ts` after changing them.
import path from "node:path";
import { MAIL_PIECES, type MailPiece } from "./mail-pieces";
import { PHOTO_FIXTURES } from "./photo-fixtures";

const NO_DISTORTION = { rotateDeg: 0, blurPx: 0, contrast: 1, glare: false, smallType: false };
const pieceById = (id: string) => ({ ...MAIL_PIECES.find((piece) => piece.id === id)!, distortion: NO_DISTORTION });

export type DigestFixture = {
  piece: MailPiece;
  /** The catalog sender it is from, or null. */
  templateId: string | null;
  /** The "FROM:" name the digest prints above it, or null. */
  fromName: string | null;
  residentMail: boolean;
};

export const DIGEST_FIXTURES = {
  /** The L.L.Bean catalog of the photo tests, a plain scan. */
  catalog: { piece: { ...PHOTO_FIXTURES.catalog.piece, id: "scan-catalog" }, templateId: "ll-bean", fromName: null, residentMail: false },
  /** An Orvis catalog whose mailer runs a campaign: the digest names it. */
  campaign: { piece: { ...pieceById("piece-27"), id: "scan-campaign" }, templateId: "orvis", fromName: "Orvis", residentMail: false },
  /** A pizzeria's postcard to "Current Resident": saturation mail. */
  resident: {
    piece: { ...pieceById("piece-17"), id: "scan-resident", addressee: "CURRENT RESIDENT" },
    templateId: null,
    fromName: null,
    residentMail: true,
  },
} satisfies Record<string, DigestFixture>;

export const digestFixturePath = (fixture: DigestFixture) => path.resolve(import.meta.dirname, "../data/digest", `${fixture.piece.id}.jpg`);
