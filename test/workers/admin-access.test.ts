// Who may see and do what under /admin: every staff page against a visitor, a signed-in user, the
// moderator and the admin, and the admin-only posts against the moderator.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import { users } from "../../drizzle/schema";
import type { CatalogSender } from "~/domain/sender-catalog";
import { seedSenderCatalog } from "~/models/request-template.server";
import { getDb } from "~/utils/db.server";
import { Browser, signedInStaff, signedUpUser } from "./http";

const db = getDb(env.DB);

let subject: Awaited<ReturnType<typeof signedUpUser>>;
let moderator: Browser;
let admin: Browser;

beforeAll(async () => {
  await seedSenderCatalog(db, catalog.senders as CatalogSender[]);
  subject = await signedUpUser("access-subject");
  // A letter waiting to be mailed, so that the print page has a batch to show.
  await db.update(users).set({ numOfFreeRequest: 5 }).where(eq(users.id, subject.userId));
  expect((await subject.browser.post("/dashboard", { intent: "unsubscribe", requestId: "transunion-marketing" })).status).toBe(303);
  moderator = (await signedInStaff("moderator")).browser;
  admin = (await signedInStaff("admin")).browser;
}, 30_000);

const pages = () => [
  "/admin",
  "/admin/queue",
  "/admin/queue/print?group=transunion-marketing",
  "/admin/users",
  `/admin/users/${subject.userId}`,
  "/admin/senders",
  "/admin/senders/new",
  "/admin/senders/acxiom",
  "/admin/testimonials",
  "/admin/testimonials/new",
  "/admin/jobs",
  "/admin/audit",
  "/admin/progress",
];

/** Posts only the admin may make, with fields that would be accepted from the admin. */
const adminOnlyPosts = (): { path: string; fields: Record<string, string> }[] => [
  { path: `/admin/users/${subject.userId}`, fields: { numOfFreeRequest: "9", reason: "access table check" } },
  { path: "/admin/senders/new", fields: { id: "access-table-sender", title: "Access Table Sender" } },
  { path: "/admin/senders/acxiom", fields: { intent: "deactivate" } },
  { path: "/admin/testimonials/new", fields: { quote: "Access table words", displayName: "A", city: "Austin, TX" } },
];

describe("the staff area's access rule", () => {
  it("sends a visitor to sign in from every page", async () => {
    for (const path of pages()) {
      const response = await new Browser().get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe(`/signin?${new URLSearchParams({ redirectTo: path })}`);
    }
  });

  it("answers 404 to a signed-in user who is not staff, on every page and every post", async () => {
    for (const path of pages()) expect((await subject.browser.get(path)).status, path).toBe(404);
    for (const { path, fields } of adminOnlyPosts()) expect((await subject.browser.post(path, fields)).status, path).toBe(404);
    expect(
      (
        await subject.browser.post("/admin/queue", {
          intent: "mailed",
          group: "transunion-marketing",
          request: `${subject.userId}:transunion-marketing`,
        })
      ).status,
    ).toBe(404);
    expect((await subject.browser.post("/admin/jobs", { intent: "retryAll" })).status).toBe(404);
  });

  it("shows every page to the moderator and the admin", async () => {
    for (const path of pages()) {
      expect((await moderator.get(path)).status, `moderator ${path}`).toBe(200);
      expect((await admin.get(path)).status, `admin ${path}`).toBe(200);
    }
  });

  it("refuses the moderator every admin-only post, and nothing changes", async () => {
    const before = await db.select({ numOfFreeRequest: users.numOfFreeRequest }).from(users).where(eq(users.id, subject.userId));
    for (const { path, fields } of adminOnlyPosts()) expect((await moderator.post(path, fields)).status, path).toBe(403);
    expect(await db.select({ numOfFreeRequest: users.numOfFreeRequest }).from(users).where(eq(users.id, subject.userId))).toEqual(before);
    expect((await admin.get("/admin/senders/access-table-sender")).status).toBe(404);
    expect(await (await admin.get("/admin/senders/acxiom")).text()).not.toMatch(/Activate<\/button>/);
  });

  it("never answers an unknown staff page with anything but 404", async () => {
    expect((await admin.get("/admin/nothing-here")).status).toBe(404);
    expect((await admin.get("/admin/users/no-such-user")).status).toBe(404);
    expect((await admin.get("/admin/queue/print?group=no-such-sender")).status).toBe(404);
  });
});
