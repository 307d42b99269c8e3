import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DEFAULT_TIME_ZONE, formatDate } from "~/domain/dates";
import { PLAN_DETAILS } from "~/domain/plans";
import { freeRequestsLeft } from "~/domain/requests";
import { searchUsers, USER_SEARCH_LIMIT } from "~/models/staff-users.server";
import { requireStaff } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";
import { StaffTable } from "~/components/admin/staff-table";

const MAX_QUERY_LENGTH = 320;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const found = await searchUsers(getDb(context.env.DB), query);
  return {
    query,
    limit: USER_SEARCH_LIMIT,
    users: found.map((user) => ({
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      state: user.state,
      // Product rules: Free requests and plans: the subscription id, not the plan field, says whether someone subscribed.
      plan: user.stripeSubscriptionId ? (user.plan ? PLAN_DETAILS[user.plan].name : "Subscribed") : "Free",
      freeLeft: freeRequestsLeft(user.numOfFreeRequest),
      signedUp: formatDate(user.createdAt, DEFAULT_TIME_ZONE),
    })),
  };
}

export default function StaffUsers() {
  const { query, limit, users } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Users</h1>
      <Form method="get" className="filters" role="search">
        <div className="field">
          <label htmlFor="user-search">Email or user id</label>
          <p className="hint" id="user-search-hint">
            The start of an email (jane@, jane.doe@exam) or a whole user id.
          </p>
          <input
            id="user-search"
            name="q"
            type="search"
            defaultValue={query}
            maxLength={MAX_QUERY_LENGTH}
            aria-describedby="user-search-hint"
          />
        </div>
        <button type="submit" className="button">
          Find users
        </button>
        {query ? (
          <Link to="/admin/users" className="button-quiet">
            Show the newest users
          </Link>
        ) : null}
      </Form>

      <p className="muted" role="status">
        {query
          ? users.length === 0
            ? `No user has the id “${query}” or an email starting with it.`
            : `${users.length === limit ? `The ${limit} newest` : users.length} matching “${query}”, newest first.`
          : `The ${limit} newest users.`}
      </p>

      {users.length > 0 ? (
        <StaffTable
          columns={["Email", "Name", "State", "Plan", "Free requests left", "Signed up", <span className="visually-hidden">Open</span>]}
          label="Users"
        >
          {users.map((user) => (
            <tr key={user.id}>
              <td className="email-address">{user.email}</td>
              <td>{user.fullName}</td>
              <td>{user.state}</td>
              <td>{user.plan}</td>
              <td>{user.freeLeft}</td>
              <td>{user.signedUp}</td>
              <td>
                <Link to={`/admin/users/${encodeURIComponent(user.id)}`} aria-label={`Open ${user.email}`}>
                  Open
                </Link>
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
    </section>
  );
}

export const meta = () => pageMeta("Users");
