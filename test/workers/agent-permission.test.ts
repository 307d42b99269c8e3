import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentPermissions, requests, users } from "../../drizzle/schema";
import { ADDRESS, Browser, signUp } from "./http";
import { uniqueEmail } from "./stand-ins";
import { htmlOf, textOf } from "./support";
import {
  AGENT_PERMISSION_ALLOWS,
  nothingToSignIn,
  permissionLines,
  SECOND_AGENT_PERMISSION_ALLOWS,
  signNameMismatch,
} from "~/domain/agent-permission";
import { agentPermissionById, signAgentPermission } from "~/models/agent-permission.server";
import { getDb } from "~/utils/db.server";

const db = getDb(env.DB);

// The permission is asked for only where the law lets an agent ask: these accounts live in California.
const CALIFORNIA = { ...ADDRESS, street1: "100 Main St", city: "Los Angeles", state: "CA", zipCode: "90012" };
const WASHINGTON_DC = { ...ADDRESS, street1: "1350 Pennsylvania Ave NW", city: "Washington", state: "DC", zipCode: "20004" };

/** A new user signed up through the two steps at this address, signed in. */
async function signedUpUser(label: string, address: typeof ADDRESS = CALIFORNIA) {
  const browser = new Browser();
  const email = uniqueEmail(label);
  expect((await signUp(browser, email, "secret-123", address)).status).toBe(303);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { browser, email, userId: user!.id };
}

/** The escaped HTML React writes for a text. */
const escaped = (text: string) => text.replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

const permissionsOf = (userId: string) => db.select().from(agentPermissions).where(eq(agentPermissions.userId, userId));

/** A user with one request per follow-up state, keyed by sender name. */
async function userWithLadder(label: string) {
  const user = await signedUpUser(label);
  const states = {
    "First Working": { followUpStep: 0, processedAt: new Date("2026-10-01T12:00:00Z") },
    "Second Sent": { followUpStep: 1, processedAt: new Date("2026-10-01T12:00:00Z") },
    "Legal Unsent": { followUpStep: 2, processedAt: null },
    "Legal Sent": { followUpStep: 2, processedAt: new Date("2026-11-01T12:00:00Z") },
    "With Staff": { followUpStep: 3, processedAt: null },
  } as const;
  await db.insert(requests).values(
    Object.entries(states).map(([senderName, state]) => ({
      userId: user.userId,
      senderName,
      title: senderName,
      type: "custom" as const,
      status: "inQueue" as const,
      ...ADDRESS,
      street2: null,
      ...state,
    })),
  );
  const holds = async () =>
    Object.fromEntries(
      (
        await db
          .select({ senderName: requests.senderName, hold: requests.followUpHold })
          .from(requests)
          .where(eq(requests.userId, user.userId))
      ).map((row) => [row.senderName, row.hold]),
    );
  return { ...user, holds };
}

describe("signing the permission to act for you on /account", () => {
  it("shows what it allows and a field to sign with a typed name", async () => {
    const user = await signedUpUser("agent-page");
    const html = await htmlOf(await user.browser.get("/account"));
    expect(html).toContain('id="agent-permission"');
    expect(textOf(html)).toContain("Permission to act for you");
    for (const line of permissionLines(AGENT_PERMISSION_ALLOWS)) expect(textOf(html)).toContain(line);
    expect(textOf(html)).toContain("Type your full name to sign");
    expect(textOf(html)).toContain("Type: Ada Lovelace");
  });

  it("says truly what a request under the law is: only a company the law applies to has to answer, and never its own catalogs", async () => {
    const user = await signedUpUser("agent-truth");
    const text = textOf(await htmlOf(await user.browser.get("/account")));
    expect(text).not.toContain("a request it must answer");
    expect(text).toContain("Only a company the law applies to has to answer");
    expect(text).toContain("no law makes a company stop mailing you its own catalogs");
    expect(text).not.toMatch(/we know of no law/i);
  });

  it("refuses a name that is not the account's, shows the name to type, summarizes the refusal at the top and keeps what was typed", async () => {
    const user = await signedUpUser("agent-mismatch", { ...CALIFORNIA, fullName: "Frank J Moreno" });
    const response = await user.browser.post("/account", { intent: "signAgentPermission", typedName: "Francis Moreno" });
    expect(response.status).toBe(400);
    const html = await htmlOf(response);
    const message = signNameMismatch("Frank J Moreno");
    expect(message).toBe("Type your name as it is on your account: Frank J Moreno.");
    expect(html).toMatch(
      /<input[^>]*id="agent-permission-name"[^>]*aria-invalid="true"[^>]*aria-describedby="agent-permission-name-error agent-permission-name-hint"/,
    );
    expect(html).toMatch(/<input[^>]*id="agent-permission-name"[^>]*value="Francis Moreno"/);
    expect(html).toContain('id="agent-permission-name-hint">Type: Frank J Moreno</p>');
    expect(html).toContain(`id="agent-permission-name-error" role="alert">${escaped(message)}`);
    // The page's error summary comes first in the page, focused, and links to the field.
    const summary = html.indexOf('id="form-errors"');
    expect(summary).toBeGreaterThan(0);
    expect(summary).toBeLessThan(html.indexOf('id="address-title"'));
    expect(html).toMatch(/<div[^>]*id="form-errors"[^>]*autofocus=""[^>]*data-error-summary/);
    expect(html).toContain(`<a href="#agent-permission-name">${escaped(message)}</a>`);
    expect(await permissionsOf(user.userId)).toEqual([]);
  });

  it("takes the account's name without its middle initial, whatever its case and spacing", async () => {
    const user = await signedUpUser("agent-no-initial", { ...CALIFORNIA, fullName: "Frank J Moreno" });
    const response = await user.browser.post("/account", { intent: "signAgentPermission", typedName: "  frank   MORENO " });
    expect(response.status).toBe(303);
    expect((await permissionsOf(user.userId)).map((row) => [row.typedName, row.allows])).toEqual([
      ["frank MORENO", AGENT_PERMISSION_ALLOWS],
    ]);
  });

  it("signs with the account's name whatever its case and spacing, keeps the words shown, and shows who signed and when", async () => {
    const user = await signedUpUser("agent-sign");
    const response = await user.browser.post("/account", { intent: "signAgentPermission", typedName: "  ada   LOVELACE " });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/account?saved=agent-signed#agent-permission");
    const [permission, ...more] = await permissionsOf(user.userId);
    expect(more).toEqual([]);
    expect(permission).toMatchObject({ typedName: "ada LOVELACE", allows: AGENT_PERMISSION_ALLOWS, revokedAt: null });

    const text = textOf(await htmlOf(await user.browser.get("/account?saved=agent-signed")));
    expect(text).toContain("Your permission is signed.");
    expect(text).toContain("Signed by ada LOVELACE on");
    expect(text).toContain("Revoke");
    expect(text).not.toContain("Type your full name to sign");
  });

  it("makes one permission when signed twice at the same moment, and answers the one in force after", async () => {
    const user = await signedUpUser("agent-twice");
    const now = new Date();
    const [first, second] = await Promise.all([
      signAgentPermission(db, user.userId, "Ada Lovelace", now),
      signAgentPermission(db, user.userId, "Ada Lovelace", now),
    ]);
    expect([first.kind, second.kind].sort()).toEqual(["alreadySigned", "signed"]);
    const rows = await permissionsOf(user.userId);
    expect(rows).toHaveLength(1);
    const again = await signAgentPermission(db, user.userId, "Ada Lovelace", new Date());
    expect(again).toMatchObject({ kind: "alreadySigned", permission: { id: rows[0]!.id } });
  });

  it("lifts the holds of a missing or revoked permission when signed", async () => {
    const user = await userWithLadder("agent-lift");
    await db
      .update(requests)
      .set({ followUpHold: "permissionNeeded" })
      .where(and(eq(requests.userId, user.userId), eq(requests.senderName, "Second Sent")));
    await db
      .update(requests)
      .set({ followUpHold: "permissionRevoked" })
      .where(and(eq(requests.userId, user.userId), eq(requests.senderName, "Legal Unsent")));
    expect((await user.browser.post("/account", { intent: "signAgentPermission", typedName: "Ada Lovelace" })).status).toBe(303);
    expect(Object.values(await user.holds())).toEqual([null, null, null, null, null]);
    // The legal request held since a revocation now carries the permission in force; the others keep theirs.
    const [signed] = await permissionsOf(user.userId);
    const permissionOf = async (senderName: string) =>
      (
        await db
          .select({ id: requests.agentPermissionId })
          .from(requests)
          .where(and(eq(requests.userId, user.userId), eq(requests.senderName, senderName)))
      )[0]!.id;
    expect(await permissionOf("Legal Unsent")).toBe(signed!.id);
    expect(await permissionOf("Second Sent")).toBeNull();
    expect(await permissionOf("Legal Sent")).toBeNull();
  });
});

describe("the words signed", () => {
  it("stores the plain list with a new signature, and leaves an older signature's words as they were signed", async () => {
    const earlier = await signedUpUser("agent-words-earlier");
    const signedAt = new Date("2026-11-20T12:00:00Z");
    await db.insert(agentPermissions).values({
      userId: earlier.userId,
      typedName: "Ada Lovelace",
      allows: SECOND_AGENT_PERMISSION_ALLOWS,
      signedAt,
    });
    const shown = textOf(await htmlOf(await earlier.browser.get("/account")));
    expect(shown).toContain(SECOND_AGENT_PERMISSION_ALLOWS);
    expect(shown).not.toContain("What it sends:");

    const user = await signedUpUser("agent-words-new");
    expect((await user.browser.post("/account", { intent: "signAgentPermission", typedName: "Ada Lovelace" })).status).toBe(303);
    const [signed] = await permissionsOf(user.userId);
    expect(signed!.allows).toBe(AGENT_PERMISSION_ALLOWS);
    expect(signed!.allows).toContain(
      "\n- To whom: only a company that I tell Quiet Mailbox is still mailing me after it sent two requests to stop",
    );

    // The earlier signature is not rewritten, on the page, in the export or in the table.
    const [kept] = await permissionsOf(earlier.userId);
    expect(kept).toMatchObject({ allows: SECOND_AGENT_PERMISSION_ALLOWS, signedAt, revokedAt: null });
    const exported = (await (await earlier.browser.get("/account/export.json")).json()) as { agentPermissions: { allows: string }[] };
    expect(exported.agentPermissions.map((row) => row.allows)).toEqual([SECOND_AGENT_PERMISSION_ALLOWS]);
  });
});

describe("a state whose law gives an agent no right", () => {
  it("does not ask a person in the District of Columbia to sign, says why in one sentence, and refuses a signature, changing nothing", async () => {
    const user = await signedUpUser("agent-dc", WASHINGTON_DC);
    const sentence = nothingToSignIn("DC", new Date())!;
    expect(sentence).toContain("District of Columbia");
    const html = await htmlOf(await user.browser.get("/account"));
    const text = textOf(html);
    expect(text).toContain("Permission to act for you");
    expect(text).toContain(sentence);
    expect(text).not.toContain("Type your full name to sign");
    expect(text).not.toContain("What it sends:");
    expect(html).not.toContain('name="typedName"');
    expect(html).not.toContain("signAgentPermission");

    const response = await user.browser.post("/account", { intent: "signAgentPermission", typedName: "Ada Lovelace" });
    expect(response.status).toBe(400);
    const refused = await htmlOf(response);
    expect(textOf(refused)).toContain("There is a problem");
    const summary = refused.indexOf('id="form-errors"');
    expect(summary).toBeGreaterThan(0);
    expect(refused.indexOf(escaped(sentence), summary)).toBeGreaterThan(summary);
    expect(refused).not.toContain('name="typedName"');
    expect(await permissionsOf(user.userId)).toEqual([]);
  });

  it("asks a person in the District of Columbia with a request in California, whose law lets an agent ask", async () => {
    const user = await signedUpUser("agent-dc-ca", WASHINGTON_DC);
    await db.insert(requests).values({
      userId: user.userId,
      senderName: "Catalog Co",
      title: "Catalog Co",
      type: "custom",
      status: "inQueue",
      ...CALIFORNIA,
      street2: null,
    });
    expect(textOf(await htmlOf(await user.browser.get("/account")))).toContain("Type your full name to sign");
    expect((await user.browser.post("/account", { intent: "signAgentPermission", typedName: "Ada Lovelace" })).status).toBe(303);
    expect(await permissionsOf(user.userId)).toHaveLength(1);
  });
});

describe("revoking the permission", () => {
  it("holds the requests waiting for the legal step or whose legal request is not sent, and leaves the others alone", async () => {
    const user = await userWithLadder("agent-revoke");
    const other = await userWithLadder("agent-revoke-other");
    for (const someone of [user, other]) {
      expect((await someone.browser.post("/account", { intent: "signAgentPermission", typedName: "Ada Lovelace" })).status).toBe(303);
    }

    const response = await user.browser.post("/account", { intent: "revokeAgentPermission" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/account?saved=agent-revoked#agent-permission");
    expect(await user.holds()).toEqual({
      "First Working": null,
      "Second Sent": "permissionRevoked",
      "Legal Unsent": "permissionRevoked",
      "Legal Sent": null,
      "With Staff": null,
    });
    const [revoked] = await permissionsOf(user.userId);
    expect(revoked!.revokedAt).not.toBeNull();
    // A request sent with it still names it, for the record.
    expect(await agentPermissionById(db, revoked!.id)).toMatchObject({
      userId: user.userId,
      typedName: "Ada Lovelace",
      revokedAt: revoked!.revokedAt,
    });

    expect(Object.values(await other.holds()), "another user's requests").toEqual([null, null, null, null, null]);
    expect(
      (await permissionsOf(other.userId)).map((row) => row.revokedAt),
      "another user's permission",
    ).toEqual([null]);

    const text = textOf(await htmlOf(await user.browser.get("/account?saved=agent-revoked")));
    expect(text).toContain("Your permission is revoked.");
    expect(text).toContain("Type your full name to sign");
  });

  it("touches nothing of anyone when nothing is in force", async () => {
    const user = await userWithLadder("agent-revoke-none");
    const other = await userWithLadder("agent-revoke-none-other");
    expect((await other.browser.post("/account", { intent: "signAgentPermission", typedName: "Ada Lovelace" })).status).toBe(303);

    expect((await user.browser.post("/account", { intent: "revokeAgentPermission" })).status).toBe(303);
    expect(Object.values(await user.holds())).toEqual([null, null, null, null, null]);
    expect((await permissionsOf(other.userId)).map((row) => row.revokedAt)).toEqual([null]);
    expect(Object.values(await other.holds())).toEqual([null, null, null, null, null]);
  });
});

describe("the data export", () => {
  it("has the permissions signed, in a section of their own, the revoked one with its date", async () => {
    const user = await signedUpUser("agent-export");
    expect((await user.browser.post("/account", { intent: "signAgentPermission", typedName: "Ada Lovelace" })).status).toBe(303);
    expect((await user.browser.post("/account", { intent: "revokeAgentPermission" })).status).toBe(303);
    expect((await user.browser.post("/account", { intent: "signAgentPermission", typedName: "ADA LOVELACE" })).status).toBe(303);

    const exported = (await (await user.browser.get("/account/export.json")).json()) as {
      agentPermissions: { typedName: string; allows: string; signedAt: string; revokedAt: string | null }[];
    };
    expect(exported.agentPermissions.map((row) => [row.typedName, row.allows, row.revokedAt === null])).toEqual([
      ["ADA LOVELACE", AGENT_PERMISSION_ALLOWS, true],
      ["Ada Lovelace", AGENT_PERMISSION_ALLOWS, false],
    ]);
    const page = textOf(await htmlOf(await user.browser.get("/account/export")));
    expect(page).toContain("Permission to act for you");
    expect(page).toContain("No: in force");
    // The words signed read as their list, each item its own line.
    const html = await htmlOf(await user.browser.get("/account/export"));
    for (const item of permissionLines(AGENT_PERMISSION_ALLOWS).slice(1)) {
      const colon = item.indexOf(":") + 1;
      expect(html).toContain(`<li><strong>${escaped(item.slice(0, colon))}</strong>${escaped(item.slice(colon))}</li>`);
    }
  });
});
