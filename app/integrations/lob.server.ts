// Lob US address verification: POST {LOB_API_URL}/us_verifications; and letters Lob prints and
// mails: POST {LOB_API_URL}/letters (decision 0052).
// Follows https://docs.lob.com/#tag/US-Verifications (the OpenAPI spec in lob/lob-openapi):
// HTTP Basic auth with the API key as the user name and an empty password; a JSON body of
// address components; a `us_verification` object back, or `{ error: { message, status_code,
// code } }` on failure. Built per request from the validated env, never at module load.
import { z } from "zod";
import { DELIVERABILITIES, type Deliverability } from "~/domain/address-check";
import type { LobAddressFields } from "~/domain/letter-by-post";
import type { AppEnv } from "~/utils/env.server";
import { isTimeoutError } from "~/utils/errors";

const LOB_TIMEOUT_MS = 5_000;

export type LobDeliverability = Deliverability;

/** What we send: the components form (Lob also takes a single-line `address`; we never use it). */
export type LobUsVerificationRequest = {
  primary_line: string;
  secondary_line?: string;
  urbanization?: string;
  city?: string;
  state?: string;
  zip_code?: string;
  recipient?: string;
};

type LobUsComponents = {
  primary_number: string;
  street_predirection: "" | "N" | "S" | "E" | "W" | "NE" | "NW" | "SE" | "SW";
  street_name: string;
  street_suffix: string;
  street_postdirection: "" | "N" | "S" | "E" | "W" | "NE" | "NW" | "SE" | "SW";
  secondary_designator: string;
  secondary_number: string;
  pmb_designator: string;
  pmb_number: string;
  extra_secondary_designator: string;
  extra_secondary_number: string;
  city: string;
  state: string;
  zip_code: string;
  zip_code_plus_4: string;
  zip_code_type: string;
  delivery_point_barcode: string;
  address_type: "residential" | "commercial" | "";
  record_type: "street" | "highrise" | "firm" | "po_box" | "rural_route" | "general_delivery" | "";
  default_building_address: boolean;
  county: string;
  county_fips: string;
  carrier_route: string;
  carrier_route_type: string;
  /** Absent or null for undeliverable and military addresses. */
  latitude?: number | null;
  longitude?: number | null;
};

type LobDeliverabilityAnalysis = {
  dpv_confirmation: "Y" | "S" | "D" | "N" | "";
  dpv_cmra: "Y" | "N" | "";
  dpv_vacant: "Y" | "N" | "";
  dpv_active: "Y" | "N" | "";
  dpv_footnotes: string[];
  ews_match: boolean;
  lacs_indicator: "Y" | "N" | "";
  lacs_return_code: string;
  suite_return_code: "A" | "00" | "";
};

export type LobUsVerification = {
  id: string;
  recipient: string | null;
  primary_line: string;
  secondary_line: string;
  urbanization: string;
  last_line: string;
  deliverability: LobDeliverability;
  components: LobUsComponents;
  deliverability_analysis: LobDeliverabilityAnalysis;
  lob_confidence_score: { score: number | null; level: "high" | "medium" | "low" | "" };
  object: "us_verification";
};

type LobError = { message: string; status_code: number; code: string };

export type LobVerifyResult =
  { ok: true; status: number; verification: LobUsVerification } | { ok: false; status: number; error: LobError | null };

/** Lob could not be reached, or did not answer in time: nothing came back to read. */
export class LobUnavailableError extends Error {
  constructor(
    readonly reason: "timeout" | "network",
    options?: { cause?: unknown },
  ) {
    super(reason === "timeout" ? `Lob did not answer within the time limit.` : `Lob could not be reached.`, options);
    this.name = "LobUnavailableError";
  }
}

// Only what the app reads is checked; the rest of Lob's answer passes through untouched.
const VerificationSchema = z.looseObject({
  primary_line: z.string(),
  secondary_line: z.string(),
  deliverability: z.enum(DELIVERABILITIES),
  components: z.looseObject({ city: z.string(), state: z.string(), zip_code: z.string() }),
});

const ErrorSchema = z.object({
  error: z.looseObject({ message: z.string(), status_code: z.number(), code: z.string() }),
});

/**
 * What POST /v1/letters is sent (resources/letters/models/letter_editable.yml): the letter as an
 * HTML string, black and white, one side, addresses printed where the window envelope shows them.
 */
export type LobLetterRequest = {
  description: string;
  to: LobAddressFields;
  from: LobAddressFields;
  file: string;
  color: false;
  double_sided: false;
  address_placement: "top_first_page";
  use_type: "operational";
  mail_type: "usps_first_class";
  metadata: Record<string, string>;
};

/** The part of Lob's letter object the app reads; `price` only where an account's answers carry it. */
type LobLetter = { id: string; expected_delivery_date: string | null; price: string | number | null };

/**
 * A letter found in Lob's list: with its metadata, and whether it will never go out (Lob's
 * `status` "failed", a render that failed, or `deleted`, a cancelled letter).
 */
type LobListedLetter = LobLetter & { metadata: Record<string, string>; neverMailed: boolean };

export type LobListResult = { ok: true; letters: LobListedLetter[] } | { ok: false; status: number; error: LobError | null };

export type LobLetterResult = { ok: true; status: number; letter: LobLetter } | { ok: false; status: number; error: LobError | null };

const LetterSchema = z.looseObject({
  id: z.string().regex(/^ltr_/),
  expected_delivery_date: z.string().nullish(),
  price: z.union([z.string(), z.number()]).nullish(),
});

// Lob's list of letters (resources/letters/models/letter_collection.yml): `data`, newest first.
const LetterListSchema = z.looseObject({
  data: z.array(
    LetterSchema.extend({
      metadata: z.record(z.string(), z.unknown()).nullish(),
      status: z.string().nullish(),
      deleted: z.boolean().nullish(),
    }),
  ),
});

export type LobClientOptions = {
  apiKey: string;
  /** e.g. https://api.lob.com/v1, or the stand-in's http://127.0.0.1:8790/lob/v1 */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export function createLobClient({ apiKey, baseUrl, timeoutMs = LOB_TIMEOUT_MS, fetch: fetchImpl = fetch }: LobClientOptions) {
  const root = baseUrl.replace(/\/+$/, "");
  const endpoint = `${root}/us_verifications`;
  const authorization = `Basic ${btoa(`${apiKey}:`)}`;

  /** POSTs JSON and reads the answer's JSON (null when there is none); no answer at all is LobUnavailableError. */
  async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: "POST",
        headers: { Authorization: authorization, "Content-Type": "application/json", Accept: "application/json", ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new LobUnavailableError(isTimeoutError(error) ? "timeout" : "network", { cause: error });
    }
    let json: unknown = null;
    try {
      json = await response.json();
    } catch (error) {
      if (isTimeoutError(error)) throw new LobUnavailableError("timeout", { cause: error });
    }
    return { response, json };
  }
  const errorOf = (json: unknown) => {
    const parsed = ErrorSchema.safeParse(json);
    return parsed.success ? parsed.data.error : null;
  };

  return {
    /**
     * Lob's letters whose metadata holds every pair given (GET /letters?metadata[key]=value, Lob's
     * documented list filter, shared/parameters/metadata.yml), newest first: how a letter whose
     * answer was lost is found again once Lob has forgotten its idempotency key (24 hours).
     * Rejects with LobUnavailableError when there is no answer.
     */
    async findLetters(metadata: Record<string, string>): Promise<LobListResult> {
      const query = new URLSearchParams({ limit: "100" });
      for (const [key, value] of Object.entries(metadata)) query.set(`metadata[${key}]`, value);
      let response: Response;
      let json: unknown = null;
      try {
        response = await fetchImpl(`${root}/letters?${query}`, {
          headers: { Authorization: authorization, Accept: "application/json" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        json = await response.json().catch(() => null);
      } catch (error) {
        throw new LobUnavailableError(isTimeoutError(error) ? "timeout" : "network", { cause: error });
      }
      if (!response.ok) return { ok: false, status: response.status, error: errorOf(json) };
      const parsed = LetterListSchema.safeParse(json);
      if (!parsed.success) return { ok: false, status: 502, error: null };
      return {
        ok: true,
        letters: parsed.data.data.map((letter) => ({
          id: letter.id,
          expected_delivery_date: letter.expected_delivery_date ?? null,
          price: letter.price ?? null,
          metadata: Object.fromEntries(Object.entries(letter.metadata ?? {}).map(([key, value]) => [key, String(value)])),
          neverMailed: letter.status === "failed" || letter.deleted === true,
        })),
      };
    },

    /**
     * Verifies one U.S. address. Resolves with Lob's status and its verification or error;
     * rejects with LobUnavailableError when there is no answer (network failure or timeout).
     */
    async verifyUsAddress(address: LobUsVerificationRequest): Promise<LobVerifyResult> {
      const { response, json } = await post(endpoint, address);
      if (response.ok) {
        const parsed = VerificationSchema.safeParse(json);
        if (parsed.success) return { ok: true, status: response.status, verification: parsed.data as unknown as LobUsVerification };
        // A 2xx we cannot read is as good as no answer: report it as a bad gateway.
        return { ok: false, status: 502, error: null };
      }
      return { ok: false, status: response.status, error: errorOf(json) };
    },

    /**
     * Asks Lob to print and mail one letter. The idempotency key makes a second call with it (a
     * retried job) answer the letter already made instead of mailing another; Lob keeps keys 24
     * hours only, so a caller retrying later looks the letter up first (findLetters). Resolves with Lob's status and its letter or error; rejects with
     * LobUnavailableError when there is no answer.
     */
    async createLetter(letter: LobLetterRequest, { idempotencyKey }: { idempotencyKey: string }): Promise<LobLetterResult> {
      const { response, json } = await post(`${root}/letters`, letter, { "Idempotency-Key": idempotencyKey });
      if (response.ok) {
        const parsed = LetterSchema.safeParse(json);
        if (!parsed.success) return { ok: false, status: 502, error: null };
        const { id, expected_delivery_date = null, price = null } = parsed.data;
        return { ok: true, status: response.status, letter: { id, expected_delivery_date, price } };
      }
      return { ok: false, status: response.status, error: errorOf(json) };
    },
  };
}

export type LobClient = ReturnType<typeof createLobClient>;

/** The part of the env address verification reads. */
export type LobEnv = Pick<AppEnv, "LOB_API_KEY" | "LOB_API_URL">;

/**
 * Letters go through Lob only with both its API key and its webhook secret: a letter mailed
 * without tracking would leave the request with no evidence of where it is.
 */
export function lobLettersClient(env: Pick<AppEnv, "LOB_API_KEY" | "LOB_API_URL" | "LOB_WEBHOOK_SECRET">) {
  if (!env.LOB_API_KEY || !env.LOB_WEBHOOK_SECRET) return null;
  return createLobClient({ apiKey: env.LOB_API_KEY, baseUrl: env.LOB_API_URL });
}
