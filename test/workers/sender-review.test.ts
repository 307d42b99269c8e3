// Sender reviews (decision 0091): the follow-up ladder hands a catalog sender's requests to staff as
// one review of the sender; one answer speaks for every request in it, once however often it is
// pressed, and staff's finding answers later escalations to the sender for 90 days with no new look.
import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jobs, requestLogs, requests, requestTemplates, senderReviews, staffAudit, users, type SenderChannel } from "../../drizzle/schema";
import { DAY_MS } from "~/domain/dates";
import { FINDING_HOLDS_DAYS, FOLLOW_UP_NOTICE_JOB_TYPE } from "~/domain/follow-up";
import { takeNextFollowUpStep } from "~/services/follow-up.server";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { Browser, signedInStaff, signedUpUser } from "./http";
import { emailsReceived } from "./stand-ins";
import { htmlOf, jobsSettled, textOf } from "./support";

const db = getDb(env.DB);
const SOURCE = "https://example.test/privacy";
const PHONE: SenderChannel = { kind: "phone", value: "1-800-555-0100", source: "https://example.test/contact", checked: "2026-03-02" };
const LETTERS: SenderChannel = { kind: "mail", value: "Acme Catalogs, 1 Long Street, Springfield, IL 62701" };

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

/** A catalog sender with a postal address and a phone number, each with its source. */
async function sender(channels: SenderChannel[] = [LETTERS, PHONE]) {
  const id = `reviewed-${crypto.randomUUID().slice(0, 8)}`;
  await db
    .insert(requestTemplates)
    .values({ id, title: `Acme ${id}`, category: "catalogs", channels, acceptsAgent: "unknown", confidence: "high", sourceUrl: SOURCE });
  return id;
}

/**
 * A person whose request to the sender went under the law and whose mail still came: its next
 * step is staff. `userId` given: a signed-up person's own request.
 */
async function stillComingAfterTheLaw(templateId: string, userId: string | null = null) {
  const id = userId ?? `user-${crypto.randomUUID()}`;
  if (!userId) {
    await db.insert(users).values({
      id,
      email: `${id}@quietmailbox.test`,
      passwordHash: "x",
      fullName: "Jane Q Public",
      street1: "1 MAIN ST",
      city: "LOS ANGELES",
      state: "CA",
      zipCode: "90001",
      addressCheck: "verified",
    });
  }
  await db.insert(requests).values({
    userId: id,
    id: templateId,
    templateId,
    senderName: `Acme ${templateId}`,
    title: `Acme ${templateId}`,
    fullName: "Jane Q Public",
    type: "preset",
    status: "inQueue",
    street1: "1 MAIN ST",
    city: "LOS ANGELES",
    state: "CA",
    zipCode: "90001",
    queuedAt: new Date("2026-06-01T15:00:00Z"),
    processedAt: new Date("2026-09-01T15:00:00Z"),
    followUpStep: 2,
    followUpAt: new Date("2026-09-01T15:00:00Z"),
    stillComingAt: new Date("2026-11-24T15:00:00Z"),
    legalLawId: "ca-ccpa",
  });
  return { userId: id, requestId: templateId };
}

const reviewsOf = (templateId: string) => db.select().from(senderReviews).where(eq(senderReviews.templateId, templateId));
const requestOf = async ({ userId, requestId }: { userId: string; requestId: string }) =>
  (
    await db
      .select()
      .from(requests)
      .where(and(eq(requests.userId, userId), eq(requests.id, requestId)))
  )[0]!;
const linesOf = (userIds: string[], status: string) =>
  db
    .select()
    .from(requestLogs)
    .where(and(inArray(requestLogs.userId, userIds), eq(requestLogs.status, status)));

const now = new Date("2026-11-25T15:00:00Z");

describe("escalations to a catalog sender", () => {
  it("at the same moment join one review, stay sent, and leave the work queue, even when the person says the mail still comes", async () => {
    const person = await signedUpUser("in-review");
    const templateId = await sender();
    const people = await Promise.all([
      stillComingAfterTheLaw(templateId, person.userId),
      ...[2, 3].map(() => stillComingAfterTheLaw(templateId)),
    ]);
    const steps = await Promise.all(people.map((key) => takeNextFollowUpStep(parseEnv(env), key, now)));
    expect(steps).toEqual(["escalate", "escalate", "escalate"]);

    const reviews = await reviewsOf(templateId);
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({ answeredAt: null, openedAt: now });
    for (const key of people)
      expect(await requestOf(key)).toMatchObject({
        followUpStep: 3,
        senderReviewId: reviews[0]!.id,
        processedAt: new Date("2026-09-01T15:00:00Z"),
      });
    expect(
      await linesOf(
        people.map((key) => key.userId),
        "escalated",
      ),
    ).toHaveLength(3);

    expect((await person.browser.post(`/reminders/${people[0]!.requestId}`, { intent: "report" })).status).toBe(303);
    expect(await requestOf(people[0]!)).toMatchObject({ senderReviewId: reviews[0]!.id, processedAt: new Date("2026-09-01T15:00:00Z") });

    const staff = await signedInStaff("moderator");
    const queue = textOf(await htmlOf(await staff.browser.get("/admin/queue")));
    expect(queue).toContain(`Acme ${templateId} : 3 requests escalated since 11/25/2026`);
  });
});

describe("staff answer a review once for all of its requests", () => {
  it("with the finding: each person gets it in their history and by email, once, however often it is pressed", async () => {
    // Signed up before the sender is in the catalog, so that its request is the only one to it.
    const person = await signedUpUser("reviewed");
    const templateId = await sender();
    const people = [await stillComingAfterTheLaw(templateId, person.userId), await stillComingAfterTheLaw(templateId)];
    for (const key of people) await takeNextFollowUpStep(parseEnv(env), key, now);
    const [review] = await reviewsOf(templateId);

    const admin = await signedInStaff("admin");
    const page = `/admin/senders/${templateId}`;
    const before = textOf(await htmlOf(await admin.browser.get(page)));
    expect(before).toContain("2 requests escalated since");
    expect(before).toContain(`by phone at 1-800-555-0100 (from https://example.test/contact, read 2026-03-02)`);

    const answer = { intent: "review", reviewId: review!.id, answer: "ignoresRequests" };
    const responses = await Promise.all([admin.browser.post(page, answer), admin.browser.post(page, answer)]);
    expect(responses.map((response) => response.status).sort()).toEqual([303, 409]);

    const lines = await linesOf(
      people.map((key) => key.userId),
      "senderReviewed",
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]!.creator).toBe("staff");
    expect(lines[0]!.detail).toContain(`our staff checked how we reach Acme ${templateId}: the way we used is right`);
    expect(lines[0]!.detail).toContain("You can still ask them yourself: by phone at 1-800-555-0100");
    const [answered] = await reviewsOf(templateId);
    expect(answered).toMatchObject({ answer: "ignoresRequests", answeredBy: "local-admin", finding: lines[0]!.detail });
    const audit = await db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, "template.reviewed"), eq(staffAudit.targetId, templateId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toEqual({ review: review!.id, answer: "ignoresRequests" });

    const userIds = people.map((key) => key.userId);
    await jobsSettled(FOLLOW_UP_NOTICE_JOB_TYPE, { userIds, atLeast: 4 });
    const notices = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(inArray(jobs.userId, userIds), eq(jobs.type, FOLLOW_UP_NOTICE_JOB_TYPE)));
    expect(notices, "one for the escalation and one for the finding, each person").toHaveLength(4);
    const emails = await emailsReceived(
      (email) => email.To === person.email && email.Subject === `What our staff found about Acme ${templateId}`,
    );
    expect(emails).toHaveLength(1);
    expect(emails[0]!.TextBody).toContain("You can still ask them yourself: by phone at 1-800-555-0100");
    expect(emails[0]!.TextBody).toContain("We send nothing more to them for this request.");

    const card = textOf(await htmlOf(await person.browser.get("/dashboard")));
    expect(card).toMatch(/Our staff found on \d\d\/\d\d\/\d{4} that they kept mailing after our requests/);
    expect(card, "a report would send nothing: the card does not offer one").not.toMatch(/No, still coming|Send it again/);
    expect(textOf(await htmlOf(await admin.browser.get("/admin/queue")))).not.toContain(`Acme ${templateId} :`);

    // An old reminder's page promises no new sending: it points to the card, before and after a report.
    const reminder = `/reminders/${people[0]!.requestId}`;
    const standing = textOf(await htmlOf(await person.browser.get(reminder)));
    expect(standing).toContain(`We followed up on your request to Acme ${templateId}, last sent on 09/01/2026.`);
    expect(standing).not.toContain("we will send your request again");
    expect(standing).toContain("Mail has stopped");
    expect(standing).not.toContain("Mail is still coming");
    const reported = await person.browser.post(reminder, { intent: "report" });
    expect(reported.status).toBe(303);
    const thanked = textOf(await htmlOf(await person.browser.get(reported.headers.get("location")!)));
    expect(thanked).toContain(`What we do next for your request to Acme ${templateId} is on its card, on your dashboard.`);
    expect(thanked).not.toContain("We will send your request");
    expect(await requestOf(people[0]!)).toMatchObject({ followUpStep: 3, processedAt: new Date("2026-09-01T15:00:00Z") });
  });

  it("answers later escalations with the finding for 90 days, with no new review, then opens one again", async () => {
    const templateId = await sender([LETTERS]);
    const first = await stillComingAfterTheLaw(templateId);
    await takeNextFollowUpStep(parseEnv(env), first, now);
    const [review] = await reviewsOf(templateId);
    const admin = await signedInStaff("admin");
    const answered = await admin.browser.post(`/admin/senders/${templateId}`, {
      intent: "review",
      reviewId: review!.id,
      answer: "ignoresRequests",
    });
    expect(answered.status).toBe(303);
    const [answeredReview] = await reviewsOf(templateId);
    const answeredAt = answeredReview!.answeredAt!;
    const finding = answeredReview!.finding!;
    expect(finding).toContain("We know no other way to reach them, by phone or web form.");

    const later = await stillComingAfterTheLaw(templateId);
    expect(await takeNextFollowUpStep(parseEnv(env), later, new Date(answeredAt.getTime() + 10 * DAY_MS))).toBe("escalate");
    expect(await reviewsOf(templateId)).toHaveLength(1);
    expect(await requestOf(later)).toMatchObject({ followUpStep: 3, senderReviewId: review!.id });
    const [line] = await linesOf([later.userId], "senderReviewed");
    expect(line).toMatchObject({ creator: "system", detail: finding });
    expect(await linesOf([later.userId], "escalated")).toEqual([]);

    const afterFinding = await stillComingAfterTheLaw(templateId);
    await takeNextFollowUpStep(parseEnv(env), afterFinding, new Date(answeredAt.getTime() + (FINDING_HOLDS_DAYS + 1) * DAY_MS));
    const reviews = await reviewsOf(templateId);
    expect(reviews).toHaveLength(2);
    expect((await requestOf(afterFinding)).senderReviewId).toBe(reviews.find((row) => row.answeredAt === null)!.id);
  });

  it("with a fixed channel: the requests go out again the new way, each once", async () => {
    const templateId = await sender([]);
    const people = [await stillComingAfterTheLaw(templateId), await stillComingAfterTheLaw(templateId)];
    for (const key of people) await takeNextFollowUpStep(parseEnv(env), key, now);
    const [review] = await reviewsOf(templateId);
    await db
      .update(requestTemplates)
      .set({ channels: [{ kind: "email", value: "privacy@acme.example" }] })
      .where(eq(requestTemplates.id, templateId));

    const admin = await signedInStaff("admin");
    const page = `/admin/senders/${templateId}`;
    const answer = { intent: "review", reviewId: review!.id, answer: "sentAgain" };
    const responses = await Promise.all([admin.browser.post(page, answer), admin.browser.post(page, answer)]);
    expect(responses.map((response) => response.status).sort()).toEqual([303, 409]);
    const done = responses.find((response) => response.status === 303)!;
    expect(done.headers.get("Location")).toContain("reviewed=sentAgain&answered=2&sent=2&by=email");

    const userIds = people.map((key) => key.userId);
    const sends = await db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(inArray(jobs.userId, userIds), eq(jobs.type, "optOut.email")));
    expect(sends).toHaveLength(2);
    expect(sends.every(({ payload }) => (payload as { to: string }).to === "privacy@acme.example")).toBe(true);
    expect(await linesOf(userIds, "senderReviewed")).toHaveLength(2);
  });
});

describe("a review's answer is refused", () => {
  it("to a moderator, across sites, for another sender's review, and for a sender that does not exist", async () => {
    const templateId = await sender();
    const other = await sender();
    const key = await stillComingAfterTheLaw(templateId);
    await takeNextFollowUpStep(parseEnv(env), key, now);
    const [review] = await reviewsOf(templateId);
    const answer = { intent: "review", reviewId: review!.id, answer: "ignoresRequests" };

    const moderator = await signedInStaff("moderator");
    expect((await moderator.browser.post(`/admin/senders/${templateId}`, answer)).status).toBe(403);
    const admin = await signedInStaff("admin");
    const crossSite = await admin.browser.post(`/admin/senders/${templateId}`, answer, {
      Origin: "https://evil.test",
      "Sec-Fetch-Site": "cross-site",
    });
    expect(crossSite.status).toBe(403);
    expect((await admin.browser.post(`/admin/senders/${other}`, answer)).status).toBe(409);
    expect((await admin.browser.post("/admin/senders/no-such-sender", answer)).status).toBe(404);
    expect((await new Browser().post(`/admin/senders/${templateId}`, answer)).status).not.toBe(303);

    expect(await reviewsOf(templateId)).toMatchObject([{ answeredAt: null }]);
    expect(await linesOf([key.userId], "senderReviewed")).toEqual([]);
  });
});
