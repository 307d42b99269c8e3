// Testimonials (decision 0026). Anyone reads the published ones with recorded consent; only the
// admin writes, each change in one batch with its audit entry.
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { testimonials } from "../../drizzle/schema";
import { changedFields } from "~/domain/audit-details";
import { hasRecordedConsent, HOME_TESTIMONIAL_LIMIT, todayInUtc, type TestimonialFields } from "~/domain/testimonials";
import { assertAdmin, auditEntry, type StaffActor } from "~/models/audit.server";
import type { Db } from "~/utils/db.server";

const assertAdminForTestimonials = (actor: StaffActor) => assertAdmin(actor, "testimonials");

/** Published and consented: the one condition under which a testimonial reaches a visitor. */
const isShowable = and(
  eq(testimonials.isPublished, true),
  isNotNull(testimonials.consentDate),
  sql`${testimonials.consentDate} <> ''`,
  isNotNull(testimonials.consentMethod),
);

export type HomeTestimonial = { id: string; quote: string; displayName: string; city: string };

let homeTestimonials: { rows: HomeTestimonial[]; until: number } | null = null;

/**
 * What the home page shows, newest published first. Kept in the isolate for `maxAgeSeconds`, so
 * that most home page views read nothing from D1; a change made by staff forgets this isolate's
 * copy at once, and other isolates catch up within the max age.
 */
export async function listHomeTestimonials(db: Db, { maxAgeSeconds }: { maxAgeSeconds: number }): Promise<HomeTestimonial[]> {
  if (homeTestimonials && homeTestimonials.until > Date.now()) return homeTestimonials.rows;
  const rows = await db
    .select({ id: testimonials.id, quote: testimonials.quote, displayName: testimonials.displayName, city: testimonials.city })
    .from(testimonials)
    .where(isShowable)
    .orderBy(desc(testimonials.publishedAt), desc(testimonials.createdAt))
    .limit(HOME_TESTIMONIAL_LIMIT);
  homeTestimonials = maxAgeSeconds > 0 ? { rows, until: Date.now() + maxAgeSeconds * 1000 } : null;
  return rows;
}

function forgetHomeTestimonials() {
  homeTestimonials = null;
}

const STAFF_COLUMNS = {
  id: testimonials.id,
  quote: testimonials.quote,
  displayName: testimonials.displayName,
  city: testimonials.city,
  consentDate: testimonials.consentDate,
  consentMethod: testimonials.consentMethod,
  isPublished: testimonials.isPublished,
  publishedAt: testimonials.publishedAt,
  createdAt: testimonials.createdAt,
  updatedAt: testimonials.updatedAt,
};

export function listTestimonialsForStaff(db: Db) {
  return db
    .select(STAFF_COLUMNS)
    .from(testimonials)
    .orderBy(desc(testimonials.isPublished), desc(testimonials.publishedAt), desc(testimonials.createdAt));
}

export async function getTestimonial(db: Db, id: string) {
  const [testimonial] = await db.select(STAFF_COLUMNS).from(testimonials).where(eq(testimonials.id, id));
  return testimonial ?? null;
}

export async function createTestimonial(db: Db, actor: StaffActor, values: TestimonialFields) {
  assertAdminForTestimonials(actor);
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(testimonials).values({ id, ...values }),
    auditEntry(db, actor, { action: "testimonial.added", targetType: "testimonial", targetId: id, details: { before: {}, after: values } }),
  ]);
  return id;
}

export type TestimonialUpdate = { kind: "notFound" } | { kind: "keepConsent" } | { kind: "saved"; changed: string[] };

/** Saves the admin's corrections; a published testimonial keeps its consent. */
export async function updateTestimonial(db: Db, actor: StaffActor, id: string, values: TestimonialFields): Promise<TestimonialUpdate> {
  assertAdminForTestimonials(actor);
  const before = await getTestimonial(db, id);
  if (!before) return { kind: "notFound" };
  if (before.isPublished && !hasRecordedConsent(values)) return { kind: "keepConsent" };
  const changes = changedFields(before, values);
  const changed = Object.keys(changes.after);
  if (changed.length === 0) return { kind: "saved", changed };
  await db.batch([
    db
      .update(testimonials)
      .set({ ...changes.after, updatedAt: new Date() })
      .where(eq(testimonials.id, id)),
    auditEntry(db, actor, { action: "testimonial.updated", targetType: "testimonial", targetId: id, details: changes }),
  ]);
  forgetHomeTestimonials();
  return { kind: "saved", changed };
}

export type PublishResult = "notFound" | "noConsent" | "unchanged" | "done";

/** Publishes (only with recorded consent) or unpublishes a testimonial. */
export async function setTestimonialPublished(db: Db, actor: StaffActor, id: string, published: boolean): Promise<PublishResult> {
  assertAdminForTestimonials(actor);
  const testimonial = await getTestimonial(db, id);
  if (!testimonial) return "notFound";
  if (testimonial.isPublished === published) return "unchanged";
  if (published && !hasRecordedConsent(testimonial)) return "noConsent";
  // The condition is repeated in the UPDATE, so that consent removed meanwhile still stops it.
  const applies = published
    ? and(eq(testimonials.id, id), isNotNull(testimonials.consentDate), isNotNull(testimonials.consentMethod))
    : eq(testimonials.id, id);
  await db.batch([
    db
      .update(testimonials)
      .set({ isPublished: published, publishedAt: published ? new Date() : null, updatedAt: new Date() })
      .where(applies),
    auditEntry(db, actor, {
      action: published ? "testimonial.published" : "testimonial.unpublished",
      targetType: "testimonial",
      targetId: id,
      details: { before: { isPublished: !published }, after: { isPublished: published } },
    }),
  ]);
  forgetHomeTestimonials();
  return "done";
}

/** Deletes a testimonial; the audit entry keeps what it said and the consent it had. */
export async function deleteTestimonial(db: Db, actor: StaffActor, id: string): Promise<boolean> {
  assertAdminForTestimonials(actor);
  const before = await getTestimonial(db, id);
  if (!before) return false;
  const { quote, displayName, city, consentDate, consentMethod, isPublished } = before;
  await db.batch([
    db.delete(testimonials).where(eq(testimonials.id, id)),
    auditEntry(db, actor, {
      action: "testimonial.deleted",
      targetType: "testimonial",
      targetId: id,
      details: { before: { quote, displayName, city, consentDate, consentMethod, isPublished }, after: {} },
    }),
  ]);
  forgetHomeTestimonials();
  return true;
}

/**
 * Local development's example testimonials, published, into an empty table only (`npm start`
 * seeds them; decision 0026). Not staff actions, so not audited.
 */
export async function seedExampleTestimonials(db: Db, examples: readonly { quote: string; displayName: string; city: string }[]) {
  const [existing] = await db.select({ id: testimonials.id }).from(testimonials).limit(1);
  if (existing) return 0;
  const consentDate = todayInUtc();
  await db.insert(testimonials).values(
    examples.map((example) => ({
      ...example,
      consentDate,
      consentMethod: "signed-form" as const,
      isPublished: true,
      publishedAt: new Date(),
    })),
  );
  return examples.length;
}
