// The Lob client's letters and the Lob stand-in agree: a letter is made once per idempotency key,
// read back, refused like Lob refuses it, and its tracking events reach the webhook signed as the
// app's webhook checks them.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLobClient, type LobLetterRequest } from "~/integrations/lob.server";
import { verifyLobSignature } from "~/integrations/lob-webhook.server";
import { startStandIns, type StandInServer } from "../stand-ins/server";
import { lobVendor } from "../stand-ins/vendors/lob";
import { LOB_STAND_IN_WEBHOOK_SECRET } from "../stand-ins/vendors/lob-letters";

let standIns: StandInServer;
let hook: Server;
let hookUrl: string;
const delivered: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];

beforeAll(async () => {
  standIns = await startStandIns({ port: 0, vendors: [lobVendor] });
  hook = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      delivered.push({ headers: request.headers, body });
      response.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/api/webhooks/lob`;
});
afterAll(async () => {
  await standIns.close();
  await new Promise((resolve) => hook.close(resolve));
});
beforeEach(() => {
  standIns.reset();
  delivered.length = 0;
});

const lob = () => createLobClient({ apiKey: "test_stand_in_key", baseUrl: `${standIns.url}/lob/v1` });
const letter: LobLetterRequest = {
  description: "Opt-out letter to Acme",
  to: {
    company: "Acme",
    address_line1: "1 Long Street",
    address_city: "Springfield",
    address_state: "IL",
    address_zip: "62701",
    address_country: "US",
  },
  from: {
    name: "Ada Lovelace",
    address_line1: "12 MAIN ST",
    address_city: "SPRINGFIELD",
    address_state: "IL",
    address_zip: "62701",
    address_country: "US",
  },
  file: "<html><body><p>Please remove my name.</p></body></html>",
  color: false,
  double_sided: false,
  address_placement: "top_first_page",
  use_type: "operational",
  mail_type: "usps_first_class",
  metadata: { requestId: "acme" },
};

describe("letters", () => {
  it("makes one letter per idempotency key, and reads it back", async () => {
    const first = await lob().createLetter(letter, { idempotencyKey: "key-1" });
    const again = await lob().createLetter(letter, { idempotencyKey: "key-1" });
    const other = await lob().createLetter(letter, { idempotencyKey: "key-2" });
    expect(first).toMatchObject({ ok: true, letter: { id: expect.stringMatching(/^ltr_[0-9a-f]{16}$/) } });
    if (!first.ok || !again.ok || !other.ok) return;
    expect(first.letter.expected_delivery_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(again.letter.id).toBe(first.letter.id);
    expect(other.letter.id).not.toBe(first.letter.id);
    const read = await fetch(`${standIns.url}/lob/v1/letters/${first.letter.id}`, { headers: { Authorization: `Basic ${btoa("k:")}` } });
    expect(await read.json()).toMatchObject({ id: first.letter.id, object: "letter", use_type: "operational", tracking_events: [] });
    expect(standIns.recorded("lob").map((call) => call.headers["idempotency-key"])).toEqual(["key-1", "key-1", "key-2", undefined]);
  });

  it("makes a letter whose answer is lost when told to, and answers it to the same key again", async () => {
    const faults = await fetch(`${standIns.url}/__stand-ins/lob/faults`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ answerLostEvery: 1 }),
    });
    expect(faults.status).toBe(200);
    const lost = await lob().createLetter(letter, { idempotencyKey: "key-lost" });
    await fetch(`${standIns.url}/__stand-ins/lob/faults`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: "{}" });
    const retried = await lob().createLetter(letter, { idempotencyKey: "key-lost" });
    expect(lost).toMatchObject({ ok: false, status: 502 });
    const made = (await (await fetch(`${standIns.url}/__stand-ins/lob/letters`)).json()) as { id: string; idempotencyKey: string }[];
    const ofKey = made.filter((entry) => entry.idempotencyKey === "key-lost");
    expect(ofKey).toHaveLength(1);
    expect(retried).toMatchObject({ ok: true, letter: { id: ofKey[0]!.id } });
  });

  it("forgets an idempotency key after 24 hours, as Lob does, by the clock tests move", async () => {
    const first = await lob().createLetter(letter, { idempotencyKey: "key-day" });
    const put = (body: unknown) =>
      fetch(`${standIns.url}/__stand-ins/lob/clock`, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await put({ advanceMs: 23 * 3_600_000, requestId: "acme" })).status).toBe(200);
    const within = await lob().createLetter(letter, { idempotencyKey: "key-day" });
    expect((await put({ advanceMs: 2 * 3_600_000, requestId: "acme" })).status).toBe(200);
    const after = await lob().createLetter(letter, { idempotencyKey: "key-day" });
    if (!first.ok || !within.ok || !after.ok) throw new Error("no letter");
    expect(within.letter.id).toBe(first.letter.id);
    expect(after.letter.id).not.toBe(first.letter.id);
  });

  it("lists letters by their metadata, newest first, as Lob's list filter does", async () => {
    const mine = await lob().createLetter({ ...letter, metadata: { requestId: "listed", userId: "u1" } }, { idempotencyKey: "key-m1" });
    await lob().createLetter({ ...letter, metadata: { requestId: "listed", userId: "u2" } }, { idempotencyKey: "key-m2" });
    const found = await lob().findLetters({ requestId: "listed", userId: "u1" });
    if (!mine.ok || !found.ok) throw new Error("no letter");
    expect(found.letters.map((entry) => [entry.id, entry.metadata, entry.neverMailed])).toEqual([
      [mine.letter.id, { requestId: "listed", userId: "u1" }, false],
    ]);
    expect(standIns.recorded("lob").at(-1)).toMatchObject({
      method: "GET",
      path: "/letters",
      query: { "metadata[requestId]": "listed", "metadata[userId]": "u1", limit: "100" },
    });
    const everything = await fetch(`${standIns.url}/lob/v1/letters?metadata[requestId]=listed`, {
      headers: { Authorization: `Basic ${btoa("k:")}` },
    });
    expect(await everything.json()).toMatchObject({
      object: "list",
      count: 2,
      data: [{ metadata: { userId: "u2" } }, { metadata: { userId: "u1" } }],
    });
  });

  it("refuses a letter Lob would refuse, with Lob's error shape", async () => {
    const answer = await lob().createLetter({ ...letter, to: { ...letter.to, company: "x".repeat(41) } }, { idempotencyKey: "key-3" });
    expect(answer).toEqual({
      ok: false,
      status: 422,
      error: { message: "to.company must be at most 40 characters", status_code: 422, code: "invalid" },
    });
  });
});

describe("webhooks", () => {
  it("sends a letter's event to the webhook, signed as the app checks it", async () => {
    const made = await lob().createLetter(letter, { idempotencyKey: "key-4" });
    if (!made.ok) throw new Error("no letter");
    const sent = await fetch(`${standIns.url}/__stand-ins/lob/letters/${made.letter.id}/events`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ type: "letter.returned_to_sender", url: hookUrl }),
    });
    expect(await sent.json()).toMatchObject({ status: 200 });
    expect(delivered).toHaveLength(1);
    const { headers, body } = delivered[0]!;
    const check = await verifyLobSignature(
      LOB_STAND_IN_WEBHOOK_SECRET,
      { signature: String(headers["lob-signature"]), timestamp: String(headers["lob-signature-timestamp"]) },
      body,
    );
    expect(check).toEqual({ ok: true });
    expect(JSON.parse(body)).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      event_type: { id: "letter.returned_to_sender", resource: "letters" },
      reference_id: made.letter.id,
      body: { id: made.letter.id, tracking_events: [{ name: "Returned to Sender", type: "normal" }] },
    });
  });

  it("marks a letter failed or deleted with the event that says so, as Lob's list then shows it", async () => {
    const made = await lob().createLetter({ ...letter, metadata: { requestId: "failing" } }, { idempotencyKey: "key-fail" });
    if (!made.ok) throw new Error("no letter");
    await fetch(`${standIns.url}/__stand-ins/lob/letters/${made.letter.id}/events`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ type: "letter.failed", url: hookUrl }),
    });
    expect(JSON.parse(delivered[0]!.body)).toMatchObject({
      event_type: { id: "letter.failed" },
      body: { id: made.letter.id, status: "failed", failure_reason: { failure_reason: expect.any(String) } },
    });
    const found = await lob().findLetters({ requestId: "failing" });
    expect(found).toMatchObject({ ok: true, letters: [{ id: made.letter.id, neverMailed: true }] });
  });

  it("sends no tracking event when told Lob sends none (test keys, editions without them)", async () => {
    const endpoint = (body: unknown) =>
      fetch(`${standIns.url}/__stand-ins/lob/webhook-endpoint`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    await endpoint({ url: hookUrl, stepMs: 0, tracking: "none" });
    await lob().createLetter(letter, { idempotencyKey: "key-quiet" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(delivered).toEqual([]);
    await endpoint({ url: null, tracking: "all" });
  });

  it("follows each new letter with its tracking events once a webhook endpoint is set", async () => {
    await fetch(`${standIns.url}/__stand-ins/lob/webhook-endpoint`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ url: hookUrl, stepMs: 0 }),
    });
    await lob().createLetter(letter, { idempotencyKey: "key-5" });
    await expect.poll(() => delivered.length).toBe(5);
    expect(delivered.map(({ body }) => (JSON.parse(body) as { event_type: { id: string } }).event_type.id).sort()).toEqual([
      "letter.delivered",
      "letter.in_local_area",
      "letter.in_transit",
      "letter.mailed",
      "letter.processed_for_delivery",
    ]);
    await fetch(`${standIns.url}/__stand-ins/lob/webhook-endpoint`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ url: null }),
    });
  });
});
