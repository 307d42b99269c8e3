import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { TestimonialForm } from "~/components/admin/testimonial-form";
import { testimonialSchema, todayInUtc } from "~/domain/testimonials";
import { createTestimonial } from "~/models/testimonial.server";
import { requireAdmin, requireStaff } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";
import { changingPublicPages } from "~/services/public-pages.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  return { isAdmin: staff.role === "admin" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireAdmin(request, context);
  const submission = parseWithZod(await request.formData(), { schema: testimonialSchema(todayInUtc()) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const id = await changingPublicPages(request, context, () => createTestimonial(getDb(context.env.DB), staff, submission.value));
  return redirect(`/admin/testimonials/${encodeURIComponent(id)}?saved=added`, 303);
}

export default function NewTestimonial() {
  const { isAdmin } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="page-title">
      <p className="eyebrow">
        <Link to="/admin/testimonials">Testimonials</Link>
      </p>
      <h1 id="page-title">Add a testimonial</h1>
      {isAdmin ? (
        <>
          <p>A new testimonial starts unpublished. Publish it from its page once its consent is recorded.</p>
          <TestimonialForm lastResult={lastResult} defaultValue={{}}>
            <p className="actions">
              <button type="submit" className="button">
                Add testimonial
              </button>
              <Link to="/admin/testimonials">Cancel</Link>
            </p>
          </TestimonialForm>
        </>
      ) : (
        <p className="notice">Only the admin may add testimonials.</p>
      )}
    </section>
  );
}

export const meta = () => pageMeta("Add a testimonial");
