import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SenderForm } from "~/components/admin/sender-fields";
import { DEFAULT_REQUIRED_DAYS, NewSenderSchema, SENDER_FORM_MESSAGES } from "~/domain/sender-form";
import { createTemplate, listTemplateCategories, TemplateIdTakenError } from "~/models/request-template.server";
import { requireAdmin, requireStaff } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  return { isAdmin: staff.role === "admin", categories: await listTemplateCategories(getDb(context.env.DB)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireAdmin(request, context);
  const submission = parseWithZod(await request.formData(), { schema: NewSenderSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const template = await createTemplate(getDb(context.env.DB), staff, submission.value);
    return redirect(`/admin/senders/${encodeURIComponent(template.id)}`, 303);
  } catch (error) {
    if (error instanceof TemplateIdTakenError)
      return data(submission.reply({ fieldErrors: { id: [SENDER_FORM_MESSAGES.idTaken] } }), { status: 400 });
    throw error;
  }
}

export default function NewSender() {
  const { isAdmin, categories } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="page-title">
      <p className="eyebrow">
        <Link to="/admin/senders">Senders</Link>
      </p>
      <h1 id="page-title">Add a sender</h1>
      {isAdmin ? (
        <>
          <p>
            A sender with a channel starts active: users who sign up from now on get it on their dashboard. Existing users get it when you
            offer it to them from its page.
          </p>
          <SenderForm
            lastResult={lastResult}
            defaultValue={{ acceptsAgent: "unknown", confidence: "medium", requiredDays: String(DEFAULT_REQUIRED_DAYS) }}
            categories={categories}
            withId
          >
            <p className="actions">
              <button type="submit" className="button">
                Add sender
              </button>
              <Link to="/admin/senders">Cancel</Link>
            </p>
          </SenderForm>
        </>
      ) : (
        <p className="notice">Only the admin may add senders.</p>
      )}
    </section>
  );
}

export const meta = () => pageMeta("Add a sender");
