import { z } from "zod";
import { DIGEST_MAX_PIECES } from "~/domain/informed-delivery";
import type { JobDefinition } from "~/jobs/definitions.server";
import { readDigestPieces } from "~/services/mailbox-digest.server";

const DigestPayload = z.object({ userId: z.string().min(1), arrivalIds: z.array(z.string().uuid()).min(1).max(DIGEST_MAX_PIECES) });

/** Reads the pieces of one digest, finds their senders and requests, and deletes their images (services/mailbox-digest). */
export const mailboxReadJob = {
  payload: DigestPayload,
  handle: (payload, { env, attempt }) => readDigestPieces(env, payload, attempt),
} satisfies JobDefinition<typeof DigestPayload>;
