// The inbound address as its owner sees it on /account and the dashboard (decision 0055).
import { DAY_MS, formatDateTime, timeZoneForState } from "~/domain/dates";
import { MAILBOX_LIMITS, mailboxAddress } from "~/domain/mailbox";
import { mailboxOfUser } from "~/models/mailbox.server";
import type { CurrentUser } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";

/**
 * The user's address (created on first need) and the forwarding confirmations it received in the
 * last confirmationDays, their times in the user's zone; null in the rare case the address could
 * not be created on this view.
 */
export async function mailboxViewOf(env: AppEnv, user: Pick<CurrentUser, "id" | "state">, now = new Date()) {
  const shownSince = new Date(now.getTime() - MAILBOX_LIMITS.confirmationDays * DAY_MS);
  const { address, confirmations } = await mailboxOfUser(getDb(env.DB), user.id, shownSince);
  if (!address) return null;
  const timeZone = timeZoneForState(user.state);
  return {
    address: mailboxAddress(address.token, env.MAILBOX_DOMAIN),
    enabled: address.enabled,
    confirmations: confirmations.map(({ id, subject, text, receivedAt }) => ({
      id,
      subject,
      text,
      received: formatDateTime(receivedAt, timeZone),
    })),
  };
}
