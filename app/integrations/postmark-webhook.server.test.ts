import { describe, expect, it } from "vitest";
import { isPostmarkWebhookCall } from "./postmark-webhook.server";

const EXPECTED = { user: "postmark", password: "s3cret:with-colon" };
// Built apart from the code under test: what an HTTP client sends for https://<user>:<password>@host/.
const basic = (credentials: string) => `Basic ${Buffer.from(credentials, "utf8").toString("base64")}`;

describe("isPostmarkWebhookCall", () => {
  it("accepts the webhook URL's user name and password as HTTP Basic credentials", async () => {
    expect(await isPostmarkWebhookCall(basic("postmark:s3cret:with-colon"), EXPECTED)).toBe(true);
    expect(await isPostmarkWebhookCall(`basic  ${Buffer.from("postmark:s3cret:with-colon").toString("base64")}`, EXPECTED)).toBe(true);
  });

  it("refuses no credentials, other credentials and other schemes", async () => {
    for (const header of [
      null,
      "",
      basic("postmark:s3cret"),
      basic("Postmark:s3cret:with-colon"),
      basic("postmark"),
      "Bearer s3cret:with-colon",
      "Basic ***",
    ]) {
      expect(await isPostmarkWebhookCall(header, EXPECTED)).toBe(false);
    }
  });

  it("refuses everything when the expected credentials are empty", async () => {
    expect(await isPostmarkWebhookCall(basic(":"), { user: "", password: "" })).toBe(false);
  });
});
