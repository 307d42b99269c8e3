// Address verification for signup step 1 (`POST /api/address/verify` of product rules: Calls to the server): Lob's US
// verification when LOB_API_KEY is set, the offline Publication 28 standardizer otherwise.
// Either way the answer has the product rules' shape: a status (200 means success) and a result with
// primary_line, secondary_line, components {city, state, zip_code} and deliverability.
// See docs/decisions/0009-address-verification.md.
import {
  moveUnitToSecondLine,
  parseZip,
  standardizeAddress,
  type Address,
  type AddressInput,
  type StandardizedAddress,
} from "~/domain/address";
import { errorMessage } from "~/utils/errors";
import { judgeAddress, type AddressVerdict } from "~/domain/address-check";
import {
  createLobClient,
  LobUnavailableError,
  type LobClientOptions,
  type LobDeliverability,
  type LobEnv,
  type LobUsVerification,
} from "~/integrations/lob.server";
import { log } from "~/utils/log.server";

export type VerificationResult = {
  primary_line: string;
  secondary_line: string;
  components: { city: string; state: string; zip_code: string };
  deliverability: LobDeliverability;
  /** Offline only: why the standardizer thinks the address cannot be right. */
  problems?: string[];
};

/** Exactly what POST /api/address/verify answers, so nothing here may be private: Lob's error
 * text (which can describe our key) stays out of it. */
export type VerificationAnswer = { status: number; result: VerificationResult | null };

export type VerifyOptions = Pick<LobClientOptions, "fetch" | "timeoutMs">;

/**
 * Verifies what the user typed. Never throws for a vendor failure: Lob's own error status comes
 * back as the status, no answer at all as 502 (unreachable) or 504 (timed out), each with a
 * null result, and the caller uses the entered address as is (product rules: Calls to the server, Errors).
 */
export async function verifyAddress(env: LobEnv, input: AddressInput, options: VerifyOptions = {}): Promise<VerificationAnswer> {
  if (!env.LOB_API_KEY) return verifyOffline(input);

  const lob = createLobClient({ apiKey: env.LOB_API_KEY, baseUrl: env.LOB_API_URL, ...options });
  try {
    const answer = await lob.verifyUsAddress({
      primary_line: input.street1.trim(),
      secondary_line: input.street2?.trim() || undefined,
      city: input.city.trim(),
      state: input.state.trim(),
      zip_code: input.zipCode.trim(),
    });
    if (!answer.ok) return { status: answer.status, result: null };
    return { status: answer.status, result: resultFromLob(answer.verification) };
  } catch (error) {
    if (!(error instanceof LobUnavailableError)) throw error;
    return { status: error.reason === "timeout" ? 504 : 502, result: null };
  }
}

function resultFromLob(verification: LobUsVerification): VerificationResult {
  return {
    primary_line: verification.primary_line,
    secondary_line: verification.secondary_line ?? "",
    components: {
      city: verification.components.city,
      state: verification.components.state,
      zip_code: verification.components.zip_code,
    },
    deliverability: verification.deliverability,
  };
}

/**
 * Without a key: the Publication 28 standardizer. It can say an address is badly formed (a ZIP
 * outside the state, a ZIP that is not five digits) but not that it exists, so "deliverable"
 * here means "nothing wrong found".
 */
export function verifyOffline(input: AddressInput): VerificationAnswer {
  return { status: 200, result: offlineResult(standardizeAddress(input)) };
}

function offlineResult(standard: StandardizedAddress): VerificationResult {
  return {
    primary_line: standard.street1,
    secondary_line: standard.street2,
    components: { city: standard.city, state: standard.state, zip_code: parseZip(standard.zipCode)?.zip5 ?? standard.zipCode },
    deliverability: standard.problems.length > 0 ? "undeliverable" : "deliverable",
    problems: standard.problems.map((problem) => problem.message),
  };
}

/**
 * The draft's address fields from a verification result: the verified fields replace the typed ones
 * (product rules: Users and their data). A unit Lob wrote into primary_line
 * moves to street2 when secondary_line is empty, so both verifiers fill the form the same way.
 * zipCode is the 5-digit zip_code, never ZIP+4: see docs/decisions/0009-address-verification.md.
 */
export function addressFromResult(result: VerificationResult): Address {
  const { street1, street2 } = moveUnitToSecondLine(result.primary_line, result.secondary_line ?? "");
  return {
    street1,
    street2,
    city: result.components.city,
    state: result.components.state,
    zipCode: result.components.zip_code,
  };
}

/**
 * Checks an address someone typed (signup, recipients, the account page, the staff user form):
 * accepted as verification wrote it, or in doubt with the reasons next to the fields. A person who
 * chose to keep it as typed after a doubt gets it as typed, with no call; staff check it by hand
 * before a letter goes out (decision 0028). Without a key, the offline standardizer's problems
 * decide; with one, Lob's deliverability does; no answer at all is a doubt.
 */
export async function checkAddress(
  env: LobEnv,
  entered: Address,
  { keepAsTyped }: { keepAsTyped: boolean },
): Promise<AddressVerdict<Address>> {
  if (keepAsTyped) return { kind: "accepted", check: "asTyped", address: entered };
  if (!env.LOB_API_KEY) {
    const standard = standardizeAddress(entered);
    return judgeAddress({ kind: "offline", problems: standard.problems, address: addressFromResult(offlineResult(standard)) });
  }
  const verification = await verifyAddress(env, entered).catch((error: unknown) => {
    log.error("address verification failed:", errorMessage(error));
    return null;
  });
  if (verification?.status !== 200 || !verification.result) {
    if (verification) log.warn(`address verification answered ${verification.status}`);
    return judgeAddress({ kind: "unavailable" });
  }
  return judgeAddress({
    kind: "service",
    deliverability: verification.result.deliverability,
    address: addressFromResult(verification.result),
  });
}
