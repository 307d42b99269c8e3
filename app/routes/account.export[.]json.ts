import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isoDate, timeZoneForState } from "~/domain/dates";
import { exportAccount } from "~/models/account-export.server";
import { consentChoice } from "~/services/analytics.server";
import { requireUser } from "~/services/auth.server";
import { onlyRead } from "~/utils/api.server";
import { dbFor } from "~/utils/db.server";
import { invariantResponse } from "~/utils/http-errors";

/** "Export my data" as a file: everything held about the signed-in user, pretty-printed JSON. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const now = new Date();
  const data = await exportAccount(await dbFor(context.env, user.id), user.id, now, {
    analyticsConsent: consentChoice(request) ?? "not asked",
    mailboxDomain: context.env.MAILBOX_DOMAIN,
  });
  invariantResponse(data);
  const fileName = `quiet-mailbox-data-${isoDate(now, timeZoneForState(data.account.state))}.json`;
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}

export const action = onlyRead;
