import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { InputField, PostOutcome } from "~/components/ui/form";
import { CATALOG_LINK_MESSAGES } from "~/domain/sender-catalog";
import { linkCustomGroupToSender, listCustomNameGroups, searchSenders } from "~/models/sender-names.server";
import { listSendersWaitingOnChannel } from "~/models/sender-channels.server";
import { StaffTable } from "~/components/admin/staff-table";
import { DEFAULT_TIME_ZONE, formatDateTime } from "~/domain/dates";
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
  const [groups, withoutChannel] = await Promise.all([listCustomNameGroups(db), listSendersWaitingOnChannel(db)]);
  const shown = await Promise.all(
    groups.slice(0, GROUPS_SHOWN).map(async (group) => ({
      ...group,
      oldestWaitingAt: group.oldestWaitingAt ? formatDateTime(group.oldestWaitingAt, DEFAULT_TIME_ZONE) : null,
      suggestions: await searchSenders(db, group.names[0]!.name, { limit: 3 }),
    })),
  );
  const linked = new URL(request.url).searchParams.get("linked");
  return {
    isAdmin: staff.role === "admin",
    groups: shown,
    total: groups.length,
    linked,
    withoutChannel: withoutChannel.map((sender) => ({
      ...sender,
      oldestQueuedAt: sender.oldestQueuedAt ? formatDateTime(sender.oldestQueuedAt, DEFAULT_TIME_ZONE) : null,
    })),
  };
}

/** A refused link: the message, and the group whose id field it belongs next to (none when the group is gone). */
const refuse = (error: string, status: 400 | 409, about: { key: string; templateId: string } | null) => data({ error, about }, { status });

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireAdmin(request, context);
  const fields = Object.fromEntries(await request.formData());
  const parsed = LinkSchema.safeParse(fields);
  if (!parsed.success) {
    const typed = typeof fields.key === "string" ? { key: fields.key, templateId: String(fields.templateId ?? "") } : null;
    return refuse(parsed.error.issues[0]!.message, 400, typed);
  }
  const { key, templateId } = parsed.data;
  const outcome = await changingPublicPages(request, context, () => linkCustomGroupToSender(getDb(context.env.DB), staff, key, templateId));
  if (outcome.kind === "groupGone") return refuse(CATALOG_LINK_MESSAGES.groupGone, 409, null);
  if (outcome.kind === "senderNotFound") return refuse(CATALOG_LINK_MESSAGES.senderNotFound, 400, { key, templateId });
  return redirect(`/admin/senders/requested?linked=${encodeURIComponent(templateId)}#outcome`, 303);
}

export default function RequestedSenders() {
  const { isAdmin, groups, total, linked, withoutChannel } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  // A refusal about a group still shown goes next to its id field; any other at the top.
  const fieldRefusal = refused?.about && groups.some((group) => group.key === refused.about?.key) ? refused : null;
  return (
    <section aria-labelledby="page-title">
      <p className="eyebrow">
        <Link to="/admin/senders">Senders</Link>
      </p>
      <h1 id="page-title">What people asked for</h1>
      <p>
        Requests that wait because no one knows yet where to send them: to catalog senders without a channel that works, and to senders the
        catalog did not know. Adding a channel to a sender sends its waiting requests at once.
      </p>

      <h2 id="without-channel">Catalog senders without a channel</h2>
      {withoutChannel.length > 0 ? (
        <StaffTable columns={["Sender", "Requests waiting", "Oldest waiting", "Problem"]} label="Senders without a channel">
          {withoutChannel.map((sender) => (
            <tr key={sender.templateId}>
              <td>
                <Link to={`/admin/senders/${encodeURIComponent(sender.templateId)}`}>{sender.title}</Link>
              </td>
              <td>{sender.waiting}</td>
              <td>{sender.oldestQueuedAt ?? <span className="muted">unknown</span>}</td>
              <td>{sender.problems ? `${sender.problems} channel stopped working` : <span className="muted">no channel known</span>}</td>
            </tr>
          ))}
        </StaffTable>
      ) : (
        <p className="muted">No request waits on a catalog sender without a channel.</p>
      )}

      <h2 id="typed">Senders people typed</h2>
      <p>
        Requests for senders the catalog did not know, grouped however they were typed (“lands end”, “Lands End Inc” and “LANDS’ END”
        together), most asked first. Linking a group to a sender gives its requests the sender&apos;s channels, and makes the typed names
        find the sender from then on.
      </p>
      <div id="outcome">
        <PostOutcome
          notice={linked ? `Linked to ${linked}. Those requests now show in the work queue under that sender.` : null}
          error={fieldRefusal ? null : (refused?.error ?? null)}
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
            <h3 id={`group-${group.key}`}>{group.names[0]!.name}</h3>
            <p>
              {group.people} {group.people === 1 ? "person" : "people"}, {group.requests} {group.requests === 1 ? "request" : "requests"}.
              Typed as: {group.names.map((entry) => `“${entry.name}” (${entry.requests})`).join(", ")}.
              {group.oldestWaitingAt ? ` Oldest waiting since ${group.oldestWaitingAt}.` : null}
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
                  <InputField
                    id={`sender-${group.key}`}
                    name="templateId"
                    label="Another sender's id"
                    hint={
                      <>
                        As the <Link to="/admin/senders">senders list</Link> shows it, e.g. lands-end.
                      </>
                    }
                    maxLength={80}
                    {...(fieldRefusal?.about?.key === group.key
                      ? { defaultValue: fieldRefusal.about.templateId, error: fieldRefusal.error }
                      : {})}
                  />
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
