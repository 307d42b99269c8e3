import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { timeZoneForState } from "~/domain/dates";
import { letterFileName, letterText, letterToSend, withCrlf } from "~/domain/letter-to-send";
import { getUserRequestLetterSource } from "~/models/request.server";
import { requireUser } from "~/services/auth.server";
import { onlyRead } from "~/utils/api.server";
import { dbFor } from "~/utils/db.server";
import { invariantResponse } from "~/utils/http-errors";

/**
 * The opt-out letter of one of the user's requests as a text file to keep, print or paste: the
 * same text the dashboard shows (letterText), with CRLF line breaks (decision 0027). Another
 * user's request, a deleted or a made-up one is 404, alike.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const source = params.requestId ? await getUserRequestLetterSource(await dbFor(context.env, user.id), user.id, params.requestId) : null;
  invariantResponse(source);
  const letter = letterToSend(source.request, source.recipients, {
    today: new Date(),
    timeZone: timeZoneForState(source.account.state),
    earlierAddresses: source.earlierAddresses,
  });
  return new Response(withCrlf(letterText(letter)), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${letterFileName(source.request.senderName)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const action = onlyRead;
