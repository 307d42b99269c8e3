// A line in a request's history (request_logs) written inside a batch, only where an earlier write
// of the batch took effect: the condition finds the request, or finds nothing and writes nothing.
import { sql, type SQL } from "drizzle-orm";
import { requestLogs, requests } from "../../drizzle/schema";
import type { Db } from "~/utils/db.server";

export type HistoryLine = {
  creator: "user" | "staff" | "sender" | "system";
  status: string;
  detail: string | null;
  at: Date;
  /** The line's id, when the batch refers to it later; a new one otherwise. */
  id?: string;
};

/** The history line for each request `where` finds among the requests (usually one). */
export function historyLineWhere(db: Db, where: SQL | undefined, line: HistoryLine) {
  return db.insert(requestLogs).select(
    db
      .select({
        id: sql<string>`${line.id ?? crypto.randomUUID()}`.as("id"),
        userId: requests.userId,
        requestId: requests.id,
        creator: sql<string>`${line.creator}`.as("creator"),
        status: sql<string>`${line.status}`.as("status"),
        detail: sql<string | null>`${line.detail}`.as("detail"),
        createdAt: sql<number>`${line.at.getTime()}`.as("createdAt"),
      })
      .from(requests)
      .where(where),
  );
}
