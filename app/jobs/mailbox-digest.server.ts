import { z } from "zod";
import { DIGEST_MAX_PIECES } from "~/domain/informed-delivery";
import type { JobDefinition } from "~/jobs/definitions.server";
import { readDigestPieces, readDigestPiecesTogether } from "~/services/mailbox-digest.server";

// The payloads keep the name "arrival" (a row of mail_arrivals): jobs already queued carry it.
const DigestPayload = z.object({ userId: z.string().min(1), arrivalIds: z.array(z.string().uuid()).min(1).max(DIGEST_MAX_PIECES) });

/**
 * Reads the pieces of one digest in one job: how digests were read before each piece had its own
 * job (decision 0065). Kept for the jobs queued then, and for staff retrying one of them.
 */
export const mailboxReadJob = {
  payload: DigestPayload,
  handle: ({ userId, arrivalIds }, { env, attempt }) => readDigestPieces(env, { userId, pieceIds: arrivalIds }, attempt),
} satisfies JobDefinition<typeof DigestPayload>;

const PiecePayload = z.object({ userId: z.string().min(1), arrivalId: z.string().uuid() });

/**
 * Reads one piece of a digest, finds its sender and request, and deletes its image
 * (services/mailbox-digest). The pieces of one queue batch are recorded together (decision 0089).
 */
export const mailboxReadPieceJob = {
  payload: PiecePayload,
  handle: ({ userId, arrivalId }, { env, attempt }) => readDigestPieces(env, { userId, pieceIds: [arrivalId] }, attempt),
  handleTogether: (jobs) =>
    readDigestPiecesTogether(
      jobs[0]!.context.env,
      jobs.map(({ payload, context }) => ({ userId: payload.userId, pieceId: payload.arrivalId, attempt: context.attempt })),
    ),
} satisfies JobDefinition<typeof PiecePayload>;
