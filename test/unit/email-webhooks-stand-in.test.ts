// The email stand-in's webhooks and the app agree: each message sent is followed by a Delivery
// record, or a hard Bounce for an address at the bouncing domain, carrying the Basic credentials
// the app's webhook checks, shaped so that the app reads what Postmark means.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailEventOf, type PostmarkRecord } from "~/domain/email-tracking";
import { isPostmarkWebhookCall } from "~/integrations/postmark-webhook.server";
import { startStandIns, type StandInServer } from "../stand-ins/server";
import {
  HARD_BOUNCE_ADDRESS,
  SOFT_BOUNCE_ADDRESS,
  EMAIL_STAND_IN_TOKEN,
  EMAIL_STAND_IN_WEBHOOK_PASSWORD,
  EMAIL_STAND_IN_WEBHOOK_USER,
  emailVendor,
} from "../stand-ins/vendors/email";

let standIns: StandInServer;
let hook: Server;
let hookUrl: string;
const delivered: { authorization: string | undefined; record: PostmarkRecord }[] = [];
let arrived: () => void = () => {};

beforeAll(async () => {
  standIns = await startStandIns({ port: 0, vendors: [emailVendor] });
  hook = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      delivered.push({ authorization: request.headers.authorization, record: JSON.parse(body) as PostmarkRecord });
      response.writeHead(200).end("{}");
      arrived();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/api/webhooks/postmark`;
});
afterAll(async () => {
  await standIns.close();
  await new Promise((resolve) => hook.close(resolve));
});
beforeEach(() => {
  delivered.length = 0;
});

/** Resolves once `count` records have reached the hook, however long that takes. */
function recordsArrived(count: number) {
  return new Promise<void>((resolve) => {
    arrived = () => {
      if (delivered.length >= count) resolve();
    };
    arrived();
  });
}

const control = (path: string, body: unknown) =>
  fetch(`${standIns.url}/__stand-ins/email${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

async function send(to: string) {
  const response = await fetch(`${standIns.url}/email/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Postmark-Server-Token": EMAIL_STAND_IN_TOKEN },
    body: JSON.stringify({ From: "hello@quietmailbox.local", To: to, Subject: "Please remove Ada", TextBody: "Hello", Tag: "opt-out" }),
  });
  return ((await response.json()) as { MessageID: string }).MessageID;
}

const credentials = { user: EMAIL_STAND_IN_WEBHOOK_USER, password: EMAIL_STAND_IN_WEBHOOK_PASSWORD };

describe("the email stand-in's webhooks", () => {
  it("follow each message with its Delivery, or a hard Bounce for Postmark's fake-bounce address, with the webhook's credentials", async () => {
    expect((await control("/webhook-endpoint", { url: hookUrl, delayMs: 0 })).status).toBe(200);
    const deliveredId = await send("privacy@acme.test");
    const bouncedId = await send(HARD_BOUNCE_ADDRESS.replace("hardbounce", "Hard_Bounce"));
    await recordsArrived(2);
    await control("/webhook-endpoint", { url: null });

    for (const { authorization } of delivered) expect(await isPostmarkWebhookCall(authorization ?? null, credentials)).toBe(true);
    const byMessage = new Map(delivered.map(({ record }) => [record.MessageID, record]));
    expect(byMessage.get(deliveredId)).toMatchObject({ RecordType: "Delivery", Recipient: "privacy@acme.test", MessageStream: "outbound" });
    expect(emailEventOf(byMessage.get(deliveredId)!)?.kind).toBe("delivered");
    expect(byMessage.get(bouncedId)).toMatchObject({ RecordType: "Bounce", Type: "HardBounce", TypeCode: 1, Inactive: true });
    expect(emailEventOf(byMessage.get(bouncedId)!)?.kind).toBe("bounced");
  });

  it("follow a message to the soft-bounce address with a SoftBounce, which the app reads as Postmark having stopped trying", async () => {
    expect((await control("/webhook-endpoint", { url: hookUrl, delayMs: 0 })).status).toBe(200);
    const softId = await send(SOFT_BOUNCE_ADDRESS);
    await recordsArrived(1);
    await control("/webhook-endpoint", { url: null });
    const record = delivered.find(({ record }) => record.MessageID === softId)!.record;
    expect(record).toMatchObject({ RecordType: "Bounce", Type: "SoftBounce", TypeCode: 4096, Inactive: false });
    expect(emailEventOf(record)?.kind).toBe("undelivered");
  });

  it("send one record of a message on request, and say what the app answered", async () => {
    const messageId = await send("privacy@acme.test");
    const answer = await control(`/messages/${messageId}/events`, { type: "SpamComplaint", url: hookUrl });
    expect(await answer.json()).toMatchObject({ status: 200, record: { RecordType: "SpamComplaint", MessageID: messageId } });
    expect(emailEventOf(delivered[0]!.record)?.kind).toBe("spamComplaint");
    expect((await control(`/messages/${messageId}/events`, { type: "Open", url: hookUrl })).status).toBe(400);
    expect((await control("/messages/nope/events", { type: "Delivery", url: hookUrl })).status).toBe(404);
  });
});
