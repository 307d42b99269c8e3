// The queue healing itself: a refused send is tried again.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { jobs } from "../../drizzle/schema";
import { enqueueJob } from "~/jobs/producer.server";
import { parseEnv } from "~/utils/env.server";
import { getDb } from "~/utils/db.server";

const db = getDb(env.DB);

async function rowOf(id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

describe("sending a job to the queue", () => {
  it("tries a refused send again, so the job stays queued with no error", async () => {
    const send = vi.spyOn(env.JOBS, "send").mockRejectedValueOnce(new Error("Queue send failed: Internal Server Error"));
    const sent = await enqueueJob(parseEnv(env), "ping", { failAttempts: 0 });
    expect(send.mock.calls.filter(([body]) => body === sent)).toHaveLength(2);
    expect(await rowOf(sent.id)).toMatchObject({ state: "queued", lastError: null });
  });
});
