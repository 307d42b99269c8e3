import { describe, expect, it } from "vitest";
import { newReplyToken, replyAddress, replyTokenFrom } from "~/domain/reply-address";

const DOMAIN = "replies.quietmailbox.local";
const TOKEN = "abcdefghijklmnopqrstuvwxyz";

describe("reply tokens", () => {
  it("are 26 lowercase base32 characters, different every time", () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newReplyToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{26}$/);
  });

  it("write all 128 random bits", () => {
    expect(newReplyToken(new Uint8Array(16))).toBe("a".repeat(26));
    expect(newReplyToken(new Uint8Array(16).fill(255))).toBe(`${"7".repeat(25)}4`);
    expect(newReplyToken(Uint8Array.from([0xff, ...new Array(15).fill(0)]))).toBe(`74${"a".repeat(24)}`);
  });
});

describe("reply addresses", () => {
  it("put the token after reply+ at the reply domain", () => {
    expect(replyAddress(TOKEN, DOMAIN)).toBe(`reply+${TOKEN}@${DOMAIN}`);
    expect(replyAddress(TOKEN, "Replies.QuietMailbox.com")).toBe(`reply+${TOKEN}@replies.quietmailbox.com`);
  });

  it("give their token back, in any case, with or without a display name and angle brackets", () => {
    const address = replyAddress(TOKEN, DOMAIN);
    for (const recipient of [address, address.toUpperCase(), `<${address}>`, `"Quiet Mailbox" <${address}>`, ` Replies <${address}> `]) {
      expect(replyTokenFrom(recipient, DOMAIN), recipient).toBe(TOKEN);
    }
    expect(replyTokenFrom(address, DOMAIN.toUpperCase())).toBe(TOKEN);
    expect(replyTokenFrom(replyAddress(newReplyToken(), DOMAIN), DOMAIN)).toMatch(/^[a-z2-7]{26}$/);
  });

  it("refuse every other address", () => {
    for (const recipient of [
      `reply+${TOKEN}@quietmailbox.local`,
      `reply+${TOKEN}@${DOMAIN}.evil.test`,
      `reply+${TOKEN}@evil.${DOMAIN}`,
      `reply-${TOKEN}@${DOMAIN}`,
      `${TOKEN}@${DOMAIN}`,
      `reply+@${DOMAIN}`,
      `reply+${TOKEN.slice(1)}@${DOMAIN}`,
      `reply+${TOKEN}a@${DOMAIN}`,
      `reply+${TOKEN.slice(1)}1@${DOMAIN}`,
      `reply+${TOKEN}+extra@${DOMAIN}`,
      `reply+${TOKEN}`,
      `staff@${DOMAIN}`,
      "",
      "<>",
    ]) {
      expect(replyTokenFrom(recipient, DOMAIN), recipient).toBeNull();
    }
  });
});
