// SQL on the shared stack's local D1 (its directory comes from the global setup), as
// `wrangler d1 execute` runs it: for journeys that need rows no page writes.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { inject } from "vitest";
import type { PieceSource } from "../../drizzle/schema";
import { emptyTally, foldPieces, seenOnOf, type PieceToFold } from "~/domain/mail-tally";
import { REPO_ROOT } from "../support/local-stack";

const BUSY = /SQLITE_BUSY|database is locked/i;

/**
 * Runs one statement on the stack's D1. The running stack writes to the same SQLite file
 * (queue consumers, the cron) and workerd sets no busy timeout, so a write from this second
 * process can meet a lock: it waits and tries again, as a busy handler would.
 */
export async function runSql(sql: string, attempts = 10): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await promisify(execFile)(
        join(REPO_ROOT, "node_modules/.bin/wrangler"),
        ["d1", "execute", "DB", "--local", "--persist-to", inject("persistDir"), "--command", sql],
        { cwd: REPO_ROOT, env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" } },
      );
      return;
    } catch (error) {
      if (attempt >= attempts || !BUSY.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

/** A string as an SQL literal. */
export const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** A piece seen in a person's mail, read already, as a journey gives it. */
export type SeenPiece = {
  arrivedOn: string;
  templateId?: string;
  senderName?: string;
  requestId?: string;
  residentMail?: boolean;
  source?: PieceSource;
  authenticated?: boolean;
};

const piecesGiven = new Map<string, PieceToFold[]>();

/**
 * Gives the account with this email these pieces seen in its mail, with those given before: its
 * tally written as the fold writes it (decision 0084), the pages reading nothing else.
 */
export async function givePiecesSeen(email: string, pieces: SeenPiece[]) {
  const folded = [
    ...(piecesGiven.get(email) ?? []),
    ...pieces.map((piece, index) => ({
      entryId: `p:journey-${email}-${piecesGiven.get(email)?.length ?? 0}-${index}`,
      arrivedOn: piece.arrivedOn,
      source: piece.source ?? "digest",
      authenticated: piece.authenticated ?? false,
      templateId: piece.templateId ?? null,
      senderName: piece.senderName ?? null,
      requestId: piece.requestId ?? null,
      residentMail: piece.residentMail ?? false,
      receivedAt: new Date(`${piece.arrivedOn}T14:00:00Z`),
    })),
  ];
  piecesGiven.set(email, folded);
  const tally = quote(JSON.stringify(foldPieces(emptyTally(), folded)));
  const seenOn = seenOnOf(folded, null);
  await runSql(
    `insert into mail_tallies (userId, tally, seenOn, version, foldedBy) select id, ${tally}, ${seenOn ? quote(seenOn) : "null"}, 1, 'journey' ` +
      `from users where email = ${quote(email)} on conflict (userId) do update set tally = excluded.tally, seenOn = excluded.seenOn`,
  );
}
