// A charity's request: the person's choice of donor or not, and how often it may write (decision 0059).
import { and, eq, exists } from "drizzle-orm";
import { requests, requestTemplates } from "../../drizzle/schema";
import { NONPROFIT_CATEGORY } from "~/domain/state-privacy-laws";
import type { Db } from "~/utils/db.server";

/** Saves the choice on the user's request to a catalog charity; false when there is no such request. */
export async function setCharityChoice(
  db: Db,
  userId: string,
  requestId: string,
  choice: { donor: boolean | null; mailingsPerYear: number | null },
): Promise<boolean> {
  const saved = await db
    .update(requests)
    .set({ charityDonor: choice.donor, charityMailingsPerYear: choice.mailingsPerYear })
    .where(
      and(
        eq(requests.userId, userId),
        eq(requests.id, requestId),
        exists(
          db
            .select({ id: requestTemplates.id })
            .from(requestTemplates)
            .where(and(eq(requestTemplates.id, requests.templateId), eq(requestTemplates.category, NONPROFIT_CATEGORY))),
        ),
      ),
    )
    .returning({ id: requests.id });
  return saved.length > 0;
}
