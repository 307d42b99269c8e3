import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// Timestamps are stored as epoch milliseconds and read as Date.
const createdAt = () =>
  integer("createdAt", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
const updatedAt = () =>
  integer("updatedAt", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
const randomId = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

export const REQUEST_STATUSES = ["inQueue", "confirmedByUser", "cancelled", "deleted"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/**
 * What can hold the follow-up ladder (decisions 0059, 0064): before its legal step, the person's
 * own confirmation, or their permission; a paid step past the account's daily cap, until the next day.
 */
export const FOLLOW_UP_HOLDS = ["permissionNeeded", "permissionRevoked", "confirmationNeeded", "dailyLimit"] as const;
export type FollowUpHold = (typeof FOLLOW_UP_HOLDS)[number];

// How far an address on file was checked (decision 0028); null on rows written before it was recorded.
export const ADDRESS_CHECKS = ["verified", "standardized", "asTyped"] as const;
export type AddressCheck = (typeof ADDRESS_CHECKS)[number];
const addressCheck = () => text("addressCheck", { enum: ADDRESS_CHECKS });

/** How the person gave a sender's return address: typed from the piece, or read from it by us and confirmed. */
// "learned": a typed sender's return address that two other households in the person's state gave (decision 0068).
export const SENDER_ADDRESS_ORIGINS = ["typed", "read", "learned"] as const;
export type SenderAddressOrigin = (typeof SENDER_ADDRESS_ORIGINS)[number];

export const PLANS = ["basic", "premium"] as const;
export type PlanName = (typeof PLANS)[number];

/** Stripe's subscription statuses, as last read from Stripe. */
export const SUBSCRIPTION_STATUSES = [
  "active",
  "trialing",
  "past_due",
  "unpaid",
  "paused",
  "incomplete",
  "incomplete_expired",
  "canceled",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const users = sqliteTable(
  "users",
  {
    id: randomId(),
    // Lowercased and trimmed before it is written (product rules: Users and their data).
    email: text("email").notNull().unique(),
    passwordHash: text("passwordHash").notNull(),
    // Sessions signed in before this moment are no longer valid ("sign out everywhere", password reset).
    sessionsValidAfter: integer("sessionsValidAfter", { mode: "timestamp_ms" }),
    fullName: text("fullName").notNull(),
    street1: text("street1").notNull(),
    street2: text("street2"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zipCode").notNull(),
    addressCheck: addressCheck(),
    newsletter: integer("newsletter", { mode: "boolean" }).notNull().default(true),
    // "Has the mail stopped?" reminders; the link in each reminder turns them off.
    reminderEmails: integer("reminderEmails", { mode: "boolean" }).notNull().default(true),
    // An email at each step the follow-up ladder takes in the person's name; its link turns them off.
    followUpEmails: integer("followUpEmails", { mode: "boolean" }).notNull().default(true),
    // Nullable on purpose: a missing value counts as the default of 3 (product rules: Free requests and plans).
    numOfFreeRequest: integer("numOfFreeRequest").default(3),
    stripeCustomerId: text("stripeCustomerId").unique(),
    stripeSubscriptionId: text("stripeSubscriptionId"),
    plan: text("plan", { enum: PLANS }),
    // The subscription as last read from Stripe, for the subscription page: kept after it ends
    // (status canceled) so the user can see what happened.
    subscriptionStatus: text("subscriptionStatus", { enum: SUBSCRIPTION_STATUSES }),
    /** When a subscription set to cancel will end; null when it renews. */
    subscriptionCancelAt: integer("subscriptionCancelAt", { mode: "timestamp_ms" }),
    /** The end of the paid period: the renewal date, or when the subscription ended. */
    subscriptionPeriodEnd: integer("subscriptionPeriodEnd", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The staff user list, newest first: the id breaks ties, so the page is read in index order with nothing to sort.
    index("users_created_idx").on(table.createdAt, table.id),
    // Premium subscribers, whose requests come first in the work queue.
    index("users_plan_idx").on(table.plan, table.stripeSubscriptionId),
  ],
);

/** One opt-out channel of a sender, best first. `value` is a URL, an email, a postal address or a phone number. */
export type SenderChannel = {
  kind: "web" | "email" | "mail" | "phone";
  value: string;
  note?: string;
  /** The public page this channel was read from, when it is not the sender's own source. */
  source?: string;
  /** When that page was read (YYYY-MM-DD). */
  checked?: string;
};

/** The way a sender's privacy notice names for privacy requests, with the page that says so (decision 0062). */
export type PrivacyRequestMethod = { kind: SenderChannel["kind"]; value: string; source: string };

export const requestTemplates = sqliteTable("request_templates", {
  // Stable slug from the sender catalog; presets are copied into users' requests under this id.
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  category: text("category").notNull(),
  covers: text("covers").notNull().default(""),
  channels: text("channels", { mode: "json" })
    .$type<SenderChannel[]>()
    .notNull()
    .default(sql`'[]'`),
  acceptsAgent: text("acceptsAgent", { enum: ["yes", "no", "unknown"] })
    .notNull()
    .default("unknown"),
  needs: text("needs", { mode: "json" })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`),
  // Senders that insist on an SSN or a date of birth are filed by the consumer with our instructions;
  // the service never collects either.
  consumerFiles: integer("consumerFiles", { mode: "boolean" }).notNull().default(false),
  lasts: text("lasts"),
  takes: text("takes"),
  confidence: text("confidence").notNull(),
  sourceYear: integer("sourceYear"),
  // The public page the channels were taken from; null when none was found (staff look it up).
  sourceUrl: text("sourceUrl"),
  notes: text("notes"),
  // How its privacy notice says privacy requests are made, where a source gives it; null when none
  // is known. A state law's clock starts only for a request made that way (decision 0062).
  privacyRequestMethod: text("privacyRequestMethod", { mode: "json" }).$type<PrivacyRequestMethod>(),
  requiredDays: integer("requiredDays").notNull().default(30),
  isActive: integer("isActive", { mode: "boolean" }).notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every name a catalog sender is found by (its name, aliases, parent company, and the ways people
 * typed it that staff linked to it), with the key the search compares (domain/sender-search).
 */
export const senderNames = sqliteTable(
  "sender_names",
  {
    templateId: text("templateId")
      .notNull()
      .references(() => requestTemplates.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    // The key without its first character, so a typo in the first letter still finds the name.
    keyTail: text("keyTail").notNull(),
    name: text("name").notNull(),
    // "catalog" for the gathered facts, "staff" for a name staff linked from users' requests.
    origin: text("origin", { enum: ["catalog", "staff"] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.templateId, table.key] }),
    index("sender_names_key_idx").on(table.key),
    index("sender_names_key_tail_idx").on(table.keyTail),
  ],
);

export const requests = sqliteTable(
  "requests",
  {
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // A template's id for presets, a random id for custom requests: unique per user.
    id: text("id")
      .notNull()
      .$defaultFn(() => crypto.randomUUID()),
    templateId: text("templateId").references(() => requestTemplates.id, { onDelete: "set null" }),
    senderName: text("senderName").notNull(),
    title: text("title").notNull(),
    fullName: text("fullName").notNull(),
    type: text("type", { enum: ["preset", "custom"] }).notNull(),
    // Null for a preset that was never sent.
    status: text("status", { enum: REQUEST_STATUSES }),
    requiredDays: integer("requiredDays").notNull().default(30),
    customerNumber: text("customerNumber"),
    // The key or source code printed on the sender's label ("PZ77KQ"), beside the customer
    // number: senders find a person by either, so the letter names both.
    keyCode: text("keyCode"),
    // Recipient ids the letter names besides the account holder; null means everyone on the list.
    recipientIds: text("recipientIds", { mode: "json" }).$type<string[]>(),
    street1: text("street1").notNull(),
    street2: text("street2"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zipCode").notNull(),
    addressCheck: addressCheck(),
    // When it first went into the queue: the free allowance is charged once per request, then.
    queuedAt: integer("queuedAt", { mode: "timestamp_ms" }),
    // When staff sent it to the sender: the 8-week clock (product rules: What the product promises) starts here.
    processedAt: integer("processedAt", { mode: "timestamp_ms" }),
    // The random local part of the request's reply address (reply+<token>@REPLY_DOMAIN), given
    // when the request is first emailed to its sender: a sender's answer lands in its history.
    replyToken: text("replyToken").unique(),
    // Whether the owner has a paid premium plan, copied from users by triggers (migration 0011), so
    // that the work queue finds premium requests by an index of their own (decision 0036).
    ownerPremium: integer("ownerPremium", { mode: "boolean" }).notNull().default(false),
    // Why Lob did not mail the letter, or why it came back (decision 0052): shown to staff in the
    // print batch, cleared once a letter goes out through Lob.
    letterProblem: text("letterProblem"),
    // Why the email to the sender came back (decision 0053): shown to staff in the work queue,
    // cleared once the request is sent again.
    emailProblem: text("emailProblem"),
    // When a piece seen in the mailbox (mail_arrivals) showed the sender still mailing after the
    // day its mail should have stopped (decision 0056); cleared when the request is sent again.
    stillComingAt: integer("stillComingAt", { mode: "timestamp_ms" }),
    // The follow-up ladder (decision 0058): 0 while the first request works, 1 once a second
    // request went out, 2 once a request under a state privacy law went out, 3 once it is with
    // staff. A step is taken once, by the statement that moves this from the step before.
    followUpStep: integer("followUpStep").notNull().default(0),
    // When the ladder took its latest step.
    followUpAt: integer("followUpAt", { mode: "timestamp_ms" }),
    // What holds the ladder before its legal step: the person's permission to act as their agent
    // is missing, or was revoked (decision 0059). Null when nothing holds it.
    followUpHold: text("followUpHold", { enum: FOLLOW_UP_HOLDS }),
    // The first request as the second one cites it ("sent by letter on 01/05/2027, delivered on
    // 01/09/2027"), written when the second request is made.
    firstRequestCitation: text("firstRequestCitation"),
    // What the second request says of the mail that kept coming, exactly as the evidence stands: a
    // piece recorded on its day, or the person's own report (decision 0064). Null: it says nothing.
    followUpEvidence: text("followUpEvidence"),
    // The state law the legal request cites (an id of app/domain/state-privacy-laws) and the
    // signed permission attached to it, kept with the request once it is sent.
    legalLawId: text("legalLawId"),
    agentPermissionId: text("agentPermissionId"),
    // Whether that law surely reaches the sender ("applies") or only if it meets the thresholds
    // ("ifApplies"), and whether the request went the way the sender's privacy notice names, so
    // that its letter may state the law's deadline (decision 0062). Null read as "ifApplies", false.
    legalReach: text("legalReach", { enum: ["applies", "ifApplies"] }),
    legalByNoticeMethod: integer("legalByNoticeMethod", { mode: "boolean" }),
    // For a charity: whether the person gives to it (the letter asks to keep them as a donor) and
    // how many times a year it may still write; null when they did not say.
    charityDonor: integer("charityDonor", { mode: "boolean" }),
    charityMailingsPerYear: integer("charityMailingsPerYear"),
    // The sender's postal address as the person gave it from the piece in their hands (its return
    // address, typed or read from a photo or digest and confirmed), one line as the catalog writes
    // it ("Company, street, City, ST 12345"): the letter goes there when the catalog knows no
    // channel (decision 0067). Its check is the address verification's, as for people's addresses.
    senderAddress: text("senderAddress"),
    senderAddressCheck: text("senderAddressCheck", { enum: ADDRESS_CHECKS }),
    senderAddressFrom: text("senderAddressFrom", { enum: SENDER_ADDRESS_ORIGINS }),
    senderAddressAt: integer("senderAddressAt", { mode: "timestamp_ms" }),
    // When the request came back from the address we had (its letter returned to sender, its email
    // bounced with no postal address left) and the card asked for the return address on the piece
    // instead: the person's 7 days count from here (decision 0070). Null for a request that never
    // came back, whose ask counts from queuedAt.
    returnAddressAskedAt: integer("returnAddressAskedAt", { mode: "timestamp_ms" }),
    // The sending (its processedAt) whose first "Has the mail stopped?" reminder is claimed, set by
    // a trigger on the claim (migration 0039): the daily claim walks only the sendings without one
    // (decision 0090). A request sent again differs from it, and is walked again.
    firstReminderFor: integer("firstReminderFor", { mode: "timestamp_ms" }),
    // The review of its sender this request waits in, or was answered by, once the follow-up ladder
    // handed it to staff (decision 0091): one look at the sender answers every request escalated to it.
    senderReviewId: text("senderReviewId"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    index("requests_status_idx").on(table.status, table.updatedAt),
    // The staff work queue: requests in queue that no one has sent yet.
    index("requests_work_queue_idx").on(table.status, table.processedAt, table.queuedAt),
    // The same, of premium users only: a handful of rows however long the backlog is. The columns
    // the WHERE fixes are in the key too, so that the planner ranks it above the index before.
    index("requests_premium_queue_idx")
      .on(table.ownerPremium, table.status, table.processedAt, table.queuedAt)
      .where(sql`"ownerPremium" = 1 AND "status" = 'inQueue' AND "processedAt" IS NULL`),
    // The overview's latest confirmations, covering: the walk never reads the table.
    index("requests_confirmed_idx")
      .on(table.status, table.updatedAt, table.processedAt, table.userId, table.id)
      .where(sql`"status" = 'confirmedByUser' AND "processedAt" IS NOT NULL`),
    // Staff's list of what people asked for that the catalog did not know.
    index("requests_unlinked_custom_idx")
      .on(table.senderName)
      .where(sql`"templateId" IS NULL AND "type" = 'custom'`),
    // A sender's requests still waiting for staff: the ranking of senders without a channel, and
    // the requests a channel added to a sender sends at once (decision 0054).
    index("requests_waiting_sender_idx")
      .on(table.templateId, table.queuedAt)
      .where(sql`"status" = 'inQueue' AND "processedAt" IS NULL`),
    // The return addresses people gave, verified deliverable, per sender: what a postal channel is
    // learned from (decision 0068), read without the rest of the table.
    index("requests_return_address_idx")
      .on(table.templateId, table.userId)
      .where(sql`"senderAddressCheck" = 'verified' AND "senderAddress" IS NOT NULL`),
    // The same, by when they were given: the daily run's senders given one lately (decision 0068).
    index("requests_return_address_recent_idx")
      .on(table.senderAddressAt)
      .where(sql`"senderAddressCheck" = 'verified' AND "senderAddress" IS NOT NULL`),
    // The daily walk of the follow-up ladder: requests marked still coming, waiting for a step.
    index("requests_still_coming_idx")
      .on(table.stillComingAt)
      .where(sql`"stillComingAt" IS NOT NULL`),
    // The daily claim of first reminders: sent requests waiting on their answer, the ladder not
    // begun, whose sending has no first reminder claimed yet. The columns the WHERE fixes are in
    // the key too, so that the planner ranks it above the work queue's index.
    index("requests_first_reminder_idx")
      .on(table.status, table.followUpStep, table.processedAt)
      .where(sql`"status" = 'inQueue' AND "processedAt" IS NOT NULL AND "followUpStep" = 0 AND "firstReminderFor" IS NOT "processedAt"`),
    // The requests of one sender review, which its answer writes to (decision 0091).
    index("requests_sender_review_idx")
      .on(table.senderReviewId)
      .where(sql`"senderReviewId" IS NOT NULL`),
  ],
);

/**
 * Where a photo of a mail piece stands (decision 0030): "storing" while its images are put in R2
 * (the row already counts against the daily limit, decision 0039, but nobody sees it), "reading"
 * while the queue job reads it, "suggested" when a sender was found with confidence and waits for
 * the person to confirm it, "needsStaff" when staff must look, "identified" once its sender is
 * confirmed (by the person or staff), "expired" when nobody identified it within the days the
 * images are kept.
 */
export const MAIL_PHOTO_STATES = ["storing", "reading", "suggested", "needsStaff", "identified", "expired"] as const;
export type MailPhotoState = (typeof MAIL_PHOTO_STATES)[number];

/** One suggestion of who sent a photographed piece, best first. */
export type PhotoSuggestion = { templateId: string; title: string; score: number };

/**
 * A photographed mail piece: one to a few images (front, label) in R2 under `imageKeys`, never in
 * D1. The images, the transcript and the name read off the label are deleted once the sender is
 * identified, or when the photo expires; the row stays (without them) to count uploads per day.
 */
export const mailPhotos = sqliteTable(
  "mail_photos",
  {
    id: randomId(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state", { enum: MAIL_PHOTO_STATES }).notNull().default("reading"),
    // Uploaded on the site, or emailed to the account's inbound address (decision 0055).
    source: text("source", { enum: ["site", "email"] })
      .notNull()
      .default("site"),
    imageCount: integer("imageCount").notNull(),
    // R2 keys of the images still stored; empty once they are deleted.
    imageKeys: text("imageKeys", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    transcript: text("transcript"),
    suggestions: text("suggestions", { mode: "json" })
      .$type<PhotoSuggestion[]>()
      .notNull()
      .default(sql`'[]'`),
    customerNumber: text("customerNumber"),
    keyCode: text("keyCode"),
    addressee: text("addressee"),
    // Why the photo went to staff rather than to the person (no reader configured, the reader failed).
    readProblem: text("readProblem"),
    templateId: text("templateId").references(() => requestTemplates.id, { onDelete: "set null" }),
    senderName: text("senderName"),
    requestId: text("requestId"),
    identifiedBy: text("identifiedBy", { enum: ["user", "staff"] }),
    createdAt: createdAt(),
    readAt: integer("readAt", { mode: "timestamp_ms" }),
    imagesDeletedAt: integer("imagesDeletedAt", { mode: "timestamp_ms" }),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("mail_photos_user_idx").on(table.userId, table.createdAt),
    // Staff's photos to identify, and the daily cron's expired and stuck ones.
    index("mail_photos_state_idx").on(table.state, table.createdAt),
  ],
);

/**
 * An account's private inbound address (decision 0055): mail to <token>@MAILBOX_DOMAIN reaches
 * the Worker's email handler and affects this account only. A new token replaces the old one
 * (the old address is dead at once); `enabled` false drops everything sent to it.
 */
export const mailboxAddresses = sqliteTable("mailbox_addresses", {
  userId: text("userId")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
  // When this address first kept a digest or an emailed photo: until then the dashboard asks the
  // person to set it up (decision 0073). A new token starts it again.
  firstMailAt: integer("firstMailAt", { mode: "timestamp_ms" }),
  // When the address and the setup steps were last emailed to the person, reserved before the
  // email is queued: one per MAILBOX_LIMITS.stepsEmailHours (decision 0073).
  stepsEmailedAt: integer("stepsEmailedAt", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A mail provider's message asking to confirm forwarding to the inbound address (a code or a
 * link), kept for its owner to read on the site until setup is done; deleted after a few days.
 */
export const mailboxConfirmations = sqliteTable(
  "mailbox_confirmations",
  {
    id: randomId(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fromAddress: text("fromAddress").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    receivedAt: integer("receivedAt", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("mailbox_confirmations_user_idx").on(table.userId, table.receivedAt)],
);

/**
 * What a request's reply address took per UTC day (decision 0065): replies read (reserved before
 * reading, within a cap) and whether the person was emailed about one that day, once.
 */
export const senderReplyDays = sqliteTable(
  "sender_reply_days",
  {
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestId: text("requestId").notNull(),
    day: text("day").notNull(),
    taken: integer("taken").notNull().default(0),
    notified: integer("notified", { mode: "boolean" }).notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.userId, table.requestId, table.day] })],
);

/**
 * What an inbound address received on one UTC day: messages taken (the daily limit counts them,
 * reserved before anything is stored) and messages dropped (neither a digest nor a photo, too
 * large, over the limit): counted, never stored.
 */
export const mailboxDays = sqliteTable(
  "mailbox_days",
  {
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    taken: integer("taken").notNull().default(0),
    dropped: integer("dropped").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

export const PIECE_SOURCES = ["digest", "photo", "email"] as const;
export const PIECE_ANSWERS = ["confirmed", "dismissed"] as const;
export type PieceAnswer = (typeof PIECE_ANSWERS)[number];
export type PieceSource = (typeof PIECE_SOURCES)[number];
export const PIECE_STATES = ["reading", "read"] as const;
export type PieceState = (typeof PIECE_STATES)[number];

/**
 * One mail piece seen in a person's mailbox (decision 0056): from the Postal Service's daily
 * digest, a photo emailed to the inbound address, or a photo uploaded on the site. The image is
 * kept under `imageKey` only while it is read; what stays is the sender, the day, the source and
 * the fields read. `entryId` makes a second delivery of the same message a no-op.
 */
/**
 * The follow-up ladder's paid steps (a second request, a request under the law) taken for one
 * account on one UTC day, reserved before each is taken (decision 0064).
 */
export const followUpDays = sqliteTable(
  "follow_up_days",
  {
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    taken: integer("taken").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

export const mailArrivals = sqliteTable(
  "mail_arrivals",
  {
    id: randomId(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    entryId: text("entryId").notNull(),
    source: text("source", { enum: PIECE_SOURCES }).notNull(),
    // Whether the piece is known to be real: a digest whose Postal Service DKIM signature verified, a photo the person uploaded while signed in, or a photo emailed from the account's own address with a verified signature. Only such a piece may start a paid step or count in a sender's figures.
    authenticated: integer("authenticated", { mode: "boolean" }).notNull().default(false),
    state: text("state", { enum: PIECE_STATES }).notNull().default("reading"),
    // The day the piece reached the mailbox (the digest's date), YYYY-MM-DD.
    arrivedOn: text("arrivedOn").notNull(),
    imageKey: text("imageKey"),
    // The "FROM:" name the digest printed beside the image, when it did.
    printedSender: text("printedSender"),
    templateId: text("templateId").references(() => requestTemplates.id, { onDelete: "set null" }),
    // The sender's name as read, when no catalog sender matched it; null when nothing was read.
    senderName: text("senderName"),
    // The request this piece is evidence for (same user, same sender), once matched.
    requestId: text("requestId"),
    customerNumber: text("customerNumber"),
    keyCode: text("keyCode"),
    // Addressed to "Current Resident" (saturation mail): explained, never a request.
    residentMail: integer("residentMail", { mode: "boolean" }).notNull().default(false),
    // The person's answer to a piece that could not be verified, shown on its request's card
    // (decision 0064): confirmed (it counts as their own report) or dismissed; null until then.
    personAnswer: text("personAnswer", { enum: PIECE_ANSWERS }),
    // Counted in the person's mail_tallies row (decision 0084): only a piece read is, once.
    folded: integer("folded", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("mail_arrivals_entry_idx").on(table.userId, table.entryId),
    index("mail_arrivals_state_idx").on(table.state, table.createdAt),
    // The reading budget counts an account's digest pieces of the last day (decision 0065).
    index("mail_arrivals_user_created_idx").on(table.userId, table.createdAt),
  ],
);

/**
 * The pieces seen in one person's mail, folded (decision 0084, app/domain/mail-tally.ts): what the
 * pages and the daily walks read of them, in a few kilobytes a year. Written only by foldPieces,
 * which checks `version` so that two folds at once cannot both count from the same record.
 */
export const mailTallies = sqliteTable("mail_tallies", {
  userId: text("userId")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  // What the daily walks read of the MailTally in SQL, as JSON (TallyFacts); the whole record in
  // rows written before decision 0085, whose `packed` is null.
  tally: text("tally").notNull(),
  // The rest of the record (TallyRest), JSON deflated: only the pages and the export read it.
  packed: blob("packed", { mode: "buffer" }),
  // The UTC day the latest piece known to be real reached us: the day the mailbox was last seen.
  seenOn: text("seenOn"),
  version: integer("version").notNull().default(0),
  // The fold that wrote this version: only its own pieces are marked folded.
  foldedBy: text("foldedBy").notNull(),
});

export const requestLogs = sqliteTable(
  "request_logs",
  {
    id: randomId(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestId: text("requestId").notNull(),
    creator: text("creator", { enum: ["user", "staff", "sender", "system"] }).notNull(),
    // The action name for user actions (product rules: Request statuses and actions).
    status: text("status").notNull(),
    // Who on the staff, or what a sender wrote back.
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (table) => [
    index("request_logs_request_idx").on(table.userId, table.requestId, table.createdAt),
    // When the user said the mail stopped, one entry per confirmation. The status is in the key
    // so that the planner ranks it above the index before.
    index("request_logs_confirm_idx")
      .on(table.userId, table.requestId, table.status, table.createdAt)
      .where(sql`"status" = 'confirm'`),
  ],
);

export const recipients = sqliteTable(
  "recipients",
  {
    id: randomId(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fullName: text("fullName").notNull(),
    // Defaults to the account's address; a different one is an earlier address after a move.
    street1: text("street1").notNull().default(""),
    street2: text("street2"),
    city: text("city").notNull().default(""),
    state: text("state").notNull().default(""),
    zipCode: text("zipCode").notNull().default(""),
    addressCheck: addressCheck(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("recipients_user_idx").on(table.userId)],
);

/** Product analytics: event names of product rules: Calls to the server, never an email, a name or an address. */
export const analyticsEvents = sqliteTable(
  "analytics_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    userId: text("userId"),
    properties: text("properties", { mode: "json" }).$type<Record<string, string | number | boolean>>(),
    createdAt: createdAt(),
  },
  (table) => [index("analytics_events_name_idx").on(table.name, table.createdAt)],
);

// "cancelled": the account it was for was deleted before it ran, so it never will (decision 0023).
export const JOB_STATES = ["queued", "running", "succeeded", "retrying", "dead", "cancelled"] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Every queued job, so that staff can see what happened to it and nothing is lost silently. */
export const jobs = sqliteTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    payload: text("payload", { mode: "json" }),
    userId: text("userId"),
    state: text("state", { enum: JOB_STATES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("lastError"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Running: until when the consumer that claimed the job holds it. Retrying: when the queue is due
     * to deliver it again. Past it, the sweep sends the job again (decision 0038).
     */
    leaseExpiresAt: integer("leaseExpiresAt", { mode: "timestamp_ms" }),
    /** When the queue message the consumer last took for this job was sent: how far the queue has read. */
    messageSentAt: integer("messageSentAt", { mode: "timestamp_ms" }),
    /** How many times the sweep has sent the job again; it gives up after a few (decision 0038). */
    resends: integer("resends").notNull().default(0),
  },
  (table) => [
    index("jobs_state_idx").on(table.state, table.updatedAt),
    // A user's jobs, on their staff page.
    index("jobs_user_idx").on(table.userId, table.createdAt),
    // The jobs page: the latest changes, of any state or of one type, and the list of types.
    index("jobs_updated_idx").on(table.updatedAt),
    index("jobs_type_idx").on(table.type, table.updatedAt),
    // The opt-out emails still on their way, by request: the work queue leaves their requests out.
    index("jobs_pending_email_idx")
      .on(sql`json_extract("payload", '$.requestId')`, table.userId)
      .where(sql`"type" = 'optOut.email' AND "state" IN ('queued', 'running', 'retrying')`),
    // The same for letters on their way through Lob (decision 0052).
    index("jobs_pending_letter_idx")
      .on(sql`json_extract("payload", '$.requestId')`, table.userId)
      .where(sql`"type" = 'optOut.letter' AND "state" IN ('queued', 'running', 'retrying')`),
  ],
);

/**
 * Where a letter mailed through Lob is, from Lob's tracking events (decision 0052), in the order
 * mail moves; "created" until the first event arrives. "failed", "rejected" and "deleted" are Lob's
 * letters that never go out (a render that failed, a letter Lob did not take, one cancelled).
 */
export const LETTER_TRACKING_STATES = [
  "created",
  "mailed",
  "inTransit",
  "inLocalArea",
  "processedForDelivery",
  "reRouted",
  "delivered",
  "returnedToSender",
  "failed",
  "rejected",
  "deleted",
] as const;
export type LetterTrackingState = (typeof LETTER_TRACKING_STATES)[number];

/** Letters Lob printed and mailed for a request, by Lob's id (ltr_...): one per mailing. */
export const mailedLetters = sqliteTable(
  "mailed_letters",
  {
    id: text("id").primaryKey(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestId: text("requestId").notNull(),
    /** What the letter cost, in cents: Lob's price when its answer gives one, else LOB_LETTER_PRICE_CENTS. */
    costCents: integer("costCents").notNull(),
    /** Lob's expected_delivery_date, YYYY-MM-DD. */
    expectedDeliveryDate: text("expectedDeliveryDate"),
    /**
     * The postal address the letter was addressed to, one line as the catalog writes it: the
     * catalog's, or the return address the person gave from the piece (decision 0067). Null on
     * letters recorded before it was kept.
     */
    toAddress: text("toAddress"),
    trackingState: text("trackingState", { enum: LETTER_TRACKING_STATES }).notNull().default("created"),
    /** When the event behind trackingState happened: an older event arriving later does not move it back. */
    trackingAt: integer("trackingAt", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("mailed_letters_request_idx").on(table.userId, table.requestId, table.createdAt),
    // The overview's letters' cost by month, covering: the walk reads only the last twelve months.
    index("mailed_letters_created_idx").on(table.createdAt, table.costCents),
  ],
);

/** Lob webhook events already handled, so that a redelivered event changes nothing. */
export const lobEvents = sqliteTable("lob_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

/**
 * What became of an email to a sender, in order of precedence (decision 0053): Postmark's delivery
 * moves "sent" on, and a hard bounce or a spam complaint outranks a delivery whatever order they
 * arrive in. "undelivered": Postmark stopped trying (a soft bounce), below a delivery.
 */
export const EMAIL_OUTCOMES = ["sent", "undelivered", "delivered", "bounced", "spamComplaint"] as const;
export type EmailOutcome = (typeof EMAIL_OUTCOMES)[number];

/** Emails of requests to their senders, by Postmark's MessageID: one per send. */
export const requestEmails = sqliteTable(
  "request_emails",
  {
    messageId: text("messageId").primaryKey(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestId: text("requestId").notNull(),
    /** The catalog sender whose address it went to; null for a sender typed by name. */
    templateId: text("templateId").references(() => requestTemplates.id, { onDelete: "set null" }),
    toAddress: text("toAddress").notNull(),
    outcome: text("outcome", { enum: EMAIL_OUTCOMES }).notNull().default("sent"),
    /** When the event behind the outcome happened (Postmark's DeliveredAt or BouncedAt). */
    outcomeAt: integer("outcomeAt", { mode: "timestamp_ms" }),
    /** When Postmark took the message. */
    createdAt: createdAt(),
  },
  (table) => [index("request_emails_request_idx").on(table.userId, table.requestId, table.createdAt)],
);

/** Postmark webhook events already handled, by RecordType, MessageID and the event's own id or time. */
export const postmarkEvents = sqliteTable("postmark_events", {
  id: text("id").primaryKey(),
  recordType: text("recordType").notNull(),
  messageId: text("messageId").notNull(),
  createdAt: createdAt(),
});

/**
 * Emails a job has sent, by job id: recorded before the send ("sending") and confirmed after it
 * ("sent", with the provider's message id), so a redelivered job never emails twice.
 */
export const sentEmails = sqliteTable(
  "sent_emails",
  {
    jobId: text("jobId").primaryKey(),
    state: text("state", { enum: ["sending", "sent"] }).notNull(),
    messageId: text("messageId"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("sent_emails_updated_idx").on(table.updatedAt)],
);

/**
 * "Has the mail stopped?" reminders, one row per request, processing (its processedAt) and round
 * (1 after requiredDays, 2 at about eight weeks). The key makes the daily cron idempotent; jobId
 * is set once the reminder's email job exists.
 */
export const requestReminders = sqliteTable(
  "request_reminders",
  {
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestId: text("requestId").notNull(),
    processedAt: integer("processedAt", { mode: "timestamp_ms" }).notNull(),
    round: integer("round").notNull(),
    jobId: text("jobId"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.requestId, table.processedAt, table.round] }),
    index("request_reminders_job_idx").on(table.jobId),
    // The cron's second round reads one week of first reminders (decision 0088).
    index("request_reminders_first_round_idx")
      .on(table.createdAt)
      .where(sql`${table.round} = 1`),
  ],
);

/**
 * A sender's channel that stopped working (an email address that bounced, letters that came back):
 * the sender leaves the automatic path for that kind of channel until staff mark it fixed
 * (decision 0054). One per sender and kind.
 */
export const senderChannelProblems = sqliteTable(
  "sender_channel_problems",
  {
    templateId: text("templateId")
      .notNull()
      .references(() => requestTemplates.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["web", "email", "mail", "phone"] }).notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.templateId, table.kind] })],
);

export const CHANNEL_PROPOSAL_STATES = ["proposed", "confirmed", "rejected"] as const;
export type ChannelProposalState = (typeof CHANNEL_PROPOSAL_STATES)[number];

/**
 * Postal addresses a sender was seen writing from (the return address on users' photos of its
 * mail), for staff to confirm once as its postal channel (decision 0054). One row per sender and
 * address as normalized; `timesSeen` counts the photos that showed it.
 */
export const postalChannelProposals = sqliteTable(
  "postal_channel_proposals",
  {
    id: randomId(),
    templateId: text("templateId")
      .notNull()
      .references(() => requestTemplates.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    normalizedAddress: text("normalizedAddress").notNull(),
    sourcePhotoId: text("sourcePhotoId"),
    timesSeen: integer("timesSeen").notNull().default(1),
    state: text("state", { enum: CHANNEL_PROPOSAL_STATES }).notNull().default("proposed"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("postal_channel_proposals_address_idx").on(table.templateId, table.normalizedAddress)],
);

export const SENDER_REVIEW_ANSWERS = ["ignoresRequests", "sentAgain"] as const;
export type SenderReviewAnswer = (typeof SENDER_REVIEW_ANSWERS)[number];

/**
 * A sender the follow-up ladder handed to staff (decision 0091): every request escalated to it
 * waits in its one open review, and staff answer them all at once, either that the way we reach
 * the sender was wrong (fixed, the requests sent again) or that the sender ignores requests (each
 * person told the finding and what they can do themselves). A finding holds for later escalations
 * to the sender for FINDING_HOLDS_DAYS, with no new look.
 */
export const senderReviews = sqliteTable(
  "sender_reviews",
  {
    id: randomId(),
    templateId: text("templateId")
      .notNull()
      .references(() => requestTemplates.id, { onDelete: "cascade" }),
    openedAt: integer("openedAt", { mode: "timestamp_ms" }).notNull(),
    answeredAt: integer("answeredAt", { mode: "timestamp_ms" }),
    answer: text("answer", { enum: SENDER_REVIEW_ANSWERS }),
    answeredBy: text("answeredBy"),
    // The one call that answered it: what that call writes for the review's requests is guarded by it,
    // so that two answers at the same moment write once.
    answerId: text("answerId"),
    // What every person whose request it answers is told, word for word, in their history and email.
    finding: text("finding"),
  },
  (table) => [
    // One open review per sender, so that escalations at the same moment join it rather than open two.
    uniqueIndex("sender_reviews_open_idx")
      .on(table.templateId)
      .where(sql`"answeredAt" IS NULL`),
    index("sender_reviews_answered_idx").on(table.templateId, table.answeredAt),
  ],
);

export const AUDIT_TARGETS = ["user", "request", "template", "job", "testimonial", "photo"] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/**
 * Every staff action: who, what, on what, when and why. Append-only: the migration adds triggers
 * that refuse UPDATE and DELETE on this table.
 */
export const staffAudit = sqliteTable(
  "staff_audit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: text("actorId").notNull(),
    // "system" (actor id "system") for what the product does by itself, such as a learned channel (decision 0068).
    actorRole: text("actorRole", { enum: ["admin", "moderator", "system"] }).notNull(),
    /** What was done, e.g. "request.mailed", "user.updated", "template.offered", "job.retried". */
    action: text("action").notNull(),
    targetType: text("targetType", { enum: AUDIT_TARGETS }).notNull(),
    targetId: text("targetId").notNull(),
    reason: text("reason"),
    /** What changed (field names and values before and after), never a password or a session. */
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [
    index("staff_audit_created_idx").on(table.createdAt),
    index("staff_audit_target_idx").on(table.targetType, table.targetId),
    index("staff_audit_actor_idx").on(table.actorId, table.createdAt),
    // The trail filtered by action, newest first (the rowid in the index gives the order).
    index("staff_audit_action_idx").on(table.action),
  ],
);

/**
 * Running totals for the staff overview, kept by triggers (migration 0010) on users, requests and
 * jobs, so that the page reads a few rows instead of counting whole tables (decision 0032). Keys:
 * `users`, `users.usedUp`, `users.subscribers:<plan>`, `requests.status:<status>` (empty for a
 * request never sent), `requests.processed`, `requests.confirmed`, `requests.inQueue:<templateId>`
 * (empty for a custom sender), `jobs.state:<state>`.
 */
export const staffCounts = sqliteTable("staff_counts", {
  key: text("key").primaryKey(),
  value: integer("value").notNull(),
});

/**
 * The staff overview's "Sent with no staff touch, by week" (decision 0066), kept by triggers
 * (migration 0034) on request_logs and staff_audit like staff_counts (decision 0032): per week
 * (its Monday, UTC, "2026-11-23"), the sending lines written (emailed, mailed, filed) and those of
 * them the system wrote for a request no member of staff released.
 */
export const staffSentWeeks = sqliteTable("staff_sent_weeks", {
  week: text("week").primaryKey(),
  sent: integer("sent").notNull().default(0),
  alone: integer("alone").notNull().default(0),
});

/**
 * The requests staff released by giving their sender a channel ("requests.sentOnNewChannel" in the
 * audit), one row per release, so that the triggers of staffSentWeeks find them by key. Removed
 * with the account.
 */
export const staffReleasedRequests = sqliteTable(
  "staff_released_requests",
  {
    userId: text("userId").notNull(),
    requestId: text("requestId").notNull(),
    releasedAt: integer("releasedAt", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.requestId, table.releasedAt] })],
);

/** Stripe webhook events already handled, so that a redelivered event costs nothing. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

/** Single-use password reset links: only the SHA-256 of the token is kept. */
export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    tokenHash: text("tokenHash").primaryKey(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expiresAt", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("usedAt", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [index("password_reset_tokens_user_idx").on(table.userId)],
);

/**
 * Attempts per key (a hashed email, or a client address): failed sign-ins, reset links, address checks.
 * The authority for throttling: one row per key, updated with a single UPSERT.
 */
export const authThrottle = sqliteTable("auth_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: integer("windowStartedAt", { mode: "timestamp_ms" }).notNull(),
  blockedUntil: integer("blockedUntil", { mode: "timestamp_ms" }),
});

/** The account's addresses from before each move: opt-out letters name them too, since senders file people under old addresses. */
export const earlierAddresses = sqliteTable(
  "earlier_addresses",
  {
    id: randomId(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    street1: text("street1").notNull(),
    street2: text("street2"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zipCode").notNull(),
    movedAt: integer("movedAt", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("earlier_addresses_user_idx").on(table.userId, table.movedAt)],
);

/**
 * A new email waiting for the link sent to it: the change happens when the link is used, once,
 * before it expires. Only the SHA-256 of the token is kept.
 */
export const emailChanges = sqliteTable(
  "email_changes",
  {
    tokenHash: text("tokenHash").primaryKey(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("newEmail").notNull(),
    expiresAt: integer("expiresAt", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("usedAt", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [index("email_changes_user_idx").on(table.userId)],
);

/**
 * A signup waiting for its email's link: made when signups site-wide pass their hourly count
 * (decision 0019), so that past it an account still opens, for whoever can read the email. Only
 * the SHA-256 of the token is kept; the row goes once used, or a day after it expired.
 */
export const pendingSignups = sqliteTable(
  "pending_signups",
  {
    tokenHash: text("tokenHash").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("passwordHash").notNull(),
    fullName: text("fullName").notNull(),
    street1: text("street1").notNull(),
    street2: text("street2"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zipCode").notNull(),
    addressCheck: addressCheck(),
    expiresAt: integer("expiresAt", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("pending_signups_expires_idx").on(table.expiresAt)],
);

/** Accounts their owners deleted: the anonymous id and the moment, nothing that names anyone (decision 0023). */
export const deletedAccounts = sqliteTable("deleted_accounts", {
  userId: text("userId").primaryKey(),
  deletedAt: integer("deletedAt", { mode: "timestamp_ms" }).notNull(),
});

/** How a person agreed to have their words shown on the home page (decision 0026). */
export const CONSENT_METHODS = ["email-reply", "signed-form", "in-app-checkbox"] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/**
 * Customers' words for the home page, managed by staff. A testimonial is shown only while it is
 * published and its consent (date and method) is recorded; it names no account, only the name
 * and city the person agreed to show.
 */
export const testimonials = sqliteTable(
  "testimonials",
  {
    id: randomId(),
    quote: text("quote").notNull(),
    displayName: text("displayName").notNull(),
    city: text("city").notNull(),
    /** The calendar day consent was given, YYYY-MM-DD. */
    consentDate: text("consentDate"),
    consentMethod: text("consentMethod", { enum: CONSENT_METHODS }),
    isPublished: integer("isPublished", { mode: "boolean" }).notNull().default(false),
    publishedAt: integer("publishedAt", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("testimonials_published_idx").on(table.isPublished, table.publishedAt)],
);

/**
 * The person's signed permission for the service to act as their authorized agent under a state
 * privacy law (decision 0059): the name they typed, what it allows in words, when they signed it
 * and when they revoked it. At most one is in force per person; revoked ones are kept, since a
 * request sent under one cites it.
 */
export const agentPermissions = sqliteTable(
  "agent_permissions",
  {
    id: randomId(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    typedName: text("typedName").notNull(),
    // The permission's text as the person read it when signing.
    allows: text("allows").notNull(),
    signedAt: integer("signedAt", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revokedAt", { mode: "timestamp_ms" }),
  },
  (table) => [
    uniqueIndex("agent_permissions_in_force_idx")
      .on(table.userId)
      .where(sql`"revokedAt" IS NULL`),
    index("agent_permissions_user_idx").on(table.userId, table.signedAt),
  ],
);

/**
 * What each catalog sender really does (decision 0060), recomputed by the daily cron from
 * requests, answers and pieces seen: how many requests have a known outcome, how many stopped its
 * mail, and the median and 90th-percentile days from the request reaching the sender to the last
 * piece seen. Shown only from a number of cases up.
 */
export const senderOutcomes = sqliteTable("sender_outcomes", {
  templateId: text("templateId")
    .primaryKey()
    .references(() => requestTemplates.id, { onDelete: "cascade" }),
  cases: integer("cases").notNull(),
  stopped: integer("stopped").notNull(),
  medianDays: integer("medianDays"),
  p90Days: integer("p90Days"),
  computedAt: integer("computedAt", { mode: "timestamp_ms" }).notNull(),
});

/**
 * Which D1 database holds each user's own rows, for when users are split across databases
 * (decisions 0031 and 0082): home 0 is the `DB` binding, home n the `USERS_n` binding. Kept in
 * `DB`. A user with no row lives in home 0, as every user does while there is one database.
 */
export const userHomes = sqliteTable("user_homes", {
  userId: text("userId").primaryKey(),
  home: integer("home").notNull(),
});
