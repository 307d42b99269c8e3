// The emails people expect from their account (plain text, no tracking): what they say, not how
// they are sent. Account and security messages go out whatever the email preferences say.
import { timingRule } from "~/domain/mail-timing";
import { CUSTOM_REQUIRED_DAYS } from "~/domain/requests";

/** What every email says of the wait, from the one time rule; the dashboard gives each request its dates. */
const WAIT_IN_EMAILS = `${timingRule(CUSTOM_REQUIRED_DAYS)} We will ask you whether the mail stopped once mail printed before should have stopped coming.`;

export type AccountEmail = { subject: string; text: string; tag: string };

const SIGN_OFF = "Quiet Mailbox\nTo reach us, reply to this email.";

export function welcomeEmail({ fullName, dashboardUrl }: { fullName: string; dashboardUrl: string }): AccountEmail {
  return {
    subject: "Welcome to Quiet Mailbox",
    tag: "welcome",
    text: [
      `Hello ${fullName},`,
      "Your account is ready. Here is what happens next:",
      [
        `1. On your dashboard, choose the senders whose mail you want to stop: ${dashboardUrl}`,
        "2. We send each of them a request to take your name and address off their mailing lists.",
        `3. ${WAIT_IN_EMAILS}`,
      ].join("\n"),
      "You can follow every request on your dashboard, and change your details, download your data or delete your account on your account page.",
      SIGN_OFF,
    ].join("\n\n"),
  };
}

/**
 * After the person sends requests that we deliver (not ones they file themselves): one email per
 * action, naming every sender, so a "Send all" is one message, not fifteen.
 */
export function requestsSentEmail({
  fullName,
  senderNames,
  dashboardUrl,
  fromPhoto = false,
}: {
  fullName: string;
  senderNames: string[];
  dashboardUrl: string;
  /** Sent because staff found the sender of a photo the person sent. */
  fromPhoto?: boolean;
}): AccountEmail {
  const one = senderNames.length === 1;
  return {
    subject: one ? `Your request to ${senderNames[0]} is on its way` : `Your ${senderNames.length} requests are on their way`,
    tag: "requests-sent",
    text: [
      `Hello ${fullName},`,
      ...(fromPhoto ? [`Our staff looked at the photo of mail you sent us and found who sent it. We have deleted the photo.`] : []),
      `We have your ${one ? "request" : "requests"} to take your name and address off the mailing lists of:\n${senderNames.map((name) => `- ${name}`).join("\n")}`,
      `We send ${one ? "it" : "each one"} to the sender by email or by post, and your dashboard shows when ${one ? "it goes" : "each goes"} out and when it reaches the sender. ${WAIT_IN_EMAILS}`,
      `Follow ${one ? "it" : "them"} on your dashboard: ${dashboardUrl}`,
      SIGN_OFF,
    ].join("\n\n"),
  };
}

export function emailChangeLinkEmail({ confirmUrl, hours }: { confirmUrl: string; hours: number }): AccountEmail {
  return {
    subject: "Confirm your new Quiet Mailbox email address",
    tag: "email-change",
    text: [
      "Someone signed in to Quiet Mailbox asked to use this address for their account.",
      `To confirm, open this link within ${hours} hours: ${confirmUrl}`,
      "The link works once. Until it is used, the account keeps its old address. If you did not ask for this, ignore this email.",
      SIGN_OFF,
    ].join("\n\n"),
  };
}

/** The link that opens an account when signups are busy (decision 0019): proof the address is the person's. */
export function finishSignupEmail({ confirmUrl, hours }: { confirmUrl: string; hours: number }): AccountEmail {
  return {
    subject: "Finish creating your Quiet Mailbox account",
    tag: "signup-link",
    text: [
      "Someone asked to create a Quiet Mailbox account with this address. Many people are signing up right now, so we ask you to confirm the address first.",
      `To create your account, open this link within ${hours} hours: ${confirmUrl}`,
      "The link works once. If you did not ask for this, ignore this email: no account is made.",
      SIGN_OFF,
    ].join("\n\n"),
  };
}

/** To the old address once the change is made: the one warning an account holder gets if it was not them. */
export function emailChangedNotice({ newEmail, resetUrl }: { newEmail: string; resetUrl: string }): AccountEmail {
  return {
    subject: "Your Quiet Mailbox email address was changed",
    tag: "email-changed",
    text: [
      `The email address of your Quiet Mailbox account is now ${maskEmail(newEmail)}. From now on, sign in with it.`,
      `If you did not make this change, reply to this email at once, and reset your password: ${resetUrl}`,
      SIGN_OFF,
    ].join("\n\n"),
  };
}

export function passwordChangedEmail({ resetUrl }: { resetUrl: string }): AccountEmail {
  return {
    subject: "Your Quiet Mailbox password was changed",
    tag: "password-changed",
    text: [
      "The password of your Quiet Mailbox account was just changed, and every other device was signed out.",
      `If you did not do this, reset your password now and reply to this email: ${resetUrl}`,
      SIGN_OFF,
    ].join("\n\n"),
  };
}

export function accountDeletedEmail(): AccountEmail {
  return {
    subject: "Your Quiet Mailbox account is deleted",
    tag: "account-deleted",
    text: [
      "As you asked, we deleted your Quiet Mailbox account: your name, address, email, recipients, requests and their letters are erased, and any subscription is cancelled with no further charge.",
      "Requests already sent stay with the senders who received them; they need nothing more from us.",
      "This is the last email we send you. You are welcome to sign up again at any time.",
      "Quiet Mailbox",
    ].join("\n\n"),
  };
}

export function senderRepliedEmail({ senderName, requestUrl }: { senderName: string; requestUrl: string }): AccountEmail {
  return {
    subject: `${senderName} answered your opt-out request`,
    tag: "sender-reply",
    text: [
      `A reply came to the address of your request to ${senderName}. It is in the request's history, with any other that comes today:`,
      requestUrl,
      "If they ask for something, reply to this email and we will help.",
      SIGN_OFF,
    ].join("\n\n"),
  };
}

/** "j***@example.com": enough for the owner to recognise, not enough to give the address away. */
function maskEmail(email: string) {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}***@${domain}`;
}
