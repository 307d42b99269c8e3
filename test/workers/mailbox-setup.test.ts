// The mailbox set up by the person (decision 0073): the dashboard's card once the first requests
// are out, until the address takes its first digest or photo; "Email me the address and the steps",
// once a day however the posts arrive; Gmail's confirmation code in large type on /account.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import migration from "../../migrations/0033_mailbox_setup.sql?raw";
import { jobs, mailArrivals, mailboxAddresses, mailboxConfirmations, mailPhotos } from "../../drizzle/schema";
import worker from "../../app/worker";
import { DEFAULT_TIME_ZONE, isoDate } from "~/domain/dates";
import { DIGEST_SENDER, USPS_IDENTITY_CHECK } from "~/domain/mailbox";
import type { CatalogSender } from "~/domain/sender-catalog";
import { seedSenderCatalog } from "~/models/request-template.server";
import { getDb } from "~/utils/db.server";
import { Browser, signedUpUser } from "./http";
import { publishedDkimKey } from "./stand-ins";
import { htmlOf, incomingEmail, insertUser, textOf } from "./support";
import { digestEmail } from "../support/digest-emails";
import { signDkim, type DkimKey } from "../support/dkim-sign";
import { gmailForwardingConfirmation, phonePhotoEmail } from "../support/inbound-emails";

const db = getDb(env.DB);
const MAILBOX_DOMAIN = "mailbox.quietmailbox.local";
const CARD = "Let us see your mail";
const fixtures = inject("photoFixtures");

let googleKey: DkimKey;
let peopleKey: DkimKey;
beforeAll(async () => {
  await seedSenderCatalog(db, catalog.senders as CatalogSender[]);
  googleKey = await publishedDkimKey("google.com");
  peopleKey = await publishedDkimKey("quietmailbox.test");
});

async function deliver(to: string, raw: string) {
  const email = incomingEmail({ to, raw });
  await worker.email(email.message, env);
  return email.setReject;
}

async function addressOf(userId: string) {
  const [row] = await db.select({ token: mailboxAddresses.token }).from(mailboxAddresses).where(eq(mailboxAddresses.userId, userId));
  return `${row!.token}@${MAILBOX_DOMAIN}`;
}

/** A new user whose first request went out from the dashboard (Epsilon, a catalog preset). */
async function userWithSentRequest(label: string) {
  const user = await signedUpUser(label);
  expect((await user.browser.post("/dashboard", { intent: "unsubscribe", requestId: "epsilon" })).status).toBe(303);
  expect((await user.browser.get("/dashboard")).status).toBe(200);
  return user;
}

const dashboard = async (browser: Browser, path = "/dashboard") => htmlOf(await browser.get(path));
const stepsEmails = async (userId: string) =>
  (
    await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.userId, userId), eq(jobs.type, "email.send")))
  ).filter((job) => (job.payload as { tag?: string } | null)?.tag === "mailbox-steps");

describe("the dashboard's card asking to set the mailbox up", () => {
  it("shows near the top once a request is sent, with the address, both buttons and the way to the steps", async () => {
    const user = await signedUpUser("setup-card");
    const before = await dashboard(user.browser);
    expect(textOf(before), "not before any request went out").not.toContain(CARD);

    expect((await user.browser.post("/dashboard", { intent: "unsubscribe", requestId: "epsilon" })).status).toBe(303);
    const html = await dashboard(user.browser);
    const text = textOf(html);
    const address = await addressOf(user.userId);
    expect(text).toContain(CARD);
    expect(text).toContain("You’ll need a computer once, about 10 minutes.");
    const card = html.slice(html.indexOf('id="mailbox-setup"'), html.indexOf("</section>", html.indexOf('id="mailbox-setup"')));
    expect(card).toContain(`<code id="mailbox-setup-address">${address}</code>`);
    // The copy button needs JavaScript: it comes hidden, the enhancement script shows it.
    expect(card).toMatch(
      /<button type="button" class="button" data-copy-text="mailbox-setup-address" data-status="mailbox-setup-copied" hidden="">Copy address<\/button>/,
    );
    expect(card).toMatch(/<p role="status" class="muted" id="mailbox-setup-copied"><\/p>/);
    expect(card).toMatch(
      /<form [^>]*action="\/account"[^>]*>[\s\S]*name="intent" value="mailboxEmailSteps"[\s\S]*name="from" value="dashboard"/,
    );
    expect(card).toContain("Email me the address and the steps");
    expect(card).toMatch(/<a [^>]*href="\/account#mailbox">All the steps, for Gmail and Outlook<\/a>/);
    expect(text.indexOf(CARD), "above the requests").toBeLessThan(text.indexOf("Senders you can stop"));
    expect(html, "the small box at the bottom is left out while the card shows").not.toContain('class="note mailbox-box"');
  });

  it("is not shown while the address is off, and goes for good with the first digest", async () => {
    const user = await userWithSentRequest("setup-digest");
    const address = await addressOf(user.userId);
    expect((await user.browser.post("/account", { intent: "mailboxOff" })).status).toBe(303);
    expect(textOf(await dashboard(user.browser))).not.toContain(CARD);
    expect((await user.browser.post("/account", { intent: "mailboxOn" })).status).toBe(303);
    expect(textOf(await dashboard(user.browser))).toContain(CARD);

    // A day's digest with no images still proves the forwarding works.
    const digest = digestEmail({ to: address, date: isoDate(new Date(), DEFAULT_TIME_ZONE), pieces: [] });
    expect(await deliver(address, digest)).not.toHaveBeenCalled();
    const after = await dashboard(user.browser);
    expect(textOf(after)).not.toContain(CARD);
    expect(after, "the small box points to the address again").toContain('class="note mailbox-box"');
  });

  it("goes with the first photo emailed from the person's own address, and comes back with a new address", async () => {
    const user = await userWithSentRequest("setup-photo");
    const address = await addressOf(user.userId);
    expect(await deliver(address, await photoEmail(address, user.email))).not.toHaveBeenCalled();
    expect(textOf(await dashboard(user.browser))).not.toContain(CARD);

    // The forwarding still points to the old address: the card asks again, with the new one.
    expect((await user.browser.post("/account", { intent: "mailboxNewAddress" })).status).toBe(303);
    const fresh = await addressOf(user.userId);
    const html = await dashboard(user.browser);
    expect(textOf(html)).toContain(CARD);
    expect(html).toContain(fresh);
  });

  it("is not shown for a confirmation alone: the forwarding is not set up until mail comes", async () => {
    const user = await userWithSentRequest("setup-confirmation");
    const address = await addressOf(user.userId);
    expect(await deliver(address, await gmailConfirmation(address))).not.toHaveBeenCalled();
    expect(textOf(await dashboard(user.browser))).toContain(CARD);
  });
});

describe("Email me the address and the steps", () => {
  it("queues one email to the person's own address, and returns to the dashboard with a notice", async () => {
    const user = await userWithSentRequest("steps-email");
    const address = await addressOf(user.userId);
    const posted = await user.browser.post("/account", { intent: "mailboxEmailSteps", from: "dashboard" });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe("/dashboard?mailbox=emailed#mailbox-setup");
    const back = textOf(await dashboard(user.browser, "/dashboard?mailbox=emailed"));
    expect(back).toContain("We emailed you the address and the steps. Open that email on your computer.");

    const [job, ...more] = await stepsEmails(user.userId);
    expect(more).toEqual([]);
    const payload = job!.payload as { to: string; subject: string; text: string };
    expect(payload.to).toBe(user.email);
    expect(payload.subject).toBe("Your Quiet Mailbox address and how to set it up");
    expect(payload.text).toContain(address);
    expect(payload.text).toContain(USPS_IDENTITY_CHECK);
    expect(payload.text).toContain(DIGEST_SENDER);
    expect(payload.text).toMatch(/In Gmail:[\s\S]*In Outlook\.com:/);
  });

  it("sends exactly one when two posts arrive at the same moment, and refuses the other with when to ask again", async () => {
    const user = await userWithSentRequest("steps-burst");
    const answers = await Promise.all([
      user.browser.post("/account", { intent: "mailboxEmailSteps" }),
      user.browser.post("/account", { intent: "mailboxEmailSteps" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 429]);
    expect(await stepsEmails(user.userId)).toHaveLength(1);
    expect(answers.find((answer) => answer.status === 303)!.headers.get("Location")).toBe("/account?saved=mailbox-emailed#mailbox");

    const refused = await htmlOf(answers.find((answer) => answer.status === 429)!);
    expect(textOf(refused)).toMatch(
      /We emailed you the address and the steps at \d{1,2}:\d\d [AP]M \d\d\/\d\d\/\d{4}: look for “Your Quiet Mailbox address and how to set it up” in your inbox, or in spam\. You can ask again after \d{1,2}:\d\d [AP]M \d\d\/\d\d\/\d{4}\./,
    );
    expect(refused, "the summary links to the button, and the message sits beside it").toContain('href="#mailbox-email-steps"');
    expect(refused).toMatch(/id="mailbox-email-steps"[^>]*aria-describedby="mailbox-email-error"/);

    // Later that day: still refused, nothing queued.
    expect((await user.browser.post("/account", { intent: "mailboxEmailSteps", from: "dashboard" })).status).toBe(429);
    expect(await stepsEmails(user.userId)).toHaveLength(1);
    // A day on, one more may go.
    await db
      .update(mailboxAddresses)
      .set({ stepsEmailedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(mailboxAddresses.userId, user.userId));
    expect((await user.browser.post("/account", { intent: "mailboxEmailSteps" })).status).toBe(303);
    expect(await stepsEmails(user.userId)).toHaveLength(2);
  });

  it("is refused while the address is off, and needs a signed-in person", async () => {
    const user = await userWithSentRequest("steps-off");
    expect((await user.browser.post("/account", { intent: "mailboxOff" })).status).toBe(303);
    const refused = await user.browser.post("/account", { intent: "mailboxEmailSteps" });
    expect(refused.status).toBe(429);
    expect(textOf(await htmlOf(refused))).toContain("Your mailbox address is turned off. Turn it on first, then we can email it to you.");
    expect(await stepsEmails(user.userId)).toEqual([]);

    const stranger = await new Browser().post("/account", { intent: "mailboxEmailSteps" });
    expect(stranger.status).toBe(302);
    expect(stranger.headers.get("Location")).toMatch(/^\/signin/);
  });
});

describe("/account's mailbox section", () => {
  it("says up front that it takes a computer once, names the Postal Service's identity check, and offers both buttons", async () => {
    const user = await signedUpUser("account-steps");
    const html = await htmlOf(await user.browser.get("/account"));
    const text = textOf(html);
    const section = text.slice(text.indexOf("Your mailbox address"));
    expect(section.indexOf("You’ll need a computer once, about 10 minutes.")).toBeLessThan(section.indexOf("Set it up"));
    expect(section).toContain(USPS_IDENTITY_CHECK);
    expect(html).toMatch(/data-copy-text="mailbox-address"[^>]*hidden="">Copy address/);
    expect(html).toMatch(/name="from" value="account"/);
  });

  it("shows Gmail's code in large type, its link as a link and the whole message folded", async () => {
    const user = await signedUpUser("account-code");
    expect((await user.browser.get("/account")).status).toBe(200);
    const address = await addressOf(user.userId);
    expect(await deliver(address, await gmailConfirmation(address))).not.toHaveBeenCalled();

    const html = await htmlOf(await user.browser.get("/account"));
    expect(html).toMatch(/<p class="confirmation-code">Type <strong>812345677<\/strong> in Gmail<\/p>/);
    expect(html).toContain(`<a href="${GMAIL_LINK}" rel="noreferrer">Gmail’s confirmation link</a>`);
    expect(html).toMatch(
      /<details><summary>The whole message from Gmail \(received [^)]+\)<\/summary><p class="reply-text">[^<]*Confirmation code: 812345677/,
    );
  });

  it("falls back to the message as it came when it has no code", async () => {
    const user = await signedUpUser("account-no-code");
    expect((await user.browser.get("/account")).status).toBe(200);
    await db.insert(mailboxConfirmations).values({
      id: `confirmation-${crypto.randomUUID()}`,
      userId: user.userId,
      fromAddress: "forwarding-noreply@google.com",
      subject: "Gmail Forwarding Confirmation",
      text: "Please open the link Gmail sent to confirm.",
      receivedAt: new Date(),
    });
    const html = await htmlOf(await user.browser.get("/account"));
    expect(html).not.toContain('class="confirmation-code"');
    expect(html).toContain('<p class="reply-text">Please open the link Gmail sent to confirm.</p>');
  });
});

describe("migration 0033 over addresses that took mail before it", () => {
  it("marks an address past its setup from its owner's earliest digest piece or emailed photo, and no other", async () => {
    const at = (iso: string) => new Date(iso);
    const owner = async (label: string) => {
      const { id } = await insertUser(label);
      await db.insert(mailboxAddresses).values({ userId: id, token: crypto.randomUUID().replaceAll("-", "").slice(0, 26) });
      return id;
    };
    const piece = (userId: string, source: "digest" | "photo" | "email", createdAt: Date) =>
      db.insert(mailArrivals).values({ userId, entryId: crypto.randomUUID(), source, arrivedOn: "2026-11-01", createdAt });
    const photo = (userId: string, source: "site" | "email", createdAt: Date) =>
      db.insert(mailPhotos).values({ userId, source, imageCount: 1, createdAt });

    const digestFirst = await owner("migrate-digest");
    await piece(digestFirst, "digest", at("2026-10-02T10:00:00Z"));
    await photo(digestFirst, "email", at("2026-10-05T10:00:00Z"));
    const photoFirst = await owner("migrate-photo");
    await piece(photoFirst, "email", at("2026-10-09T10:00:00Z"));
    await photo(photoFirst, "email", at("2026-10-07T10:00:00Z"));
    const siteOnly = await owner("migrate-site");
    await piece(siteOnly, "photo", at("2026-10-03T10:00:00Z"));
    await photo(siteOnly, "site", at("2026-10-03T10:00:00Z"));
    const nothing = await owner("migrate-nothing");

    // The ALTERs ran with every migration; the data statement runs again over these rows.
    const update = migration.slice(migration.indexOf("UPDATE"));
    await env.DB.prepare(update).run();
    const firstMailOf = async (userId: string) =>
      (await db.select({ at: mailboxAddresses.firstMailAt }).from(mailboxAddresses).where(eq(mailboxAddresses.userId, userId)))[0]!.at;
    expect(await firstMailOf(digestFirst)).toEqual(at("2026-10-02T10:00:00Z"));
    expect(await firstMailOf(photoFirst)).toEqual(at("2026-10-07T10:00:00Z"));
    expect(await firstMailOf(siteOnly), "a photo uploaded on the site did not come through the mailbox").toBeNull();
    expect(await firstMailOf(nothing)).toBeNull();
  });
});

const GMAIL_LINK = "https://mail-settings.google.com/mail/vf-%5BANGjdJ8example%5D-abc123";

/** Gmail's message asking the new forwarding address to confirm, signed by Google. */
function gmailConfirmation(to: string) {
  return signDkim(gmailForwardingConfirmation({ to, code: "812345677", link: GMAIL_LINK }), googleKey);
}

/** A phone's email with one photo attached, from the person's own address, signed by its provider. */
function photoEmail(to: string, from: string) {
  return signDkim(phonePhotoEmail({ to, from, jpegBase64: fixtures.catalog.base64 }), peopleKey);
}
