// Lob's US verification API (https://docs.lob.com/#tag/US-Verifications, and the OpenAPI spec
// in lob/lob-openapi: resources/us_verifications), mounted at /lob/v1 like https://api.lob.com/v1.
// Its letters, and the webhooks about them, are in lob-letters.ts.
//
// It answers the way a live key does, with the answer built by the app's own offline
// Publication 28 standardizer (app/domain/address.ts): "deliverable" when the standardizer finds
// nothing wrong, "undeliverable" when it does (for example a ZIP code outside the state). Like
// Lob it writes the unit into primary_line and leaves secondary_line empty. It cannot know
// ZIP+4 codes, counties or carrier routes, so those are empty unless the request carried a +4.
// (A real *test* key answers with empty values unless given Lob's magic primary_line values;
// the stand-in does not copy that, or nothing could be tested.)
import { isUnitLine, parseZip, standardizeAddress, streetParts } from "../../../app/domain/address";
import type { StandInRequest, StandInResponse, Vendor } from "../server";
import { letterControlRoutes, letterRoutes, resetLetters } from "./lob-letters";

const lobError = (status: number, code: string, message: string): StandInResponse => ({
  status,
  body: { error: { message, status_code: status, code } },
});

/** Lob's two 401s: no credential at all, and a credential it never issued. */
function checkAuth(request: StandInRequest): StandInResponse | null {
  const header = request.headers.authorization;
  if (!header) return lobError(401, "unauthorized", "Missing authentication");
  const [scheme, encoded = ""] = header.split(" ");
  const user = scheme?.toLowerCase() === "basic" ? Buffer.from(encoded, "base64").toString("utf8").split(":")[0] : "";
  if (!user) return lobError(401, "invalid_api_key", "Your API key is not valid. Please sign up on lob.com to get a valid api key.");
  return null;
}

const text = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

function verify(request: StandInRequest): StandInResponse {
  const denied = checkAuth(request);
  if (denied) return denied;

  const body = (request.body && typeof request.body === "object" ? request.body : {}) as Record<string, unknown>;
  const primaryLine = text(body.primary_line).trim();
  const city = text(body.city).trim();
  const state = text(body.state).trim();
  const zipCode = text(body.zip_code).trim();

  if (!primaryLine && !text(body.address).trim()) return lobError(422, "invalid", "primary_line is required or address is required");
  if (!primaryLine) return lobError(422, "bad_request", "The stand-in answers only the components form, not a single-line address.");
  if (!zipCode && !(city && state)) return lobError(422, "invalid", "zip_code is required or both city and state are required");
  if (zipCode && !parseZip(zipCode)) return lobError(422, "invalid", "zip_code must be in a valid zip or zip+4 format");

  const standard = standardizeAddress({ street1: primaryLine, street2: text(body.secondary_line), city, state, zipCode });
  const deliverable = standard.problems.length === 0;
  const parts = streetParts(standard);
  const zip = parseZip(standard.zipCode);
  // Lob writes the unit on the primary line; anything else on the second line stays there.
  const unitOnSecondLine = standard.street2 && isUnitLine(standard.street2);
  const primary = unitOnSecondLine ? `${standard.street1} ${standard.street2}` : standard.street1;
  const secondary = unitOnSecondLine ? "" : standard.street2;
  const zipLine = zip ? (zip.plus4 ? `${zip.zip5}-${zip.plus4}` : zip.zip5) : standard.zipCode;
  const isPoBox = parts.recordType === "po_box";

  return {
    status: 200,
    body: {
      id: `us_ver_${crypto.randomUUID().replaceAll("-", "").slice(0, 13)}`,
      recipient: text(body.recipient).toUpperCase() || null,
      primary_line: primary,
      secondary_line: secondary,
      urbanization: text(body.urbanization).toUpperCase(),
      last_line: [standard.city, standard.state, zipLine].filter(Boolean).join(" "),
      deliverability: deliverable ? "deliverable" : "undeliverable",
      components: {
        primary_number: parts.primaryNumber,
        street_predirection: parts.predirection,
        street_name: parts.streetName,
        street_suffix: parts.suffix,
        street_postdirection: parts.postdirection,
        secondary_designator: isPoBox ? "" : parts.secondaryDesignator,
        secondary_number: isPoBox ? "" : parts.secondaryNumber,
        pmb_designator: "",
        pmb_number: "",
        extra_secondary_designator: "",
        extra_secondary_number: "",
        city: standard.city,
        state: standard.state,
        zip_code: zip?.zip5 ?? standard.zipCode,
        zip_code_plus_4: zip?.plus4 ?? "",
        zip_code_type: isPoBox ? "po_box" : "standard",
        delivery_point_barcode: "",
        address_type: deliverable ? (isPoBox ? "residential" : "") : "",
        record_type: deliverable ? (parts.recordType === "other" ? "" : parts.recordType) : "",
        default_building_address: false,
        county: "",
        county_fips: "",
        carrier_route: "",
        carrier_route_type: deliverable ? (isPoBox ? "po_box" : parts.recordType === "rural_route" ? "rural_route" : "city_delivery") : "",
        latitude: null,
        longitude: null,
      },
      deliverability_analysis: deliverable
        ? {
            dpv_confirmation: "Y",
            dpv_cmra: "N",
            dpv_vacant: "N",
            dpv_active: "Y",
            dpv_footnotes: ["AA", "BB"],
            ews_match: false,
            lacs_indicator: "",
            lacs_return_code: "",
            suite_return_code: "",
          }
        : {
            dpv_confirmation: "",
            dpv_cmra: "",
            dpv_vacant: "",
            dpv_active: "",
            dpv_footnotes: ["A1"],
            ews_match: false,
            lacs_indicator: "",
            lacs_return_code: "",
            suite_return_code: "",
          },
      // Lob scores from its own mail history; the stand-in has none for an undeliverable address.
      lob_confidence_score: deliverable ? { score: 100, level: "high" } : { score: null, level: "" },
      object: "us_verification",
    },
  };
}

export const lobVendor: Vendor = {
  name: "lob",
  prefix: "/lob/v1",
  routes: [{ method: "POST", path: "/us_verifications", handle: verify }, ...letterRoutes],
  controlRoutes: letterControlRoutes,
  resetState: resetLetters,
};
