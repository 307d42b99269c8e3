import { z } from "zod";
import type { JobDefinition } from "~/jobs/definitions.server";
import { eraseImagesOf, readPhoto } from "~/services/mail-photos.server";
import { eraseMailboxImagesOf } from "~/services/mailbox-digest.server";

const PhotoPayload = z.object({ photoId: z.string().uuid() });

/** Reads a photo of mail through the text reader and finds its sender (services/mail-photos). */
export const photoReadJob = {
  payload: PhotoPayload,
  handle: ({ photoId }, { env, attempt }) => readPhoto(env, photoId, attempt),
} satisfies JobDefinition<typeof PhotoPayload>;

const UserPayload = z.object({ userId: z.string().min(1) });

/** Deletes every image a deleted account stored (photos, digest pieces); running it twice deletes nothing more. */
export const erasePhotosJob = {
  payload: UserPayload,
  handle: async ({ userId }, { env }) => {
    await eraseImagesOf(env, userId);
    await eraseMailboxImagesOf(env, userId);
  },
} satisfies JobDefinition<typeof UserPayload>;
