import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LOB_SIGNATURE_TOLERANCE_MS, lobSignature, verifyLobSignature } from "./lob-webhook.server";

const SECRET = "lob_unit_test_webhook_secret";
const BODY = JSON.stringify({ id: "evt_1", event_type: { id: "letter.mailed" }, body: { id: "ltr_1" } });
const NOW = 1_764_000_000_000;
// Computed apart from the code under test: hex HMAC-SHA256 of "<timestamp>.<body>".
const signed = (timestamp: string, body = BODY, secret = SECRET) =>
  createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

describe("verifyLobSignature", () => {
  it("accepts Lob's signature over the timestamp and the raw body, in milliseconds or seconds", async () => {
    expect(await verifyLobSignature(SECRET, { timestamp: String(NOW), signature: signed(String(NOW)) }, BODY, NOW)).toEqual({ ok: true });
    const seconds = String(NOW / 1000 - 30);
    expect(await verifyLobSignature(SECRET, { timestamp: seconds, signature: signed(seconds) }, BODY, NOW)).toEqual({ ok: true });
    expect(await lobSignature(SECRET, String(NOW), BODY)).toBe(signed(String(NOW)));
  });

  it("refuses a body changed after signing, another secret, and a signature of another timestamp", async () => {
    const timestamp = String(NOW);
    const check = (signature: string, body = BODY) => verifyLobSignature(SECRET, { timestamp, signature }, body, NOW);
    expect(await check(signed(timestamp), BODY.replace("mailed", "returned_to_sender"))).toEqual({ ok: false, reason: "mismatch" });
    expect(await check(signed(timestamp, BODY, "another_secret"))).toEqual({ ok: false, reason: "mismatch" });
    expect(await check(signed(String(NOW - 1)))).toEqual({ ok: false, reason: "mismatch" });
    expect(await check("not-hex")).toEqual({ ok: false, reason: "mismatch" });
  });

  it("refuses a stale or future timestamp, and missing headers", async () => {
    const old = String(NOW - LOB_SIGNATURE_TOLERANCE_MS - 1);
    expect(await verifyLobSignature(SECRET, { timestamp: old, signature: signed(old) }, BODY, NOW)).toEqual({ ok: false, reason: "stale" });
    const future = String(NOW + LOB_SIGNATURE_TOLERANCE_MS + 1);
    expect(await verifyLobSignature(SECRET, { timestamp: future, signature: signed(future) }, BODY, NOW)).toEqual({
      ok: false,
      reason: "stale",
    });
    expect(await verifyLobSignature(SECRET, { timestamp: null, signature: signed(String(NOW)) }, BODY, NOW)).toEqual({
      ok: false,
      reason: "missing",
    });
  });
});
