import { z } from "zod";
import { PermanentJobError } from "~/jobs/envelope";
import type { JobDefinition } from "~/jobs/definitions.server";
import { sendEmailOnce } from "~/jobs/email.server";
import { lettersFor } from "~/models/work-queue.server";
import { getDb } from "~/utils/db.server";

const OptOutEmailPayload = z.object({ userId: z.string().min(1), requestId: z.string().min(1), to: z.string().email() });

/**
 * Emails a request's opt-out letter to the sender (staff "Send" in the work queue). The letter is
 * written when the job runs, from the request as it is then; a request the user cancelled or
 * deleted in the meantime is not sent.
 */
export const optOutEmailJob = {
  payload: OptOutEmailPayload,
  async handle({ userId, requestId, to }, { env, jobId }) {
    const [request] = await lettersFor(getDb(env.DB), [{ userId, requestId }], { unsentOnly: false });
    if (!request) throw new PermanentJobError(`request ${requestId} is no longer in queue`);
    await sendEmailOnce(env, jobId, {
      to,
      subject: `Please remove ${request.fullName} from your mailing lists`,
      text: request.letter,
      replyTo: env.STAFF_EMAIL,
      tag: "opt-out",
    });
  },
} satisfies JobDefinition<typeof OptOutEmailPayload>;
