import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getPhoto, getUserPhoto } from "~/models/mail-photo.server";
import { photoImage } from "~/services/mail-photos.server";
import { requireUser } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { invariantResponse } from "~/utils/http-errors";
import { isStaff } from "~/domain/roles";

const NO_STORE = { headers: { "Cache-Control": "no-store" } };

/**
 * One image of a photo of mail, for its owner and for staff; for anyone else it does not exist.
 * Never cached: it is deleted as soon as the sender is known, and it shows a person's address.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const index = Number(params.index);
  invariantResponse(params.photoId && Number.isInteger(index) && index >= 1, "Not Found", NO_STORE);
  const db = getDb(context.env.DB);
  const photo = isStaff(user.role) ? await getPhoto(db, params.photoId) : await getUserPhoto(db, user.id, params.photoId);
  const image = photo ? await photoImage(context.env, photo, index - 1) : null;
  invariantResponse(image, "Not Found", NO_STORE);
  return new Response(image.body, {
    headers: {
      "Content-Type": image.httpMetadata?.contentType ?? "application/octet-stream",
      "Content-Length": String(image.size),
      "Cache-Control": "private, no-store",
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
