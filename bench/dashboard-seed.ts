// The D1 contents of the dashboard latency bench (bench/dashboard.ts), as one small SQL file for
// `wrangler d1 execute DB --local --file`. SQLite generates the rows itself (recursive CTEs and
// INSERT ... SELECT), so 10,000 users and 200,000 requests take seconds and no bound parameter at
// all, instead of a 60 MB file of literal rows.
//
// Every user looks like a real one: the presets signup copies from the active catalog templates
// (under the template's id), custom requests up to REQUESTS_PER_USER, about 40% of the requests
// sent in some status, 1 or 2 request_logs rows per sent request, a recipient for every third user,
// a job or two per user, a confirmation logged for each confirmed request and a staff audit entry for every tenth (none for the bench users).
// The bench user (n = 0) has fixed ids and statuses that depend only on its position, so it owns
// exactly the same rows whatever the number of other users: only the neighbours change. So does
// the heavy user, with more custom requests than anyone (its own fixed position, HEAVY_N).
//
// Needs the schema (migrations) and the sender catalog (drizzle/seed.ts) in place first.

export const REQUESTS_PER_USER = 20;

export type SeedOptions = {
  /** Users besides the bench user. */
  otherUsers: number;
  /** Active catalog templates: each user gets one preset request per template. */
  presetsPerUser: number;
  bench: { id: string; email: string; fullName: string };
  /** A second bench user, with `requests` requests in all (the round trips are counted for many). */
  heavy: { id: string; email: string; fullName: string; requests: number };
  /** A real scrypt hash (hashPassword), so that the bench user signs in through /signin. */
  passwordHash: string;
  /** Epoch ms that the generated timestamps count back from. */
  now: number;
};

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const SCRATCH = "bench_seed_users";
/** The heavy user's position: past any number of other users, and never a premium one (n % 20 = 7). */
const HEAVY_N = 1_000_000_000;

/** A random v4-looking UUID, like crypto.randomUUID() gives the app's ids. */
const RANDOM_UUID =
  "lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(2)) || '-' || hex(randomblob(6)))";

function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Rows 1..count of a one-column CTE named `name(n)`. */
function numbers(name: string, count: number): string {
  return `${name}(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM ${name} WHERE n < ${count})`;
}

/**
 * Status, queue time and staff processing time of a request from a small integer `s` (0..9):
 * 0-5 never sent (null), 6 waiting in the queue, 7 sent by staff, 8 confirmed by the user,
 * 9 cancelled. `t` is the request's creation time as an SQL expression.
 */
function statusColumns(s: string, t: string) {
  return {
    status: `CASE WHEN ${s} < 6 THEN NULL WHEN ${s} IN (6, 7) THEN 'inQueue' WHEN ${s} = 8 THEN 'confirmedByUser' ELSE 'cancelled' END`,
    queuedAt: `CASE WHEN ${s} < 6 THEN NULL ELSE ${t} + ${HOUR_MS} END`,
    processedAt: `CASE WHEN ${s} IN (7, 8, 9) THEN ${t} + ${2 * DAY_MS} ELSE NULL END`,
    updatedAt: `CASE WHEN ${s} < 6 THEN ${t} WHEN ${s} = 6 THEN ${t} + ${HOUR_MS} ELSE ${t} + ${3 * DAY_MS} END`,
  };
}

const REQUEST_COLUMNS =
  "userId, id, templateId, senderName, title, fullName, type, status, requiredDays, customerNumber, recipientIds, street1, street2, city, state, zipCode, queuedAt, processedAt, createdAt, updatedAt";

export function seedSql({ otherUsers, presetsPerUser, bench, heavy, passwordHash, now }: SeedOptions): string {
  const customsPerUser = REQUESTS_PER_USER - presetsPerUser;
  if (customsPerUser < 0) throw new Error(`${presetsPerUser} presets per user is more than ${REQUESTS_PER_USER} requests per user`);
  const heavyCustoms = heavy.requests - presetsPerUser;
  if (heavyCustoms < customsPerUser)
    throw new Error(`the heavy user's ${heavy.requests} requests are fewer than everyone's ${REQUESTS_PER_USER}`);
  // Each user signed up on one of the last 365 days; its requests were made over the next hours.
  const signedUpAt = `(${now} - ${DAY_MS} * (1 + u.n % 365))`;
  const address = "'1 MAIN ST', NULL, 'SPRINGFIELD', 'IL', '62701'";

  const presetTime = `(${signedUpAt} + t.k * 60000)`;
  const preset = statusColumns("((u.n * 7 + t.k) % 10)", presetTime);
  const customTime = `(${signedUpAt} + ${HOUR_MS} * c.n)`;
  // Customs start in the queue (product rules: Request statuses and actions): s is 6..9 only; one in five of
  // another user's is a deleted one. A bench user's customs have ids of its own (idPrefix) and none is deleted.
  const customS = "(6 + (u.n + c.n) % 4)";
  const custom = statusColumns(customS, customTime);
  const customStatus = `CASE WHEN u.idPrefix IS NULL AND (u.n + c.n) % 5 = 0 THEN 'deleted' ELSE ${custom.status} END`;

  const statements = [
    `DROP TABLE IF EXISTS ${SCRATCH}`,
    `CREATE TABLE ${SCRATCH} (n INTEGER PRIMARY KEY, id TEXT NOT NULL, email TEXT NOT NULL, fullName TEXT NOT NULL, customs INTEGER NOT NULL, idPrefix TEXT)`,
    `INSERT INTO ${SCRATCH} (n, id, email, fullName, customs, idPrefix) VALUES ` +
      `(0, ${literal(bench.id)}, ${literal(bench.email)}, ${literal(bench.fullName)}, ${customsPerUser}, 'bench-custom-'), ` +
      `(${HEAVY_N}, ${literal(heavy.id)}, ${literal(heavy.email)}, ${literal(heavy.fullName)}, ${heavyCustoms}, 'bench-heavy-')`,
    ...(otherUsers > 0
      ? [
          `INSERT INTO ${SCRATCH} (n, id, email, fullName, customs, idPrefix) WITH RECURSIVE ${numbers("k", otherUsers)} ` +
            `SELECT n, ${RANDOM_UUID}, 'user' || n || '@bench.quietmailbox.local', 'Bench Neighbour ' || n, ${customsPerUser}, NULL FROM k`,
        ]
      : []),
    // One user in twenty pays for premium (never the bench user): their requests head the work queue.
    `INSERT INTO users (id, email, passwordHash, fullName, street1, street2, city, state, zipCode, newsletter, numOfFreeRequest, plan, stripeSubscriptionId, createdAt, updatedAt) ` +
      `SELECT u.id, u.email, ${literal(passwordHash)}, u.fullName, ${address}, 0, 3, ` +
      `CASE WHEN u.n % 20 = 7 THEN 'premium' END, CASE WHEN u.n % 20 = 7 THEN 'sub_bench_' || u.n END, ${signedUpAt}, ${signedUpAt} FROM ${SCRATCH} u`,
    // The presets signup copies from the catalog, under the template's id.
    `INSERT INTO requests (${REQUEST_COLUMNS}) ` +
      `WITH t AS (SELECT id, title, requiredDays, row_number() OVER (ORDER BY id) AS k FROM request_templates WHERE isActive = 1) ` +
      `SELECT u.id, t.id, t.id, t.title, t.title, u.fullName, 'preset', ${preset.status}, t.requiredDays, NULL, NULL, ${address}, ` +
      `${preset.queuedAt}, ${preset.processedAt}, ${presetTime}, ${preset.updatedAt} FROM ${SCRATCH} u CROSS JOIN t`,
    ...(heavyCustoms > 0
      ? [
          `INSERT INTO requests (${REQUEST_COLUMNS}) WITH RECURSIVE ${numbers("c", heavyCustoms)} ` +
            `SELECT u.id, COALESCE(u.idPrefix || c.n, ${RANDOM_UUID}), NULL, 'Local Sender ' || c.n, 'Local Sender ' || c.n, ` +
            `u.fullName, 'custom', ${customStatus}, 56, 'C-' || u.n || '-' || c.n, NULL, ${address}, ` +
            `${custom.queuedAt}, ${custom.processedAt}, ${customTime}, ${custom.updatedAt} FROM ${SCRATCH} u JOIN c ON c.n <= u.customs`,
        ]
      : []),
    // One log entry when a request went into the queue, a second one when staff sent it: a sending
    // line as the app writes it ("mailed"), which the overview's weeks sent with no staff touch count.
    `INSERT INTO request_logs (id, userId, requestId, creator, status, detail, createdAt) ` +
      `SELECT ${RANDOM_UUID}, userId, id, 'user', CASE type WHEN 'custom' THEN 'created' ELSE 'unsubscribe' END, NULL, queuedAt ` +
      `FROM requests WHERE queuedAt IS NOT NULL`,
    `INSERT INTO request_logs (id, userId, requestId, creator, status, detail, createdAt) ` +
      `SELECT ${RANDOM_UUID}, userId, id, 'staff', 'mailed', 'sent by post', processedAt FROM requests WHERE processedAt IS NOT NULL`,
    // And when the user said the mail stopped, which the staff overview's median reads.
    `INSERT INTO request_logs (id, userId, requestId, creator, status, detail, createdAt) ` +
      `SELECT ${RANDOM_UUID}, userId, id, 'user', 'confirm', NULL, updatedAt FROM requests WHERE status = 'confirmedByUser'`,
    `INSERT INTO recipients (id, userId, fullName, street1, street2, city, state, zipCode, createdAt, updatedAt) ` +
      `SELECT ${RANDOM_UUID}, u.id, 'Housemate of ' || u.fullName, ${address}, ${signedUpAt}, ${signedUpAt} FROM ${SCRATCH} u WHERE u.n % 3 = 0 OR u.idPrefix IS NOT NULL`,
    // Jobs: every user's newsletter signup ran; some reminders died, some opt-out emails are retrying.
    // One user in eight has each, so that even 1,000 users fill the jobs page's list of dead jobs
    // (100) as the big database does: the staff pages are compared on lists of the same length.
    `INSERT INTO jobs (id, type, payload, userId, state, attempts, lastError, createdAt, updatedAt) ` +
      `SELECT ${RANDOM_UUID}, 'newsletter.subscribe', '{}', u.id, 'succeeded', 1, NULL, ${signedUpAt}, ${signedUpAt} + 60000 FROM ${SCRATCH} u WHERE u.idPrefix IS NULL`,
    `INSERT INTO jobs (id, type, payload, userId, state, attempts, lastError, createdAt, updatedAt) ` +
      `SELECT ${RANDOM_UUID}, CASE WHEN u.n % 8 = 0 THEN 'reminder.send' ELSE 'optOut.email' END, '{}', u.id, ` +
      `CASE WHEN u.n % 8 = 0 THEN 'dead' ELSE 'retrying' END, 5, 'the provider answered 503', ${signedUpAt} + ${DAY_MS}, ${signedUpAt} + ${2 * DAY_MS} ` +
      `FROM ${SCRATCH} u WHERE u.idPrefix IS NULL AND u.n % 4 = 0`,
    // The staff's trail: one batch of letters mailed for every ten users.
    `INSERT INTO staff_audit (actorId, actorRole, action, targetType, targetId, reason, details, createdAt) ` +
      `SELECT 'local-admin', 'admin', 'requests.mailed', 'template', 'custom:Local Sender ' || (u.n % 7), NULL, '{"requests":20}', ${signedUpAt} + ${2 * DAY_MS} ` +
      `FROM ${SCRATCH} u WHERE u.idPrefix IS NULL AND u.n % 10 = 0 ORDER BY ${signedUpAt} + ${2 * DAY_MS}`,
    `DROP TABLE ${SCRATCH}`,
  ];
  return `${statements.join(";\n")};\n`;
}

/** What a seeded database holds, for the report. */
export const COUNT_SQL =
  "SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM requests) AS requests, " +
  "(SELECT count(*) FROM request_logs) AS requestLogs, (SELECT count(*) FROM recipients) AS recipients, " +
  "(SELECT count(*) FROM jobs) AS jobs, (SELECT count(*) FROM staff_audit) AS staffAudit";

/** Bytes on disk per table and per index (SQLite's dbstat), for the size per user. */
export const SIZE_SQL =
  "SELECT s.name AS name, m.type AS type, m.tbl_name AS tableName, sum(s.pgsize) AS bytes " +
  "FROM dbstat s LEFT JOIN sqlite_master m ON m.name = s.name GROUP BY s.name ORDER BY bytes DESC";
