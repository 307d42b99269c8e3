import { and, asc, eq, exists, gt, inArray, isNull, lte, ne, notExists, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { requests, requestTemplates, senderChannelProblems, users, type SenderChannel } from "../../drizzle/schema";
import { templateFromSender, type CatalogSender } from "~/domain/sender-catalog";
import { channelKindsChanged } from "~/domain/sender-channels";
import { postalAddressesRemoved } from "~/domain/learned-channels";
import { changedFields } from "~/domain/audit-details";
import { templateFieldsFromForm, type NewSenderFormValues, type SenderFormValues } from "~/domain/sender-form";
import { assertAdmin, auditEntry, type StaffActor } from "~/models/audit.server";
import { refusePostalAddresses } from "~/models/learned-channels.server";
import { customGroupLinkStatements, senderNameInserts, type CustomNameGroup } from "~/models/sender-names.server";
import { namesOfSender } from "~/domain/sender-search";
import { chunkedInserts, type Db } from "~/utils/db.server";

/**
 * The INSERT statements that add the gathered senders to the catalog (`templates`) and every name
 * they are found by (`names`), sized to D1's parameter limit. Existing templates are left as they
 * are, so staff corrections survive a second run; names a sender lacks are added, so new aliases
 * reach a catalog that is already seeded.
 */
export function senderCatalogInserts(db: Db, senders: CatalogSender[]) {
  return {
    templates: chunkedInserts(db, requestTemplates, senders.map(templateFromSender)).map((insert) =>
      insert.onConflictDoNothing({ target: requestTemplates.id }),
    ),
    names: senderNameInserts(db, senders.flatMap(namesOfSender), "catalog"),
  };
}

/** Seeds the catalog; answers how many templates were added. */
export async function seedSenderCatalog(db: Db, senders: CatalogSender[]): Promise<number> {
  const { templates, names } = senderCatalogInserts(db, senders);
  const [first, ...rest] = [...templates, ...names];
  if (!first) return 0;
  const results = await db.batch([first, ...rest]);
  return results.slice(0, templates.length).reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
}

export class TemplateIdTakenError extends Error {
  constructor(id: string) {
    super(`A sender with the id ${id} exists.`);
    this.name = "TemplateIdTakenError";
  }
}

/** Moderators may read the catalog; only the admin may change it, whichever page asks. */
const assertAdminForCatalog = (actor: StaffActor) => assertAdmin(actor, "the sender catalog");

/**
 * How many users have a request for each sender (or the one asked for) that they have not deleted,
 * presets and custom requests alike.
 */
function holdersByTemplate(db: Db, templateId?: string) {
  return db
    .select({ templateId: requests.templateId, holders: sql<number>`count(distinct ${requests.userId})`.as("holders") })
    .from(requests)
    .where(
      and(
        or(isNull(requests.status), ne(requests.status, "deleted")),
        templateId === undefined ? undefined : eq(requests.templateId, templateId),
      ),
    )
    .groupBy(requests.templateId)
    .as("holders_by_template");
}

/** The catalog as the staff table shows it, by name. */
export function listTemplatesForStaff(db: Db) {
  const holders = holdersByTemplate(db);
  return db
    .select({
      id: requestTemplates.id,
      title: requestTemplates.title,
      category: requestTemplates.category,
      channels: requestTemplates.channels,
      acceptsAgent: requestTemplates.acceptsAgent,
      consumerFiles: requestTemplates.consumerFiles,
      confidence: requestTemplates.confidence,
      isActive: requestTemplates.isActive,
      holders: sql<number>`coalesce(${holders.holders}, 0)`.mapWith(Number),
    })
    .from(requestTemplates)
    .leftJoin(holders, eq(holders.templateId, requestTemplates.id))
    .orderBy(asc(sql`lower(${requestTemplates.title})`), asc(requestTemplates.id));
}

const templateColumns = {
  id: requestTemplates.id,
  title: requestTemplates.title,
  category: requestTemplates.category,
  covers: requestTemplates.covers,
  channels: requestTemplates.channels,
  acceptsAgent: requestTemplates.acceptsAgent,
  needs: requestTemplates.needs,
  consumerFiles: requestTemplates.consumerFiles,
  lasts: requestTemplates.lasts,
  takes: requestTemplates.takes,
  confidence: requestTemplates.confidence,
  sourceYear: requestTemplates.sourceYear,
  sourceUrl: requestTemplates.sourceUrl,
  requiredDays: requestTemplates.requiredDays,
  notes: requestTemplates.notes,
  isActive: requestTemplates.isActive,
  createdAt: requestTemplates.createdAt,
  updatedAt: requestTemplates.updatedAt,
};

/**
 * Every sender of the catalog for the public /learn page, as staff last corrected it: only the
 * fields the page shows, by name. Inactive senders are listed too: the page says honestly when no
 * way to reach one is known.
 */
export function listSendersForLearn(db: Db) {
  const {
    requiredDays: _requiredDays,
    isActive: _isActive,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    // How sure staff are of the facts, and why: for staff only.
    confidence: _confidence,
    notes: _notes,
    ...shown
  } = templateColumns;
  return db
    .select(shown)
    .from(requestTemplates)
    .orderBy(asc(sql`lower(${requestTemplates.title})`), asc(requestTemplates.id));
}

export async function getTemplate(db: Db, id: string) {
  const [row] = await db.select(templateColumns).from(requestTemplates).where(eq(requestTemplates.id, id)).limit(1);
  return row ?? null;
}

/** One template with how many users hold it, for its staff page. */
export async function getTemplateForStaff(db: Db, id: string) {
  const holders = holdersByTemplate(db, id);
  const [row] = await db
    .select({
      ...templateColumns,
      holders: sql<number>`coalesce(${holders.holders}, 0)`.mapWith(Number),
    })
    .from(requestTemplates)
    .leftJoin(holders, eq(holders.templateId, requestTemplates.id))
    .where(eq(requestTemplates.id, id))
    .limit(1);
  return row ?? null;
}

/** The categories in use, for the form's suggestions. */
export async function listTemplateCategories(db: Db) {
  const rows = await db
    .selectDistinct({ category: requestTemplates.category })
    .from(requestTemplates)
    .orderBy(asc(requestTemplates.category));
  return rows.map((row) => row.category);
}

function isUniqueIdViolation(error: unknown) {
  const text = `${String(error)} ${error instanceof Error ? String(error.cause ?? "") : ""}`;
  return text.includes("UNIQUE constraint failed: request_templates.id");
}

/**
 * Adds a sender to the catalog with its audit entry, in one batch. It starts active when it has a
 * channel (the catalog's rule), and is then copied to users who sign up from now on.
 */
export async function createTemplate(db: Db, actor: StaffActor, values: NewSenderFormValues, fromGroup: CustomNameGroup | null = null) {
  assertAdminForCatalog(actor);
  const { activeWhenAdded, ...fields } = templateFieldsFromForm(values);
  const now = new Date();
  // A sender made from what people typed is found by search; staff decide later whether every new user gets it.
  const template = { id: values.id, ...fields, isActive: fromGroup ? false : activeWhenAdded };
  try {
    await db.batch([
      db.insert(requestTemplates).values({ ...template, createdAt: now, updatedAt: now }),
      ...senderNameInserts(db, namesOfSender({ id: template.id, name: template.title }), "catalog"),
      ...(fromGroup ? customGroupLinkStatements(db, fromGroup, template.id) : []),
      auditEntry(db, actor, {
        action: "template.created",
        targetType: "template",
        targetId: template.id,
        details: fromGroup
          ? { after: template, linked: { names: fromGroup.names.map((entry) => entry.name), requests: fromGroup.requests } }
          : { after: template },
      }),
    ]);
  } catch (error) {
    if (isUniqueIdViolation(error)) throw new TemplateIdTakenError(values.id);
    throw error;
  }
  return template;
}

/**
 * Saves the admin's corrections with an audit entry of the fields that changed, before and after.
 * Answers null for an unknown id; saving without a change writes nothing. Users' existing
 * requests keep the name they were created with.
 */
export async function updateTemplate(db: Db, actor: StaffActor, id: string, values: SenderFormValues) {
  assertAdminForCatalog(actor);
  const before = await getTemplate(db, id);
  if (!before) return null;
  const { activeWhenAdded: _, ...fields } = templateFieldsFromForm(values, before);
  const changes = changedFields(before, fields);
  const changedNames = Object.keys(changes.after);
  if (changedNames.length === 0) return { changed: [] };
  const now = new Date();
  // A postal address staff removed or corrected is not learned again from people's returns (decision 0068).
  const refused = postalAddressesRemoved(before.channels, fields.channels ?? before.channels);
  await db.batch([
    db
      .update(requestTemplates)
      .set({ ...changes.after, updatedAt: now })
      .where(eq(requestTemplates.id, id)),
    // A new name is found by search; the old one still is, as people may still type it.
    ...senderNameInserts(db, namesOfSender({ id, name: fields.title }), "catalog"),
    auditEntry(db, actor, {
      action: "template.updated",
      targetType: "template",
      targetId: id,
      details: refused.length > 0 ? { ...changes, refusedPostalAddresses: refused } : changes,
    }),
    ...problemsLiftedBy(db, id, channelKindsChanged(before.channels, fields.channels ?? before.channels)),
    ...refusePostalAddresses(db, id, refused, now),
  ]);
  return { changed: changedNames };
}

/** A changed address lifts the problem recorded for the old one (decision 0054). */
function problemsLiftedBy(db: Db, templateId: string, kinds: SenderChannel["kind"][]) {
  if (kinds.length === 0) return [];
  return [
    db
      .delete(senderChannelProblems)
      .where(and(eq(senderChannelProblems.templateId, templateId), inArray(senderChannelProblems.kind, kinds))),
  ];
}

export type ActivationResult = "notFound" | "unchanged" | "noChannel" | "done";

/**
 * Activates or deactivates a template. Only new users are concerned: an active template is
 * copied to them at signup. Users who already have the preset keep it either way. A template
 * without a channel cannot be activated: no request could be sent.
 */
export async function setTemplateActive(db: Db, actor: StaffActor, id: string, active: boolean): Promise<ActivationResult> {
  assertAdminForCatalog(actor);
  const template = await getTemplate(db, id);
  if (!template) return "notFound";
  if (template.isActive === active) return "unchanged";
  if (active && template.channels.length === 0) return "noChannel";
  await db.batch([
    db.update(requestTemplates).set({ isActive: active, updatedAt: new Date() }).where(eq(requestTemplates.id, id)),
    auditEntry(db, actor, {
      action: active ? "template.activated" : "template.deactivated",
      targetType: "template",
      targetId: id,
      details: { before: { isActive: !active }, after: { isActive: active } },
    }),
  ]);
  return "done";
}

/** Users per INSERT ... SELECT of an offer: each statement binds a handful of parameters, whatever the count. */
const USERS_PER_OFFER_STATEMENT = 500;

const usersRowid = sql<number>`${users}.rowid`;

export type OfferResult = { kind: "notFound" } | { kind: "inactive" } | { kind: "offered"; added: number };

/**
 * "Offer to existing users": gives the preset, with the columns signup gives it
 * (createUserWithPresets), to every user who has no request under the template's id yet.
 *
 * One INSERT ... SELECT per range of users' rowids, so that no statement comes near D1's limit of
 * 100 bound parameters or works through every user at once. The template's values are read inside
 * each statement, which adds nothing if the template is inactive by then. ON CONFLICT DO NOTHING
 * on the requests key (userId, id) makes a second run add nothing. A user who deleted the preset
 * still has its row (status deleted), so they are not given it again.
 *
 * The audit entry goes first in the same batch and counts, in the same transaction, the users
 * the inserts are about to reach, so it records exactly what was added.
 */
export async function offerTemplateToExistingUsers(db: Db, actor: StaffActor, id: string): Promise<OfferResult> {
  assertAdminForCatalog(actor);
  const template = await getTemplate(db, id);
  if (!template) return { kind: "notFound" };
  if (!template.isActive) return { kind: "inactive" };

  const [last] = await db.select({ rowid: sql<number | null>`max(${usersRowid})` }).from(users);
  const lastRowid = Number(last?.rowid ?? 0);
  const now = new Date();

  const activeTemplate = db
    .select({ one: sql`1` })
    .from(requestTemplates)
    .where(and(eq(requestTemplates.id, id), eq(requestTemplates.isActive, true)));
  const hasRequest = db
    .select({ one: sql`1` })
    .from(requests)
    .where(and(eq(requests.userId, users.id), eq(requests.id, id)));
  const lacking = db
    .select({ count: sql`count(*)` })
    .from(users)
    .where(and(lte(usersRowid, lastRowid), notExists(hasRequest), exists(activeTemplate)));

  // Counted inside the batch rather than from its changes: the overview's counters (migration
  // 0010) are kept by triggers, whose writes D1 adds to every insert's count of changes.
  const statements: BatchItem<"sqlite">[] = [
    lacking,
    auditEntry(db, actor, {
      action: "template.offered",
      targetType: "template",
      targetId: id,
      // drizzle writes an SQL expression as the column's value: the count is taken inside the batch.
      details: sql`json_object('added', (${lacking}))` as unknown as Record<string, unknown>,
    }),
  ];
  for (let from = 0; from < lastRowid; from += USERS_PER_OFFER_STATEMENT) {
    const to = Math.min(from + USERS_PER_OFFER_STATEMENT, lastRowid);
    statements.push(
      db
        .insert(requests)
        .select(
          db
            .select({
              userId: users.id,
              id: requestTemplates.id,
              templateId: requestTemplates.id,
              senderName: requestTemplates.title,
              title: requestTemplates.title,
              fullName: users.fullName,
              type: sql`'preset'`.as("type"),
              status: sql`null`.as("status"),
              requiredDays: requestTemplates.requiredDays,
              customerNumber: sql`null`.as("customerNumber"),
              keyCode: sql`null`.as("keyCode"),
              recipientIds: sql`null`.as("recipientIds"),
              street1: users.street1,
              street2: users.street2,
              city: users.city,
              state: users.state,
              zipCode: users.zipCode,
              addressCheck: users.addressCheck,
              queuedAt: sql`null`.as("queuedAt"),
              processedAt: sql`null`.as("processedAt"),
              replyToken: sql`null`.as("replyToken"),
              // Set by the insert trigger when the owner pays for premium (migration 0011).
              ownerPremium: sql`0`.as("ownerPremium"),
              letterProblem: sql`null`.as("letterProblem"),
              emailProblem: sql`null`.as("emailProblem"),
              stillComingAt: sql`null`.as("stillComingAt"),
              followUpStep: sql`0`.as("followUpStep"),
              followUpAt: sql`null`.as("followUpAt"),
              followUpHold: sql`null`.as("followUpHold"),
              firstRequestCitation: sql`null`.as("firstRequestCitation"),
              followUpEvidence: sql`null`.as("followUpEvidence"),
              legalLawId: sql`null`.as("legalLawId"),
              agentPermissionId: sql`null`.as("agentPermissionId"),
              legalReach: sql`null`.as("legalReach"),
              legalByNoticeMethod: sql`null`.as("legalByNoticeMethod"),
              charityDonor: sql`null`.as("charityDonor"),
              charityMailingsPerYear: sql`null`.as("charityMailingsPerYear"),
              senderAddress: sql`null`.as("senderAddress"),
              senderAddressCheck: sql`null`.as("senderAddressCheck"),
              senderAddressFrom: sql`null`.as("senderAddressFrom"),
              senderAddressAt: sql`null`.as("senderAddressAt"),
              returnAddressAskedAt: sql`null`.as("returnAddressAskedAt"),
              firstReminderFor: sql`null`.as("firstReminderFor"),
              senderReviewId: sql`null`.as("senderReviewId"),
              createdAt: sql`${now.getTime()}`.as("createdAt"),
              updatedAt: sql`${now.getTime()}`.as("updatedAt"),
            })
            .from(users)
            .innerJoin(requestTemplates, and(eq(requestTemplates.id, id), eq(requestTemplates.isActive, true)))
            .where(and(gt(usersRowid, from), lte(usersRowid, to))),
        )
        .onConflictDoNothing({ target: [requests.userId, requests.id] }),
    );
  }

  const [counted] = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const added = Number((counted as Array<{ count: unknown }>)[0]?.count ?? 0);
  return { kind: "offered", added };
}
