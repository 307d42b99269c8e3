// What the benches' Worker entries (bench/*-entry.ts) call inside the app, besides its handlers:
// the use cases, queries and rules they drive directly (making accounts without the signup form,
// one day of a simulated year, reading back figures). entry.server re-exports it, so an entry reaches
// it through the server build, as app/worker.ts reaches the handlers: the app's modules exist once
// in a bench's Worker as in the deployed one (.dependency-cruiser.cjs, decision 0079). Nothing
// here runs unless a bench's entry calls it; no route or handler reaches it.
export * as schema from "../drizzle/schema";
export { DAY_MS } from "~/domain/dates";
export { mailClock, reachedSenderAt } from "~/domain/mail-timing";
export { isVerifiedStopped, learnedStopDays } from "~/domain/sender-outcome";
export { processedDetail, processingKindOf, requestKey, staffChannel } from "~/domain/work-queue";
export { receiveMailboxEmail } from "~/services/inbound-mailbox.server";
export { runScheduledTasks } from "~/jobs/scheduled.server";
export { recordPiece, recordPieces } from "~/models/mail-piece.server";
export { waitingForReturnAddress } from "~/models/return-address-wait.server";
export { digestShowedSender, lastPieceOfRequest } from "~/models/mail-tally.server";
export { createUserWithPresets, getSessionUser } from "~/models/user.server";
export { listWorkQueue, markProcessed } from "~/models/work-queue.server";
export { signupJobs } from "~/services/account.server";
export { followUpPiece, takeNextFollowUpStep } from "~/services/follow-up.server";
export { listOpenSenderReviews } from "~/models/sender-review.server";
export { answerReview } from "~/services/sender-review.server";
export { sweepMailbox } from "~/services/mailbox-digest.server";
export { deleteOldMailboxRows } from "~/models/mailbox.server";
export { addRequestForSender } from "~/services/requests.server";
export { giveSenderAddress } from "~/services/sender-address.server";
export { getDb } from "~/utils/db.server";
export { parseEnv } from "~/utils/env.server";
