import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { listTemplatesForStaff } from "~/models/request-template.server";
import { slowestSenders } from "~/models/sender-outcome.server";
import { MIN_CASES, weeksOf } from "~/domain/sender-outcome";
import { requireStaff } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";
import { StaffTable } from "~/components/admin/staff-table";

const SLOWEST_SHOWN = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const db = getDb(context.env.DB);
  const [templates, slowest] = await Promise.all([listTemplatesForStaff(db), slowestSenders(db, SLOWEST_SHOWN)]);
  return {
    isAdmin: staff.role === "admin",
    slowest: slowest.map((sender) => ({
      id: sender.id,
      title: sender.title,
      stopped: `${sender.stopped} of ${sender.cases}`,
      p90: sender.p90Days === null ? null : `${weeksOf(sender.p90Days)} weeks`,
    })),
    senders: templates.map(({ channels, ...template }) => ({
      ...template,
      channelKinds: [...new Set(channels.map((channel) => channel.kind))],
    })),
  };
}

export default function Senders() {
  const { isAdmin, senders, slowest } = useLoaderData<typeof loader>();
  const active = senders.filter((sender) => sender.isActive).length;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Senders</h1>
      <p>
        The request-template catalog: {senders.length} senders, {active} active. Every active sender is added to a new user's dashboard at
        signup; every sender, active or not, is found by name on the add-a-request page.
      </p>
      <p>
        <Link to="/admin/senders/requested">What people asked for</Link>: senders whose requests wait for a channel, most waiting first, and
        senders the catalog did not know, to link or add.
      </p>
      {isAdmin ? (
        <p className="actions">
          <Link to="/admin/senders/new" className="button">
            Add a sender
          </Link>
        </p>
      ) : (
        <p className="muted">Only the admin may add or change senders.</p>
      )}
      <h2 id="slowest-title">Slowest to stop</h2>
      {slowest.length > 0 ? (
        <StaffTable
          columns={["Sender", "Stopped", "Last piece, 90 in 100 within"]}
          labelledBy="slowest-title"
          caption="Senders that stop their mail least, lowest share first"
        >
          {slowest.map((sender) => (
            <tr key={sender.id}>
              <td>
                <Link to={`/admin/senders/${encodeURIComponent(sender.id)}`}>{sender.title}</Link>
              </td>
              <td>{sender.stopped}</td>
              <td>{sender.p90 ?? <span className="muted">no pieces seen</span>}</td>
            </tr>
          ))}
        </StaffTable>
      ) : (
        <p className="muted">No sender has {MIN_CASES} requests with a known outcome yet.</p>
      )}
      <h2 id="all-senders-title">All senders</h2>
      <StaffTable
        columns={["Sender", "Category", "Channels", "Accepts agents", "Consumer files", "Confidence", "Active", "Users with it"]}
        labelledBy="all-senders-title"
        caption="Senders by name"
      >
        {senders.map((sender) => (
          <tr key={sender.id}>
            <td>
              <Link to={`/admin/senders/${encodeURIComponent(sender.id)}`}>{sender.title}</Link>
              <br />
              <span className="muted">{sender.id}</span>
            </td>
            <td>{sender.category}</td>
            <td>{sender.channelKinds.length > 0 ? sender.channelKinds.join(", ") : <span className="muted">none</span>}</td>
            <td>{sender.acceptsAgent}</td>
            <td>{sender.consumerFiles ? "yes" : "no"}</td>
            <td>{sender.confidence}</td>
            <td>{sender.isActive ? "active" : "inactive"}</td>
            <td>{sender.holders}</td>
          </tr>
        ))}
      </StaffTable>
    </section>
  );
}

export const meta = () => pageMeta("Senders");
