// "Export my data": everything the service holds about one user, read in one D1 batch and shaped
// as a plain object (dates as ISO strings) for the JSON download and the printable page.
// Every table that holds a user's data is either in EXPORTED_TABLES or in NOT_EXPORTED, with the
// reason; test/workers/account-export.test.ts fails when a new one is in neither.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  agentPermissions,
  analyticsEvents,
  earlierAddresses,
  mailArrivals,
  mailPhotos,
  mailTallies,
  emailChanges,
  jobs,
  mailboxAddresses,
  mailboxConfirmations,
  mailboxDays,
  recipients,
  requestLogs,
  requestReminders,
  requests,
  requestTemplates,
  users,
  type AddressCheck,
  type SenderAddressOrigin,
  type PieceSource,
  type PieceAnswer,
  type MailPhotoState,
  type PlanName,
  type FollowUpHold,
  type RequestStatus,
  type SubscriptionStatus,
} from "../../drizzle/schema";
import { timeZoneForState } from "~/domain/dates";
import { tallyForExport } from "~/domain/mail-tally";
import { tallyOfRow, tallyRowOf } from "~/models/mail-tally.server";
import { mailboxAddress } from "~/domain/mailbox";
import { letterOfRequest } from "~/domain/opt-out-letter";
import { freeRequestsLeft } from "~/domain/requests";
import { evidenceOfRequest, evidenceRecord, sendingsOfRequest, standingOfRequest, type Standing } from "~/domain/request-evidence";
import { returnAddressAskOf } from "~/domain/sender-address";
import { mailedLetterColumns, mailedLettersOfUser, requestEmailColumns, sentOptOutEmailsOfUser } from "~/models/request-evidence.server";
import { sendingJob } from "~/models/request.server";
import { returnAddressColumns } from "~/models/sender-address.server";
import { addressColumns, checkedAddressColumns } from "~/models/address-columns.server";
import { batchByName } from "~/utils/batch-by-name.server";
import type { Db } from "~/utils/db.server";

export type AnalyticsConsent = "yes" | "no" | "not asked";

type Address = { street1: string; street2: string | null; city: string; state: string; zipCode: string };
/** An address with how far it was checked (decision 0028); null when that was never recorded. */
type CheckedAddress = Address & { addressCheck: AddressCheck | null };

export type AccountExport = {
  generatedAt: string;
  account: CheckedAddress & {
    email: string;
    fullName: string;
    createdAt: string;
    updatedAt: string;
    newsletter: boolean;
    reminderEmails: boolean;
    followUpEmails: boolean;
    freeRequestsLeft: number;
  };
  earlierAddresses: (Address & { movedAt: string })[];
  /** Every change of email asked for; `state` says whether its link is still waiting to be used. */
  pendingEmailChanges: {
    newEmail: string;
    state: "waiting" | "used" | "expired";
    createdAt: string;
    expiresAt: string;
    usedAt: string | null;
  }[];
  recipients: (CheckedAddress & { id: string; fullName: string; createdAt: string; updatedAt: string })[];
  requests: {
    id: string;
    senderName: string;
    title: string;
    /** The sender's id in the catalog; null for a sender it lacks. */
    catalogSenderId: string | null;
    type: "preset" | "custom";
    /** Null: a preset never sent. */
    status: RequestStatus | null;
    fullName: string;
    address: CheckedAddress;
    customerNumber: string | null;
    /** The key or source code of the mailing, read off a photo's label apart from the customer number. */
    keyCode: string | null;
    /** When a piece seen in the mail showed the sender still mailing after it should have stopped; null otherwise. */
    stillComingAt: string | null;
    /** The follow-up ladder (decision 0058): 0 first request, 1 second request sent, 2 request under the law sent, 3 with staff. */
    followUpStep: number;
    /** When the ladder took its latest step. */
    followUpAt: string | null;
    /** What holds the ladder: "permissionNeeded" or "permissionRevoked"; null when nothing does. */
    followUpHold: FollowUpHold | null;
    /** The first request as the second one cites it. */
    firstRequestCitation: string | null;
    /** What the second request said of the mail that kept coming: a piece by its day, or the person's own report (decision 0064). */
    followUpEvidence: string | null;
    /** The state law the request under the law cites, and the signed permission kept with it. */
    legalLawId: string | null;
    agentPermissionId: string | null;
    /** Whether that law surely reaches the sender ("applies") or only if it meets the thresholds; and whether the request went the way the sender's privacy notice names. */
    legalReach: "applies" | "ifApplies" | null;
    legalByNoticeMethod: boolean | null;
    /** For a charity: whether the person gives to it, and how many times a year it may still write. */
    charityDonor: boolean | null;
    charityMailingsPerYear: number | null;
    /** The sender's return address the person gave from the piece, its check, how it was given and when (decision 0067). */
    senderAddress: string | null;
    senderAddressCheck: AddressCheck | null;
    senderAddressFrom: SenderAddressOrigin | null;
    senderAddressAt: string | null;
    returnAddressAskedAt: string | null;
    /** The recipients the letter names besides the account holder; null means everyone on the list. */
    recipientIds: string[] | null;
    requiredDays: number;
    queuedAt: string | null;
    processedAt: string | null;
    createdAt: string;
    updatedAt: string;
    letter: string;
    /** Newest first, as the dashboard lists it: the user's actions, staff's, the system's and senders' replies. */
    history: { creator: "user" | "staff" | "sender" | "system"; status: string; detail: string | null; createdAt: string }[];
    /** The history entries that are the sender's answers, newest first. */
    senderReplies: { text: string; receivedAt: string }[];
    /** "Has the mail stopped?" reminders about this request. */
    remindersSent: { round: number; processedAt: string; createdAt: string }[];
    /** Each sending, oldest first: how and to where, when, the vendor's id (Postmark's or Lob's), and what the vendor reported since. */
    delivery: ReturnType<typeof evidenceRecord>[];
    /** Where the request stands and who it waits on, in the dashboard card's words (decision 0075); null for one never sent. */
    standing: Standing | null;
    /** Every time it went out, oldest first, in one line each, with the latest state its vendor confirmed (decision 0075). */
    sendings: { at: string; text: string }[];
  }[];
  emailsSent: { subject: string; kind: string | null; sentAt: string }[];
  billing: {
    plan: PlanName | null;
    subscriptionId: string | null;
    subscriptionStatus: SubscriptionStatus | null;
    subscriptionCancelAt: string | null;
    subscriptionPeriodEnd: string | null;
    hasStripeCustomer: boolean;
    stripeCustomerId: string | null;
    note: string;
  };
  consent: {
    analytics: AnalyticsConsent;
    analyticsNote: string;
    newsletter: boolean;
    reminderEmails: boolean;
    followUpEmails: boolean;
  };
  analyticsEvents: { name: string; properties: Record<string, string | number | boolean> | null; createdAt: string }[];
  /** Photos of mail sent to find a sender; what was read off one is kept only until its sender is known. */
  photosOfMail: {
    id: string;
    /** Uploaded on the site, or emailed to the mailbox address. */
    source: "site" | "email";
    state: MailPhotoState;
    imagesSent: number;
    imagesKept: number;
    transcript: string | null;
    suggestions: string[];
    customerNumber: string | null;
    /** The key or source code of the mailing read off the label. */
    keyCode: string | null;
    addressee: string | null;
    whyStaffLook: string | null;
    senderName: string | null;
    catalogSenderId: string | null;
    requestId: string | null;
    identifiedBy: "user" | "staff" | null;
    sentAt: string;
    readAt: string | null;
    imagesDeletedAt: string | null;
    updatedAt: string;
  }[];
  /**
   * The private address that takes the Postal Service's daily digest and photos of mail for this
   * account (null before it was first shown), the forwarding confirmations it received that are
   * still shown, and how many emails it took and refused each of the last two days (decision 0085).
   */
  mailbox: {
    address: string | null;
    enabled: boolean | null;
    createdAt: string | null;
    updatedAt: string | null;
    /** When the first daily digest or emailed photo reached the address: its setup is done. */
    firstMailAt: string | null;
    setupStepsEmailedAt: string | null;
    forwardingConfirmations: { from: string; subject: string; text: string; receivedAt: string }[];
    emailsPerDay: { day: string; taken: number; refused: number }[];
  };
  /**
   * Each mail piece seen in the mailbox, newest first: from the daily digest, a photo emailed or
   * one uploaded. Its image was deleted once read; what was read off it stays.
   */
  mailSeen: {
    arrivedOn: string;
    source: PieceSource;
    read: boolean;
    catalogSenderId: string | null;
    /** The sender's name as read, when the catalog did not know it. */
    senderName: string | null;
    /** The name the digest printed beside the piece ("FROM:"), when it did. */
    printedSender: string | null;
    requestId: string | null;
    customerNumber: string | null;
    keyCode: string | null;
    addressedToCurrentResident: boolean;
    /** Whether the piece was known to be real; one that was not started nothing paid (decision 0064). */
    authenticated: boolean;
    /** The person's answer to a piece that could not be verified: "confirmed", "dismissed", or null. */
    personAnswer: PieceAnswer | null;
    recordedAt: string;
  }[];
  /**
   * The pieces seen, as counted once read (decision 0084): per sender, per request (each piece's day
   * and how it was seen), "Current Resident" mail, and per day for the last months. A piece's own
   * row, in mailSeen, is kept only for a day or two once counted (decision 0085).
   */
  mailCounted: ReturnType<typeof tallyForExport>;
  /**
   * Each permission signed for us to act as the person's authorized agent under a state privacy
   * law, the latest first: the name typed, the words signed, when, and when revoked.
   */
  agentPermissions: { id: string; typedName: string; allows: string; signedAt: string; revokedAt: string | null }[];
};

type ExportSection = keyof AccountExport;

const accountColumns = {
  email: users.email,
  fullName: users.fullName,
  ...checkedAddressColumns(users),
  newsletter: users.newsletter,
  reminderEmails: users.reminderEmails,
  followUpEmails: users.followUpEmails,
  numOfFreeRequest: users.numOfFreeRequest,
  plan: users.plan,
  stripeCustomerId: users.stripeCustomerId,
  stripeSubscriptionId: users.stripeSubscriptionId,
  subscriptionStatus: users.subscriptionStatus,
  subscriptionCancelAt: users.subscriptionCancelAt,
  subscriptionPeriodEnd: users.subscriptionPeriodEnd,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
const earlierAddressColumns = { ...addressColumns(earlierAddresses), movedAt: earlierAddresses.movedAt };
const emailChangeColumns = {
  newEmail: emailChanges.newEmail,
  createdAt: emailChanges.createdAt,
  expiresAt: emailChanges.expiresAt,
  usedAt: emailChanges.usedAt,
};
const recipientColumns = {
  id: recipients.id,
  fullName: recipients.fullName,
  ...checkedAddressColumns(recipients),
  createdAt: recipients.createdAt,
  updatedAt: recipients.updatedAt,
};
const requestColumns = {
  id: requests.id,
  templateId: requests.templateId,
  senderName: requests.senderName,
  title: requests.title,
  fullName: requests.fullName,
  type: requests.type,
  status: requests.status,
  requiredDays: requests.requiredDays,
  customerNumber: requests.customerNumber,
  keyCode: requests.keyCode,
  stillComingAt: requests.stillComingAt,
  followUpStep: requests.followUpStep,
  followUpAt: requests.followUpAt,
  followUpHold: requests.followUpHold,
  firstRequestCitation: requests.firstRequestCitation,
  followUpEvidence: requests.followUpEvidence,
  legalLawId: requests.legalLawId,
  agentPermissionId: requests.agentPermissionId,
  legalReach: requests.legalReach,
  legalByNoticeMethod: requests.legalByNoticeMethod,
  charityDonor: requests.charityDonor,
  charityMailingsPerYear: requests.charityMailingsPerYear,
  senderAddress: requests.senderAddress,
  senderAddressCheck: requests.senderAddressCheck,
  senderAddressFrom: requests.senderAddressFrom,
  senderAddressAt: requests.senderAddressAt,
  returnAddressAskedAt: requests.returnAddressAskedAt,
  recipientIds: requests.recipientIds,
  ...checkedAddressColumns(requests),
  queuedAt: requests.queuedAt,
  processedAt: requests.processedAt,
  createdAt: requests.createdAt,
  updatedAt: requests.updatedAt,
};
const requestLogColumns = {
  requestId: requestLogs.requestId,
  creator: requestLogs.creator,
  status: requestLogs.status,
  detail: requestLogs.detail,
  createdAt: requestLogs.createdAt,
};
const reminderColumns = {
  requestId: requestReminders.requestId,
  round: requestReminders.round,
  processedAt: requestReminders.processedAt,
  createdAt: requestReminders.createdAt,
};
const sentEmailColumns = { updatedAt: jobs.updatedAt };
const photoColumns = {
  id: mailPhotos.id,
  source: mailPhotos.source,
  state: mailPhotos.state,
  imageCount: mailPhotos.imageCount,
  imageKeys: mailPhotos.imageKeys,
  transcript: mailPhotos.transcript,
  suggestions: mailPhotos.suggestions,
  customerNumber: mailPhotos.customerNumber,
  keyCode: mailPhotos.keyCode,
  addressee: mailPhotos.addressee,
  readProblem: mailPhotos.readProblem,
  templateId: mailPhotos.templateId,
  senderName: mailPhotos.senderName,
  requestId: mailPhotos.requestId,
  identifiedBy: mailPhotos.identifiedBy,
  createdAt: mailPhotos.createdAt,
  readAt: mailPhotos.readAt,
  imagesDeletedAt: mailPhotos.imagesDeletedAt,
  updatedAt: mailPhotos.updatedAt,
};
const mailboxAddressColumns = {
  token: mailboxAddresses.token,
  enabled: mailboxAddresses.enabled,
  createdAt: mailboxAddresses.createdAt,
  updatedAt: mailboxAddresses.updatedAt,
  firstMailAt: mailboxAddresses.firstMailAt,
  stepsEmailedAt: mailboxAddresses.stepsEmailedAt,
};
const mailboxConfirmationColumns = {
  fromAddress: mailboxConfirmations.fromAddress,
  subject: mailboxConfirmations.subject,
  text: mailboxConfirmations.text,
  receivedAt: mailboxConfirmations.receivedAt,
};
const mailPieceColumns = {
  arrivedOn: mailArrivals.arrivedOn,
  source: mailArrivals.source,
  state: mailArrivals.state,
  templateId: mailArrivals.templateId,
  senderName: mailArrivals.senderName,
  printedSender: mailArrivals.printedSender,
  requestId: mailArrivals.requestId,
  customerNumber: mailArrivals.customerNumber,
  keyCode: mailArrivals.keyCode,
  residentMail: mailArrivals.residentMail,
  authenticated: mailArrivals.authenticated,
  personAnswer: mailArrivals.personAnswer,
  createdAt: mailArrivals.createdAt,
};
const mailboxDayColumns = { day: mailboxDays.day, taken: mailboxDays.taken, dropped: mailboxDays.dropped };
const agentPermissionColumns = {
  id: agentPermissions.id,
  typedName: agentPermissions.typedName,
  allows: agentPermissions.allows,
  signedAt: agentPermissions.signedAt,
  revokedAt: agentPermissions.revokedAt,
};
const analyticsEventColumns = { name: analyticsEvents.name, properties: analyticsEvents.properties, createdAt: analyticsEvents.createdAt };

const OWNER = "whose row it is: always the user exporting";

type TableExport = {
  /** The sections of the export its rows appear in. */
  sections: readonly ExportSection[];
  /** The columns the export reads (its queries select exactly these). */
  reads: Record<string, SQLiteColumn>;
  /** Columns left out on purpose, each with the reason. */
  withheld: Record<string, string>;
  /** Rows left out on purpose, when some are. */
  rowsLeftOut?: string;
};

/**
 * Every table that holds a user's data (by its SQL name), where its rows appear in the export, and
 * each column either read or withheld with a reason.
 */
export const EXPORTED_TABLES = {
  users: {
    sections: ["account", "billing", "consent"],
    reads: accountColumns,
    withheld: {
      id: "the account's internal key, which names nothing",
      passwordHash: "a one-way hash of the password: it can only check a password, never show one",
      sessionsValidAfter: "a technical cut-off that signs old sessions out",
    },
  },
  earlier_addresses: {
    sections: ["earlierAddresses"],
    reads: earlierAddressColumns,
    withheld: { id: "an internal key", userId: OWNER },
  },
  email_changes: {
    sections: ["pendingEmailChanges"],
    reads: emailChangeColumns,
    withheld: { tokenHash: "the hash of the one-time link sent to the new address", userId: OWNER },
  },
  recipients: {
    sections: ["recipients"],
    reads: recipientColumns,
    withheld: { userId: OWNER },
  },
  requests: {
    sections: ["requests"],
    reads: requestColumns,
    withheld: {
      userId: OWNER,
      replyToken: "the secret part of the request's reply address: whoever knows it can add a sender's reply to the request",
      ownerPremium: "a copy of the account's plan, which the export shows, kept on each request for the staff work queue",
      letterProblem:
        "staff's note on why a letter did not go out or came back; each request's delivery and history say what happened to it",
      emailProblem: "staff's note on why an email to the sender came back; each request's delivery and history say what happened to it",
      firstReminderFor:
        "a copy of the sending a reminder was claimed for, which the reminders the export lists show, kept for the daily cron",
      senderReviewId: "the internal key of staff's review of the sender, whose finding the request's history shows word for word",
    },
  },
  mailed_letters: {
    sections: ["requests"],
    reads: mailedLetterColumns,
    withheld: { userId: OWNER, costCents: "what the service paid to print and mail the letter" },
  },
  request_emails: {
    sections: ["requests"],
    reads: requestEmailColumns,
    withheld: { userId: OWNER, templateId: "the catalog's key of the sender, whose name the request shows" },
  },
  request_logs: {
    sections: ["requests"],
    reads: requestLogColumns,
    withheld: { id: "an internal key", userId: OWNER },
  },
  request_reminders: {
    sections: ["requests"],
    reads: reminderColumns,
    withheld: { userId: OWNER, jobId: "the internal id of the job that sent the reminder" },
  },
  jobs: {
    sections: ["emailsSent"],
    reads: sentEmailColumns,
    withheld: {
      userId: OWNER,
      id: "an internal key",
      type: "always email.send for the rows read",
      state: "always succeeded for the rows read",
      payload: "only the subject and the kind (tag) are read; a sent email's row keeps nothing else",
      attempts: "how often the service tried to send",
      lastError: "the service's own error text",
      createdAt: "when the email was queued; sentAt is when it went",
      leaseExpiresAt: "until when a run of the queue held the job, so that no other run sent the email twice",
      messageSentAt: "when the job was last handed to the queue",
      resends: "how often the service handed the job to the queue again after the queue held it too long",
    },
    rowsLeftOut:
      "jobs that are not a sent email: the service's work in progress (newsletter sign-up, payment customer, opt-out emails to senders, reminders), whose outcome shows in the account, billing and requests sections, and emails not sent yet or that failed",
  },
  analytics_events: {
    sections: ["analyticsEvents"],
    reads: analyticsEventColumns,
    withheld: { id: "a counter", userId: OWNER },
  },
  mail_photos: {
    // The storage keys are read only to count the images still kept; each image is shown on the photo's own page.
    sections: ["photosOfMail"],
    reads: photoColumns,
    withheld: { userId: OWNER },
  },
  mailbox_addresses: {
    // The token is read to give the address, which the export shows whole.
    sections: ["mailbox"],
    reads: mailboxAddressColumns,
    withheld: { userId: OWNER },
  },
  mailbox_confirmations: {
    sections: ["mailbox"],
    reads: mailboxConfirmationColumns,
    withheld: { id: "an internal key, made from the message's own id", userId: OWNER },
  },
  mailbox_days: {
    sections: ["mailbox"],
    reads: mailboxDayColumns,
    withheld: { userId: OWNER },
  },
  mail_arrivals: {
    sections: ["mailSeen"],
    reads: mailPieceColumns,
    withheld: {
      id: "an internal key",
      userId: OWNER,
      entryId: "made from the email's own id, so that an email delivered twice is kept once",
      imageKey: "where the piece's image is stored while it is read; the image is deleted once read",
      folded: "whether the piece is counted yet in what mailCounted shows",
    },
  },
  mail_tallies: {
    sections: ["mailCounted"],
    reads: { tally: mailTallies.tally, packed: mailTallies.packed, seenOn: mailTallies.seenOn },
    withheld: {
      userId: OWNER,
      version: "a counter that keeps two updates at once from both counting a piece",
      foldedBy: "the key of the last update, for the same reason",
    },
  },
  agent_permissions: {
    sections: ["agentPermissions"],
    reads: agentPermissionColumns,
    withheld: { userId: OWNER },
  },
} as const satisfies Record<string, TableExport>;

/** Tables keyed to a user that the export leaves out on purpose, each with the reason. */
export const NOT_EXPORTED: readonly { table: string; reason: string }[] = [
  {
    table: "follow_up_days",
    reason:
      "A count per day of the follow-ups sent for the account, kept to cap them (decision 0064): each follow-up is in its request's history.",
  },
  {
    table: "password_reset_tokens",
    reason: "Only hashes of one-time password reset links, which expire within an hour; the links went to the account's email.",
  },
  {
    table: "auth_throttle",
    reason:
      "Counts of recent failed attempts, keyed by hashes of an email or a network address, kept for minutes; nothing in it names anyone.",
  },
  {
    table: "sent_emails",
    reason:
      "Keyed by job id, with the email provider's message id, so that no email goes twice: the emails it records are in emailsSent, and each request's delivery gives the message id of the emails sent to its sender.",
  },
  { table: "deleted_accounts", reason: "Only the id and the time of accounts already deleted: an account that can export has no row." },
  {
    table: "sender_reply_days",
    reason:
      "Counts of the replies each request's reply address took per day, and whether the person was emailed that day, kept a month; the replies themselves are in each request's history.",
  },
  {
    table: "staff_released_requests",
    reason:
      "The requests staff sent on a new channel, and when, kept so the staff overview can count the weeks' requests sent with no staff touch (decision 0032); what staff did to a request shows in its history.",
  },
  {
    table: "user_homes",
    reason: "Which of the service's databases holds the account (decision 0082): a number, which says nothing about the person.",
  },
  {
    table: "staff_audit",
    reason:
      "The staff's own record of what they did, for accountability; what staff did to the account or its requests shows in the account and in each request's history.",
  },
];

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
const addressOf = ({ street1, street2, city, state, zipCode }: Address): Address => ({ street1, street2, city, state, zipCode });
const checkedAddressOf = (row: CheckedAddress): CheckedAddress => ({ ...addressOf(row), addressCheck: row.addressCheck });

function groupByRequest<Row extends { requestId: string }>(rows: Row[]) {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.requestId);
    if (group) group.push(row);
    else groups.set(row.requestId, [row]);
  }
  return groups;
}

/** A sent email's subject and kind, read out of its job's payload and nothing else. */
const payloadText = (field: "subject" | "tag") => sql<string | null>`json_extract(${jobs.payload}, ${sql.raw(`'$.${field}'`)})`.as(field);

const ANALYTICS_NOTE =
  "This answer is kept in a cookie of the browser the export was made with, not in your account: another browser may hold another answer. Global Privacy Control or Do Not Track count as no.";
const BILLING_NOTE = "Payments are handled by Stripe: we never receive or keep card details.";

/**
 * Everything held about this user, in one D1 batch of named queries (batchByName), or null when the
 * account no longer exists. The analytics consent lives in the browser, so the caller reads it from
 * the request's cookie; the mailbox domain, which makes the inbound address, comes from the
 * configuration.
 */
export async function exportAccount(
  db: Db,
  userId: string,
  now: Date,
  known: { analyticsConsent: AnalyticsConsent; mailboxDomain: string },
): Promise<AccountExport | null> {
  const read = await batchByName(db, {
    account: db.select(accountColumns).from(users).where(eq(users.id, userId)),
    earlierAddresses: db
      .select(earlierAddressColumns)
      .from(earlierAddresses)
      .where(eq(earlierAddresses.userId, userId))
      .orderBy(desc(earlierAddresses.movedAt)),
    emailChanges: db
      .select(emailChangeColumns)
      .from(emailChanges)
      .where(eq(emailChanges.userId, userId))
      .orderBy(desc(emailChanges.createdAt)),
    // The order of listUserRecipients, which the letters name people in.
    recipients: db
      .select(recipientColumns)
      .from(recipients)
      .where(eq(recipients.userId, userId))
      .orderBy(asc(recipients.createdAt), sql`rowid`),
    requests: db.select(requestColumns).from(requests).where(eq(requests.userId, userId)).orderBy(desc(requests.updatedAt)),
    logs: db.select(requestLogColumns).from(requestLogs).where(eq(requestLogs.userId, userId)).orderBy(desc(requestLogs.createdAt)),
    reminders: db
      .select(reminderColumns)
      .from(requestReminders)
      .where(eq(requestReminders.userId, userId))
      .orderBy(asc(requestReminders.createdAt)),
    emailsSent: db
      .select({ ...sentEmailColumns, subject: payloadText("subject"), kind: payloadText("tag") })
      .from(jobs)
      .where(and(eq(jobs.userId, userId), eq(jobs.type, "email.send"), eq(jobs.state, "succeeded")))
      .orderBy(desc(jobs.updatedAt)),
    analyticsEvents: db
      .select(analyticsEventColumns)
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, userId))
      .orderBy(desc(analyticsEvents.createdAt)),
    photos: db.select(photoColumns).from(mailPhotos).where(eq(mailPhotos.userId, userId)).orderBy(desc(mailPhotos.createdAt)),
    letters: mailedLettersOfUser(db, userId),
    optOutEmails: sentOptOutEmailsOfUser(db, userId),
    // Where the catalog says each sender takes requests (where a sending no record names went), and
    // what else says where a request stands, as the dashboard reads it: staff's note on a letter is
    // read only for whether there is one.
    requestFacts: db
      .select({
        id: requests.id,
        channels: requestTemplates.channels,
        consumerFiles: sql<boolean>`coalesce(${requestTemplates.consumerFiles}, 0)`.mapWith(Boolean),
        sendingJob,
        asksReturnAddress: returnAddressColumns.asksReturnAddress,
        hasLetterProblem: sql<number>`${requests.letterProblem} is not null`.mapWith(Boolean),
      })
      .from(requests)
      .leftJoin(requestTemplates, eq(requestTemplates.id, requests.templateId))
      .where(eq(requests.userId, userId)),
    mailbox: db.select(mailboxAddressColumns).from(mailboxAddresses).where(eq(mailboxAddresses.userId, userId)),
    confirmations: db
      .select(mailboxConfirmationColumns)
      .from(mailboxConfirmations)
      .where(eq(mailboxConfirmations.userId, userId))
      .orderBy(desc(mailboxConfirmations.receivedAt)),
    mailboxDays: db.select(mailboxDayColumns).from(mailboxDays).where(eq(mailboxDays.userId, userId)).orderBy(desc(mailboxDays.day)),
    pieces: db
      .select(mailPieceColumns)
      .from(mailArrivals)
      .where(eq(mailArrivals.userId, userId))
      .orderBy(desc(mailArrivals.arrivedOn), desc(mailArrivals.createdAt)),
    tally: tallyRowOf(db, userId),
    permissions: db
      .select(agentPermissionColumns)
      .from(agentPermissions)
      .where(eq(agentPermissions.userId, userId))
      .orderBy(desc(agentPermissions.signedAt)),
  });
  const [account] = read.account;
  if (!account) return null;
  const [mailboxRow] = read.mailbox;

  const timeZone = timeZoneForState(account.state);
  const logsOf = groupByRequest(read.logs);
  const remindersOf = groupByRequest(read.reminders);
  const factsOf = new Map(read.requestFacts.map((row) => [row.id, row]));
  const sendings = {
    letters: read.letters,
    sentEmails: read.optOutEmails,
    sentLines: read.logs.filter((entry) => entry.status === "emailed"),
  };
  const standingRecords = { ...sendings, sentLines: read.logs };
  // Listed newest first; letters name them in the order the person lived there.
  const movesOldestFirst = [...read.earlierAddresses].reverse();

  return {
    generatedAt: iso(now),
    account: {
      email: account.email,
      fullName: account.fullName,
      ...checkedAddressOf(account),
      createdAt: iso(account.createdAt),
      updatedAt: iso(account.updatedAt),
      newsletter: account.newsletter,
      reminderEmails: account.reminderEmails,
      followUpEmails: account.followUpEmails,
      freeRequestsLeft: freeRequestsLeft(account.numOfFreeRequest),
    },
    earlierAddresses: read.earlierAddresses.map((row) => ({ ...addressOf(row), movedAt: iso(row.movedAt) })),
    pendingEmailChanges: read.emailChanges.map((row) => ({
      newEmail: row.newEmail,
      state: row.usedAt ? "used" : row.expiresAt <= now ? "expired" : "waiting",
      createdAt: iso(row.createdAt),
      expiresAt: iso(row.expiresAt),
      usedAt: isoOrNull(row.usedAt),
    })),
    recipients: read.recipients.map((row) => ({
      id: row.id,
      fullName: row.fullName,
      ...checkedAddressOf(row),
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    })),
    requests: read.requests.map((row) => {
      const history = logsOf.get(row.id) ?? [];
      const facts = factsOf.get(row.id);
      const request = {
        ...row,
        channels: facts?.channels ?? null,
        consumerFiles: facts?.consumerFiles ?? false,
        sendingJob: facts?.sendingJob ?? null,
        asksReturnAddress: facts?.asksReturnAddress ?? false,
        letterProblem: facts?.hasLetterProblem ?? false,
      };
      const evidence = evidenceOfRequest(request, sendings, history);
      return {
        id: row.id,
        senderName: row.senderName,
        title: row.title,
        catalogSenderId: row.templateId,
        type: row.type,
        status: row.status,
        fullName: row.fullName,
        address: checkedAddressOf(row),
        customerNumber: row.customerNumber,
        keyCode: row.keyCode,
        stillComingAt: isoOrNull(row.stillComingAt),
        followUpStep: row.followUpStep,
        followUpAt: isoOrNull(row.followUpAt),
        followUpHold: row.followUpHold,
        firstRequestCitation: row.firstRequestCitation,
        followUpEvidence: row.followUpEvidence,
        legalLawId: row.legalLawId,
        agentPermissionId: row.agentPermissionId,
        legalReach: row.legalReach,
        legalByNoticeMethod: row.legalByNoticeMethod,
        charityDonor: row.charityDonor,
        charityMailingsPerYear: row.charityMailingsPerYear,
        senderAddress: row.senderAddress,
        senderAddressCheck: row.senderAddressCheck,
        senderAddressFrom: row.senderAddressFrom,
        senderAddressAt: isoOrNull(row.senderAddressAt),
        returnAddressAskedAt: isoOrNull(row.returnAddressAskedAt),
        recipientIds: row.recipientIds,
        requiredDays: row.requiredDays,
        queuedAt: isoOrNull(row.queuedAt),
        processedAt: isoOrNull(row.processedAt),
        createdAt: iso(row.createdAt),
        updatedAt: iso(row.updatedAt),
        // A request under a state law carries the permission it was sent with, even one revoked since.
        letter: letterOfRequest(
          { ...row, permission: read.permissions.find((permission) => permission.id === row.agentPermissionId) ?? null },
          read.recipients,
          { today: now, timeZone, earlierAddresses: movesOldestFirst },
        ),
        history: history.map((entry) => ({
          creator: entry.creator,
          status: entry.status,
          detail: entry.detail,
          createdAt: iso(entry.createdAt),
        })),
        senderReplies: history
          .filter((entry) => entry.creator === "sender")
          .map((entry) => ({ text: entry.detail ?? "", receivedAt: iso(entry.createdAt) })),
        remindersSent: (remindersOf.get(row.id) ?? []).map((reminder) => ({
          round: reminder.round,
          processedAt: iso(reminder.processedAt),
          createdAt: iso(reminder.createdAt),
        })),
        delivery: evidence.map((entry) => evidenceRecord(entry, row.senderName)),
        standing: standingOfRequest({ ...request, returnAddressWait: returnAddressAskOf(request, now) }, standingRecords, timeZone),
        sendings: sendingsOfRequest(evidence, history, { senderName: row.senderName, timeZone }).map((sending) => ({
          at: iso(sending.at),
          text: sending.text,
        })),
      };
    }),
    emailsSent: read.emailsSent.map((row) => ({ subject: row.subject ?? "", kind: row.kind, sentAt: iso(row.updatedAt) })),
    billing: {
      plan: account.plan,
      subscriptionId: account.stripeSubscriptionId,
      subscriptionStatus: account.subscriptionStatus,
      subscriptionCancelAt: isoOrNull(account.subscriptionCancelAt),
      subscriptionPeriodEnd: isoOrNull(account.subscriptionPeriodEnd),
      hasStripeCustomer: account.stripeCustomerId !== null,
      stripeCustomerId: account.stripeCustomerId,
      note: BILLING_NOTE,
    },
    consent: {
      analytics: known.analyticsConsent,
      analyticsNote: ANALYTICS_NOTE,
      newsletter: account.newsletter,
      reminderEmails: account.reminderEmails,
      followUpEmails: account.followUpEmails,
    },
    analyticsEvents: read.analyticsEvents.map((row) => ({ name: row.name, properties: row.properties, createdAt: iso(row.createdAt) })),
    photosOfMail: read.photos.map((row) => ({
      id: row.id,
      source: row.source,
      state: row.state,
      imagesSent: row.imageCount,
      imagesKept: row.imageKeys.length,
      transcript: row.transcript,
      suggestions: row.suggestions.map((suggestion) => suggestion.title),
      customerNumber: row.customerNumber,
      keyCode: row.keyCode,
      addressee: row.addressee,
      whyStaffLook: row.readProblem,
      senderName: row.senderName,
      catalogSenderId: row.templateId,
      requestId: row.requestId,
      identifiedBy: row.identifiedBy,
      sentAt: iso(row.createdAt),
      readAt: isoOrNull(row.readAt),
      imagesDeletedAt: isoOrNull(row.imagesDeletedAt),
      updatedAt: iso(row.updatedAt),
    })),
    mailbox: {
      address: mailboxRow ? mailboxAddress(mailboxRow.token, known.mailboxDomain) : null,
      enabled: mailboxRow?.enabled ?? null,
      createdAt: mailboxRow ? iso(mailboxRow.createdAt) : null,
      updatedAt: mailboxRow ? iso(mailboxRow.updatedAt) : null,
      firstMailAt: isoOrNull(mailboxRow?.firstMailAt ?? null),
      setupStepsEmailedAt: isoOrNull(mailboxRow?.stepsEmailedAt ?? null),
      forwardingConfirmations: read.confirmations.map((row) => ({
        from: row.fromAddress,
        subject: row.subject,
        text: row.text,
        receivedAt: iso(row.receivedAt),
      })),
      emailsPerDay: read.mailboxDays.map((row) => ({ day: row.day, taken: row.taken, refused: row.dropped })),
    },
    mailSeen: read.pieces.map((row) => ({
      arrivedOn: row.arrivedOn,
      source: row.source,
      read: row.state === "read",
      catalogSenderId: row.templateId,
      senderName: row.senderName,
      printedSender: row.printedSender,
      requestId: row.requestId,
      customerNumber: row.customerNumber,
      keyCode: row.keyCode,
      addressedToCurrentResident: row.residentMail,
      authenticated: row.authenticated,
      personAnswer: row.personAnswer,
      recordedAt: iso(row.createdAt),
    })),
    mailCounted: tallyForExport(tallyOfRow(read.tally[0]), read.tally[0]?.seenOn ?? null),
    agentPermissions: read.permissions.map((row) => ({
      id: row.id,
      typedName: row.typedName,
      allows: row.allows,
      signedAt: iso(row.signedAt),
      revokedAt: isoOrNull(row.revokedAt),
    })),
  };
}
