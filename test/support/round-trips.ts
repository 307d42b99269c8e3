// A user with many requests, and a visit on recording bindings (test/support/counting-bindings.ts)
// inside workerd, for the round-trip test.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import type { BatchItem } from "drizzle-orm/batch";
import { requests } from "../../drizzle/schema";
import { createUserWithPresets } from "~/models/user.server";
import { chunkedInserts, type Db } from "~/utils/db.server";
import { recordedVisit as visitRecorded } from "./counting-bindings";

/** A user as signup makes them (a preset for every active sender), plus custom requests up to `total`. */
export async function userWithRequests(db: Db, email: string, total: number): Promise<string> {
  const person = { fullName: "Ada Lovelace", street1: "12 MAIN ST", city: "SPRINGFIELD", state: "IL", zipCode: "62701" };
  const { id } = await createUserWithPresets(db, { ...person, email, passwordHash: "not-used", street2: null, newsletter: false });
  const presets = await db.$client.prepare("SELECT count(*) AS n FROM requests WHERE userId = ?").bind(id).first<number>("n");
  const now = Date.now();
  const customs = Array.from({ length: total - (presets ?? 0) }, (_, index) => ({
    ...person,
    userId: id,
    id: `custom-${index}`,
    senderName: `Local Sender ${index}`,
    title: `Local Sender ${index}`,
    type: "custom" as const,
    status: "inQueue" as const,
    requiredDays: 56,
    queuedAt: new Date(now - index * 60_000),
    createdAt: new Date(now - index * 60_000),
    updatedAt: new Date(now - index * 60_000),
  }));
  const inserts: BatchItem<"sqlite">[] = chunkedInserts(db, requests, customs);
  if (inserts.length > 0) await db.batch(inserts as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return id;
}

/** `request` answered by the built Worker on recording bindings, in the test's execution context. */
export function recordedVisit(worker: Parameters<typeof visitRecorded>[0], env: Cloudflare.Env, request: Request) {
  const ctx = createExecutionContext();
  return visitRecorded(worker, env, request, { ctx, settled: () => waitOnExecutionContext(ctx) });
}
