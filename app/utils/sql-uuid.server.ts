import { sql } from "drizzle-orm";

/**
 * A version 4 UUID made by SQLite, one per row of the statement it is in: the ids of rows an
 * INSERT…SELECT writes, such as queue jobs, whose envelopes carry a UUID (domain/job-envelope).
 */
export const sqlRandomUuid =
  sql.raw(`lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2)
  || '-' || substr('89ab', 1 + abs(random()) % 4, 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))`);
