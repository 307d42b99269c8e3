import { describe, expect, it } from "vitest";
import { JobEnvelopeSchema, retryDelaySeconds } from "~/domain/job-envelope";

describe("retryDelaySeconds", () => {
  it("doubles from 30 seconds and stops at an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((attempt) => retryDelaySeconds(attempt, 30))).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
  });
});

describe("JobEnvelopeSchema", () => {
  it("accepts an envelope and refuses one without an id", () => {
    const envelope = { id: crypto.randomUUID(), type: "ping", payload: {}, enqueuedAt: new Date().toISOString() };
    expect(JobEnvelopeSchema.safeParse(envelope).success).toBe(true);
    expect(JobEnvelopeSchema.safeParse({ ...envelope, id: "not-a-uuid" }).success).toBe(false);
  });
});
