// Testimonials: the home page shows up to six published ones with recorded consent, whatever the
// table holds; staff manage them under /admin/testimonials, and only the admin changes them.
import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { staffAudit, testimonials } from "../../drizzle/schema";
import { TESTIMONIAL_MESSAGES } from "~/domain/testimonials";
import { AdminOnlyError } from "~/models/audit.server";
import { createTestimonial, listHomeTestimonials, setTestimonialPublished } from "~/models/testimonial.server";
import { getDb } from "~/utils/db.server";
import { UNKNOWN_INTENT_MESSAGE } from "~/utils/intent";
import { Browser, signedInStaff, signedUpUser } from "./http";

const db = getDb(env.DB);

async function homeQuotes() {
  const html = await (await SELF.fetch("https://example.test/")).text();
  return { html, quotes: [...html.matchAll(/<blockquote><p>([^<]*)<\/p><\/blockquote>/g)].map((match) => match[1]) };
}

/** The text of a page with tags dropped, for messages and typed values. */
async function textOf(response: Response) {
  return (await response.text()).replace(/\s+/g, " ");
}

let admin: Browser;
let moderator: Browser;

beforeAll(async () => {
  admin = (await signedInStaff("admin")).browser;
  moderator = (await signedInStaff("moderator")).browser;
});

describe("testimonials on the home page", () => {
  it("leaves the section out while none is published", async () => {
    const { html, quotes } = await homeQuotes();
    expect(quotes).toEqual([]);
    expect(html).not.toContain("What customers say");
  });

  it("shows the six most recently published with consent, never one without consent even when flagged published", async () => {
    const day = 86_400_000;
    const base = Date.UTC(2026, 0, 1);
    const consented = Array.from({ length: 7 }, (_, index) => ({
      quote: `Consented words number ${index + 1}.`,
      displayName: `Person ${index + 1}`,
      city: "Austin, TX",
      consentDate: "2026-01-01",
      consentMethod: "email-reply" as const,
      isPublished: true,
      publishedAt: new Date(base + index * day),
    }));
    await db.insert(testimonials).values([
      ...consented,
      // Flagged published straight in the database, with no consent or half of one: never shown.
      {
        quote: "Words without consent.",
        displayName: "No Consent",
        city: "Reno, NV",
        isPublished: true,
        publishedAt: new Date(base + 9 * day),
      },
      {
        quote: "Words with a method but no day.",
        displayName: "Half Consent",
        city: "Reno, NV",
        consentMethod: "signed-form",
        isPublished: true,
        publishedAt: new Date(base + 9 * day),
      },
      {
        quote: "Words with an empty day.",
        displayName: "Empty Day",
        city: "Reno, NV",
        consentDate: "",
        consentMethod: "signed-form",
        isPublished: true,
        publishedAt: new Date(base + 9 * day),
      },
      { quote: "Unpublished words.", displayName: "Draft", city: "Reno, NV", consentDate: "2026-01-01", consentMethod: "signed-form" },
    ]);
    const { html, quotes } = await homeQuotes();
    expect(quotes).toEqual([7, 6, 5, 4, 3, 2].map((number) => `Consented words number ${number}.`));
    expect(html).toContain("Person 7, Austin, TX");
    for (const hidden of ["Words without consent.", "Words with a method but no day.", "Words with an empty day.", "Unpublished words."])
      expect(html).not.toContain(hidden);
  });
});

describe("/admin/testimonials: who may do what", () => {
  let id: string;
  beforeAll(async () => {
    id = await createTestimonial(
      db,
      { id: "local-admin", role: "admin" },
      {
        quote: "Access check words.",
        displayName: "Access",
        city: "Boise, ID",
        consentDate: "2026-02-01",
        consentMethod: "signed-form",
      },
    );
  });
  const pages = () => ["/admin/testimonials", "/admin/testimonials/new", `/admin/testimonials/${id}`];

  it("sends a visitor to sign in, and is not found for a signed-in user, reading or posting", async () => {
    for (const path of pages()) {
      const response = await new Browser().get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toMatch(/^\/signin\?redirectTo=/);
    }
    const user = await signedUpUser("testimonials-user");
    for (const path of pages()) expect((await user.browser.get(path)).status, path).toBe(404);
    expect((await user.browser.post(`/admin/testimonials/${id}`, { intent: "publish" })).status).toBe(404);
    expect((await user.browser.post("/admin/testimonials/new", { quote: "x", displayName: "x", city: "x" })).status).toBe(404);
  });

  it("lets the moderator read every page but change nothing", async () => {
    for (const path of pages()) expect((await moderator.get(path)).status, path).toBe(200);
    expect(await (await moderator.get(`/admin/testimonials/${id}`)).text()).not.toContain(">Publish</button>");
    expect((await moderator.post(`/admin/testimonials/${id}`, { intent: "publish" })).status).toBe(403);
    expect((await moderator.post(`/admin/testimonials/${id}`, { intent: "delete" })).status).toBe(403);
    expect((await moderator.post("/admin/testimonials/new", { quote: "Moderator words", displayName: "M", city: "X" })).status).toBe(403);
    const [row] = await db.select().from(testimonials).where(eq(testimonials.id, id));
    expect(row!.isPublished).toBe(false);
    expect(await db.select().from(testimonials).where(eq(testimonials.quote, "Moderator words"))).toEqual([]);
    await expect(setTestimonialPublished(db, { id: "local-moderator", role: "moderator" }, id, true)).rejects.toThrow(
      new AdminOnlyError("testimonials"),
    );
  });

  it("answers 404 for a made-up id, reading or posting", async () => {
    expect((await admin.get("/admin/testimonials/made-up-id")).status).toBe(404);
    expect((await admin.post("/admin/testimonials/made-up-id", { intent: "publish" })).status).toBe(404);
    expect((await admin.post("/admin/testimonials/made-up-id", { intent: "delete" })).status).toBe(404);
  });

  it("refuses a post from another site", async () => {
    expect((await admin.post(`/admin/testimonials/${id}`, { intent: "publish" }, { Origin: "https://elsewhere.test" })).status).toBe(403);
    const [row] = await db.select().from(testimonials).where(eq(testimonials.id, id));
    expect(row!.isPublished).toBe(false);
  });
});

describe("/admin/testimonials: the admin's work, audited", () => {
  it("adds, refuses to publish without consent, records consent, publishes, unpublishes and deletes", async () => {
    const count = async () => (await db.select({ id: testimonials.id }).from(testimonials)).length;
    const before = await count();

    // Bad input: a message next to each field, what was typed kept, nothing added.
    const refused = await admin.post("/admin/testimonials/new", { quote: "Quiet at last, thank you.", displayName: "", city: "Tulsa, OK" });
    expect(refused.status).toBe(400);
    const refusedText = await textOf(refused);
    expect(refusedText).toContain(TESTIMONIAL_MESSAGES.displayName);
    expect(refusedText).toContain("Quiet at last, thank you.");
    expect(refusedText).toContain('value="Tulsa, OK"');
    expect(await count()).toBe(before);

    const future = await admin.post("/admin/testimonials/new", {
      quote: "Quiet at last.",
      displayName: "Jo",
      city: "Tulsa, OK",
      consentDate: "2999-01-01",
      consentMethod: "email-reply",
    });
    expect(future.status).toBe(400);
    expect(await textOf(future)).toContain(TESTIMONIAL_MESSAGES.consentDate);
    expect(await count()).toBe(before);

    // Added without consent: it cannot be published.
    const added = await admin.post("/admin/testimonials/new", { quote: "Quiet at last.", displayName: "Jo", city: "Tulsa, OK" });
    expect(added.status).toBe(303);
    const page = added.headers.get("Location")!.split("?")[0]!;
    const id = page.split("/").at(-1)!;
    const publishRefused = await admin.post(page, { intent: "publish" });
    expect(publishRefused.status).toBe(400);
    expect(await textOf(publishRefused)).toContain(TESTIMONIAL_MESSAGES.publishNeedsConsent);
    expect((await homeQuotes()).quotes).not.toContain("Quiet at last.");
    for (const unknownFields of [{ intent: "feature" }, { quote: "No intent.", displayName: "Jo", city: "Tulsa, OK" }] as Record<
      string,
      string
    >[]) {
      const unknown = await admin.post(page, unknownFields);
      expect(unknown.status).toBe(400);
      expect(await textOf(unknown)).toContain(UNKNOWN_INTENT_MESSAGE);
    }

    // Half a consent is refused next to the missing half.
    const fields = { intent: "update", quote: "Quiet at last.", displayName: "Jo", city: "Tulsa, OK" };
    const half = await admin.post(page, { ...fields, consentDate: "2026-03-14" });
    expect(half.status).toBe(400);
    expect(await textOf(half)).toContain(TESTIMONIAL_MESSAGES.consentMethodMissing);

    expect((await admin.post(page, { ...fields, consentDate: "2026-03-14", consentMethod: "email-reply" })).status).toBe(303);
    const published = await admin.post(page, { intent: "publish" });
    expect(published.status).toBe(303);
    expect(published.headers.get("Location")).toBe(`${page}?saved=published`);
    expect((await homeQuotes()).html).toContain("Quiet at last.");

    // A published testimonial keeps its consent.
    const keep = await admin.post(page, { ...fields, consentDate: "", consentMethod: "" });
    expect(keep.status).toBe(400);
    expect(await textOf(keep)).toContain(TESTIMONIAL_MESSAGES.keepConsentWhilePublished);

    expect((await admin.post(page, { intent: "unpublish" })).status).toBe(303);
    expect((await homeQuotes()).html).not.toContain("Quiet at last.");

    const deleted = await admin.post(page, { intent: "delete" });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("Location")).toBe("/admin/testimonials?deleted=1");
    expect((await admin.get(page)).status).toBe(404);

    const audit = await db
      .select({ action: staffAudit.action, actorId: staffAudit.actorId })
      .from(staffAudit)
      .where(eq(staffAudit.targetId, id))
      .orderBy(staffAudit.id);
    expect(audit.map((entry) => entry.action)).toEqual([
      "testimonial.added",
      "testimonial.updated",
      "testimonial.published",
      "testimonial.unpublished",
      "testimonial.deleted",
    ]);
    expect(new Set(audit.map((entry) => entry.actorId))).toEqual(new Set(["local-admin"]));
  });
});

describe("the home page's copy of the testimonials", () => {
  it("is kept for its max age, and forgotten when staff change a testimonial", async () => {
    const kept = await listHomeTestimonials(db, { maxAgeSeconds: 60 });
    const id = await createTestimonial(
      db,
      { id: "local-admin", role: "admin" },
      {
        quote: "Words for the cache check.",
        displayName: "Cache",
        city: "Omaha, NE",
        consentDate: "2026-02-01",
        consentMethod: "in-app-checkbox",
      },
    );
    // Published straight in D1: the copy does not know yet.
    await db.update(testimonials).set({ isPublished: true, publishedAt: new Date() }).where(eq(testimonials.id, id));
    expect(await listHomeTestimonials(db, { maxAgeSeconds: 60 })).toEqual(kept);
    // Any staff change forgets it (here, unpublishing the row just published by hand).
    expect(await setTestimonialPublished(db, { id: "local-admin", role: "admin" }, id, false)).toBe("done");
    await db.update(testimonials).set({ isPublished: true, publishedAt: new Date() }).where(eq(testimonials.id, id));
    expect((await listHomeTestimonials(db, { maxAgeSeconds: 0 }))[0]!.quote).toBe("Words for the cache check.");
  });
});
