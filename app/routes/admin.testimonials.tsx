import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { DEFAULT_TIME_ZONE, formatDateTime } from "~/domain/dates";
import { attribution, CONSENT_METHOD_LABELS, hasRecordedConsent, HOME_TESTIMONIAL_LIMIT } from "~/domain/testimonials";
import { listTestimonialsForStaff } from "~/models/testimonial.server";
import { requireStaff } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const testimonials = await listTestimonialsForStaff(getDb(context.env.DB));
  return {
    isAdmin: staff.role === "admin",
    deleted: new URL(request.url).searchParams.get("deleted") === "1",
    testimonials: testimonials.map((testimonial) => ({
      id: testimonial.id,
      quote: testimonial.quote,
      who: attribution(testimonial),
      consent: hasRecordedConsent(testimonial) ? `${CONSENT_METHOD_LABELS[testimonial.consentMethod!]}, ${testimonial.consentDate}` : null,
      isPublished: testimonial.isPublished,
      publishedAt: testimonial.publishedAt ? formatDateTime(testimonial.publishedAt, DEFAULT_TIME_ZONE) : null,
    })),
  };
}

export default function Testimonials() {
  const { isAdmin, deleted, testimonials } = useLoaderData<typeof loader>();
  const published = testimonials.filter((testimonial) => testimonial.isPublished).length;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Testimonials</h1>
      {deleted ? (
        <p className="notice" role="status">
          The testimonial is deleted. The audit trail keeps what it said and its consent.
        </p>
      ) : null}
      <p>
        Customers' words for the home page: {testimonials.length} recorded, {published} published. The home page shows the{" "}
        {HOME_TESTIMONIAL_LIMIT} most recently published, and never one without a recorded consent.
      </p>
      {isAdmin ? (
        <p className="actions">
          <Link to="/admin/testimonials/new" className="button">
            Add a testimonial
          </Link>
        </p>
      ) : (
        <p className="muted">Only the admin may add, change, publish or delete testimonials.</p>
      )}
      {testimonials.length > 0 ? (
        <ul className="plain testimonial-list" aria-label="Testimonials, published first">
          {testimonials.map((testimonial) => (
            <li className="card" key={testimonial.id}>
              <p>
                <Link to={`/admin/testimonials/${encodeURIComponent(testimonial.id)}`}>{testimonial.quote}</Link>
              </p>
              <p className="muted">Shown as {testimonial.who}</p>
              <p>
                <span className="status">{testimonial.isPublished ? "published" : "not published"}</span>
                {testimonial.publishedAt ? ` since ${testimonial.publishedAt}` : null}
                {" · "}Consent: {testimonial.consent ?? "not recorded"}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No testimonials yet: the home page leaves the section out until one is published.</p>
      )}
    </section>
  );
}

export const meta = () => pageMeta("Testimonials");
