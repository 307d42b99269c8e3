// Reading has its own budget and its own queue (decision 0065): a digest's pieces count against the
// account's daily reading budget, shared with photos, and each is read as its own job on the
// reading queue, with its own consumer. An account email sent meanwhile goes on the job queue and
// arrives while the pieces are still being read (the security review saw a reset email wait 74 s).
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import PostalMime from "postal-mime";
import { describe, expect, inject, it, vi } from "vitest";
import { jobs, mailArrivals, users } from "../../drizzle/schema";
import { takeDigest } from "~/services/mailbox-digest.server";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { digestEmail, type GeneratedPiece } from "../support/digest-emails";
import { Browser, signedUpUser } from "./http";
import { received } from "./stand-ins";

vi.setConfig({ testTimeout: 60_000 });

const db = getDb(env.DB);
const appEnv = () => parseEnv(env);
const fixtures = inject("digestFixtures");
const scans = Object.values(fixtures).map((fixture): GeneratedPiece => ({
  image: Uint8Array.from(atob(fixture.base64), (char) => char.charCodeAt(0)),
  fromName: fixture.fromName,
}));

async function household(label: string) {
  const userId = `user-${label}-${crypto.randomUUID()}`;
  await db.insert(users).values({
    id: userId,
    email: `${userId}@quietmailbox.test`,
    passwordHash: "x",
    fullName: "Jane Q Public",
    street1: "1847 N HALSTED ST APT 3R",
    city: "CHICAGO",
    state: "IL",
    zipCode: "60614",
  });
  return userId;
}

async function digestOf(userId: string, pieces: number, digestEnv = appEnv(), receivedAt = new Date()) {
  const date = receivedAt.toISOString().slice(0, 10);
  const email = await PostalMime.parse(
    digestEmail({
      to: "k3x9q@mailbox.quietmailbox.test",
      date,
      pieces: Array.from({ length: pieces }, (_, index) => scans[index % scans.length]!),
    }),
  );
  return takeDigest(digestEnv, { userId, email, messageKey: `msg-${crypto.randomUUID()}`, receivedAt, authenticated: true });
}

const piecesOf = (userId: string) => db.select({ state: mailArrivals.state }).from(mailArrivals).where(eq(mailArrivals.userId, userId));
const pieceJobsOf = (userId: string) => db.select({ type: jobs.type }).from(jobs).where(eq(jobs.userId, userId));

/** A queue binding that notes the type of every job sent through it, then sends it on. */
function noting(queue: Queue, types: string[]): Queue {
  const noted = {
    send: (body: { type: string }, options?: QueueSendOptions) => (types.push(body.type), queue.send(body, options)),
    sendBatch: (messages: Iterable<MessageSendRequest<{ type: string }>>, options?: QueueSendBatchOptions) => {
      const list = [...messages];
      types.push(...list.map((message) => message.body.type));
      return queue.sendBatch(list, options);
    },
  };
  return noted as unknown as Queue;
}

describe("a 24-scan digest", () => {
  it("does not hold back a password-reset email: the pieces are read one job each on their own queue, within the day's budget", async () => {
    const reader = await household("long-digest");
    const { email } = await signedUpUser("reset-during-digest");
    const onJobs: string[] = [];
    const onReading: string[] = [];
    const queues = { JOBS: noting(env.JOBS, onJobs), READING: noting(env.READING, onReading) };
    expect(await digestOf(reader, 24, parseEnv({ ...env, ...queues }))).toBe(24);

    const forgot = await new Browser().with(queues).post("/password/forgot", { email });
    expect(forgot.status).toBe(303);
    await vi.waitFor(() => expect(onJobs).toContain("email.send"), { timeout: 10_000, interval: 100 });
    // The reset email is on the job queue, alone; the pieces are on the reading queue, one job each.
    expect(onJobs).toEqual(["email.send"]);
    const limit = appEnv().PHOTO_DAILY_LIMIT;
    expect(onReading).toEqual(Array.from({ length: limit }, () => "mailbox.readPiece"));

    await vi.waitFor(
      async () => {
        const sent = await received("email", (request) => {
          const body = request.body as { To?: string; Tag?: string } | null;
          return body?.To === email && body.Tag === "password-reset";
        });
        expect(sent).toHaveLength(1);
      },
      { timeout: 20_000, interval: 200 },
    );
    // The email went out while the reading queue still had pieces to read.
    expect((await piecesOf(reader)).filter((piece) => piece.state === "reading").length).toBeGreaterThan(0);

    // The budget of PHOTO_DAILY_LIMIT readings a day kept 20 of the 24 pieces, each its own job.
    expect(await piecesOf(reader)).toHaveLength(limit);
    const jobsOfReader = await pieceJobsOf(reader);
    expect(jobsOfReader.map((job) => job.type)).toEqual(Array.from({ length: limit }, () => "mailbox.readPiece"));

    // The pieces left need no reading after the test: without the account, each job finds nothing.
    await db.delete(users).where(eq(users.id, reader));
  });
});

describe("the reading budget", () => {
  it("is shared by photos and digest pieces: a digest after a day's photos keeps only what is left", async () => {
    const userId = await household("shared-budget");
    const limit = 4;
    const budgetEnv = { ...env, PHOTO_DAILY_LIMIT: String(limit) };
    const { storeMailPhoto } = await import("~/services/mail-photos.server");
    const photo = new File([Uint8Array.from(atob(Object.values(fixtures)[0]!.base64), (char) => char.charCodeAt(0))], "scan.jpg");
    const stored = await storeMailPhoto(parseEnv(budgetEnv), { id: userId }, [photo, photo, photo]);
    expect(stored.ok).toBe(true);

    const email = await PostalMime.parse(
      digestEmail({ to: "k3x9q@mailbox.quietmailbox.test", date: new Date().toISOString().slice(0, 10), pieces: scans.slice(0, 3) }),
    );
    await takeDigest(parseEnv(budgetEnv), {
      userId,
      email,
      messageKey: `msg-${crypto.randomUUID()}`,
      receivedAt: new Date(),
      authenticated: true,
    });
    expect(await piecesOf(userId)).toHaveLength(1);

    const refused = await storeMailPhoto(parseEnv(budgetEnv), { id: userId }, [photo]);
    expect(refused.ok).toBe(false);
    await db.delete(users).where(eq(users.id, userId));
  });
});
