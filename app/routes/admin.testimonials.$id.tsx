import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AuditHistory } from "~/components/admin/audit-history";
import { TestimonialForm } from "~/components/admin/testimonial-form";
import { ErrorList, PostOutcome } from "~/components/ui/form";
import { auditHistoryRows } from "~/domain/audit-details";
import { DEFAULT_TIME_ZONE, formatDateTime } from "~/domain/dates";
import {
  attribution,
  CONSENT_METHOD_LABELS,
  hasRecordedConsent,
  TESTIMONIAL_MESSAGES,
  testimonialSchema,
  todayInUtc,
  type TestimonialFields,
} from "~/domain/testimonials";
import { listAudit, type StaffActor } from "~/models/audit.server";
import { deleteTestimonial, getTestimonial, setTestimonialPublished, updateTestimonial } from "~/models/testimonial.server";
import { requireAdmin, requireStaff } from "~/services/auth.server";
import { getDb, type Db } from "~/utils/db.server";
import { isUnknownIntent, unknownIntent } from "~/utils/intent";
import { invariantResponse } from "~/utils/http-errors";
import { pageMeta } from "~/utils/meta";
import { changingPublicPages } from "~/services/public-pages.server";

const SAVED_NOTICES: Record<string, string> = {
  added: "Testimonial added. Publish it once its consent is recorded.",
  changed: "Changes saved.",
  unchanged: "Nothing had changed.",
  published: "Published: it is on the home page now.",
  unpublished: "Unpublished: it is no longer on the home page.",
};

/** The consent date may not be in the future: the schema is built for the day of the post. */
const testimonialActionSchema = (today: string) =>
  z.discriminatedUnion("intent", [
    testimonialSchema(today).extend({ intent: z.literal("update") }),
    z.object({ intent: z.literal("publish") }),
    z.object({ intent: z.literal("unpublish") }),
    z.object({ intent: z.literal("delete") }),
  ]);

type TestimonialAction = ReturnType<typeof testimonialActionSchema>;
type TestimonialSubmission = Submission<z.input<TestimonialAction>, string[], z.output<TestimonialAction>>;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const db = getDb(context.env.DB);
  const id = params.id ?? "";
  const [testimonial, history] = await Promise.all([getTestimonial(db, id), listAudit(db, { targetType: "testimonial", targetId: id })]);
  invariantResponse(testimonial);
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    isAdmin: staff.role === "admin",
    testimonial: {
      id: testimonial.id,
      quote: testimonial.quote,
      who: attribution(testimonial),
      consent: hasRecordedConsent(testimonial)
        ? `${CONSENT_METHOD_LABELS[testimonial.consentMethod!]}, given on ${testimonial.consentDate}`
        : null,
      isPublished: testimonial.isPublished,
      publishedAt: testimonial.publishedAt ? formatDateTime(testimonial.publishedAt, DEFAULT_TIME_ZONE) : null,
    },
    defaultValue: {
      quote: testimonial.quote,
      displayName: testimonial.displayName,
      city: testimonial.city,
      consentDate: testimonial.consentDate ?? "",
      consentMethod: testimonial.consentMethod ?? "",
    },
    history: auditHistoryRows(history, DEFAULT_TIME_ZONE),
    notice: saved ? (SAVED_NOTICES[saved] ?? null) : null,
  };
}

async function updateIntent(db: Db, staff: StaffActor, id: string, submission: TestimonialSubmission, values: TestimonialFields) {
  const outcome = await updateTestimonial(db, staff, id, values);
  invariantResponse(outcome.kind !== "notFound");
  if (outcome.kind === "keepConsent") {
    const result = submission.reply({ fieldErrors: { consentDate: [TESTIMONIAL_MESSAGES.keepConsentWhilePublished] } });
    return data({ intent: "update" as const, result }, { status: 400 });
  }
  return redirect(`/admin/testimonials/${encodeURIComponent(id)}?saved=${outcome.changed.length > 0 ? "changed" : "unchanged"}`, 303);
}

async function publishIntent(db: Db, staff: StaffActor, id: string, published: boolean) {
  const outcome = await setTestimonialPublished(db, staff, id, published);
  invariantResponse(outcome !== "notFound");
  if (outcome === "noConsent")
    return data({ intent: "publish" as const, message: TESTIMONIAL_MESSAGES.publishNeedsConsent }, { status: 400 });
  return redirect(`/admin/testimonials/${encodeURIComponent(id)}?saved=${published ? "published" : "unpublished"}`, 303);
}

async function deleteIntent(db: Db, staff: StaffActor, id: string) {
  invariantResponse(await deleteTestimonial(db, staff, id));
  return redirect("/admin/testimonials?deleted=1", 303);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requireAdmin(request, context);
  const db = getDb(context.env.DB);
  const id = params.id ?? "";
  invariantResponse(await getTestimonial(db, id));
  const submission = parseWithZod(await request.formData(), { schema: testimonialActionSchema(todayInUtc()) });
  if (submission.status !== "success") {
    if (isUnknownIntent(submission)) return unknownIntent();
    return data({ intent: "update" as const, result: submission.reply() }, { status: 400 });
  }
  const value = submission.value;
  return changingPublicPages(request, context, async () => {
    switch (value.intent) {
      case "update":
        return updateIntent(db, staff, id, submission, value);
      case "publish":
      case "unpublish":
        return publishIntent(db, staff, id, value.intent === "publish");
      case "delete":
        return deleteIntent(db, staff, id);
    }
  });
}

export default function Testimonial() {
  const { isAdmin, testimonial, defaultValue, history, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const publishMessage = actionData?.intent === "publish" ? actionData.message : null;
  const otherMessage = actionData?.intent === "unknown" ? actionData.message : null;
  // Posts go to the bare URL, so that a notice in the query is not shown again.
  const self = `/admin/testimonials/${encodeURIComponent(testimonial.id)}`;
  return (
    <section aria-labelledby="page-title">
      <p className="eyebrow">
        <Link to="/admin/testimonials">Testimonials</Link>
      </p>
      <h1 id="page-title">Testimonial from {testimonial.who}</h1>
      <PostOutcome notice={notice} error={otherMessage} />

      <figure className="card testimonial-preview">
        <blockquote>
          <p>{testimonial.quote}</p>
        </blockquote>
        <figcaption>{testimonial.who}</figcaption>
      </figure>
      <p>
        <span className="status">{testimonial.isPublished ? "published" : "not published"}</span>{" "}
        {testimonial.isPublished ? `On the home page since ${testimonial.publishedAt}.` : "Not on the home page."} Consent:{" "}
        {testimonial.consent ?? "not recorded."}
      </p>

      {isAdmin ? (
        <>
          <h2>Home page</h2>
          <Form method="post" action={self} className="actions">
            <input type="hidden" name="intent" value={testimonial.isPublished ? "unpublish" : "publish"} />
            <button
              type="submit"
              className={testimonial.isPublished ? "button button-quiet" : "button"}
              aria-describedby={publishMessage ? "publish-error" : undefined}
            >
              {testimonial.isPublished ? "Unpublish" : "Publish"}
            </button>
          </Form>
          <ErrorList id="publish-error" errors={publishMessage ? [publishMessage] : undefined} />

          <h2>Edit</h2>
          <TestimonialForm
            lastResult={actionData?.intent === "update" ? actionData.result : undefined}
            defaultValue={defaultValue}
            action={self}
          >
            <input type="hidden" name="intent" value="update" />
            <p className="actions">
              <button type="submit" className="button">
                Save changes
              </button>
            </p>
          </TestimonialForm>

          <h2>Delete</h2>
          <Form method="post" action={self}>
            <input type="hidden" name="intent" value="delete" />
            <p className="muted">
              Deleting removes it from the home page and this list; the audit trail keeps what it said and its consent.
            </p>
            <button type="submit" className="button button-quiet">
              Delete testimonial
            </button>
          </Form>
        </>
      ) : (
        <p className="note">Only the admin may change, publish or delete testimonials.</p>
      )}

      <AuditHistory title="History" entries={history} empty="No staff changes recorded." />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data ? `Testimonial from ${data.testimonial.who}` : "Testimonial");
