// The Lob client and the Lob stand-in agree: the app's real client, pointed at the stand-in the
// way `npm start` and the tests point it, gets Lob's shapes and status codes back, and the
// stand-in records what was sent.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addressFromResult, verifyAddress, verifyOffline } from "~/integrations/address-verification.server";
import { createLobClient, type LobEnv } from "~/integrations/lob.server";
import { startStandIns, type StandInServer } from "../stand-ins/server";
import { lobVendor } from "../stand-ins/vendors/lob";

const typed = { street1: "12 north main street", street2: "apartment 4b", city: "springfield", state: "illinois", zipCode: "62701" };

let standIns: StandInServer;
let env: LobEnv & { LOB_API_KEY: string };

beforeAll(async () => {
  standIns = await startStandIns({ port: 0, vendors: [lobVendor] });
  env = { LOB_API_KEY: "test_stand_in_key", LOB_API_URL: `${standIns.url}/lob/v1` };
});
afterAll(() => standIns.close());

/** The client as address verification builds it from the env. */
const lobClient = () => createLobClient({ apiKey: env.LOB_API_KEY, baseUrl: env.LOB_API_URL });
beforeEach(() => standIns.reset());

describe("Lob client against the stand-in", () => {
  it("gets a us_verification back, standardized like Lob, with the unit on the primary line", async () => {
    const answer = await lobClient().verifyUsAddress({
      primary_line: typed.street1,
      secondary_line: typed.street2,
      city: typed.city,
      state: typed.state,
      zip_code: typed.zipCode,
    });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.status).toBe(200);
    expect(answer.verification).toMatchObject({
      id: expect.stringMatching(/^us_ver_[a-f0-9]+$/),
      primary_line: "12 N MAIN ST APT 4B",
      secondary_line: "",
      last_line: "SPRINGFIELD IL 62701",
      deliverability: "deliverable",
      components: {
        primary_number: "12",
        street_predirection: "N",
        street_name: "MAIN",
        street_suffix: "ST",
        street_postdirection: "",
        secondary_designator: "APT",
        secondary_number: "4B",
        city: "SPRINGFIELD",
        state: "IL",
        zip_code: "62701",
        zip_code_plus_4: "",
        record_type: "highrise",
      },
      deliverability_analysis: { dpv_confirmation: "Y" },
      lob_confidence_score: { score: 100, level: "high" },
      object: "us_verification",
    });
  });

  it("sends the key as the Basic user name with an empty password, and a JSON body; the stand-in records it", async () => {
    await lobClient().verifyUsAddress({ primary_line: "1 Main St", city: "Springfield", state: "IL", zip_code: "62701" });
    const [request] = standIns.recorded("lob");
    expect(request).toMatchObject({
      method: "POST",
      path: "/us_verifications",
      body: { primary_line: "1 Main St", city: "Springfield", state: "IL", zip_code: "62701" },
    });
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from("test_stand_in_key:").toString("base64")}`);
    expect(request!.headers["content-type"]).toBe("application/json");
  });

  it("answers 401 unauthorized without credentials, like Lob", async () => {
    const response = await fetch(`${env.LOB_API_URL}/us_verifications`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ primary_line: "1 Main St", zip_code: "62701" }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { message: "Missing authentication", status_code: 401, code: "unauthorized" } });
  });

  it("passes Lob's 401 for a key it does not accept through the client", async () => {
    const answer = await createLobClient({ apiKey: "", baseUrl: env.LOB_API_URL }).verifyUsAddress({
      primary_line: "1 Main St",
      zip_code: "62701",
    });
    expect(answer).toEqual({
      ok: false,
      status: 401,
      error: {
        message: "Your API key is not valid. Please sign up on lob.com to get a valid api key.",
        status_code: 401,
        code: "invalid_api_key",
      },
    });
    expect(standIns.recorded("lob")).toHaveLength(1);
  });

  it("answers 422 like Lob when primary_line or the city, state and ZIP are missing", async () => {
    const lob = lobClient();
    expect(await lob.verifyUsAddress({ primary_line: "", zip_code: "62701" })).toEqual({
      ok: false,
      status: 422,
      error: { message: "primary_line is required or address is required", status_code: 422, code: "invalid" },
    });
    expect(await lob.verifyUsAddress({ primary_line: "1 Main St", city: "Springfield" })).toMatchObject({
      status: 422,
      error: { message: "zip_code is required or both city and state are required" },
    });
  });

  it("says undeliverable when the standardizer finds a problem", async () => {
    const answer = await lobClient().verifyUsAddress({
      primary_line: "1 Main St",
      city: "Springfield",
      state: "IL",
      zip_code: "10001",
    });
    expect(answer).toMatchObject({
      ok: true,
      verification: { deliverability: "undeliverable", deliverability_analysis: { dpv_confirmation: "" } },
    });
  });
});

describe("verifyAddress", () => {
  it("with a key, answers the product rules' shape from Lob's answer", async () => {
    const answer = await verifyAddress(env, typed);
    expect(answer).toEqual({
      status: 200,
      result: {
        primary_line: "12 N MAIN ST APT 4B",
        secondary_line: "",
        components: { city: "SPRINGFIELD", state: "IL", zip_code: "62701" },
        deliverability: "deliverable",
      },
    });
    expect(standIns.recorded("lob")[0]!.body).toEqual({
      primary_line: "12 north main street",
      secondary_line: "apartment 4b",
      city: "springfield",
      state: "illinois",
      zip_code: "62701",
    });
    // The draft keeps the unit on its own line and the 5-digit ZIP code.
    expect(addressFromResult(answer.result!)).toEqual({
      street1: "12 N MAIN ST",
      street2: "APT 4B",
      city: "SPRINGFIELD",
      state: "IL",
      zipCode: "62701",
    });
  });

  it("keeps the 5-digit ZIP code even when Lob knows the +4", async () => {
    const answer = await verifyAddress(env, { ...typed, zipCode: "62701-1234" });
    expect(answer.result?.components.zip_code).toBe("62701");
  });

  it("passes Lob's failure status through with no result", async () => {
    await fetch(`${standIns.url}/__stand-ins/faults`, { method: "POST", body: JSON.stringify({ vendor: "lob", status: 500 }) });
    expect(await verifyAddress(env, typed)).toEqual({ status: 500, result: null });
  });

  it("answers 502 when Lob cannot be reached", async () => {
    const closed = await unusedPort();
    expect(await verifyAddress({ ...env, LOB_API_URL: `http://127.0.0.1:${closed}/v1` }, typed)).toEqual({
      status: 502,
      result: null,
    });
  });

  it("answers 504 when Lob does not answer in time", async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
      expect(await verifyAddress({ ...env, LOB_API_URL: url }, typed, { timeoutMs: 100 })).toEqual({
        status: 504,
        result: null,
      });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("without a key, standardizes offline and never calls Lob", async () => {
    const answer = await verifyAddress({ LOB_API_KEY: undefined, LOB_API_URL: env.LOB_API_URL }, typed);
    expect(answer).toEqual({
      status: 200,
      result: {
        primary_line: "12 N MAIN ST",
        secondary_line: "APT 4B",
        components: { city: "SPRINGFIELD", state: "IL", zip_code: "62701" },
        deliverability: "deliverable",
        problems: [],
      },
    });
    expect(standIns.recorded("lob")).toHaveLength(0);
    // Both verifiers fill the draft the same way.
    const fromLob = await verifyAddress(env, typed);
    expect(addressFromResult(answer.result!)).toEqual(addressFromResult(fromLob.result!));
  });

  it("offline, says undeliverable and why when the ZIP code is not in the state", () => {
    expect(verifyOffline({ ...typed, zipCode: "10001" }).result).toMatchObject({
      deliverability: "undeliverable",
      problems: ["The ZIP code 10001 is not in IL."],
    });
  });
});

describe("addressFromResult", () => {
  it("moves a unit out of the primary line only when the secondary line is empty", () => {
    const result = {
      primary_line: "185 BERRY ST STE 6100",
      secondary_line: "",
      components: { city: "SAN FRANCISCO", state: "CA", zip_code: "94107" },
      deliverability: "deliverable" as const,
    };
    expect(addressFromResult(result)).toMatchObject({ street1: "185 BERRY ST", street2: "STE 6100" });
    expect(addressFromResult({ ...result, secondary_line: "C/O LOB" })).toMatchObject({
      street1: "185 BERRY ST STE 6100",
      street2: "C/O LOB",
    });
    expect(addressFromResult({ ...result, primary_line: "PO BOX 42" })).toMatchObject({ street1: "PO BOX 42", street2: "" });
    // Lob's own words are kept: no re-standardizing ("WEST END AVE" is a name, not a directional).
    expect(addressFromResult({ ...result, primary_line: "100 WEST END AVE" })).toMatchObject({ street1: "100 WEST END AVE", street2: "" });
  });
});

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
