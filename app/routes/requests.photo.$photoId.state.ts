import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getUserPhoto } from "~/models/mail-photo.server";
import { requireUser } from "~/services/auth.server";
import { dbFor } from "~/utils/db.server";

/** Where the user's photo stands, for the reading page's script (app/browser/photo-status.ts). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const photo = params.photoId ? await getUserPhoto(await dbFor(context.env, user.id), user.id, params.photoId) : null;
  if (!photo) return Response.json({ error: "Not Found" }, { status: 404 });
  return Response.json({ state: photo.state }, { headers: { "Cache-Control": "no-store" } });
}
