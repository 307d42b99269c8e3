// The parts of a user's staff page (/admin/users/{id}): each section on its own, fed by the
// route's loader with display-ready values.
import type { RequestStatus } from "../../../drizzle/schema";
import { StaffTable } from "~/components/admin/staff-table";
import { FREE_REQUEST_ALLOWANCE } from "~/domain/requests";

export type UserProfile = {
  id: string;
  email: string;
  fullName: string;
  addressLines: string[];
  addressCheck: string;
  signedUp: string;
  newsletter: boolean;
};

export type UserPlan = {
  name: string;
  state: string;
  subscribed: boolean;
  stripeSubscriptionId: string | null;
  stripeCustomerId: string | null;
  status: string | null;
  cancelAt: string | null;
  periodEnd: string | null;
};

export type UserRequestRow = {
  id: string;
  senderName: string;
  type: string;
  status: RequestStatus | null;
  statusLabel: string;
  queuedAt: string | null;
  processedAt: string | null;
  updatedAt: string;
  history: Array<{ id: string; creator: string; status: string; detail: string | null; at: string }>;
  /** Each sending with its evidence (evidenceRecord), times as the page writes them. */
  delivery: Array<{
    kind: string;
    to: string | null;
    sentAt: string;
    vendor: string;
    vendorId: string | null;
    expectedDeliveryDate: string | null;
    events: Array<{ at: string | null; text: string }>;
  }>;
};

export type UserJobRow = {
  id: string;
  type: string;
  state: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
};

export function ProfileCard({ account }: { account: UserProfile }) {
  return (
    <section className="card" aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <dl>
        <dt>Name</dt>
        <dd>{account.fullName}</dd>
        <dt>Email</dt>
        <dd className="email-address">{account.email}</dd>
        <dt>Address</dt>
        <dd>
          {account.addressLines.map((line) => (
            <span key={line}>
              {line}
              <br />
            </span>
          ))}
        </dd>
        <dt>Address check</dt>
        <dd>{account.addressCheck}</dd>
        <dt>Signed up</dt>
        <dd>{account.signedUp}</dd>
        <dt>Newsletter</dt>
        <dd>{account.newsletter ? "Subscribed" : "Not subscribed"}</dd>
        <dt>User id</dt>
        <dd>
          <code>{account.id}</code>
        </dd>
      </dl>
    </section>
  );
}

export function PlanCard({ plan, freeLeft, allowanceMissing }: { plan: UserPlan; freeLeft: number; allowanceMissing: boolean }) {
  return (
    <section className="card" aria-labelledby="plan-title">
      <h2 id="plan-title">Plan and allowance</h2>
      <dl>
        <dt>Plan</dt>
        <dd>{plan.name}</dd>
        <dt>Subscription</dt>
        <dd>
          {plan.state}
          {plan.status ? <span className="muted"> (payment provider: {plan.status})</span> : null}
        </dd>
        {plan.cancelAt ? (
          <>
            <dt>Ends on</dt>
            <dd>{plan.cancelAt}</dd>
          </>
        ) : null}
        {plan.periodEnd ? (
          <>
            <dt>{plan.subscribed && !plan.cancelAt ? "Renews on" : "Period end"}</dt>
            <dd>{plan.periodEnd}</dd>
          </>
        ) : null}
        <dt>Subscription id</dt>
        <dd>{plan.stripeSubscriptionId ? <code>{plan.stripeSubscriptionId}</code> : "None"}</dd>
        <dt>Customer id</dt>
        <dd>{plan.stripeCustomerId ? <code>{plan.stripeCustomerId}</code> : "None"}</dd>
        <dt>Free requests left</dt>
        <dd>
          {freeLeft}
          {allowanceMissing ? <span className="muted"> (never set: the default of {FREE_REQUEST_ALLOWANCE})</span> : null}
          {plan.subscribed ? <span className="muted"> (not used while subscribed)</span> : null}
        </dd>
      </dl>
    </section>
  );
}

export function UserRequests({ requests }: { requests: UserRequestRow[] }) {
  return (
    <>
      <h2 id="requests-title">Requests</h2>
      {requests.length === 0 ? (
        <p className="muted">No requests.</p>
      ) : (
        <StaffTable
          columns={["Sender", "Type", "Status", "Queued", "Sent to sender", "Updated", "Delivery evidence", "History, newest first"]}
          labelledBy="requests-title"
        >
          {requests.map((row) => (
            <tr key={row.id} id={`request-${row.id}`} className={row.status === "deleted" ? "muted" : undefined}>
              <td>
                {row.status === "deleted" ? <del>{row.senderName}</del> : row.senderName}
                <br />
                <code className="muted">{row.id}</code>
              </td>
              <td>{row.type === "preset" ? "Preset" : "Custom"}</td>
              <td>
                <span className={`status status-${row.status ?? "notSent"}`}>{row.statusLabel}</span>
              </td>
              <td>{row.queuedAt ?? "—"}</td>
              <td>{row.processedAt ?? "—"}</td>
              <td>{row.updatedAt}</td>
              <td>
                {row.delivery.length === 0 ? (
                  "—"
                ) : (
                  <ul>
                    {row.delivery.map((sending) => (
                      <li key={`${sending.kind}-${sending.sentAt}`}>
                        {`${sending.sentAt}: ${sending.kind} to ${sending.to ?? "an address not recorded"}`}
                        {sending.vendorId ? (
                          <>
                            , {sending.vendor} <code>{sending.vendorId}</code>
                          </>
                        ) : null}
                        {sending.expectedDeliveryDate ? `, expected ${sending.expectedDeliveryDate}` : null}
                        {sending.events.map((event, index) => (
                          <span key={index}>
                            <br />
                            {`${event.at ?? "—"}: ${event.text}`}
                          </span>
                        ))}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td>
                {row.history.length === 0 ? (
                  "—"
                ) : (
                  <ul>
                    {row.history.map((entry) => (
                      <li key={entry.id}>
                        {entry.creator === "sender" ? (
                          <>
                            {`${entry.at}: sender, ${entry.status}`}
                            <blockquote className="reply-text">{entry.detail}</blockquote>
                          </>
                        ) : (
                          `${entry.at}: ${entry.creator}, ${entry.status}${entry.detail ? ` (${entry.detail})` : ""}`
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </>
  );
}

export function UserJobs({ jobs }: { jobs: UserJobRow[] }) {
  return (
    <>
      <h2 id="jobs-title">Jobs about this user</h2>
      {jobs.length === 0 ? (
        <p className="muted">No jobs.</p>
      ) : (
        <StaffTable columns={["Job", "State", "Attempts", "Last error", "Created", "Updated"]} labelledBy="jobs-title">
          {jobs.map((job) => (
            <tr key={job.id}>
              <td>
                {job.type}
                <br />
                <code className="muted">{job.id}</code>
              </td>
              <td>{job.state}</td>
              <td>{job.attempts}</td>
              <td>{job.lastError ?? "—"}</td>
              <td>{job.createdAt}</td>
              <td>{job.updatedAt}</td>
            </tr>
          ))}
        </StaffTable>
      )}
    </>
  );
}
