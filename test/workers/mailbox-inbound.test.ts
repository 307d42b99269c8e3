// Each account's private inbound address (decision 0055): shown on /account and the dashboard,
// regenerated and turned off there, and the Worker's email handler that takes what is sent to it:
// forwarding confirmations for their owner only, photos of mail, nothing else, within a daily limit.
import { env } from "cloudflare:test";
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { jobs, mailboxAddresses, mailboxConfirmations, mailboxDays, mailPhotos } from "../../drizzle/schema";
import worker from "../../app/worker";
import { utcDay } from "~/domain/dates";
import { MAILBOX_LIMITS } from "~/domain/mailbox";
import { runScheduledTasks } from "~/jobs/scheduled.server";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { signedUpUser } from "./http";
import { publishedDkimKey } from "./stand-ins";
import { htmlOf, incomingEmail } from "./support";
import { signDkim, type DkimKey } from "../support/dkim-sign";
import { gmailForwardingConfirmation, phonePhotoEmail } from "../support/inbound-emails";

const db = getDb(env.DB);
const MAILBOX_DOMAIN = "mailbox.quietmailbox.local";
const fixtures = inject("photoFixtures");
const catalogJpeg = () => fixtures.catalog.base64;

async function deliver(to: string, raw: string | Promise<string>, rawSize?: number) {
  const email = incomingEmail({ to, raw: await raw, rawSize });
  await worker.email(email.message, env);
  return email.setReject;
}

const GMAIL_CODE = "583920417";

// Google signs its confirmations, and the person's provider their email (decision 0063): the test
// keys are served by the DNS stand-in.
let googleKey: DkimKey;
let peopleKey: DkimKey;
beforeAll(async () => {
  googleKey = await publishedDkimKey("google.com");
  peopleKey = await publishedDkimKey("quietmailbox.test");
});

/** Gmail's message asking the new forwarding address to confirm, as it writes it, signed by Google. */
function gmailConfirmation(to: string, messageId = `<${crypto.randomUUID()}@google.com>`) {
  return signDkim(unsignedConfirmation(to, messageId), googleKey);
}

function unsignedConfirmation(to: string, messageId?: string) {
  return gmailForwardingConfirmation({
    to,
    code: GMAIL_CODE,
    link: "https://mail-settings.google.com/mail/vf-example-confirmation-link",
    messageId,
  });
}

function plainEmail(to: string, text = "Hello, is this thing on?") {
  return [
    "From: A Stranger <stranger@example.com>",
    `To: ${to}`,
    "Subject: Hi",
    `Message-ID: <${crypto.randomUUID()}@example.com>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=UTF-8",
    "",
    text,
    "",
  ].join("\r\n");
}

/** A phone's email with one photo attached, from `from`, signed by its provider (unless `key` is null). */
function photoEmail(
  to: string,
  from = "jane.doe@quietmailbox.test",
  messageId = `<${crypto.randomUUID()}@phone.example>`,
  key: DkimKey | null = peopleKey,
) {
  const raw = phonePhotoEmail({ to, from, messageId, jpegBase64: catalogJpeg() });
  return key ? signDkim(raw, key) : Promise.resolve(raw);
}

/** A new user who opened /account once, with their inbound address. */
async function userWithAddress(label: string) {
  const user = await signedUpUser(label);
  expect((await user.browser.get("/account")).status).toBe(200);
  return { ...user, address: await addressOf(user.userId) };
}

async function addressOf(userId: string) {
  const [row] = await db.select({ token: mailboxAddresses.token }).from(mailboxAddresses).where(eq(mailboxAddresses.userId, userId));
  return `${row!.token}@${MAILBOX_DOMAIN}`;
}

async function dayOf(userId: string) {
  const [row] = await db
    .select({ taken: mailboxDays.taken, dropped: mailboxDays.dropped })
    .from(mailboxDays)
    .where(and(eq(mailboxDays.userId, userId), eq(mailboxDays.day, utcDay(new Date()))));
  return row ?? { taken: 0, dropped: 0 };
}

const confirmationCount = async (userId: string) =>
  (await db.select({ n: count() }).from(mailboxConfirmations).where(eq(mailboxConfirmations.userId, userId)))[0]!.n;
const photosOf = (userId: string) => db.select().from(mailPhotos).where(eq(mailPhotos.userId, userId));

describe("the inbound address", () => {
  it("is made on the first view of /account, once, and the dashboard points to it", async () => {
    const user = await signedUpUser("mailbox-first");
    const [first, second] = await Promise.all([user.browser.get("/account"), user.browser.get("/dashboard")]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const rows = await db.select().from(mailboxAddresses).where(eq(mailboxAddresses.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token).toMatch(/^[a-z2-7]{26}$/);
    const address = `${rows[0]!.token}@${MAILBOX_DOMAIN}`;
    expect(await htmlOf(first)).toContain(address);
    const dashboard = await htmlOf(await user.browser.get("/dashboard"));
    expect(dashboard).toContain(address);
    expect(dashboard).toContain('href="/account#mailbox"');
  });

  it("a new address makes the old one dead at once", async () => {
    const user = await userWithAddress("mailbox-new");
    const old = user.address;
    const answer = await user.browser.post("/account", { intent: "mailboxNewAddress" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/account?saved=mailbox-new#mailbox");
    const fresh = await addressOf(user.userId);
    expect(fresh).not.toBe(old);

    expect(await deliver(old, gmailConfirmation(old))).toHaveBeenCalledWith("Unknown address");
    expect(await confirmationCount(user.userId)).toBe(0);
    expect(await deliver(fresh, gmailConfirmation(fresh))).not.toHaveBeenCalled();
    expect(await confirmationCount(user.userId)).toBe(1);
  });

  it("turned off, refuses mail and writes nothing; turned on, takes it again", async () => {
    const user = await userWithAddress("mailbox-off");
    expect((await user.browser.post("/account", { intent: "mailboxOff" })).status).toBe(303);
    expect(await htmlOf(await user.browser.get("/account"))).toContain("Turned off: mail sent to this address is refused.");

    expect(await deliver(user.address, gmailConfirmation(user.address))).toHaveBeenCalledWith("Unknown address");
    expect(await deliver(user.address, photoEmail(user.address))).toHaveBeenCalledWith("Unknown address");
    expect(await confirmationCount(user.userId)).toBe(0);
    expect(await photosOf(user.userId)).toHaveLength(0);
    expect(await dayOf(user.userId)).toEqual({ taken: 0, dropped: 0 });

    expect((await user.browser.post("/account", { intent: "mailboxOn" })).status).toBe(303);
    expect(await deliver(user.address, gmailConfirmation(user.address))).not.toHaveBeenCalled();
    expect(await confirmationCount(user.userId)).toBe(1);
  });

  it("mail to a token nobody has is refused and nothing is written", async () => {
    const user = await userWithAddress("mailbox-unknown");
    const before = (await db.select({ n: count() }).from(mailboxDays))[0]!.n;
    for (const to of [
      `${"a".repeat(26)}@${MAILBOX_DOMAIN}`,
      `not-a-token@${MAILBOX_DOMAIN}`,
      user.address.toUpperCase().replace("@", "x@"),
    ]) {
      expect(await deliver(to, gmailConfirmation(to)), to).toHaveBeenCalledWith("Unknown address");
    }
    expect((await db.select({ n: count() }).from(mailboxDays))[0]!.n).toBe(before);
    expect(await confirmationCount(user.userId)).toBe(0);
  });
});

describe("a forwarding confirmation", () => {
  it("is shown to its owner only, once however often it is delivered, until they remove it", async () => {
    const owner = await userWithAddress("confirm-owner");
    const other = await userWithAddress("confirm-other");
    const raw = await gmailConfirmation(owner.address, "<same-confirmation@google.com>");
    expect(await deliver(owner.address, raw)).not.toHaveBeenCalled();
    expect(await deliver(owner.address, raw)).not.toHaveBeenCalled();
    expect(await confirmationCount(owner.userId)).toBe(1);
    expect(await dayOf(owner.userId)).toEqual({ taken: 1, dropped: 0 });

    const page = await htmlOf(await owner.browser.get("/account"));
    expect(page).toContain("Finish setting up forwarding");
    expect(page).toContain(`Confirmation code: ${GMAIL_CODE}`);
    expect(page).toContain("Gmail Forwarding Confirmation");
    expect(await htmlOf(await owner.browser.get("/dashboard"))).toContain('href="/account#mailbox-confirmations"');

    const othersPage = await htmlOf(await other.browser.get("/account"));
    expect(othersPage).not.toContain(GMAIL_CODE);
    expect(othersPage).not.toContain("Finish setting up forwarding");
    expect(await htmlOf(await other.browser.get("/dashboard"))).not.toContain("mailbox-confirmations");

    const [row] = await db
      .select({ id: mailboxConfirmations.id })
      .from(mailboxConfirmations)
      .where(eq(mailboxConfirmations.userId, owner.userId));
    expect((await other.browser.post("/account", { intent: "dismissConfirmation", confirmationId: row!.id })).status).toBe(404);
    expect(await confirmationCount(owner.userId)).toBe(1);
    expect((await owner.browser.post("/account", { intent: "dismissConfirmation", confirmationId: row!.id })).status).toBe(303);
    expect(await confirmationCount(owner.userId)).toBe(0);
    expect(await htmlOf(await owner.browser.get("/account"))).not.toContain(GMAIL_CODE);
  });

  it("is deleted by the daily cron once it is a week old", async () => {
    const owner = await userWithAddress("confirm-cron");
    expect(await deliver(owner.address, await gmailConfirmation(owner.address))).not.toHaveBeenCalled();
    expect(await confirmationCount(owner.userId)).toBe(1);
    await runScheduledTasks({ scheduledTime: Date.now() + 6 * 24 * 3600_000 }, parseEnv(env));
    expect(await confirmationCount(owner.userId)).toBe(1);
    await runScheduledTasks({ scheduledTime: Date.now() + 8 * 24 * 3600_000 }, parseEnv(env));
    expect(await confirmationCount(owner.userId)).toBe(0);
  });

  it(`leaves a day's count of messages to the daily cron after ${MAILBOX_LIMITS.dayCountKeepDays} days, since only the day's own is read`, async () => {
    const owner = await userWithAddress("confirm-day-count");
    await deliver(owner.address, await gmailConfirmation(owner.address));
    const counts = () => db.select({ day: mailboxDays.day }).from(mailboxDays).where(eq(mailboxDays.userId, owner.userId));
    expect(await counts()).toEqual([{ day: utcDay(new Date()) }]);
    await runScheduledTasks({ scheduledTime: Date.now() + (MAILBOX_LIMITS.dayCountKeepDays - 1) * 24 * 3600_000 }, parseEnv(env));
    expect(await counts()).toHaveLength(1);
    await runScheduledTasks({ scheduledTime: Date.now() + (MAILBOX_LIMITS.dayCountKeepDays + 1) * 24 * 3600_000 }, parseEnv(env));
    expect(await counts()).toEqual([]);
  });

  it("claiming Gmail's address without Google's signature is not shown, and is refused", async () => {
    const owner = await userWithAddress("confirm-unsigned");
    const unsigned = unsignedConfirmation(owner.address).replace(
      `Confirmation code: ${GMAIL_CODE}`,
      `Confirmation code: ${GMAIL_CODE}\r\nClick https://evil.example/gmail-login`,
    );
    expect(await deliver(owner.address, unsigned)).toHaveBeenCalledOnce();
    // Signed by Google once, then changed on the way: not Google's words any more.
    const altered = (await gmailConfirmation(owner.address)).replace("please click the link", "please log in at https://evil.example");
    expect(await deliver(owner.address, altered)).toHaveBeenCalledOnce();
    expect(await confirmationCount(owner.userId)).toBe(0);
    const page = await htmlOf(await owner.browser.get("/account"));
    expect(page).not.toContain("evil.example");
    expect(page).not.toContain("Finish setting up forwarding");
  });

  it("in Spanish, signed by Google, is shown with its code", async () => {
    const owner = await userWithAddress("confirm-spanish");
    const spanish = unsignedConfirmation(owner.address)
      .replace(/Subject: .*/, `Subject: (#${GMAIL_CODE}) Confirmación de reenvío de Gmail - Recibir correo de ana@gmail.com`)
      .replace(/jane\.doe@gmail\.com has requested.*/, "ana@gmail.com ha solicitado reenviar automáticamente su correo.")
      .replace(`Confirmation code: ${GMAIL_CODE}`, `Código de confirmación: ${GMAIL_CODE}`);
    expect(await deliver(owner.address, signDkim(spanish, googleKey))).not.toHaveBeenCalled();
    expect(await confirmationCount(owner.userId)).toBe(1);
    expect(await htmlOf(await owner.browser.get("/account"))).toContain(GMAIL_CODE);
  });

  it("from anyone but Gmail's forwarding address is not one, and is dropped", async () => {
    const owner = await userWithAddress("confirm-forged");
    const forged = (await gmailConfirmation(owner.address)).replace("forwarding-noreply@google.com", "forwarding-noreply@goog1e.com");
    expect(await deliver(owner.address, forged)).toHaveBeenCalledOnce();
    expect(await confirmationCount(owner.userId)).toBe(0);
    expect(await dayOf(owner.userId)).toEqual({ taken: 0, dropped: 1 });
  });
});

describe("the daily limit", () => {
  it(`holds when ${MAILBOX_LIMITS.messagesPerDay + 3} messages arrive at once: the rest are dropped and counted`, async () => {
    const owner = await userWithAddress("mailbox-burst");
    const burst = MAILBOX_LIMITS.messagesPerDay + 3;
    const rejections = await Promise.all(Array.from({ length: burst }, () => deliver(owner.address, gmailConfirmation(owner.address))));
    const refused = rejections.filter((setReject) => setReject.mock.calls.length > 0);
    expect(refused).toHaveLength(3);
    for (const setReject of refused) expect(setReject.mock.calls[0]![0]).toMatch(/all the mail it takes today/);
    expect(await confirmationCount(owner.userId)).toBe(MAILBOX_LIMITS.messagesPerDay);
    expect(await dayOf(owner.userId)).toEqual({ taken: MAILBOX_LIMITS.messagesPerDay, dropped: 3 });
  });
});

describe("the caps come before any reading", () => {
  /** A message whose bytes fail if anyone reads them: refusing it must not read it. */
  async function deliverUnread(to: string, rawSize: number) {
    const read = vi.fn();
    const { message, setReject } = incomingEmail({ to, raw: "", rawSize });
    const pull = () => (read(), Promise.reject(new Error("the message was read")));
    Object.assign(message, { raw: new ReadableStream({ pull }, { highWaterMark: 0 }) });
    await worker.email(message, env);
    return { read, setReject };
  }

  it("a 15 MB message, and any message once the day is full, is refused without being read or parsed", async () => {
    const owner = await userWithAddress("mailbox-unread");
    const large = await deliverUnread(owner.address, MAILBOX_LIMITS.maxMessageBytes + 1);
    expect(large.setReject).toHaveBeenCalledWith("Message too large");
    expect(large.read).not.toHaveBeenCalled();

    await db
      .update(mailboxDays)
      .set({ taken: MAILBOX_LIMITS.messagesPerDay })
      .where(and(eq(mailboxDays.userId, owner.userId), eq(mailboxDays.day, utcDay(new Date()))));
    const full = await deliverUnread(owner.address, 40_000);
    expect(full.setReject).toHaveBeenCalledWith("This address has taken all the mail it takes today");
    expect(full.read).not.toHaveBeenCalled();
    expect(await dayOf(owner.userId)).toEqual({ taken: MAILBOX_LIMITS.messagesPerDay, dropped: 2 });
  });

  it(`once ${MAILBOX_LIMITS.messagesReadPerDay} messages were read in a day, even all dropped, the next is not read`, async () => {
    const owner = await userWithAddress("mailbox-read-cap");
    await db.insert(mailboxDays).values({ userId: owner.userId, day: utcDay(new Date()), dropped: MAILBOX_LIMITS.messagesReadPerDay });
    const next = await deliverUnread(owner.address, 40_000);
    expect(next.setReject).toHaveBeenCalledWith("This address has taken all the mail it takes today");
    expect(next.read).not.toHaveBeenCalled();
    expect(await deliver(owner.address, gmailConfirmation(owner.address))).toHaveBeenCalledWith(
      "This address has taken all the mail it takes today",
    );
    expect(await confirmationCount(owner.userId)).toBe(0);
  });

  it("a message read and then dropped, or kept before, leaves the day's count as it was", async () => {
    const owner = await userWithAddress("mailbox-settle");
    await deliver(owner.address, plainEmail(owner.address));
    const raw = gmailConfirmation(owner.address, "<settle-once@google.com>");
    await deliver(owner.address, raw);
    await deliver(owner.address, raw);
    expect(await dayOf(owner.userId)).toEqual({ taken: 1, dropped: 1 });
  });
});

describe("what is neither a digest nor a photo", () => {
  it("is dropped and counted, never stored", async () => {
    const owner = await userWithAddress("mailbox-other");
    expect(await deliver(owner.address, plainEmail(owner.address))).toHaveBeenCalledWith(
      "Only Informed Delivery digests and photos of mail are taken here",
    );
    expect(await dayOf(owner.userId)).toEqual({ taken: 0, dropped: 1 });
    expect(await confirmationCount(owner.userId)).toBe(0);
    expect(await photosOf(owner.userId)).toHaveLength(0);
  });

  it("too large is dropped and counted without being read", async () => {
    const owner = await userWithAddress("mailbox-large");
    const setReject = await deliver(owner.address, photoEmail(owner.address), MAILBOX_LIMITS.maxMessageBytes + 1);
    expect(setReject).toHaveBeenCalledWith("Message too large");
    expect(await dayOf(owner.userId)).toEqual({ taken: 0, dropped: 1 });
    expect(await photosOf(owner.userId)).toHaveLength(0);
  });
});

describe("a photo emailed to the address", () => {
  it("becomes a photo of mail of its owner, from email, with its reading queued; a second delivery adds nothing", async () => {
    const owner = await userWithAddress("mailbox-photo");
    const other = await userWithAddress("mailbox-photo-other");
    const raw = await photoEmail(owner.address, owner.email, "<photo-1@phone.example>");
    expect(await deliver(owner.address, raw)).not.toHaveBeenCalled();
    expect(await deliver(owner.address, raw)).not.toHaveBeenCalled();

    const photos = await photosOf(owner.userId);
    expect(photos).toHaveLength(1);
    const photo = photos[0]!;
    expect(photo.source).toBe("email");
    expect(photo.imageCount).toBe(1);
    expect(photo.state).not.toBe("storing");
    const readJobs = await db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.userId, owner.userId), eq(jobs.type, "photo.read")));
    expect(readJobs.map((job) => job.payload)).toEqual([{ photoId: photo.id }]);
    expect(await dayOf(owner.userId)).toEqual({ taken: 1, dropped: 0 });
    expect(await photosOf(other.userId)).toHaveLength(0);

    // The owner sees it as an uploaded photo; anyone else finds nothing there.
    expect(await htmlOf(await owner.browser.get("/dashboard"))).toContain(`/requests/photo/${photo.id}`);
    expect((await owner.browser.get(`/requests/photo/${photo.id}`)).status).toBe(200);
    expect((await other.browser.get(`/requests/photo/${photo.id}`)).status).toBe(404);
  });
});

describe("a photo emailed by anyone but the owner", () => {
  it("is refused and uses none of the owner's photos: another address, or the owner's address unsigned or signed by another domain", async () => {
    const owner = await userWithAddress("mailbox-photo-stranger");
    const strangerKey = await publishedDkimKey("evil.example");
    const attempts = [
      photoEmail(owner.address, "mallory@quietmailbox.test"),
      photoEmail(owner.address, owner.email, undefined, null),
      photoEmail(owner.address, owner.email, undefined, strangerKey),
      photoEmail(owner.address, "mallory@evil.example", undefined, strangerKey),
    ];
    for (const raw of attempts) {
      expect(await deliver(owner.address, raw)).toHaveBeenCalledWith(
        "Photos are taken only from the account's own email address, signed by its provider",
      );
    }
    expect(await photosOf(owner.userId)).toHaveLength(0);
    expect(await htmlOf(await owner.browser.get("/account"))).toContain("Send it from the email address you sign in with.");
    // The owner's own signed photo is still taken: none of the day's photos went to the stranger.
    expect(await deliver(owner.address, photoEmail(owner.address, owner.email))).not.toHaveBeenCalled();
    expect(await photosOf(owner.userId)).toHaveLength(1);
  });
});

describe("the account export", () => {
  it("gives the address, its confirmations and its counts", async () => {
    const owner = await userWithAddress("mailbox-export");
    expect(await deliver(owner.address, gmailConfirmation(owner.address))).not.toHaveBeenCalled();
    expect(await deliver(owner.address, plainEmail(owner.address))).toHaveBeenCalled();
    const data = (await (await owner.browser.get("/account/export.json")).json()) as {
      mailbox: { address: string; enabled: boolean; forwardingConfirmations: { text: string }[]; emailsPerDay: unknown[] };
    };
    expect(data.mailbox.address).toBe(owner.address);
    expect(data.mailbox.enabled).toBe(true);
    expect(data.mailbox.forwardingConfirmations[0]!.text).toContain(GMAIL_CODE);
    expect(data.mailbox.emailsPerDay).toEqual([{ day: utcDay(new Date()), taken: 1, refused: 1 }]);
  });
});

describe("deleting the account", () => {
  it("deletes its address, confirmations and day counts, and the address refuses mail", async () => {
    const owner = await userWithAddress("mailbox-delete");
    expect(await deliver(owner.address, gmailConfirmation(owner.address))).not.toHaveBeenCalled();
    expect(await deliver(owner.address, plainEmail(owner.address))).toHaveBeenCalled();
    expect((await owner.browser.post("/account/delete", { currentPassword: "secret-123" })).status).toBe(303);

    expect(await db.select().from(mailboxAddresses).where(eq(mailboxAddresses.userId, owner.userId))).toHaveLength(0);
    expect(await confirmationCount(owner.userId)).toBe(0);
    expect(await db.select().from(mailboxDays).where(eq(mailboxDays.userId, owner.userId))).toHaveLength(0);
    expect(await deliver(owner.address, gmailConfirmation(owner.address))).toHaveBeenCalledWith("Unknown address");
  });
});
