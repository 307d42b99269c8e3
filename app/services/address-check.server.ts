import type { Submission } from "@conform-to/react";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { Address } from "~/domain/address";
import { wantsAddressAsTyped, type AddressVerdict } from "~/domain/address-check";
import { checkAddress } from "~/integrations/address-verification.server";
import { addressCheckCounters, takeAttempt } from "~/models/rate-limit.server";
import { tooManyAttemptsMessage } from "~/domain/too-many-attempts";
import { clientAddress } from "~/utils/client-network";
import { getDb } from "~/utils/db.server";

export type TypedAddressVerdict = AddressVerdict<Address> | { kind: "tooMany"; message: string };

/**
 * An address a person typed into a form (signup, recipients, the account page): checked within the
 * one budget of address checks (each may be a paid call, decision 0019), unless the form says to
 * keep it as typed, which calls nothing.
 */
export async function checkTypedAddress(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
  entered: Address,
): Promise<TypedAddressVerdict> {
  const keepAsTyped = wantsAddressAsTyped(formData);
  if (!keepAsTyped) {
    const waitMs = await takeAttempt(getDb(context.env.DB), await addressCheckCounters(clientAddress(request, context.env.APP_ENV)));
    if (waitMs > 0) return { kind: "tooMany", message: tooManyAttemptsMessage(waitMs) };
  }
  return checkAddress(context.env, entered, { keepAsTyped });
}

/**
 * The answer to a form whose address was not accepted: too many checks, or the reasons for the doubt
 * next to the fields with `addressDoubt`, which makes the form offer to keep the address as typed.
 * What was typed is kept either way.
 */
export function refuseAddress(submission: Submission<unknown, string[]>, verdict: Exclude<TypedAddressVerdict, { kind: "accepted" }>) {
  if (verdict.kind === "tooMany") return data(submission.reply({ formErrors: [verdict.message] }), { status: 429 });
  const { fieldErrors, formErrors } = verdict.doubt;
  return data({ ...submission.reply({ fieldErrors, formErrors }), addressDoubt: true as const }, { status: 400 });
}
