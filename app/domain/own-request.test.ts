import { describe, expect, it } from "vitest";
import { displayName, nameLocalPart, ownRequestClosing, personSendingAddress, personSendingMailbox } from "~/domain/own-request";

describe("the person's own sending address", () => {
  it("shows their name and a tag of their account, the same every time, on the sending domain", async () => {
    const jane = { userId: "user-1", fullName: "Jane Doe" };
    const mailbox = await personSendingMailbox(jane, "Requests.QuietMailbox.com");
    expect(mailbox).toMatch(/^jane\.doe\.[a-z2-7]{4}@requests\.quietmailbox\.com$/);
    expect(await personSendingMailbox(jane, "requests.quietmailbox.com")).toBe(mailbox);
    expect(await personSendingMailbox({ ...jane, userId: "user-2" }, "requests.quietmailbox.com")).not.toBe(mailbox);
    expect(await personSendingAddress(jane, "requests.quietmailbox.com")).toBe(`"Jane Doe" <${mailbox}>`);
  });

  it("keeps only the letters and digits of the name, and what a header can carry", () => {
    expect(nameLocalPart("José O'Brien-Smith")).toBe("jose.o.brien.smith");
    expect(nameLocalPart("李")).toBe("member");
    expect(displayName('Jane "JD" Doe\r\nBcc: x')).toBe('"Jane JD Doe Bcc: x"');
  });

  it("closes the letter with one line saying who sent it for them", () => {
    expect(ownRequestClosing("Jane Doe")).toBe(
      "Sent for Jane Doe at their request by Quiet Mailbox, a service that sends people's opt-out requests. Your reply to this email reaches them.",
    );
  });
});
