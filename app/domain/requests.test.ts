import { describe, expect, it } from "vitest";
import { DAY_MS } from "~/domain/dates";
import {
  canAfford,
  canUndoDelete,
  deletedRequestRestore,
  freeRequestsUsedNote,
  requestsAffordable,
  spendsFreeRequest,
  UNDO_DELETE_DAYS,
  waitDaysFromGuide,
  waitOf,
} from "~/domain/requests";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute));
const log = (...statuses: Array<string | [string, string]>) =>
  statuses.map((entry, index) => {
    const [creator, status] = Array.isArray(entry) ? entry : ["user", entry];
    return { creator, status, createdAt: at(index) };
  });

describe("the allowance", () => {
  const unsent = { status: null, consumerFiles: false, queuedAt: null };
  const free = (left: number | null) => ({ stripeSubscriptionId: null, numOfFreeRequest: left });
  const subscriber = { stripeSubscriptionId: "sub_1", numOfFreeRequest: 0 };

  it("counts what is left, a missing counter as 3, and no limit for a subscriber", () => {
    expect(requestsAffordable(free(2))).toBe(2);
    expect(requestsAffordable(free(null))).toBe(3);
    expect(requestsAffordable(subscriber)).toBe(Infinity);
  });

  it("lets a user do what costs a free request only while one is left; what costs none always", () => {
    expect(canAfford(free(1), "unsubscribe", unsent)).toBe(true);
    expect(canAfford(free(0), "unsubscribe", unsent)).toBe(false);
    expect(canAfford(subscriber, "unsubscribe", unsent)).toBe(true);
    expect(canAfford(free(0), "unsubscribe", { ...unsent, consumerFiles: true })).toBe(true);
    expect(canAfford(free(0), "unsubscribe", { status: "cancelled", consumerFiles: false, queuedAt: at(0) })).toBe(true);
    expect(canAfford(free(0), "report", unsent)).toBe(true);
    expect(spendsFreeRequest(subscriber, "unsubscribe", unsent)).toBe(false);
    expect(spendsFreeRequest(free(3), "unsubscribe", unsent)).toBe(true);
  });
});

describe("what sending says about the free requests", () => {
  it("says how many of those left it uses, and the last one by name", () => {
    expect(freeRequestsUsedNote(1, 3)).toBe("uses 1 of your 3 free requests");
    expect(freeRequestsUsedNote(1, 2)).toBe("uses 1 of your 2 free requests");
    expect(freeRequestsUsedNote(3, 3)).toBe("uses 3 of your 3 free requests");
    expect(freeRequestsUsedNote(1, 1)).toBe("uses your last free request");
  });

  it("never says more than are left: the server sends no more", () => {
    expect(freeRequestsUsedNote(5, 2)).toBe("uses 2 of your 2 free requests");
    expect(freeRequestsUsedNote(4, 1)).toBe("uses your last free request");
  });

  it("says nothing to a subscriber, when nothing is sent, or when none are left", () => {
    expect(freeRequestsUsedNote(1, Infinity)).toBeNull();
    expect(freeRequestsUsedNote(0, 3)).toBeNull();
    expect(freeRequestsUsedNote(1, 0)).toBeNull();
  });
});

describe("a request's wait", () => {
  it("reads the longest duration a sender's guide names", () => {
    expect(waitDaysFromGuide("60 to 90 days")).toBe(90);
    expect(waitDaysFromGuide("5 business days to process, up to 60 days until offers stop")).toBe(60);
    expect(waitDaysFromGuide("about 6 weeks")).toBe(42);
    expect(waitDaysFromGuide("a while")).toBeNull();
    expect(waitDaysFromGuide(null)).toBeNull();
  });

  it("starts a self-filed request when the person filed it and waits as its guide says; others when sent, for requiredDays", () => {
    const base = { status: "inQueue" as const, requiredDays: 30, queuedAt: at(1), processedAt: null };
    expect(waitOf({ ...base, consumerFiles: true, takes: "60 to 90 days" })).toEqual({ startedAt: at(1), days: 90, fromGuide: true });
    expect(waitOf({ ...base, consumerFiles: true, takes: null })).toEqual({ startedAt: at(1), days: 30, fromGuide: false });
    expect(waitOf({ ...base, consumerFiles: false, takes: "60 to 90 days" })).toEqual({ startedAt: null, days: 30, fromGuide: false });
    expect(waitOf({ ...base, consumerFiles: false, takes: null, processedAt: at(2) })).toEqual({
      startedAt: at(2),
      days: 30,
      fromGuide: false,
    });
  });
});

describe("undoing a delete", () => {
  it("returns to the status before the delete, read from the history", () => {
    expect(deletedRequestRestore(log("unsubscribe", "delete"))).toEqual({ status: "inQueue", deletedAt: at(1) });
    expect(deletedRequestRestore(log("created", "confirm", "delete"))?.status).toBe("confirmedByUser");
    expect(deletedRequestRestore(log("unsubscribe", "cancel", "delete"))?.status).toBe("cancelled");
    // A preset deleted before it was ever sent goes back to not sent.
    expect(deletedRequestRestore(log("delete"))).toEqual({ status: null, deletedAt: at(0) });
  });

  it("ignores entries that change no status, and survives deleting twice and undoing before", () => {
    expect(deletedRequestRestore(log("unsubscribe", ["staff", "mailed"], ["sender", "reply"], "moved", "delete"))?.status).toBe("inQueue");
    expect(deletedRequestRestore(log("unsubscribe", "delete", "delete"))).toEqual({ status: "inQueue", deletedAt: at(2) });
    expect(deletedRequestRestore(log("confirm", "delete", "undo", "cancel", "delete"))?.status).toBe("cancelled");
    expect(deletedRequestRestore(log("confirm", "delete", "undo", "delete"))?.status).toBe("confirmedByUser");
  });

  it("answers null when the history does not end deleted", () => {
    expect(deletedRequestRestore(log("unsubscribe"))).toBeNull();
    expect(deletedRequestRestore(log("unsubscribe", "delete", "undo"))).toBeNull();
    expect(deletedRequestRestore([])).toBeNull();
  });

  it(`is possible for ${UNDO_DELETE_DAYS} days`, () => {
    const deletedAt = at(0);
    expect(canUndoDelete(deletedAt, new Date(deletedAt.getTime() + UNDO_DELETE_DAYS * DAY_MS))).toBe(true);
    expect(canUndoDelete(deletedAt, new Date(deletedAt.getTime() + UNDO_DELETE_DAYS * DAY_MS + 1))).toBe(false);
  });
});
