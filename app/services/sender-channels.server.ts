import { returnAddressOf } from "~/domain/mail-photo";
import { recordPostalChannelProposal } from "~/models/sender-channels.server";
import { listSenderNames } from "~/models/sender-names.server";
import type { Db } from "~/utils/db.server";
import { errorMessage } from "~/utils/errors";
import { log } from "~/utils/log.server";

/**
 * The return address printed under an identified sender's name on a piece (a photo or a digest's
 * scan), proposed as the sender's postal address for staff to confirm once (decision 0054). It
 * never fails what called it: a proposal not recorded is only one fewer sighting.
 */
export async function proposeReturnAddress(db: Db, piece: { templateId: string; transcript: string; sourcePhotoId: string | null }) {
  try {
    const names = await listSenderNames(db, piece.templateId);
    const address = returnAddressOf(
      piece.transcript,
      names.map((name) => name.name),
    );
    if (address) await recordPostalChannelProposal(db, { templateId: piece.templateId, address, sourcePhotoId: piece.sourcePhotoId });
  } catch (error) {
    log.error("return address not proposed:", errorMessage(error));
  }
}
