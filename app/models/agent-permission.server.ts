// The person's signed permission to act as their authorized agent (decision 0059), at most one in
// force per account (a partial unique index), and the holds it puts on the follow-up ladder.
import { and, eq, exists, inArray, isNull, or, sql } from "drizzle-orm";
import { agentPermissions, requests, users } from "../../drizzle/schema";
import { AGENT_PERMISSION_ALLOWS, typedNameMatches } from "~/domain/agent-permission";
import { collapseSpaces } from "~/domain/address";
import type { Db } from "~/utils/db.server";

const permissionColumns = {
  id: agentPermissions.id,
  typedName: agentPermissions.typedName,
  allows: agentPermissions.allows,
  signedAt: agentPermissions.signedAt,
};

export type AgentPermission = { id: string; typedName: string; allows: string; signedAt: Date };

const inForceOf = (db: Db, userId: string) =>
  db
    .select(permissionColumns)
    .from(agentPermissions)
    .where(and(eq(agentPermissions.userId, userId), isNull(agentPermissions.revokedAt)));

export async function agentPermissionInForce(db: Db, userId: string): Promise<AgentPermission | null> {
  const [found] = await inForceOf(db, userId);
  return found ?? null;
}

/** A permission as a request that was sent with it names it: revoked ones too, for the record. */
export async function agentPermissionById(db: Db, id: string) {
  const [found] = await db
    .select({ ...permissionColumns, userId: agentPermissions.userId, revokedAt: agentPermissions.revokedAt })
    .from(agentPermissions)
    .where(eq(agentPermissions.id, id));
  return found ?? null;
}

/**
 * The states whose laws a request in this person's name may go under: their address's, and each of
 * their requests' (a letter goes under the law of the address it names).
 */
export async function statesOfHolder(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ state: users.state })
    .from(users)
    .where(eq(users.id, userId))
    .union(db.selectDistinct({ state: requests.state }).from(requests).where(eq(requests.userId, userId)));
  return rows.map((row) => row.state);
}

export type SignOutcome = { kind: "signed" | "alreadySigned"; permission: AgentPermission } | { kind: "nameMismatch" };

/**
 * Signs the permission with the name the person typed, which must be their account's name (case
 * and spacing aside). With one in force already, answers that one: the INSERT does nothing on the
 * partial unique index, so two signatures at the same moment make one permission. Signing lifts
 * the ladder's holds for a missing or revoked permission; the daily run takes the step. A legal
 * request held unsent since a revocation is given the permission now in force, which its letter
 * then carries: the revoked one never again.
 */
export async function signAgentPermission(db: Db, userId: string, typedName: string, now: Date): Promise<SignOutcome> {
  const [holder] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  if (!holder || !typedNameMatches(typedName, holder.fullName)) return { kind: "nameMismatch" };
  const id = crypto.randomUUID();
  const [, , , [permission]] = await db.batch([
    db
      .insert(agentPermissions)
      .values({ id, userId, typedName: collapseSpaces(typedName), allows: AGENT_PERMISSION_ALLOWS, signedAt: now })
      .onConflictDoNothing(),
    db
      .update(requests)
      .set({
        agentPermissionId: sql`(select ${agentPermissions.id} from ${agentPermissions}
          where ${agentPermissions.userId} = ${userId} and ${agentPermissions.revokedAt} is null)`,
      })
      .where(
        and(
          eq(requests.userId, userId),
          eq(requests.followUpStep, 2),
          isNull(requests.processedAt),
          eq(requests.followUpHold, "permissionRevoked"),
        ),
      ),
    db
      .update(requests)
      .set({ followUpHold: null })
      .where(and(eq(requests.userId, userId), inArray(requests.followUpHold, ["permissionNeeded", "permissionRevoked"]))),
    inForceOf(db, userId),
  ]);
  if (!permission) throw new Error("signAgentPermission: no permission in force after signing");
  return { kind: permission.id === id ? "signed" : "alreadySigned", permission };
}

/**
 * Revokes the permission in force, and in the same batch holds the user's requests that wait for
 * the legal step (a second request sent) or whose legal request is not sent yet. Nothing changes
 * when no permission was in force.
 */
export async function revokeAgentPermission(db: Db, userId: string, now: Date): Promise<boolean> {
  const [revoked] = await db.batch([
    db
      .update(agentPermissions)
      .set({ revokedAt: now })
      .where(and(eq(agentPermissions.userId, userId), isNull(agentPermissions.revokedAt)))
      .returning({ id: agentPermissions.id }),
    db
      .update(requests)
      .set({ followUpHold: "permissionRevoked" })
      .where(
        and(
          eq(requests.userId, userId),
          or(eq(requests.followUpStep, 1), and(eq(requests.followUpStep, 2), isNull(requests.processedAt))),
          // Only when this batch revoked one: the statement before set revokedAt to `now`.
          exists(
            db
              .select({ one: sql`1` })
              .from(agentPermissions)
              .where(and(eq(agentPermissions.userId, userId), eq(agentPermissions.revokedAt, now))),
          ),
        ),
      ),
  ]);
  return revoked.length > 0;
}
