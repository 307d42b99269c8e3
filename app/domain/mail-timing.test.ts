import { describe, expect, it } from "vitest";
import { DAY_MS } from "~/domain/dates";
import {
  canAskIfMailStopped,
  daysUntil,
  expectedArrival,
  mailClock,
  MAIL_STOPS_AFTER_DAYS,
  reachedSenderAt,
  timingRule,
  WHY_MAIL_TAKES_WEEKS,
} from "~/domain/mail-timing";

const sentAt = new Date("2026-11-26T15:00:00Z");

describe("reachedSenderAt", () => {
  it("is the sending itself for an email or anything without a letter, and nothing before it is sent", () => {
    expect(reachedSenderAt(sentAt)).toEqual(sentAt);
    expect(reachedSenderAt(null, { deliveredAt: null, expectedDeliveryDate: "2026-12-02" })).toBeNull();
  });

  it("is the day Lob expects a letter at the sender, until it is delivered", () => {
    expect(reachedSenderAt(sentAt, { deliveredAt: null, expectedDeliveryDate: "2026-12-02" })).toEqual(new Date("2026-12-03T04:59:59Z"));
    const deliveredAt = new Date("2026-12-01T17:00:00Z");
    expect(reachedSenderAt(sentAt, { deliveredAt, expectedDeliveryDate: "2026-12-02" })).toEqual(deliveredAt);
  });

  it("never puts the arrival before the sending, nor reads a date it does not understand", () => {
    expect(reachedSenderAt(sentAt, { deliveredAt: null, expectedDeliveryDate: "2026-11-20" })).toEqual(sentAt);
    expect(reachedSenderAt(sentAt, { deliveredAt: null, expectedDeliveryDate: "soon" })).toEqual(sentAt);
    expect(expectedArrival(null)).toBeNull();
  });
});

describe("mailClock", () => {
  it("gives the sender its days to act, and mail printed before up to eight weeks, from the arrival", () => {
    const clock = mailClock(sentAt, 30);
    expect(clock.actBy).toEqual(new Date(sentAt.getTime() + 30 * DAY_MS));
    expect(clock.mailStopsBy).toEqual(new Date(sentAt.getTime() + MAIL_STOPS_AFTER_DAYS * DAY_MS));
  });

  it("never ends the mail before the sender's own days to act", () => {
    const clock = mailClock(sentAt, 90);
    expect(clock.mailStopsBy).toEqual(clock.actBy);
  });

  it("ends the mail when this sender's mail was seen to stop, once it is known, but not before its days to act", () => {
    expect(mailClock(sentAt, 30, 84).mailStopsBy).toEqual(new Date(sentAt.getTime() + 84 * DAY_MS));
    expect(mailClock(sentAt, 30, 21).mailStopsBy).toEqual(new Date(sentAt.getTime() + 30 * DAY_MS));
    expect(mailClock(sentAt, 30, null).mailStopsBy).toEqual(new Date(sentAt.getTime() + MAIL_STOPS_AFTER_DAYS * DAY_MS));
  });

  it("asks whether the mail stopped only once mail printed before should have stopped, not when the days to act end", () => {
    const clock = mailClock(sentAt, 30);
    expect(canAskIfMailStopped(clock, sentAt)).toBe(false);
    expect(canAskIfMailStopped(clock, clock.actBy)).toBe(false);
    expect(canAskIfMailStopped(clock, new Date(clock.mailStopsBy.getTime() - 1))).toBe(false);
    expect(canAskIfMailStopped(clock, clock.mailStopsBy)).toBe(true);
  });

  it("asks on the date a sender's learned days give, as the digests read it", () => {
    const clock = mailClock(sentAt, 30, 84);
    expect(canAskIfMailStopped(clock, new Date(sentAt.getTime() + 83 * DAY_MS))).toBe(false);
    expect(canAskIfMailStopped(clock, new Date(sentAt.getTime() + 84 * DAY_MS))).toBe(true);
  });

  it("counts whole days left, never fewer than none", () => {
    expect(daysUntil(new Date(sentAt.getTime() + 2.5 * DAY_MS), sentAt)).toBe(3);
    expect(daysUntil(sentAt, new Date(sentAt.getTime() + DAY_MS))).toBe(0);
  });
});

describe("the rule in words", () => {
  it("names the sender's days and the weeks of mail printed before", () => {
    expect(timingRule(30)).toBe(
      "Once a sender gets your request, it has 30 days to act; mail it printed before may keep coming for up to 8 weeks (1 to 3 more mailings).",
    );
  });

  it("keeps the spec's sentence word for word", () => {
    expect(WHY_MAIL_TAKES_WEEKS).toBe("Stopping takes about 8 weeks after processing, because mailers pre-print 1 to 3 extra mailings.");
  });
});
