import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SenderForm } from "~/components/admin/sender-fields";
import { DEFAULT_REQUIRED_DAYS, NewSenderSchema, SENDER_FORM_MESSAGES } from "~/domain/sender-form";
import { CATALOG_LINK_MESSAGES } from "~/domain/sender-catalog";
import { senderIdFor } from "~/domain/sender-search";
import { createTemplate, listTemplateCategories, TemplateIdTakenError } from "~/models/request-template.server";
import { getCustomNameGroup } from "~/models/sender-names.server";
import { requireAdmin, requireStaff } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";
import { changingPublicPages } from "~/services/public-pages.server";

/** The group of custom requests the new sender is made from (/admin/senders/requested), if any. */
async function groupFrom(db: ReturnType<typeof getDb>, key: string | null) {
  return key ? getCustomNameGroup(db, key) : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const db = getDb(context.env.DB);
  const group = await groupFrom(db, new URL(request.url).searchParams.get("fromGroup"));
  return { isAdmin: staff.role === "admin", categories: await listTemplateCategories(db), group };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireAdmin(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: NewSenderSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const db = getDb(context.env.DB);
  const fromGroup = formData.get("fromGroup");
  const group = typeof fromGroup === "string" && fromGroup ? await groupFrom(db, fromGroup) : null;
  if (fromGroup && !group) return data(submission.reply({ formErrors: [CATALOG_LINK_MESSAGES.groupGone] }), { status: 409 });
  try {
    const template = await changingPublicPages(request, context, () => createTemplate(db, staff, submission.value, group));
    return redirect(`/admin/senders/${encodeURIComponent(template.id)}`, 303);
  } catch (error) {
    if (error instanceof TemplateIdTakenError)
      return data(submission.reply({ fieldErrors: { id: [SENDER_FORM_MESSAGES.idTaken] } }), { status: 400 });
    throw error;
  }
}

export default function NewSender() {
  const { isAdmin, categories, group } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="page-title">
      <p className="eyebrow">
        <Link to="/admin/senders">Senders</Link>
      </p>
      <h1 id="page-title">Add a sender</h1>
      {isAdmin ? (
        <>
          {group ? (
            <p>
              Made from what people typed: {group.names.map((entry) => `“${entry.name}”`).join(", ")}. Adding it links their{" "}
              {group.requests} {group.requests === 1 ? "request" : "requests"} to it, and those names find it from then on. It is found by
              search; activate it on its page if every new user should get it.
            </p>
          ) : (
            <p>
              A sender with a channel starts active: users who sign up from now on get it on their dashboard. Existing users get it when you
              offer it to them from its page.
            </p>
          )}
          <SenderForm
            lastResult={lastResult}
            defaultValue={{
              acceptsAgent: "unknown",
              confidence: "medium",
              requiredDays: String(DEFAULT_REQUIRED_DAYS),
              ...(group ? { title: group.names[0]!.name, id: senderIdFor(group.names[0]!.name) } : {}),
            }}
            categories={categories}
            withId
          >
            {group ? <input type="hidden" name="fromGroup" value={group.key} /> : null}
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
