import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jobs, staffAudit, type JobState } from "../../drizzle/schema";
import { auditEntry, type StaffActor } from "~/models/audit.server";
import { getDb } from "~/utils/db.server";
import { signedInStaff, signedUpUser } from "./http";

const db = getDb(env.DB);

afterEach(() => {
  vi.restoreAllMocks();
});

/** A dead job as the dead-letter consumer leaves it: a real type with a payload it accepts. */
async function insertJob({ type = "ping", state = "dead" as JobState, id = crypto.randomUUID(), userId = null as string | null } = {}) {
  await db.insert(jobs).values({
    id,
    type,
    payload: type === "malformed" ? { hello: "world" } : { failAttempts: 0 },
    userId,
    state,
    attempts: state === "dead" ? 5 : 1,
    lastError: state === "dead" ? "ran out of retries; last error: ping asked to fail attempt 5 of 10" : null,
  });
  return id;
}

async function jobRow(id: string) {
  const [row] = await db
    .select({ state: jobs.state, attempts: jobs.attempts, lastError: jobs.lastError })
    .from(jobs)
    .where(eq(jobs.id, id));
  return row!;
}

/** The queue runs a job in its own time (batches wait up to 2 s): how long to wait for its row to say so. */
const QUEUE_WAIT = { timeout: 20_000, interval: 100 };

function jobAudits(ids: string[]) {
  return db
    .select({ targetId: staffAudit.targetId, actorId: staffAudit.actorId, actorRole: staffAudit.actorRole, action: staffAudit.action })
    .from(staffAudit)
    .where(and(eq(staffAudit.targetType, "job"), inArray(staffAudit.targetId, ids)));
}

describe("the jobs page", () => {
  it("lists dead jobs with their error and lets a moderator retry one: it goes back to the queue under its id and runs", async () => {
    const { userId } = await signedUpUser("job-owner");
    const id = await insertJob({ userId });
    const { browser } = await signedInStaff("moderator");

    const page = await browser.get("/admin/jobs");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`aria-label="Retry ping job ${id}"`);
    expect(html).toContain("ran out of retries; last error: ping asked to fail attempt 5 of 10");
    expect(html).toContain(`href="/admin/users/${userId}"`);
    expect(html).toContain("Retry all dead jobs");
    // Payloads may hold emails and names: the page shows the type and id only.
    expect(html).not.toContain("failAttempts");

    const retried = await browser.post("/admin/jobs", { intent: "retry", jobId: id });
    expect(retried.status).toBe(303);
    expect(retried.headers.get("Location")).toBe(`/admin/jobs?retried=${id}`);
    const requeued = await jobRow(id);
    expect(["queued", "running", "succeeded"]).toContain(requeued.state);
    if (requeued.state === "queued")
      expect(requeued).toMatchObject({ attempts: 0, lastError: expect.stringContaining("ran out of retries") });

    // Succeeded proves the consumer got the envelope with this job's id: another id would have made a new row.
    await expect.poll(() => jobRow(id), QUEUE_WAIT).toMatchObject({ state: "succeeded", attempts: 1, lastError: null });
    expect(await jobAudits([id])).toEqual([{ targetId: id, actorId: "local-moderator", actorRole: "moderator", action: "job.retried" }]);

    const after = await (await browser.get(`/admin/jobs?retried=${id}`)).text();
    expect(after).toContain(`Job ${id} was sent to the queue again.`);
    expect(after).not.toContain(`aria-label="Retry ping job ${id}"`);
  });

  it("retries every retryable dead job at once, and leaves a malformed one or an unknown type dead", async () => {
    const pings = [await insertJob(), await insertJob()];
    const malformed = await insertJob({ type: "malformed", id: `message-${crypto.randomUUID()}` });
    const unknown = await insertJob({ type: "no-such-job" });
    const { browser } = await signedInStaff("admin");

    const html = await (await browser.get("/admin/jobs")).text();
    expect(html).toContain(`<code>${malformed}</code>`);
    expect(html).toContain(`<code>${unknown}</code>`);
    expect(html).not.toContain(`Retry malformed job ${malformed}`);
    expect(html).not.toContain(`Retry no-such-job job ${unknown}`);

    const refused = await browser.post("/admin/jobs", { intent: "retry", jobId: malformed });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("cannot be run again");
    expect((await browser.post("/admin/jobs", { intent: "retry", jobId: unknown })).status).toBe(400);

    const all = await browser.post("/admin/jobs", { intent: "retryAll" });
    expect(all.status).toBe(303);
    const sent = Number(new URL(all.headers.get("Location")!, "https://example.test").searchParams.get("retriedAll"));
    expect(sent).toBeGreaterThanOrEqual(2);

    await expect
      .poll(async () => (await Promise.all(pings.map(jobRow))).map((row) => row.state), QUEUE_WAIT)
      .toEqual(["succeeded", "succeeded"]);
    expect((await jobRow(malformed)).state).toBe("dead");
    expect((await jobRow(unknown)).state).toBe("dead");
    const audits = await jobAudits([...pings, malformed, unknown]);
    expect(audits.map((entry) => entry.targetId).sort()).toEqual([...pings].sort());
    expect(audits.every((entry) => entry.actorId === "local-admin" && entry.action === "job.retried")).toBe(true);

    const notice = await (await browser.get(all.headers.get("Location")!)).text();
    expect(notice).toContain(`${sent} dead jobs were sent to the queue again.`);
  });

  it("answers 400 for a job that is not dead and 404 for an unknown id, changing nothing", async () => {
    const succeeded = await insertJob({ state: "succeeded" });
    const { browser } = await signedInStaff("moderator");

    const notDead = await browser.post("/admin/jobs", { intent: "retry", jobId: succeeded });
    expect(notDead.status).toBe(400);
    expect(await notDead.text()).toContain("Only dead jobs can be retried; this one is succeeded.");
    expect(await jobRow(succeeded)).toMatchObject({ state: "succeeded", attempts: 1 });
    expect(await jobAudits([succeeded])).toEqual([]);

    expect((await browser.post("/admin/jobs", { intent: "retry", jobId: crypto.randomUUID() })).status).toBe(404);
  });

  it("leaves a job dead, and says so, when the queue does not take it", async () => {
    const id = await insertJob();
    const { browser } = await signedInStaff("moderator");
    vi.spyOn(env.JOBS, "send").mockRejectedValueOnce(new Error("queue unavailable"));

    const refused = await browser.post("/admin/jobs", { intent: "retry", jobId: id });
    expect(refused.status).toBe(503);
    expect(await refused.text()).toContain("The queue did not take the job, so it is still dead: queue unavailable");
    expect(await jobRow(id)).toMatchObject({ state: "dead", attempts: 5 });
    expect(await jobAudits([id])).toEqual([]);
  });

  it("filters recent jobs by state and by type", async () => {
    const running = await insertJob({ state: "running" });
    const dead = await insertJob();
    const { browser } = await signedInStaff("moderator");

    const html = await (await browser.get("/admin/jobs?state=running&type=ping")).text();
    const recent = html.slice(html.indexOf('id="recent-jobs"'));
    expect(recent).toContain(`<code>${running}</code>`);
    expect(recent).not.toContain(`<code>${dead}</code>`);
    expect(recent).toMatch(/<option value="running" selected="">/);

    const none = await (await browser.get("/admin/jobs?type=no-job-is-of-this-type")).text();
    expect(none).toContain("No job matches this filter.");
  });
});

describe("the audit trail page", () => {
  const tag = crypto.randomUUID().slice(0, 8);
  const first: StaffActor = { id: `auditor-a-${tag}`, role: "admin" };
  const second: StaffActor = { id: `auditor-b-${tag}`, role: "moderator" };

  it("lists entries with who, what, on what and why, and the filters narrow them", async () => {
    await db.batch([
      auditEntry(db, first, {
        action: "user.updated",
        targetType: "user",
        targetId: `user-${tag}`,
        reason: "Asked by phone",
        details: { before: { fullName: "Ann Old" }, after: { fullName: "Ann New" } },
      }),
      auditEntry(db, second, {
        action: "template.created",
        targetType: "template",
        targetId: `template-${tag}`,
        details: { name: "Acme Catalogs" },
      }),
      auditEntry(db, second, { action: "job.retried", targetType: "job", targetId: `job-${tag}` }),
    ]);
    const { browser } = await signedInStaff("admin");

    const everything = await browser.get("/admin/audit");
    expect(everything.status).toBe(200);
    const all = await everything.text();
    for (const target of [`user-${tag}`, `template-${tag}`, `job-${tag}`]) expect(all).toContain(target);
    // Newest first.
    expect(all.indexOf(`job-${tag}`)).toBeLessThan(all.indexOf(`user-${tag}`));

    const byFirst = await (await browser.get(`/admin/audit?actorId=${first.id}`)).text();
    expect(byFirst).toContain(`href="/admin/users/user-${tag}"`);
    expect(byFirst).toContain("Asked by phone");
    expect(byFirst).toContain("fullName: Ann Old → Ann New");
    expect(byFirst).toContain("(admin)");
    expect(byFirst).not.toContain(`template-${tag}`);

    const templates = await (await browser.get(`/admin/audit?actorId=${second.id}&targetType=template`)).text();
    expect(templates).toContain(`href="/admin/senders/template-${tag}"`);
    expect(templates).toContain("{&quot;name&quot;:&quot;Acme Catalogs&quot;}");
    expect(templates).not.toContain(`job-${tag}`);

    const byAction = await (await browser.get(`/admin/audit?action=job.retried&targetId=job-${tag}`)).text();
    expect(byAction).toContain(`job-${tag}`);
    expect(byAction).not.toContain(`user-${tag}`);
    expect(byAction).not.toContain(`template-${tag}`);
  });

  it("shows 50 entries to a page with a link to older ones", async () => {
    const actor: StaffActor = { id: `pager-${tag}`, role: "moderator" };
    const target = (index: number) => `page-${tag}-${String(index).padStart(2, "0")}`;
    for (let index = 0; index < 51; index += 1) {
      await auditEntry(db, actor, { action: "job.retried", targetType: "job", targetId: target(index) });
    }
    const { browser } = await signedInStaff("moderator");

    const newest = await (await browser.get(`/admin/audit?actorId=${actor.id}`)).text();
    expect(newest).toContain(`<code>${target(50)}</code>`);
    expect(newest).toContain(`<code>${target(1)}</code>`);
    expect(newest).not.toContain(`<code>${target(0)}</code>`);
    const older = newest.match(/href="(\/admin\/audit\?[^"]*before=\d+[^"]*)">Older entries</)?.[1]?.replaceAll("&amp;", "&");
    expect(older).toContain(`actorId=${actor.id}`);

    const oldest = await (await browser.get(older!)).text();
    expect(oldest).toContain(`<code>${target(0)}</code>`);
    expect(oldest).not.toContain(`<code>${target(1)}</code>`);
    expect(oldest).not.toContain("Older entries");
    expect(oldest).toContain("Newest entries");
  });

  it("is append-only: the database refuses to change or delete an entry", async () => {
    await auditEntry(db, first, { action: "user.updated", targetType: "user", targetId: `kept-${tag}`, reason: "original" });
    const [entry] = await db
      .select({ id: staffAudit.id })
      .from(staffAudit)
      .where(eq(staffAudit.targetId, `kept-${tag}`));

    await expect(env.DB.prepare("UPDATE staff_audit SET reason = 'rewritten' WHERE id = ?").bind(entry!.id).run()).rejects.toThrow(
      /append-only/,
    );
    await expect(env.DB.prepare("DELETE FROM staff_audit WHERE id = ?").bind(entry!.id).run()).rejects.toThrow(/append-only/);
    const [kept] = await db.select({ reason: staffAudit.reason }).from(staffAudit).where(eq(staffAudit.id, entry!.id));
    expect(kept).toEqual({ reason: "original" });
  });
});

describe("staff only", () => {
  it("answers 404 to a signed-up user on both pages, and their retry changes nothing", async () => {
    const id = await insertJob();
    const { browser } = await signedUpUser("not-staff");
    expect((await browser.get("/admin/jobs")).status).toBe(404);
    expect((await browser.get("/admin/audit")).status).toBe(404);
    expect((await browser.post("/admin/jobs", { intent: "retry", jobId: id })).status).toBe(404);
    expect((await browser.post("/admin/jobs", { intent: "retryAll" })).status).toBe(404);
    expect((await jobRow(id)).state).toBe("dead");
    expect(await jobAudits([id])).toEqual([]);
  });
});
