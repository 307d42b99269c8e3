import { describe, expect, it } from "vitest";
import { newReplyToken } from "~/domain/reply-address";
import {
  confirmationContent,
  isAddressAt,
  isForwardingConfirmation,
  MAILBOX_LIMITS,
  mailboxAddress,
  mailboxTokenFrom,
  utcDay,
} from "./mailbox";

const DOMAIN = "mailbox.quietmailbox.com";

describe("an inbound address", () => {
  it("is read back to its token in any case, bracketed or named, and nothing else is", () => {
    const token = newReplyToken();
    const address = mailboxAddress(token, "Mailbox.QuietMailbox.com");
    expect(address).toBe(`${token}@${DOMAIN}`);
    expect(mailboxTokenFrom(address, DOMAIN)).toBe(token);
    expect(mailboxTokenFrom(`Jane <${address.toUpperCase()}>`, DOMAIN)).toBe(token);
    expect(mailboxTokenFrom(`${token}@replies.quietmailbox.com`, DOMAIN)).toBeNull();
    expect(mailboxTokenFrom(`reply+${token}@${DOMAIN}`, DOMAIN)).toBeNull();
    expect(mailboxTokenFrom(`${token.slice(1)}@${DOMAIN}`, DOMAIN)).toBeNull();
    expect(isAddressAt(`anything@${DOMAIN.toUpperCase()}`, DOMAIN)).toBe(true);
    expect(isAddressAt(`reply+abc@replies.quietmailbox.com`, DOMAIN)).toBe(false);
  });
});

describe("a forwarding confirmation", () => {
  const subject = "(#583920417) Gmail Forwarding Confirmation - Receive Mail from jane.doe@gmail.com";

  it("is Gmail's, from its forwarding address with its subject", () => {
    expect(isForwardingConfirmation({ fromAddress: "Forwarding-Noreply@google.com", subject })).toBe(true);
    expect(isForwardingConfirmation({ fromAddress: "forwarding-noreply@google.com.evil.example", subject })).toBe(false);
    expect(isForwardingConfirmation({ fromAddress: "forwarding-noreply@google.com", subject: "Your Google Account" })).toBe(false);
  });

  it("is Gmail's in any language, by its sender and its confirmation code", () => {
    const from = "forwarding-noreply@google.com";
    expect(
      isForwardingConfirmation({
        fromAddress: from,
        subject: "(#583920417) Confirmación de reenvío de Gmail - Recibir correo de ana@gmail.com",
      }),
    ).toBe(true);
    expect(isForwardingConfirmation({ fromAddress: from, subject: "(#583920417) (Gmail) 转发确认 - 接收来自 li@gmail.com 的邮件" })).toBe(
      true,
    );
    expect(isForwardingConfirmation({ fromAddress: from, subject: "(Gmail) 转发确认", text: "确认码：583920417" })).toBe(true);
    expect(
      isForwardingConfirmation({ fromAddress: "someone@evil.example", subject: "(#583920417) Confirmación de reenvío de Gmail" }),
    ).toBe(false);
  });

  it("is kept as tidy plain text within its caps, from the HTML when there is no text part", () => {
    const fromHtml = confirmationContent({
      subject: `  ${subject}\r\n `,
      html: "<p>Confirmation code: 583920417</p><script>alert(1)</script><p>Click &amp; confirm</p>",
    });
    expect(fromHtml).toEqual({ subject, text: "Confirmation code: 583920417\n\nClick & confirm" });
    const long = confirmationContent({ subject: "x".repeat(500), text: `a\r\n\r\n\r\n\r\nb ${"y".repeat(10_000)}` });
    expect(long.subject).toHaveLength(MAILBOX_LIMITS.confirmationSubjectChars);
    expect(long.text).toHaveLength(MAILBOX_LIMITS.confirmationTextChars);
    expect(long.text.startsWith("a\n\nb ")).toBe(true);
    expect(long.text.endsWith("…")).toBe(true);
  });
});

it("counts a day in UTC", () => {
  expect(utcDay(new Date("2026-11-23T23:30:00-08:00"))).toBe("2026-11-24");
});
