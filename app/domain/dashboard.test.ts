import { describe, expect, it } from "vitest";
import { DAY_MS } from "~/domain/dates";
import { waitStanding } from "~/domain/requests";
import {
  DashboardActionSchema,
  DashboardNoticeSchema,
  groupOf,
  nextStep,
  noticeUrl,
  sendableSuggestions,
  summarize,
  type DashboardRequest,
} from "~/domain/dashboard";

const now = new Date("2026-11-23T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

const request = (overrides: Partial<DashboardRequest> = {}): DashboardRequest => ({
  id: "acxiom",
  senderName: "Acxiom",
  status: null,
  consumerFiles: false,
  takes: null,
  requiredDays: 30,
  queuedAt: null,
  processedAt: null,
  ...overrides,
});
const sentDaysAgo = (days: number, overrides: Partial<DashboardRequest> = {}) =>
  request({ status: "inQueue", queuedAt: daysAgo(days + 1), processedAt: daysAgo(days), ...overrides });

describe("groupOf", () => {
  it("puts a request by what it needs: an answer once its mail should have stopped, nothing while it waits, nothing once done", () => {
    expect(groupOf(request(), now)).toBe("suggested");
    expect(groupOf(request({ status: "inQueue", queuedAt: daysAgo(1) }), now)).toBe("onItsWay");
    expect(groupOf(sentDaysAgo(10), now)).toBe("onItsWay");
    expect(groupOf(sentDaysAgo(30), now), "the days to act are over, but mail printed before may still come").toBe("onItsWay");
    expect(groupOf(sentDaysAgo(55), now)).toBe("onItsWay");
    expect(groupOf(sentDaysAgo(56), now)).toBe("needsYou");
    expect(groupOf(request({ status: "confirmedByUser" }), now)).toBe("done");
    expect(groupOf(request({ status: "cancelled" }), now)).toBe("done");
    expect(groupOf(request({ status: "deleted" }), now)).toBeNull();
  });

  it("asks nothing of a request the follow-up ladder took up: it is on its way again", () => {
    expect(groupOf(sentDaysAgo(56, { followUpStep: 1 }), now)).toBe("onItsWay");
    expect(groupOf(sentDaysAgo(56, { followUpStep: 3 }), now)).toBe("onItsWay");
    expect(groupOf(sentDaysAgo(56, { followUpStep: 0 }), now)).toBe("needsYou");
  });

  it("needs the person's answer while its card asks for the return address on the piece, and not once staff took it", () => {
    const asking = (withStaff: boolean) => request({ status: "inQueue", queuedAt: daysAgo(1), returnAddressWait: { withStaff } });
    expect(groupOf(asking(false), now)).toBe("needsYou");
    expect(groupOf(asking(true), now)).toBe("onItsWay");
  });

  it("waits a self-filed request as long as its sender's own guide says, from the day it was filed", () => {
    const filed = (days: number) =>
      request({ id: "dmachoice", consumerFiles: true, takes: "60 to 90 days", status: "inQueue", queuedAt: daysAgo(days) });
    expect(groupOf(filed(1), now)).toBe("onItsWay");
    expect(groupOf(filed(45), now), "the generic 30 days do not apply").toBe("onItsWay");
    expect(groupOf(filed(90), now)).toBe("needsYou");
  });
});

describe("nextStep", () => {
  const labels = (step: ReturnType<typeof nextStep>) => step.buttons.map((button) => `${button.label}${button.primary ? "!" : ""}`);

  it("never leads with “Mail stopped” before the mail should have stopped; after it, asks with both answers", () => {
    for (const days of [5, 31, 55]) {
      const waiting = nextStep(sentDaysAgo(days), now, { canSend: true });
      expect(waiting.question, `day ${days}`).toBeNull();
      expect(labels(waiting)).toEqual(["Cancel"]);
      expect(waiting.buttons.some((button) => button.primary)).toBe(false);
    }

    const over = nextStep(sentDaysAgo(57), now, { canSend: true });
    expect(over.question).toBe("Has the mail stopped?");
    expect(over.buttons.map(({ action, label, primary }) => [action, label, primary])).toEqual([
      ["confirm", "Yes, it stopped", true],
      ["report", "No, still coming", true],
      ["cancel", "Cancel", false],
    ]);
  });

  it("does not ask whether the mail stopped once a piece seen after the day it should have stopped said it did not", () => {
    const still = nextStep(sentDaysAgo(70), now, { canSend: true, stillComing: true });
    expect(still.question).toBeNull();
    expect(still.buttons.map(({ action, label, primary }) => [action, label, primary])).toEqual([
      ["report", "Send it again", true],
      ["confirm", "It stopped since", false],
      ["cancel", "Cancel", false],
    ]);
    // Before the wait is over nothing is asked anyway, and the card keeps its buttons.
    expect(labels(nextStep(sentDaysAgo(5), now, { canSend: true, stillComing: true }))).toEqual(["Cancel"]);
  });

  it("offers no report once its sender's review speaks for it, since a report would send nothing", () => {
    const reviewed = { ...sentDaysAgo(70), followUpStep: 3, inSenderReview: true };
    expect(labels(nextStep(reviewed, now, { canSend: true, stillComing: true }))).toEqual(["It stopped since", "Cancel"]);
    expect(labels(nextStep(reviewed, now, { canSend: true }))).toEqual(["Yes, it stopped!", "Cancel"]);
  });

  it("does not ask whether the mail stopped when the evidence tells, and keeps the answers", () => {
    const told = nextStep(sentDaysAgo(80), now, { canSend: true, evidenceTells: true });
    expect(told.question).toBeNull();
    expect(labels(told)).toEqual(["Yes, it stopped!", "No, still coming!", "Cancel"]);
  });

  it("waits the days its sender was seen to take before the mail should have stopped", () => {
    expect(waitStanding(sentDaysAgo(60), now)).toMatchObject({ kind: "waitOver", mailStopsBy: daysAgo(4) });
    expect(waitStanding({ ...sentDaysAgo(60), learnedDays: 84 }, now)).toMatchObject({ kind: "waiting", mailStopsBy: daysAgo(60 - 84) });
    expect(waitStanding({ ...sentDaysAgo(84), learnedDays: 84 }, now)).toMatchObject({ kind: "waitOver" });
    expect(waitStanding({ ...sentDaysAgo(35), learnedDays: 21 }, now), "never before the days to act are over").toMatchObject({
      kind: "waitOver",
    });
  });

  it("offers Unsubscribe on a suggestion, “I filed it” on one the person files, and the plans instead when none is left", () => {
    expect(labels(nextStep(request(), now, { canSend: true }))).toEqual(["Unsubscribe!"]);
    const usedUp = nextStep(request(), now, { canSend: false });
    expect(usedUp.buttons).toEqual([]);
    expect(usedUp.upgradeToSend).toBe(true);
    // Filing it oneself costs nothing, so it stays.
    const selfFiled = nextStep(request({ consumerFiles: true }), now, { canSend: false });
    expect(labels(selfFiled)).toEqual(["I filed it!"]);
    expect(selfFiled.upgradeToSend).toBe(false);
  });

  it("lets a done request be reported or sent again, and sending again a cancelled one costs nothing", () => {
    expect(labels(nextStep(request({ status: "confirmedByUser", queuedAt: daysAgo(50) }), now, { canSend: false }))).toEqual([
      "Mail came back",
    ]);
    expect(labels(nextStep(request({ status: "cancelled", queuedAt: daysAgo(5) }), now, { canSend: false }))).toEqual(["Send again"]);
    expect(nextStep(request({ status: "deleted" }), now, { canSend: true }).buttons).toEqual([]);
  });

  it("puts what sending uses of the free requests on the button that uses one, and on no other", () => {
    const note = "uses 1 of your 3 free requests";
    const notes = (step: ReturnType<typeof nextStep>) => step.buttons.map((button) => button.note);
    expect(notes(nextStep(request(), now, { canSend: true, sendNote: note }))).toEqual([note]);
    expect(notes(nextStep(request({ consumerFiles: true }), now, { canSend: true, sendNote: note }))).toEqual([null]);
    expect(notes(nextStep(request({ status: "cancelled", queuedAt: daysAgo(5) }), now, { canSend: true, sendNote: note }))).toEqual([null]);
  });
});

describe("summarize", () => {
  it("counts each group and names the request whose mail should stop first", () => {
    const summary = summarize(
      [
        request(),
        sentDaysAgo(57, { id: "a", senderName: "Over" }),
        sentDaysAgo(10, { id: "b", senderName: "Later" }),
        sentDaysAgo(20, { id: "c", senderName: "Sooner" }),
        request({ id: "d", status: "inQueue", queuedAt: daysAgo(1) }),
        request({ id: "e", status: "confirmedByUser" }),
        request({ id: "f", status: "cancelled" }),
      ],
      now,
    );
    expect(summary).toEqual({
      needsYou: 1,
      needsReturnAddress: 0,
      onItsWay: 3,
      withSender: 0,
      withStaff: 0,
      goingOut: 0,
      done: 2,
      next: { senderName: "Sooner", by: new Date(daysAgo(20).getTime() + 56 * DAY_MS) },
    });
  });

  it("counts apart the answers that are a return address on a piece", () => {
    const asking = request({ id: "g", status: "inQueue", queuedAt: daysAgo(1), returnAddressWait: { withStaff: false } });
    expect(summarize([asking, sentDaysAgo(56)], now)).toMatchObject({ needsYou: 2, needsReturnAddress: 1, onItsWay: 0 });
  });

  it("has no next date when nothing has reached a sender", () => {
    expect(summarize([request()], now)).toEqual({
      needsYou: 0,
      needsReturnAddress: 0,
      onItsWay: 0,
      withSender: 0,
      withStaff: 0,
      goingOut: 0,
      done: 0,
      next: null,
    });
  });

  it("counts apart the requests on their way that wait for our staff to send them, go out now, or wait for the sender", () => {
    const queued = (id: string, waitsOn: DashboardRequest["waitsOn"]) => request({ id, status: "inQueue", queuedAt: daysAgo(1), waitsOn });
    const summary = summarize(
      [
        queued("a", "staff"),
        queued("b", "staff"),
        queued("c", "staff"),
        queued("d", "sending"),
        sentDaysAgo(10, { id: "e", waitsOn: "sender" }),
        sentDaysAgo(57, { id: "f", waitsOn: "sender" }),
      ],
      now,
    );
    expect(summary).toMatchObject({ onItsWay: 5, withStaff: 3, goingOut: 1, withSender: 1, needsYou: 1 });
  });
});

describe("the dashboard's forms", () => {
  it("suggests only unsent presets the service sends itself", () => {
    const rows = [request(), request({ id: "dma", consumerFiles: true }), sentDaysAgo(3, { id: "sent" })];
    expect(sendableSuggestions(rows).map((row) => row.id)).toEqual(["acxiom"]);
  });

  it("reads each intent and refuses anything else", () => {
    const parse = (entries: Record<string, unknown>) => DashboardActionSchema.safeParse(entries);
    expect(parse({ intent: "delete", requestId: "acxiom" }).success).toBe(true);
    expect(parse({ intent: "undo", requestId: "acxiom" }).success).toBe(true);
    expect(parse({ intent: "sendSuggested", selection: "all" }).data).toEqual({
      intent: "sendSuggested",
      selection: "all",
      requestIds: [],
    });
    expect(parse({ intent: "sendSuggested" }).success, "a selection is required").toBe(false);
    expect(parse({ intent: "restore", requestId: "acxiom" }).success).toBe(false);
    expect(parse({ intent: "undo" }).success).toBe(false);
  });

  it("round-trips a notice through the redirect's query", () => {
    const url = new URL(noticeUrl({ notice: "sendSuggested", sent: 2, refused: 1 }), "https://example.com");
    expect(url.pathname).toBe("/dashboard");
    expect(url.hash).toBe("#outcome");
    expect(DashboardNoticeSchema.parse(Object.fromEntries(url.searchParams))).toEqual({ notice: "sendSuggested", sent: 2, refused: 1 });
    expect(DashboardNoticeSchema.safeParse({ notice: "sendSuggested", sent: "9999" }).success).toBe(false);
  });
});
