// The Postmark stand-in keeps what it sent and searches it as Postmark's Messages API does; the
// stand-in server can fail one call in N. Both are what the background-work tests rely on.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startStandIns, type StandInServer } from "../stand-ins/server";
import { EMAIL_STAND_IN_TOKEN, emailVendor } from "../stand-ins/vendors/email";

let standIns: StandInServer;

beforeAll(async () => {
  standIns = await startStandIns({ port: 0, vendors: [emailVendor] });
});
afterAll(() => standIns.close());
beforeEach(async () => {
  await fetch(`${standIns.url}/__stand-ins/requests`, { method: "DELETE" });
});

const headers = { "Content-Type": "application/json", Accept: "application/json", "X-Postmark-Server-Token": EMAIL_STAND_IN_TOKEN };

function send(fields: Record<string, unknown>) {
  const message = { From: "hello@quietmailbox.local", To: "ada@quietmailbox.test", Subject: "Hi", TextBody: "Hello", ...fields };
  return fetch(`${standIns.url}/email/email`, { method: "POST", headers, body: JSON.stringify(message) });
}

function search(query: Record<string, string>) {
  return fetch(`${standIns.url}/email/messages/outbound?${new URLSearchParams(query)}`, { headers });
}

describe("the email stand-in's outbound search", () => {
  it("finds a message by one metadata field, newest first, without its body", async () => {
    await send({ Subject: "First", Metadata: { job: "job-1" } });
    await send({ Subject: "Second", Metadata: { job: "job-2" } });
    const answer = await search({ count: "10", offset: "0", metadata_job: "job-2" });
    expect(answer.status).toBe(200);
    const found = (await answer.json()) as { TotalCount: number; Messages: Record<string, unknown>[] };
    expect(found.TotalCount).toBe(1);
    expect(found.Messages[0]).toMatchObject({
      Subject: "Second",
      Metadata: { job: "job-2" },
      MessageID: expect.any(String),
      Status: "Sent",
    });
    expect(found.Messages[0]).not.toHaveProperty("TextBody");
    expect(((await (await search({ count: "10", offset: "0", metadata_job: "job-3" })).json()) as { TotalCount: number }).TotalCount).toBe(
      0,
    );
  });

  it("requires count and offset, and one metadata field at a time, as Postmark does", async () => {
    expect((await search({ offset: "0" })).status).toBe(422);
    expect((await search({ count: "501", offset: "0" })).status).toBe(422);
    expect((await search({ count: "1", offset: "0", metadata_a: "1", metadata_b: "2" })).status).toBe(422);
  });

  it("refuses metadata that is not text", async () => {
    const answer = await send({ Metadata: { job: 42 } });
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({ ErrorCode: 300 });
  });

  it("shows what was sent on the outbox page, escaped", async () => {
    await send({
      Subject: "Has mail from <Acme> stopped?",
      TextBody: "Line one\nLine two",
      ReplyTo: "reply+abc@replies.quietmailbox.local",
    });
    const page = await fetch(`${standIns.url}/__stand-ins/email/outbox`);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("Has mail from &lt;Acme&gt; stopped?");
    expect(html).toContain("Reply-To: reply+abc@replies.quietmailbox.local");
    expect(html).toContain("Line one\nLine two");
  });
});

describe("faults one call in N", () => {
  it("fails every third matching call until it has failed `times` calls, and records each answer", async () => {
    await fetch(`${standIns.url}/__stand-ins/faults`, {
      method: "POST",
      body: JSON.stringify({ vendor: "email", status: 503, every: 3, times: 2 }),
    });
    const statuses = [];
    for (let call = 0; call < 9; call += 1) statuses.push((await send({})).status);
    expect(statuses).toEqual([200, 200, 503, 200, 200, 503, 200, 200, 200]);
    expect(standIns.recorded("email").map((request) => request.answeredStatus)).toEqual(statuses);
  });

  it("refuses an `every` that is not a whole number from 1, and forgets faults on DELETE", async () => {
    expect(
      (
        await fetch(`${standIns.url}/__stand-ins/faults`, {
          method: "POST",
          body: JSON.stringify({ vendor: "email", status: 503, every: 0 }),
        })
      ).status,
    ).toBe(400);
    await fetch(`${standIns.url}/__stand-ins/faults`, { method: "POST", body: JSON.stringify({ vendor: "email", status: 503 }) });
    expect((await fetch(`${standIns.url}/__stand-ins/faults`, { method: "DELETE" })).status).toBe(204);
    expect((await send({})).status).toBe(200);
  });
});

describe("the email stand-in's batch endpoint", () => {
  const batch = (messages: unknown) =>
    fetch(`${standIns.url}/email/email/batch`, { method: "POST", headers, body: JSON.stringify(messages) });
  const message = (fields: Record<string, unknown>) => ({
    From: "hello@quietmailbox.local",
    To: "ada@quietmailbox.test",
    Subject: "Hi",
    TextBody: "Hello",
    ...fields,
  });

  it("answers 200 with one result per message, in their order, and sends only the ones it takes", async () => {
    const answer = await batch([
      message({ Metadata: { job: "batch-1" } }),
      message({ To: "gone@example.invalid", Metadata: { job: "batch-2" } }),
      message({ Subject: "", Metadata: { job: "batch-3" } }),
      message({ Metadata: { job: "batch-4" } }),
    ]);
    expect(answer.status).toBe(200);
    const results = (await answer.json()) as Record<string, unknown>[];
    expect(results).toEqual([
      expect.objectContaining({ ErrorCode: 0, Message: "OK", MessageID: expect.any(String), To: "ada@quietmailbox.test" }),
      expect.objectContaining({ ErrorCode: 406 }),
      expect.objectContaining({ ErrorCode: 300 }),
      expect.objectContaining({ ErrorCode: 0 }),
    ]);
    const found = (await (await search({ count: "10", offset: "0" })).json()) as { Messages: { Metadata: { job: string } }[] };
    expect(found.Messages.map((sent) => sent.Metadata.job)).toEqual(["batch-4", "batch-1"]);
  });

  it("refuses a body that is not a list, more than 500 messages, and a wrong token, as a whole", async () => {
    expect((await batch(message({}))).status).toBe(422);
    expect((await batch(Array.from({ length: 501 }, () => message({})))).status).toBe(422);
    const wrongToken = await fetch(`${standIns.url}/email/email/batch`, {
      method: "POST",
      headers: { ...headers, "X-Postmark-Server-Token": "wrong" },
      body: JSON.stringify([message({})]),
    });
    expect(wrongToken.status).toBe(401);
  });
});
