// batchByName: one D1 batch from an object of queries, each result under its query's name, typed
// from the queries themselves; an optional query left undefined runs nothing.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, expectTypeOf, it } from "vitest";
import { recipients, users } from "../../drizzle/schema";
import { batchByName } from "~/utils/batch-by-name.server";
import { getDb } from "~/utils/db.server";
import { insertUser } from "./support";

/** The D1 binding, counting the batches and the statements sent through it. */
function countingD1(d1: D1Database, sent: { batches: number; statements: number }): D1Database {
  return new Proxy(d1, {
    get(target, property) {
      if (property === "batch")
        return (statements: D1PreparedStatement[]) => {
          sent.batches += 1;
          sent.statements += statements.length;
          return target.batch(statements);
        };
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const housemate = { fullName: "Grace Hopper", street1: "12 Main St", city: "Springfield", state: "IL", zipCode: "62701" };

describe("batchByName", () => {
  it("gives each query's rows under its name, from one batch", async () => {
    const { id } = await insertUser("named-batch");
    const sent = { batches: 0, statements: 0 };
    const db = getDb(countingD1(env.DB, sent));

    const { account, people, nobody } = await batchByName(db, {
      account: db.select({ email: users.email, state: users.state }).from(users).where(eq(users.id, id)),
      people: db.select({ fullName: recipients.fullName }).from(recipients).where(eq(recipients.userId, id)),
      nobody: db.select({ id: users.id }).from(users).where(eq(users.id, "no-such-user")),
    });

    expect(account).toEqual([{ email: expect.stringContaining("named-batch"), state: "IL" }]);
    expect(people).toEqual([]);
    expect(nobody).toEqual([]);
    expect(sent).toEqual({ batches: 1, statements: 3 });
    expectTypeOf(account).toEqualTypeOf<{ email: string; state: string }[]>();
    expectTypeOf(people).toEqualTypeOf<{ fullName: string }[]>();
  });

  it("runs the queries in the order their names are written, so a read sees the write named before it", async () => {
    const { id } = await insertUser("named-batch-order");
    const db = getDb(env.DB);

    const { before, added, after } = await batchByName(db, {
      before: db.select({ fullName: recipients.fullName }).from(recipients).where(eq(recipients.userId, id)),
      added: db.insert(recipients).values({ userId: id, ...housemate }),
      after: db.select({ fullName: recipients.fullName }).from(recipients).where(eq(recipients.userId, id)),
    });

    expect(before).toEqual([]);
    expect(added.meta.changes).toBe(1);
    expect(after).toEqual([{ fullName: "Grace Hopper" }]);
  });

  it("runs nothing for an optional query left undefined, and answers undefined under its name", async () => {
    const { id } = await insertUser("named-batch-optional");
    const sent = { batches: 0, statements: 0 };
    const db = getDb(countingD1(env.DB, sent));
    const read = (withHousemate: boolean) =>
      batchByName(db, {
        added: withHousemate ? db.insert(recipients).values({ userId: id, ...housemate }) : undefined,
        people: withHousemate ? db.select({ fullName: recipients.fullName }).from(recipients).where(eq(recipients.userId, id)) : undefined,
        account: db.select({ id: users.id }).from(users).where(eq(users.id, id)),
      });

    const without = await read(false);
    expect(without).toEqual({ added: undefined, people: undefined, account: [{ id }] });
    expect(sent).toEqual({ batches: 1, statements: 1 });
    expect(await db.select().from(recipients).where(eq(recipients.userId, id))).toEqual([]);
    expectTypeOf(without.people).toEqualTypeOf<{ fullName: string }[] | undefined>();
    expectTypeOf(without.account).toEqualTypeOf<{ id: string }[]>();

    const withIt = await read(true);
    expect(withIt.people).toEqual([{ fullName: "Grace Hopper" }]);
    expect(sent).toEqual({ batches: 2, statements: 4 });
  });

  it("sends nothing when every query is left out", async () => {
    const sent = { batches: 0, statements: 0 };
    const db = getDb(countingD1(env.DB, sent));
    expect(await batchByName(db, { people: undefined })).toEqual({ people: undefined });
    expect(sent.batches).toBe(0);
  });
});
