import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { PostOutcome } from "~/components/ui/form";
import { CATALOG_LINK_MESSAGES } from "~/domain/sender-catalog";
import { linkCustomGroupToSender, listCustomNameGroups, searchSenders } from "~/models/sender-names.server";
import { requireAdmin, requireStaff } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";
import { changingPublicPages } from "~/services/public-pages.server";

/** Groups shown at once, most asked first: each reads the catalog for its suggestions. */
const GROUPS_SHOWN = 50;

const LinkSchema = z.object({
  key: z.string().trim().min(1).max(200),
  templateId: z.string().trim().min(1, "Please enter a sender's id, as /admin/senders shows it.").max(80),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const db = getDb(context.env.DB);
  const groups = await listCustomNameGroups(db);
  const shown = await Promise.all(
    groups.slice(0, GROUPS_SHOWN).map(async (group) => ({
      ...group,
      suggestions: await searchSenders(db, group.names[0]!.name, { limit: 3 }),
    })),
  );
  const linked = new URL(request.url).searchParams.get("linked");
  return { isAdmin: staff.role === "admin", groups: shown, total: groups.length, linked };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireAdmin(request, context);
  const parsed = LinkSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 });
  const { key, templateId } = parsed.data;
  const outcome = await changingPublicPages(request, context, () => linkCustomGroupToSender(getDb(context.env.DB), staff, key, templateId));
  if (outcome.kind === "groupGone") return data({ error: CATALOG_LINK_MESSAGES.groupGone }, { status: 409 });
  if (outcome.kind === "senderNotFound") return data({ error: CATALOG_LINK_MESSAGES.senderNotFound }, { status: 400 });
  return redirect(`/admin/senders/requested?linked=${encodeURIComponent(templateId)}#outcome`, 303);
}

export default function RequestedSenders() {
  const { isAdmin, groups, total, linked } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <section aria-labelledby="page-title">
      <p className="eyebrow">
        <Link to="/admin/senders">Senders</Link>
      </p>
      <h1 id="page-title">What people asked for</h1>
      <p>
        Requests for senders the catalog did not know, grouped however they were typed (“lands end”, “Lands End Inc” and “LANDS’ END”
        together), most asked first. Linking a group to a sender gives its requests the sender&apos;s channels, and makes the typed names
        find the sender from then on.
      </p>
      <div id="outcome">
        <PostOutcome
          notice={linked ? `Linked to ${linked}. Those requests now show in the work queue under that sender.` : null}
          error={refused?.error ?? null}
        />
      </div>
      {groups.length === 0 ? <p className="muted">Nothing waiting: every request names a sender in the catalog.</p> : null}
      {total > groups.length ? (
        <p className="muted">
          The {groups.length} most asked of {total} groups.
        </p>
      ) : null}
      <ul className="plain">
        {groups.map((group) => (
          <li className="card" key={group.key} aria-labelledby={`group-${group.key}`}>
            <h2 id={`group-${group.key}`}>{group.names[0]!.name}</h2>
            <p>
              {group.people} {group.people === 1 ? "person" : "people"}, {group.requests} {group.requests === 1 ? "request" : "requests"}.
              Typed as: {group.names.map((entry) => `“${entry.name}” (${entry.requests})`).join(", ")}.
            </p>
            {isAdmin ? (
              <>
                {group.suggestions.length > 0 ? (
                  <div className="actions">
                    {group.suggestions.map((suggestion) => (
                      <Form method="post" key={suggestion.id}>
                        <input type="hidden" name="key" value={group.key} />
                        <input type="hidden" name="templateId" value={suggestion.id} />
                        <button type="submit" className="button button-quiet">
                          Link to {suggestion.title}
                        </button>{" "}
                        <span className="muted">{suggestion.category}</span>
                      </Form>
                    ))}
                  </div>
                ) : (
                  <p className="muted">No sender in the catalog looks like it.</p>
                )}
                <Form method="post" className="form link-by-id">
                  <input type="hidden" name="key" value={group.key} />
                  <div className="field">
                    <label htmlFor={`sender-${group.key}`}>Another sender&apos;s id</label>
                    <p className="hint" id={`sender-${group.key}-hint`}>
                      As the <Link to="/admin/senders">senders list</Link> shows it, e.g. lands-end.
                    </p>
                    <input id={`sender-${group.key}`} name="templateId" maxLength={80} aria-describedby={`sender-${group.key}-hint`} />
                  </div>
                  <button type="submit" className="button button-quiet">
                    Link
                  </button>
                </Form>
                <p>
                  <Link to={`/admin/senders/new?fromGroup=${encodeURIComponent(group.key)}`}>Add it as a new sender</Link>
                </p>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {isAdmin ? null : <p className="muted">Only the admin may link requests or add senders.</p>}
    </section>
  );
}

export const meta = () => pageMeta("What people asked for");
