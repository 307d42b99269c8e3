import { describe, expect, it } from "vitest";
import { DAY_MS } from "~/domain/dates";
import {
  dueReminderRound,
  reminderAnswersFor,
  reminderPath,
  reminderStillWanted,
  reminderUnsubscribePath,
  timeAgo,
  type ReminderCandidate,
} from "./reminders";

const sentAt = new Date("2026-03-02T15:00:00Z");
const daysAfterSending = (days: number) => new Date(sentAt.getTime() + days * DAY_MS);

const waiting: ReminderCandidate = {
  status: "inQueue",
  processedAt: sentAt,
  requiredDays: 30,
  reminderEmails: true,
  firstReminderAt: null,
  secondReminderClaimed: false,
};

describe("dueReminderRound: the first reminder", () => {
  it("is not due when the sender's days to act are over, only once mail printed before should have stopped (56 days)", () => {
    expect(dueReminderRound(waiting, daysAfterSending(30)), "mail printed before may still come").toBeNull();
    expect(dueReminderRound(waiting, daysAfterSending(55))).toBeNull();
    expect(dueReminderRound(waiting, new Date(daysAfterSending(56).getTime() - 1))).toBeNull();
    expect(dueReminderRound(waiting, daysAfterSending(56))).toBe(1);
    expect(dueReminderRound(waiting, daysAfterSending(70))).toBe(1);
  });

  it("counts a letter's days from the day it reached the sender, not the day it was mailed", () => {
    const letter = { ...waiting, letter: { deliveredAt: null, expectedDeliveryDate: "2026-03-07" } };
    // Lob expects it on the fifth day after mailing, by the end of that day.
    expect(dueReminderRound(letter, daysAfterSending(61))).toBeNull();
    expect(dueReminderRound(letter, daysAfterSending(62))).toBe(1);
    const delivered = { ...waiting, letter: { deliveredAt: daysAfterSending(3), expectedDeliveryDate: "2026-03-07" } };
    expect(dueReminderRound(delivered, daysAfterSending(58))).toBeNull();
    expect(dueReminderRound(delivered, daysAfterSending(59))).toBe(1);
  });

  it("follows the request's own required days when they are longer, and the sender's learned days", () => {
    const slow = { ...waiting, requiredDays: 60 };
    expect(dueReminderRound(slow, daysAfterSending(59))).toBeNull();
    expect(dueReminderRound(slow, daysAfterSending(60))).toBe(1);
    const learned = { ...waiting, learnedDays: 84 };
    expect(dueReminderRound(learned, daysAfterSending(83))).toBeNull();
    expect(dueReminderRound(learned, daysAfterSending(84))).toBe(1);
    const quick = { ...waiting, learnedDays: 21 };
    expect(dueReminderRound(quick, daysAfterSending(29)), "never before the days to act are over").toBeNull();
    expect(dueReminderRound(quick, daysAfterSending(30))).toBe(1);
  });

  it("is never due for a request that is not waiting on an answer, or when reminders are off", () => {
    const late = daysAfterSending(90);
    for (const status of ["confirmedByUser", "cancelled", "deleted", null] as const) {
      expect(dueReminderRound({ ...waiting, status }, late), String(status)).toBeNull();
    }
    expect(dueReminderRound({ ...waiting, processedAt: null }, late), "not sent yet, or reported").toBeNull();
    expect(dueReminderRound({ ...waiting, reminderEmails: false }, late)).toBeNull();
  });
});

describe("dueReminderRound: the second reminder", () => {
  const reminded = { ...waiting, firstReminderAt: daysAfterSending(56) };

  it("is due 14 days after the first, not a moment before", () => {
    expect(dueReminderRound(reminded, daysAfterSending(60))).toBeNull();
    expect(dueReminderRound(reminded, new Date(daysAfterSending(70).getTime() - 1))).toBeNull();
    expect(dueReminderRound(reminded, daysAfterSending(70))).toBe(2);
  });

  it("counts its 14 days from the day the first went, however late that was", () => {
    const remindedLate = { ...waiting, firstReminderAt: daysAfterSending(60) };
    expect(dueReminderRound(remindedLate, daysAfterSending(70))).toBeNull();
    expect(dueReminderRound(remindedLate, daysAfterSending(73))).toBeNull();
    expect(dueReminderRound(remindedLate, daysAfterSending(74))).toBe(2);
  });

  it("is sent within a week of being due, or never", () => {
    expect(dueReminderRound(reminded, new Date(daysAfterSending(77).getTime() - 1))).toBe(2);
    expect(dueReminderRound(reminded, daysAfterSending(77))).toBeNull();
    expect(dueReminderRound(reminded, daysAfterSending(120))).toBeNull();
  });

  it("is sent once, and never when the user answered or turned reminders off", () => {
    const late = daysAfterSending(75);
    expect(dueReminderRound(reminded, late)).toBe(2);
    expect(dueReminderRound({ ...reminded, secondReminderClaimed: true }, late)).toBeNull();
    expect(dueReminderRound({ ...reminded, status: "confirmedByUser" }, late)).toBeNull();
    expect(dueReminderRound({ ...reminded, processedAt: null }, late)).toBeNull();
    expect(dueReminderRound({ ...reminded, reminderEmails: false }, late)).toBeNull();
  });
});

describe("reminderStillWanted", () => {
  const user = { reminderEmails: true };
  const claimedFor = { processedAt: sentAt.getTime() };

  it("holds while the request waits on an answer for the same sending", () => {
    expect(reminderStillWanted({ status: "inQueue", processedAt: sentAt }, user, claimedFor)).toBe(true);
  });

  it("fails once the user answered, the request was sent again, or reminders were turned off", () => {
    expect(reminderStillWanted({ status: "confirmedByUser", processedAt: sentAt }, user, claimedFor)).toBe(false);
    expect(reminderStillWanted({ status: "inQueue", processedAt: null }, user, claimedFor)).toBe(false);
    expect(reminderStillWanted({ status: "inQueue", processedAt: daysAfterSending(40) }, user, claimedFor)).toBe(false);
    expect(reminderStillWanted({ status: "inQueue", processedAt: sentAt }, { reminderEmails: false }, claimedFor)).toBe(false);
  });

  it("fails once a piece seen in the mail after the day it should have stopped said it is still coming", () => {
    expect(reminderStillWanted({ status: "inQueue", processedAt: sentAt, stillComingAt: daysAfterSending(60) }, user, claimedFor)).toBe(
      false,
    );
    // A piece seen before this sending belongs to the one before: the question still stands.
    expect(reminderStillWanted({ status: "inQueue", processedAt: sentAt, stillComingAt: daysAfterSending(-1) }, user, claimedFor)).toBe(
      true,
    );
  });
});

describe("reminderStillWanted when the evidence tells", () => {
  const user = { reminderEmails: true };
  const claimedFor = { processedAt: sentAt.getTime() };
  const mailStopsBy = daysAfterSending(56); // 2026-04-27

  it("is not asked once the follow-up ladder took the request up", () => {
    expect(reminderStillWanted({ status: "inQueue", processedAt: sentAt, followUpStep: 1 }, user, claimedFor)).toBe(false);
  });

  it("is not asked when a watched mailbox, whose digests showed the sender before, shows nothing from it two weeks after the mail should have stopped", () => {
    const watched = { status: "inQueue" as const, processedAt: sentAt, mailStopsBy, mailboxSeenOn: "2026-05-11", digestShowedSender: true };
    expect(reminderStillWanted(watched, user, claimedFor)).toBe(false);
    // Digests that never showed the sender (a catalog, a flat) say nothing by their silence: asked.
    expect(reminderStillWanted({ ...watched, digestShowedSender: false }, user, claimedFor)).toBe(true);
    // A piece after the date, or a mailbox not seen long enough after it, cannot tell: asked.
    expect(reminderStillWanted({ ...watched, lastPieceOn: "2026-04-28" }, user, claimedFor)).toBe(true);
    expect(reminderStillWanted({ ...watched, mailboxSeenOn: "2026-05-10" }, user, claimedFor)).toBe(true);
  });
});

describe("reminderAnswersFor", () => {
  it("offers both answers while waiting, Report after a confirm, and nothing otherwise", () => {
    expect(reminderAnswersFor({ status: "inQueue", processedAt: sentAt })).toEqual(["confirm", "report"]);
    expect(reminderAnswersFor({ status: "confirmedByUser", processedAt: sentAt })).toEqual(["report"]);
    expect(reminderAnswersFor({ status: "inQueue", processedAt: null })).toEqual([]);
    expect(reminderAnswersFor({ status: "cancelled", processedAt: sentAt })).toEqual([]);
  });
});

describe("timeAgo", () => {
  it("counts days for the first two weeks, then whole weeks", () => {
    expect(timeAgo(sentAt, new Date(sentAt.getTime() + 5 * 60 * 1000))).toBe("today");
    expect(timeAgo(sentAt, daysAfterSending(1))).toBe("1 day ago");
    expect(timeAgo(sentAt, daysAfterSending(13.5))).toBe("13 days ago");
    expect(timeAgo(sentAt, daysAfterSending(14))).toBe("2 weeks ago");
    expect(timeAgo(sentAt, daysAfterSending(30))).toBe("4 weeks ago");
    expect(timeAgo(sentAt, daysAfterSending(56))).toBe("8 weeks ago");
  });
});

describe("reminder paths", () => {
  it("escape what they carry", () => {
    expect(reminderPath("acxiom")).toBe("/reminders/acxiom");
    expect(reminderPath("a/b")).toBe("/reminders/a%2Fb");
    expect(reminderUnsubscribePath("user-1.abc_-")).toBe("/reminders/unsubscribe?token=user-1.abc_-");
    expect(reminderUnsubscribePath("a+b")).toBe("/reminders/unsubscribe?token=a%2Bb");
  });
});
