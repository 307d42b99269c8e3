import { describe, expect, it } from "vitest";
import {
  emailEvidence,
  letterEvidence,
  requestTimeline,
  sendingHeadline,
  sendingsOfRequest,
  standing,
  standingOfRequest,
  standingText,
  type RequestStandingFacts,
  type DeliveryEvidence,
  type HistoryLine,
  type StandingInput,
} from "~/domain/request-evidence";

const timeZone = "America/New_York";
const emailedAt = new Date("2026-11-26T15:00:00Z");
const mailedAt = new Date("2026-11-27T15:00:00Z");
const later = (date: Date, hours: number) => new Date(date.getTime() + hours * 3_600_000);

const emailed = (events: Extract<DeliveryEvidence, { kind: "email" }>["events"] = []): DeliveryEvidence => ({
  kind: "email",
  channel: "email",
  to: "optout@acxiom.com",
  at: emailedAt,
  vendorId: "pm-123",
  events,
});

const mailed = (events: Extract<DeliveryEvidence, { kind: "letter" }>["events"] = []): DeliveryEvidence => ({
  kind: "letter",
  channel: "mail",
  to: "Acxiom LLC, P.O. Box 2000, Conway, AR 72033",
  at: mailedAt,
  vendorId: "ltr_abc",
  expectedDeliveryDate: "2026-12-02",
  events,
});

const input = (overrides: Partial<StandingInput> = {}): StandingInput => ({
  senderName: "Acxiom",
  status: "inQueue",
  consumerFiles: false,
  processedAt: null,
  route: "lookUp",
  letterProblem: null,
  evidence: [],
  lastSent: null,
  lastReplyAt: null,
  ...overrides,
});

describe("standing", () => {
  it("says who a request waits on by the same branches as its words: our staff, a job sending it, the person, or the sender", () => {
    const waitsOn = (overrides: Partial<StandingInput>) => standing(input(overrides), timeZone)?.waitsOn;
    expect(waitsOn({ route: "staff" })).toBe("staff");
    expect(waitsOn({ route: "lookUp" })).toBe("staff");
    expect(waitsOn({ route: "automaticEmail" })).toBe("sending");
    expect(waitsOn({ route: "returnAddress" })).toBe("person");
    expect(waitsOn({ consumerFiles: true })).toBe("sender");
    expect(waitsOn({ processedAt: emailedAt, evidence: [emailed()] })).toBe("sender");
    const bounced = emailed([{ state: "bounced", at: later(emailedAt, 1), detail: "Mailbox not found" }]);
    expect(waitsOn({ processedAt: emailedAt, evidence: [bounced] })).toBe("staff");
    expect(waitsOn({ status: "confirmedByUser" })).toBeNull();
    expect(standing(input({ status: null }), timeZone)).toBeNull();
  });
});

describe("standingText", () => {
  it("says nothing of a request never sent: its card says so in its own words", () => {
    expect(standingText(input({ status: null }), timeZone)).toBeNull();
  });

  it("says who acts next on a request no one has sent yet, and by when", () => {
    expect(standingText(input({ route: "lookUp" }), timeZone)).toBe("Our staff look up where to send it: usually within 2 working days");
    expect(standingText(input({ route: "staff" }), timeZone)).toBe("Our staff send it: usually within 2 working days");
    expect(standingText(input({ route: "automaticEmail" }), timeZone)).toBe("Going out by email now");
    expect(standingText(input({ route: "automaticLetter" }), timeZone)).toBe("Going out by mail now");
    expect(standingText(input({ route: "staff", letterProblem: "Lob refused the letter (422)." }), timeZone)).toBe(
      "Our staff print and mail it: usually within 2 working days",
    );
    expect(standingText(input({ consumerFiles: true }), timeZone)).toBe("Filed by you");
  });

  it("says when an email went out, and that it was delivered once Postmark says so", () => {
    const sent = { processedAt: emailedAt, lastSent: { status: "emailed", at: emailedAt } };
    expect(standingText(input({ ...sent, evidence: [emailed()] }), timeZone)).toBe("Emailed to Acxiom on 11/26/2026 as your own request");
    expect(
      standingText(input({ ...sent, evidence: [emailed([{ state: "delivered", at: later(emailedAt, 1), detail: null }])] }), timeZone),
    ).toBe("Emailed to Acxiom on 11/26/2026 as your own request · delivered");
    expect(standingText(input({ ...sent, legal: true, evidence: [emailed()] }), timeZone)).toBe(
      "Emailed to Acxiom on 11/26/2026 as your agent, under your state's law",
    );
  });

  it("says a bounced address is with our staff, whether or not the request is back in their queue", () => {
    const bounced = emailed([{ state: "bounced", at: later(emailedAt, 1), detail: "Mailbox not found" }]);
    const text = "Acxiom's address bounced; our staff are finding another way";
    expect(standingText(input({ processedAt: emailedAt, evidence: [bounced] }), timeZone)).toBe(text);
    expect(standingText(input({ evidence: [bounced], lastSent: { status: "emailed", at: emailedAt } }), timeZone)).toBe(text);
  });

  it("says when a letter was mailed and when it is expected at the sender, then where it is", () => {
    const sent = { processedAt: mailedAt, lastSent: { status: "mailed", at: mailedAt } };
    expect(standingText(input({ ...sent, evidence: [mailed()] }), timeZone)).toBe(
      "Letter mailed 11/27/2026 to Acxiom's postal address · expected at the sender 12/02/2026",
    );
    expect(
      standingText(input({ ...sent, evidence: [mailed([{ state: "inTransit", at: later(mailedAt, 20), detail: null }])] }), timeZone),
    ).toBe("Letter mailed 11/27/2026 to Acxiom's postal address · in transit · expected at the sender 12/02/2026");
    const deliveredAt = new Date("2026-12-01T17:00:00Z");
    expect(standingText(input({ ...sent, evidence: [mailed([{ state: "delivered", at: deliveredAt, detail: null }])] }), timeZone)).toBe(
      "Letter mailed 11/27/2026 to Acxiom's postal address · delivered 12/01/2026",
    );
  });

  it("never says a letter Lob failed, rejected or cancelled was mailed", () => {
    for (const state of ["failed", "rejected", "deleted"] as const) {
      const notMailed = mailed([{ state, at: later(mailedAt, 1), detail: null }]);
      const text = "Lob did not mail the letter; our staff are sending it";
      // Back in the staff queue, as the event leaves it, and even where the request still reads as processed.
      expect(
        standingText(
          input({ route: "staff", evidence: [notMailed], lastSent: { status: "mailed", at: mailedAt }, letterProblem: "x" }),
          timeZone,
        ),
      ).toBe(text);
      expect(
        standingText(input({ processedAt: mailedAt, evidence: [notMailed], lastSent: { status: "mailed", at: mailedAt } }), timeZone),
      ).toBe(text);
      const [entry] = requestTimeline([], [notMailed], { senderName: "Acxiom", timeZone, userText: () => "" });
      expect(entry!.text).toMatch(/^Letter to Acxiom LLC, P\.O\. Box 2000, Conway, AR 72033 given to Lob, never mailed: /);
      expect(entry!.text).not.toMatch(/Letter mailed|delivered|expected/);
    }
  });

  it("says when a letter is expected though Lob sends no tracking event for it", () => {
    // Lob's tracking events are live-only and not on every edition: with none, the card keeps Lob's own estimate.
    const [letter] = letterEvidence(
      [
        {
          id: "ltr_abc",
          requestId: "r",
          expectedDeliveryDate: "2026-12-02",
          trackingState: "created",
          trackingAt: null,
          createdAt: mailedAt,
        },
      ],
      "Acxiom LLC, P.O. Box 2000, Conway, AR 72033",
    );
    expect(
      standingText(input({ processedAt: mailedAt, evidence: [letter!], lastSent: { status: "mailed", at: mailedAt } }), timeZone),
    ).toBe("Letter mailed 11/27/2026 to Acxiom's postal address · expected at the sender 12/02/2026");
  });

  it("says a returned letter is with our staff", () => {
    const returned = mailed([{ state: "returnedToSender", at: later(mailedAt, 100), detail: null }]);
    expect(
      standingText(input({ evidence: [returned], lastSent: { status: "mailed", at: mailedAt }, letterProblem: "returned" }), timeZone),
    ).toBe("The letter came back; our staff are checking the address");
  });

  it("falls back on the history for a sending no vendor recorded, and names the sender's reply", () => {
    const reply = new Date("2026-11-30T14:00:00Z");
    expect(standingText(input({ processedAt: mailedAt, lastSent: { status: "mailed", at: mailedAt } }), timeZone)).toBe(
      "Letter mailed 11/27/2026 to Acxiom's postal address",
    );
    expect(standingText(input({ processedAt: mailedAt, lastSent: { status: "filed", at: mailedAt }, lastReplyAt: reply }), timeZone)).toBe(
      "Filed with Acxiom on 11/27/2026 · Acxiom replied 11/30/2026",
    );
  });

  it("keeps the spec's words once the person answered", () => {
    expect(standingText(input({ status: "confirmedByUser", evidence: [emailed()] }), timeZone)).toBe("Mail stopped");
    expect(standingText(input({ status: "cancelled" }), timeZone)).toBe("Cancelled");
  });

  it("after a report, says the request is with our staff again, not what the last sending did", () => {
    const delivered = emailed([{ state: "delivered", at: later(emailedAt, 1), detail: null }]);
    expect(standingText(input({ route: "staff", evidence: [delivered], lastSent: { status: "emailed", at: emailedAt } }), timeZone)).toBe(
      "Our staff send it: usually within 2 working days",
    );
  });
});

describe("evidence from what is recorded", () => {
  it("takes each sent email with its Postmark id, and the emailed lines no record covers, to the catalog's mailbox", () => {
    const older = new Date("2026-10-01T12:00:00Z");
    const evidence = emailEvidence(
      [{ requestId: "r1", to: "optout@acxiom.com", messageId: "pm-123", at: emailedAt }],
      [
        { status: "emailed", createdAt: later(emailedAt, 0.01) },
        { status: "emailed", createdAt: older },
        { status: "unsubscribe", createdAt: older },
      ],
      "privacy@acxiom.com",
    );
    expect(evidence).toEqual([
      { kind: "email", channel: "email", to: "optout@acxiom.com", at: emailedAt, vendorId: "pm-123", events: [] },
      { kind: "email", channel: "email", to: "privacy@acxiom.com", at: older, vendorId: null, events: [] },
    ]);
  });

  it("takes a letter's tracking from its history lines when they are at hand, else from its latest state", () => {
    const letter = {
      id: "ltr_abc",
      requestId: "r1",
      expectedDeliveryDate: "2026-12-02",
      trackingState: "inTransit" as const,
      trackingAt: later(mailedAt, 30),
      createdAt: mailedAt,
    };
    const [onCard] = letterEvidence([letter], "P.O. Box 2000");
    expect(onCard).toMatchObject({ vendorId: "ltr_abc", to: "P.O. Box 2000", events: [{ state: "inTransit", at: later(mailedAt, 30) }] });
    const [onPage] = letterEvidence([letter], "P.O. Box 2000", [
      { status: "letter.mailed", createdAt: later(mailedAt, 5) },
      { status: "letter.in_transit", createdAt: later(mailedAt, 30) },
      { status: "letter.delivered", createdAt: later(mailedAt, 0.1 - 1) },
    ]);
    expect(onPage?.events.map((event) => event.state)).toEqual(["mailed", "inTransit"]);
    expect(letterEvidence([{ ...letter, trackingState: "created", trackingAt: null }], null)[0]?.events).toEqual([]);
  });
});

describe("requestTimeline", () => {
  const line = (id: string, creator: string, status: string, createdAt: Date, detail: string | null = null): HistoryLine => ({
    id,
    creator,
    status,
    detail,
    createdAt,
  });
  const options = { senderName: "Acxiom", timeZone, userText: (entry: HistoryLine) => `You: ${entry.status}` };

  it("shows each sending with where it went, the vendor's id and what happened to it, in place of the lines that only said it went", () => {
    const history = [
      line("l3", "sender", "reply", new Date("2026-11-30T14:00:00Z"), "We removed you."),
      line("l2", "system", "emailed", emailedAt, "We emailed your request to Acxiom."),
      line("l1", "user", "unsubscribe", later(emailedAt, -1)),
    ];
    const timeline = requestTimeline(history, [emailed([{ state: "delivered", at: later(emailedAt, 0.5), detail: null }])], options);
    expect(timeline).toEqual([
      {
        id: "l3",
        at: "9:00 AM 11/30/2026",
        creator: "sender",
        text: "A reply to your request to Acxiom",
        reply: "We removed you.",
        facts: [],
        events: [],
        steps: null,
      },
      {
        id: "email-0",
        at: "10:00 AM 11/26/2026",
        creator: "system",
        text: "Sent by email to optout@acxiom.com · delivered to Acxiom's mailbox 11/26/2026",
        reply: null,
        facts: ["Postmark message id pm-123"],
        events: [{ at: "10:30 AM 11/26/2026", text: "Delivered to Acxiom's mailbox" }],
        steps: "Reported from Postmark: 1 step",
      },
      { id: "l1", at: "9:00 AM 11/26/2026", creator: "user", text: "You: unsubscribe", reply: null, facts: [], events: [], steps: null },
    ]);
  });

  it("shows a letter with its Lob id, expected date and tracking, and a bounce with its reason", () => {
    const history = [
      line("t1", "system", "letter.returned_to_sender", later(mailedAt, 100), "came back"),
      line("m1", "system", "mailed", mailedAt, "We mailed your letter to Acxiom."),
    ];
    const [letter] = requestTimeline(history, [mailed([{ state: "returnedToSender", at: later(mailedAt, 100), detail: null }])], options);
    expect(letter).toMatchObject({
      text: "Letter mailed to Acxiom LLC, P.O. Box 2000, Conway, AR 72033 · came back undelivered 12/01/2026",
      facts: ["Lob letter id ltr_abc", "Expected at the sender 12/02/2026"],
      events: [{ text: "Came back undelivered" }],
    });
    const [bounce] = requestTimeline([], [emailed([{ state: "bounced", at: later(emailedAt, 1), detail: "Mailbox not found" }])], options);
    expect(bounce?.events).toEqual([{ at: "11:00 AM 11/26/2026", text: "Bounced: Mailbox not found" }]);
  });

  it("keeps a line that went out with no recorded evidence as the history said it", () => {
    const timeline = requestTimeline([line("m1", "staff", "mailed", mailedAt, "We mailed your letter to Acxiom.")], [], options);
    expect(timeline.map((entry) => entry.text)).toEqual(["We mailed your letter to Acxiom."]);
  });

  it("shows each piece seen in the mail on its day, among the sendings and the person's answers", () => {
    const timeline = requestTimeline([line("u1", "user", "unsubscribe", later(emailedAt, -1))], [emailed([])], {
      ...options,
      pieces: [
        { arrivedOn: "2027-02-03", source: "digest" },
        { arrivedOn: "2026-11-20", source: "photo" },
      ],
    });
    expect(timeline.map((entry) => [entry.at.replace(/^.* (?=\d\d\/)/, ""), entry.text])).toEqual([
      ["02/03/2027", "Seen in your mail (Informed Delivery)"],
      ["11/26/2026", "Sent by email to optout@acxiom.com"],
      ["11/26/2026", "You: unsubscribe"],
      ["11/20/2026", "Seen in your mail (photo)"],
    ]);
  });
});

describe("one line per sending", () => {
  const track = (state: Extract<DeliveryEvidence, { kind: "letter" }>["events"][number]["state"], hours: number) => ({
    state,
    at: later(mailedAt, hours),
    detail: null,
  });

  it("says how a sending went and the latest state its vendor confirmed, with its day", () => {
    expect(sendingHeadline(mailed(), "Acxiom", timeZone)).toBe(
      "Letter mailed to Acxiom LLC, P.O. Box 2000, Conway, AR 72033 · expected at the sender 12/02/2026",
    );
    expect(sendingHeadline(mailed([track("mailed", 5), track("inTransit", 30)]), "Acxiom", timeZone)).toBe(
      "Letter mailed to Acxiom LLC, P.O. Box 2000, Conway, AR 72033 · in transit 11/28/2026 · expected at the sender 12/02/2026",
    );
    // "Delivered" only once Lob said so, and then no estimate.
    const four = mailed([track("mailed", 5), track("inTransit", 30), track("inLocalArea", 60), track("delivered", 100)]);
    expect(sendingHeadline(four, "Acxiom", timeZone)).toBe(
      "Letter mailed to Acxiom LLC, P.O. Box 2000, Conway, AR 72033 · delivered 12/01/2026",
    );
    // An email says nothing more than sent until Postmark reports.
    expect(sendingHeadline(emailed(), "Acxiom", timeZone)).toBe("Sent by email to optout@acxiom.com");
    expect(sendingHeadline(emailed([{ state: "bounced", at: later(emailedAt, 1), detail: "Mailbox not found" }]), "Acxiom", timeZone)).toBe(
      "Sent by email to optout@acxiom.com · bounced: Mailbox not found 11/26/2026",
    );
  });

  it("folds a letter's tracking lines and the line that said it went under its one sending line", () => {
    const history: HistoryLine[] = [
      { id: "t4", creator: "system", status: "letter.delivered", detail: "delivered", createdAt: later(mailedAt, 100) },
      { id: "t3", creator: "system", status: "letter.in_local_area", detail: "local", createdAt: later(mailedAt, 60) },
      { id: "t2", creator: "system", status: "letter.in_transit", detail: "transit", createdAt: later(mailedAt, 30) },
      { id: "t1", creator: "system", status: "letter.mailed", detail: "handed over", createdAt: later(mailedAt, 5) },
      { id: "m1", creator: "system", status: "mailed", detail: "We mailed your letter to Acxiom.", createdAt: mailedAt },
      { id: "u1", creator: "user", status: "unsubscribe", detail: null, createdAt: later(mailedAt, -1) },
    ];
    const [letter] = letterEvidence(
      [
        {
          id: "ltr_abc",
          requestId: "r",
          expectedDeliveryDate: "2026-12-02",
          trackingState: "delivered",
          trackingAt: later(mailedAt, 100),
          createdAt: mailedAt,
        },
      ],
      "Acxiom LLC, P.O. Box 2000, Conway, AR 72033",
      history,
    );
    const timeline = requestTimeline(history, [letter!], { senderName: "Acxiom", timeZone, userText: () => "You asked" });
    expect(timeline.map((entry) => entry.text)).toEqual([
      "Letter mailed to Acxiom LLC, P.O. Box 2000, Conway, AR 72033 · delivered 12/01/2026",
      "You asked",
    ]);
    expect(timeline[0]).toMatchObject({
      steps: "Tracking from Lob: 4 steps",
      facts: ["Lob letter id ltr_abc", "Expected at the sender 12/02/2026"],
      events: [
        { text: "Handed to the Postal Service" },
        { text: "In transit" },
        { text: "Reached the sender's area" },
        { text: "Delivered" },
      ],
    });
    expect(timeline[1]!.steps).toBeNull();
  });

  it("folds Postmark's reports on an email under its one sending line, a delay as it was written", () => {
    const history: HistoryLine[] = [
      {
        id: "e3",
        creator: "system",
        status: "email.delivered",
        detail: "Your request reached Acxiom's mailbox.",
        createdAt: later(emailedAt, 2),
      },
      {
        id: "e2",
        creator: "system",
        status: "email.notice",
        detail: "Acxiom's mail server asked Postmark to try again later.",
        createdAt: later(emailedAt, 1),
      },
      { id: "e1", creator: "system", status: "emailed", detail: "We emailed your request to Acxiom.", createdAt: emailedAt },
    ];
    const timeline = requestTimeline(history, [emailed([{ state: "delivered", at: later(emailedAt, 2), detail: null }])], {
      senderName: "Acxiom",
      timeZone,
      userText: () => "",
    });
    expect(timeline).toHaveLength(1);
    expect(timeline[0]).toMatchObject({
      text: "Sent by email to optout@acxiom.com · delivered to Acxiom's mailbox 11/26/2026",
      steps: "Reported from Postmark: 2 steps",
      events: [
        { at: "11:00 AM 11/26/2026", text: "Acxiom's mail server asked Postmark to try again later." },
        { at: "12:00 PM 11/26/2026", text: "Delivered to Acxiom's mailbox" },
      ],
    });
  });

  it("folds nothing for a letter with no tracking yet but its Lob id, and nothing at all for an email no vendor recorded", () => {
    const [entry] = requestTimeline([], [mailed()], { senderName: "Acxiom", timeZone, userText: () => "" });
    expect(entry).toMatchObject({ steps: "Details from Lob", events: [] });
    const [plain] = requestTimeline([], [{ ...emailed(), vendorId: null }], { senderName: "Acxiom", timeZone, userText: () => "" });
    expect(plain).toMatchObject({ text: "Sent by email to optout@acxiom.com", steps: null, facts: [] });
  });

  it("lists every sending of a request with its day, the recorded ones and those only staff's history tells of", () => {
    const second = {
      ...mailed([track("inTransit", 24 * 59)]),
      at: later(mailedAt, 24 * 58),
      vendorId: "ltr_def",
      expectedDeliveryDate: "2027-01-29",
    };
    const history = [
      { creator: "staff", status: "mailed", detail: "We mailed your letter to Acxiom.", createdAt: later(emailedAt, -24 * 30) },
      { creator: "system", status: "mailed", detail: "We mailed your letter to Acxiom.", createdAt: mailedAt },
      { creator: "sender", status: "replied", detail: "mailed", createdAt: later(mailedAt, 2) },
    ];
    expect(sendingsOfRequest([mailed(), second], history, { senderName: "Acxiom", timeZone })).toEqual([
      { at: later(emailedAt, -24 * 30), text: "We mailed your letter to Acxiom." },
      { at: mailedAt, text: "Letter mailed to Acxiom LLC, P.O. Box 2000, Conway, AR 72033 · expected at the sender 12/02/2026" },
      {
        at: second.at,
        text: "Letter mailed to Acxiom LLC, P.O. Box 2000, Conway, AR 72033 · in transit 01/25/2027 · expected at the sender 01/29/2027",
      },
    ]);
  });
});

describe("standingOfRequest", () => {
  const request = (overrides: Partial<RequestStandingFacts> = {}): RequestStandingFacts => ({
    id: "acxiom",
    senderName: "Acxiom",
    status: "inQueue",
    consumerFiles: false,
    processedAt: null,
    channels: [{ kind: "mail", value: "Acxiom LLC, P.O. Box 2000, Conway, AR 72033" }],
    letterProblem: null,
    sendingJob: null,
    returnAddressWait: null,
    followUpStep: 0,
    legalLawId: null,
    ...overrides,
  });
  const letter = (id: string, createdAt: Date) => ({
    id,
    requestId: "acxiom",
    expectedDeliveryDate: null,
    trackingState: "created" as const,
    trackingAt: null,
    createdAt,
  });
  const secondAt = later(mailedAt, 24 * 60);
  const twice = {
    letters: [letter("ltr_1", mailedAt), letter("ltr_2", secondAt)],
    sentEmails: [],
    sentLines: [
      { requestId: "acxiom", creator: "system", status: "mailed", createdAt: mailedAt },
      { requestId: "acxiom", creator: "system", status: "secondRequest", createdAt: later(secondAt, -1) },
      { requestId: "acxiom", creator: "system", status: "mailed", createdAt: secondAt },
      { requestId: "other", creator: "system", status: "mailed", createdAt: later(secondAt, 1) },
    ],
  };

  it("says a request mailed twice went out on its latest mailing, never that it is in queue", () => {
    expect(standingOfRequest(request({ processedAt: secondAt, followUpStep: 1 }), twice, timeZone)).toEqual({
      text: "Letter mailed 01/26/2027 to Acxiom's postal address",
      waitsOn: "sender",
    });
  });

  it("says who sends a request not sent again yet: the job sending it, our staff, or the person", () => {
    const waiting = { ...twice, sentLines: twice.sentLines.filter((line) => line.status !== "mailed" || line.createdAt < secondAt) };
    const back = { ...waiting, letters: [letter("ltr_1", mailedAt)] };
    expect(standingOfRequest(request({ sendingJob: "optOut.letter" }), back, timeZone)).toEqual({
      text: "Going out by mail now",
      waitsOn: "sending",
    });
    expect(standingOfRequest(request(), back, timeZone)?.waitsOn).toBe("staff");
    expect(standingOfRequest(request({ channels: null }), back, timeZone)?.text).toMatch(/^Our staff look up where to send it/);
    expect(standingOfRequest(request({ channels: null, returnAddressWait: { withStaff: false } }), back, timeZone)?.waitsOn).toBe("person");
    expect(standingOfRequest(request({ status: null }), back, timeZone)).toBeNull();
  });
});
