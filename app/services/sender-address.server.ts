import { senderAddressForLob } from "~/domain/letter-by-post";
import {
  SENDER_ADDRESS_MESSAGES,
  SenderAddressSchema,
  samePostalPlace,
  senderAddressLine,
  type SenderAddressField,
  type SenderAddressInput,
} from "~/domain/sender-address";
import type { AddressField } from "~/domain/address";
import type { SenderAddressOrigin } from "../../drizzle/schema";
import { checkAddress } from "~/integrations/address-verification.server";
import { lettersGoThroughLob } from "~/services/automatic-send.server";
import { sendJobEnvelopes } from "~/queue/producer.server";
import { returnedAddressesOf } from "~/models/mailed-letter.server";
import { saveSenderAddress, senderAddressFactsOfRequest } from "~/models/sender-address.server";
import type { AppEnv } from "~/utils/env.server";
import { getDb } from "~/utils/db.server";
import { errorMessage } from "~/utils/errors";
import { log } from "~/utils/log.server";
import { learnPostalChannel, learnTypedSenderAddress } from "~/services/learned-channels.server";

/** A field's message, or the form's ("form") when it is about no one field. */
export type SenderAddressErrors = Partial<Record<SenderAddressField | "form", string>>;

export type GiveSenderAddressOutcome =
  | { ok: true }
  | {
      ok: false;
      errors: SenderAddressErrors;
      /** Not the person's request, or no such request: the page answers 404. */
      notFound?: true;
      /** Nothing to give any more (the request went, or never needed it): the page goes back to the card. */
      settled?: true;
    };

const notFound = { ok: false, errors: {}, notFound: true } as const;

/**
 * The person gives the return address printed on a piece of the sender's mail (decision 0067), typed
 * or read by us and confirmed: only for their own request, still in queue and unsent, to a sender
 * with no channel that goes without a person. The address is checked by the verification people's
 * own addresses go through (decision 0042); one that is malformed or undeliverable is refused next
 * to its field and nothing changes. Saved with its Lob letter reserved in one batch, the letter is
 * then put on the queue: two gives at once, or one after the letter went, mail nothing twice.
 */
export async function giveSenderAddress(
  env: AppEnv,
  userId: string,
  requestId: string,
  input: SenderAddressInput,
  from: SenderAddressOrigin,
): Promise<GiveSenderAddressOutcome> {
  const db = getDb(env.DB);
  const key = { userId, requestId };
  const request = await senderAddressFactsOfRequest(db, key);
  if (!request || request.status === "deleted") return notFound;
  const settled = (message: string) => ({ ok: false, errors: { form: message }, settled: true }) as const;
  if (request.status !== "inQueue" || request.processedAt || request.onItsWay) return settled(SENDER_ADDRESS_MESSAGES.alreadyOnItsWay);
  if (!request.asksReturnAddress) return settled(SENDER_ADDRESS_MESSAGES.notAsked);

  const parsed = SenderAddressSchema.safeParse(input);
  if (!parsed.success) {
    const errors: SenderAddressErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as SenderAddressField;
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const { company, ...entered } = parsed.data;
  const verdict = await checkAddress(env, { ...entered, street2: entered.street2 ?? "" }, { keepAsTyped: false });
  if (verdict.kind !== "accepted") {
    const errors: SenderAddressErrors = {};
    for (const [field, messages] of Object.entries(verdict.doubt.fieldErrors) as [AddressField, string[]][]) {
      if (messages[0]) errors[field] = messages[0];
    }
    // No field to correct: the check itself did not answer.
    if (Object.keys(errors).length === 0) errors.form = SENDER_ADDRESS_MESSAGES.unavailable;
    return { ok: false, errors };
  }
  const line = senderAddressLine(company, verdict.address);
  if (!senderAddressForLob(line, request.senderName)) return { ok: false, errors: { company: SENDER_ADDRESS_MESSAGES.companyTooLong } };
  // A letter that came back from an address will come back from it again (decision 0070).
  const returnedFrom = await returnedAddressesOf(db, key);
  if (returnedFrom.some((address) => samePostalPlace(address, line)))
    return { ok: false, errors: { street1: SENDER_ADDRESS_MESSAGES.cameBackFrom } };

  const outcome = await saveSenderAddress(db, key, { line, check: verdict.check, from }, { reserveLetter: lettersGoThroughLob(env) });
  if (!outcome.saved) return settled(SENDER_ADDRESS_MESSAGES.alreadyOnItsWay);
  if (outcome.job) {
    await sendJobEnvelopes(env, [
      { id: outcome.job.id, type: "optOut.letter", payload: outcome.job.payload, enqueuedAt: new Date().toISOString() },
    ]);
  }
  // After this person's own letter is reserved, so that it goes to the address they gave: a second
  // household's same address may now be the sender's channel for everyone (decision 0068). A
  // failure leaves it to the daily run and never fails the person's give.
  if (verdict.check === "verified") {
    try {
      if (request.templateId) await learnPostalChannel(env, request.templateId);
      else await learnTypedSenderAddress(env, request.senderName, request.state);
    } catch (error) {
      log.error(`learning the return address of ${request.templateId ?? "a typed sender"} failed:`, errorMessage(error));
    }
  }
  return { ok: true };
}
