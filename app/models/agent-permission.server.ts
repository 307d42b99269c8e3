// STAND-IN until the agent's permission model lands: only the read the follow-up
// ladder needs. Replaced whole by the model that signs and revokes.
import { and, eq, isNull } from "drizzle-orm";
import { agentPermissions } from "../../drizzle/schema";
import type { Db } from "~/utils/db.server";

export async function agentPermissionInForce(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: agentPermissions.id,
      typedName: agentPermissions.typedName,
      allows: agentPermissions.allows,
      signedAt: agentPermissions.signedAt,
    })
    .from(agentPermissions)
    .where(and(eq(agentPermissions.userId, userId), isNull(agentPermissions.revokedAt)))
    .limit(1);
  return row ?? null;
}
