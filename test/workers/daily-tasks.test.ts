// The daily cron (app/jobs/scheduled.server.ts): each task runs on its own, so one that throws
// skips none of the others, and the failure is logged by the task's name and fails the run.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { mailboxConfirmations, requestReminders, requests, requestTemplates, senderOutcomes } from "../../drizzle/schema";
import { DAY_MS } from "~/domain/dates";
import { JOB_SWEEP_CRON } from "~/domain/job-envelope";
import { runScheduledTasks } from "~/jobs/scheduled.server";
import { SENDER_OUTCOMES_EVERY_DAYS } from "~/models/sender-outcome.server";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { allowConsoleErrors } from "./console-errors";
import { insertUser } from "./support";

const db = getDb(env.DB);

/** The database, except that every statement matching `failing` throws; the SQL of every statement prepared is kept. */
function databaseFailing(failing: RegExp) {
  const prepared: string[] = [];
  const database = new Proxy(env.DB, {
    get(target, property) {
      if (property === "prepare") {
        return (query: string) => {
          prepared.push(query);
          if (failing.test(query)) throw new Error("D1 refused this statement");
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { database, prepared };
}

describe("the daily cron", () => {
  it("when its first task throws, still makes the privacy deletions, queues the reminders and looks for follow-ups, then fails", async () => {
    allowConsoleErrors(/daily task "forget succeeded jobs" failed/);
    const now = Date.now();
    const user = await insertUser("daily-tasks");
    const confirmationId = `confirmation-${crypto.randomUUID()}`;
    await db.insert(mailboxConfirmations).values({
      id: confirmationId,
      userId: user.id,
      fromAddress: "forwarding-noreply@google.com",
      subject: "Gmail Forwarding Confirmation",
      text: "Confirmation code: 1",
      receivedAt: new Date(now - 8 * DAY_MS),
    });
    const requestId = crypto.randomUUID();
    const processedAt = new Date(now - 56 * DAY_MS);
    await db.insert(requests).values({
      userId: user.id,
      id: requestId,
      senderName: "Garden Goods Catalog",
      title: "Garden Goods Catalog",
      fullName: "Ada Lovelace",
      type: "custom",
      status: "inQueue",
      requiredDays: 30,
      street1: "12 Main St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      queuedAt: processedAt,
      processedAt,
    });
    const errors = vi.spyOn(console, "error");

    const { database, prepared } = databaseFailing(/^delete from "jobs"/);
    await expect(runScheduledTasks({ scheduledTime: now }, { ...parseEnv(env), DB: database })).rejects.toThrow(
      "daily tasks failed: forget succeeded jobs",
    );

    expect(await db.select().from(mailboxConfirmations).where(eq(mailboxConfirmations.id, confirmationId))).toEqual([]);
    const reminders = await db.select().from(requestReminders).where(eq(requestReminders.userId, user.id));
    expect(reminders).toEqual([expect.objectContaining({ requestId, round: 1, jobId: expect.any(String) })]);
    expect(prepared.some((query) => /from "requests"/.test(query) && /"stillComingAt"/.test(query))).toBe(true);
    // The log line names the task, never the failed statement's message or its values.
    const logged = errors.mock.calls.map((call) => call.join(" ")).join("\n");
    expect(logged).toContain('daily task "forget succeeded jobs" failed');
    expect(logged).not.toContain("D1 refused");
    expect(logged).not.toContain(user.email);
  });

  it("answers how long each of its tasks took, by the task's name, and nothing for the job sweep", async () => {
    const took = await runScheduledTasks({ scheduledTime: Date.now(), cron: "0 14 * * *" }, parseEnv(env));
    expect(Object.keys(took)).toEqual(expect.arrayContaining(["recompute sender outcomes", "queue due reminders", "advance follow-ups"]));
    expect(Object.values(took).every((ms) => Number.isInteger(ms) && ms >= 0)).toBe(true);
    expect(await runScheduledTasks({ scheduledTime: Date.now(), cron: JOB_SWEEP_CRON }, parseEnv(env))).toEqual({});
  });

  it("walks the senders' figures once a week, leaving the last ones in place on the days between (decision 0088)", async () => {
    const templateId = `weekly-${crypto.randomUUID()}`;
    await db
      .insert(requestTemplates)
      .values({ id: templateId, title: "Weekly Catalog", category: "catalogs", confidence: "high", isActive: false });
    await db.delete(senderOutcomes);
    // Figures no walk of these requests would give: gone the day a walk rewrites the table.
    const computedAt = new Date("2031-03-03T14:00:00Z");
    await db.insert(senderOutcomes).values({ templateId, cases: 999, stopped: 998, medianDays: 30, p90Days: 60, computedAt });
    const kept = () => db.select({ cases: senderOutcomes.cases }).from(senderOutcomes).where(eq(senderOutcomes.templateId, templateId));

    await runScheduledTasks({ scheduledTime: computedAt.getTime() + (SENDER_OUTCOMES_EVERY_DAYS - 1) * DAY_MS }, parseEnv(env));
    expect(await kept()).toEqual([{ cases: 999 }]);
    await runScheduledTasks({ scheduledTime: computedAt.getTime() + SENDER_OUTCOMES_EVERY_DAYS * DAY_MS }, parseEnv(env));
    expect(await kept()).toEqual([]);
  });
});
