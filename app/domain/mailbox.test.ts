import { describe, expect, it } from "vitest";
import { newReplyToken } from "~/domain/reply-address";
import { gmailForwardingConfirmationText } from "../../test/support/inbound-emails";
import {
  COMPUTER_ONCE,
  confirmationContent,
  DIGEST_SENDER,
  forwardingConfirmationCode,
  isAddressAt,
  isForwardingConfirmation,
  MAILBOX_LIMITS,
  mailboxAddress,
  mailboxSetupDue,
  mailboxStepsEmail,
  mailboxTokenFrom,
  USPS_IDENTITY_CHECK,
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

describe("the code and link of Gmail's forwarding confirmation", () => {
  const link = "https://mail-settings.google.com/mail/vf-%5BANGjdJ8example%5D-abc123";
  const text = gmailForwardingConfirmationText({ to: "abc@mailbox.quietmailbox.com", code: "812345677", link }).join("\n");

  it("reads the code from the subject and the confirming link from the text", () => {
    const subject = "(#812345677) Gmail Forwarding Confirmation - Receive Mail from jane.doe@gmail.com";
    expect(forwardingConfirmationCode({ subject, text })).toEqual({ code: "812345677", link });
  });

  it("reads the code from the text when the subject lost it, in any language the subject is written in", () => {
    expect(forwardingConfirmationCode({ subject: "Gmail Forwarding Confirmation", text })).toEqual({ code: "812345677", link });
    expect(forwardingConfirmationCode({ subject: "(#400123456) Confirmación de reenvío de Gmail", text: "" })).toEqual({
      code: "400123456",
      link: null,
    });
  });

  it("takes only a link to Google, over https", () => {
    const elsewhere = text.replace(link, "https://mail-settings.google.com.evil.example/mail/vf-1 http://mail.google.com/mail/vf-2");
    expect(forwardingConfirmationCode({ subject: "(#812345677) Gmail Forwarding Confirmation", text: elsewhere })).toEqual({
      code: "812345677",
      link: null,
    });
    const older = text.replace(link, "https://mail.google.com/mail/vf-%5Babc%5D-def.");
    expect(forwardingConfirmationCode({ subject: "", text: older })?.link).toBe("https://mail.google.com/mail/vf-%5Babc%5D-def");
  });

  it("is nothing without a code, or with a number that is no code", () => {
    expect(forwardingConfirmationCode({ subject: "Gmail Forwarding Confirmation", text: `Please confirm:\n${link}` })).toBeNull();
    expect(forwardingConfirmationCode({ subject: "(#12) Gmail", text: "Call 1-800-555-0100, or 2026 11 29." })).toBeNull();
    expect(forwardingConfirmationCode({ subject: "", text: "Confirmation code: 1234567890123" })).toBeNull();
  });
});

describe("the card that asks to set the mailbox up", () => {
  const due = { enabled: true, requestsSent: true, receivedMail: false };

  it("is due once a request went out, while the address is on and has had no digest or photo", () => {
    expect(mailboxSetupDue(due)).toBe(true);
    expect(mailboxSetupDue({ ...due, requestsSent: false })).toBe(false);
    expect(mailboxSetupDue({ ...due, enabled: false })).toBe(false);
    expect(mailboxSetupDue({ ...due, receivedMail: true })).toBe(false);
  });
});

describe("the email of the address and the steps", () => {
  const address = "vcb6twoor42huj2s7a5wuzbupm@mailbox.quietmailbox.com";
  const email = mailboxStepsEmail({ address, accountUrl: "https://quietmailbox.com/account#mailbox" });

  it("gives the address, Informed Delivery with the Postal Service's identity check, and the Gmail and Outlook filters", () => {
    expect(email.subject).toBe("Your Quiet Mailbox address and how to set it up");
    expect(email.tag).toBe("mailbox-steps");
    expect(email.text).toContain(`Your mailbox address:\n${address}`);
    expect(email.text).toContain(COMPUTER_ONCE);
    expect(email.text).toContain("https://informeddelivery.usps.com");
    expect(email.text).toContain(USPS_IDENTITY_CHECK);
    expect(email.text).toMatch(/Gmail[\s\S]*Forwarding and POP\/IMAP[\s\S]*Create a new filter/);
    expect(email.text).toMatch(/Outlook[\s\S]*Rules[\s\S]*Forward to/);
    expect(email.text.split(DIGEST_SENDER).length - 1, "the digest's sender is named in each filter").toBeGreaterThanOrEqual(3);
    expect(email.text.split(address).length - 1, "the address is given where each step needs it").toBeGreaterThanOrEqual(3);
    expect(email.text).toContain("https://quietmailbox.com/account#mailbox");
    expect(email.text, "plain text, nothing to render").not.toMatch(/<[a-z]/i);
  });
});
