import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { z } from "zod";
import { auditHistoryRows } from "~/domain/audit-details";
import { ErrorSummary, SelectField, TextField } from "~/components/ui/form";
import { DEFAULT_TIME_ZONE, formatDate, formatDateTime } from "~/domain/dates";
import { PLAN_DETAILS, PLAN_IDS, SUBSCRIPTION_STATE_LABELS, subscriptionStateOf } from "~/domain/plans";
import { freeRequestsLeft, STATUS_LABELS } from "~/domain/requests";
import { evidenceRecord, expectedDateText } from "~/domain/request-evidence";
import { isSameAddress } from "~/domain/address";
import { ADDRESS_CHECK_STAFF_LABELS, wantsAddressAsTyped } from "~/domain/address-check";
import { enteredAddress, NameAndAddressSchema } from "~/domain/signup";
import { checkAddress } from "~/integrations/address-verification.server";
import { adminUpdateUser, getStaffUserPage, type StaffUserChanges } from "~/models/staff-users.server";
import { accountOf, ForbiddenUpdateError } from "~/models/user.server";
import { refuseAddress } from "~/services/address-check.server";
import { requireAdmin, requireStaff } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { invariantResponse } from "~/utils/http-errors";
import { pageMeta } from "~/utils/meta";
import { AuditHistory } from "~/components/admin/audit-history";
import { PlanCard, ProfileCard, UserJobs, UserRequests } from "~/components/admin/user-sections";
import { isAddressDoubt, KeepAsTypedChoice } from "~/components/name-and-address-form";

const REASON_MESSAGE = "Say why you are making this change.";
const ALLOWANCE_MESSAGE = "Enter a whole number from 0 to 1000.";
const PLAN_MESSAGE = "Choose Basic, Premium or no plan.";
const NOTHING_CHANGED = "Nothing changed.";
const PLAN_LABELS = Object.fromEntries(PLAN_IDS.map((id) => [id, PLAN_DETAILS[id].name]));

// The name and address as signup checks them, plus what only the admin may set.
const EditUserSchema = NameAndAddressSchema.extend({
  numOfFreeRequest: z.number({ error: ALLOWANCE_MESSAGE }).int(ALLOWANCE_MESSAGE).min(0, ALLOWANCE_MESSAGE).max(1000, ALLOWANCE_MESSAGE),
  // An empty choice arrives as undefined: the user has no plan.
  plan: z.enum(PLAN_IDS, { error: PLAN_MESSAGE }).optional(),
  reason: z.string({ error: REASON_MESSAGE }).trim().min(3, REASON_MESSAGE).max(500, REASON_MESSAGE),
});

const FIELD_LABELS: Record<string, string> = {
  fullName: "Full name",
  street1: "Street address",
  street2: "Apartment, suite, unit",
  city: "City",
  state: "State",
  zipCode: "ZIP code",
  addressCheck: "Address check",
  numOfFreeRequest: "Free requests left",
  plan: "Plan",
};

const at = (date: Date | null) => (date ? formatDateTime(date, DEFAULT_TIME_ZONE) : null);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const page = await getStaffUserPage(getDb(context.env.DB), params.id ?? "");
  invariantResponse(page);
  const { account } = page;
  const subscriptionState = subscriptionStateOf(account);

  return {
    canEdit: staff.role === "admin",
    saved: new URL(request.url).searchParams.get("saved") === "1",
    account: {
      id: account.id,
      email: account.email,
      fullName: account.fullName,
      addressLines: [account.street1, account.street2, `${account.city}, ${account.state} ${account.zipCode}`].filter(Boolean) as string[],
      addressCheck: account.addressCheck ? ADDRESS_CHECK_STAFF_LABELS[account.addressCheck] : "Not recorded",
      signedUp: formatDateTime(account.createdAt, DEFAULT_TIME_ZONE),
      newsletter: account.newsletter,
    },
    plan: {
      name: account.plan ? PLAN_DETAILS[account.plan].name : "None",
      state: SUBSCRIPTION_STATE_LABELS[subscriptionState],
      subscribed: Boolean(account.stripeSubscriptionId),
      stripeSubscriptionId: account.stripeSubscriptionId,
      stripeCustomerId: account.stripeCustomerId,
      status: account.subscriptionStatus,
      cancelAt: account.subscriptionCancelAt ? formatDate(account.subscriptionCancelAt, DEFAULT_TIME_ZONE) : null,
      periodEnd: account.subscriptionPeriodEnd ? formatDate(account.subscriptionPeriodEnd, DEFAULT_TIME_ZONE) : null,
    },
    freeLeft: freeRequestsLeft(account.numOfFreeRequest),
    allowanceMissing: account.numOfFreeRequest === null,
    requests: page.requests.map((row) => ({
      id: row.id,
      senderName: row.senderName,
      type: row.type,
      status: row.status,
      statusLabel: STATUS_LABELS[row.status ?? "notSent"],
      queuedAt: at(row.queuedAt),
      processedAt: at(row.processedAt),
      updatedAt: at(row.updatedAt)!,
      delivery: row.delivery
        .map((evidence) => evidenceRecord(evidence, row.senderName))
        .map((sending) => ({
          ...sending,
          sentAt: at(new Date(sending.sentAt))!,
          expectedDeliveryDate: expectedDateText(sending.expectedDeliveryDate),
          events: sending.events.map((event) => ({ ...event, at: event.at ? at(new Date(event.at)) : null })),
        })),
      history: row.history.map((entry) => ({
        id: entry.id,
        creator: entry.creator,
        status: entry.status,
        detail: entry.detail,
        at: at(entry.createdAt)!,
      })),
    })),
    jobs: page.jobs.map((job) => ({ ...job, createdAt: at(job.createdAt)!, updatedAt: at(job.updatedAt)! })),
    audit: auditHistoryRows(page.audit, DEFAULT_TIME_ZONE, FIELD_LABELS),
    defaultValue: {
      fullName: account.fullName,
      street1: account.street1,
      street2: account.street2 ?? "",
      city: account.city,
      state: account.state,
      zipCode: account.zipCode,
      numOfFreeRequest: String(freeRequestsLeft(account.numOfFreeRequest)),
      plan: account.plan ?? "",
      reason: "",
    },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const userId = params.id ?? "";
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: EditUserSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const db = getDb(context.env.DB);
  const [current] = await accountOf(db, userId);
  invariantResponse(current);
  const { reason, plan, fullName, numOfFreeRequest } = submission.value;
  const entered = enteredAddress(submission.value);
  // A changed address is checked as everywhere else; the one on file stays as it was checked.
  let address: StaffUserChanges = {};
  if (!isSameAddress(entered, current)) {
    const verdict = await checkAddress(context.env, entered, { keepAsTyped: wantsAddressAsTyped(formData) });
    if (verdict.kind !== "accepted") return refuseAddress(submission, verdict);
    address = { ...verdict.address, street2: verdict.address.street2 || null, addressCheck: verdict.check };
  }
  const changes: StaffUserChanges = { fullName, numOfFreeRequest, plan: plan ?? null, ...address };
  let result;
  try {
    result = await adminUpdateUser(db, admin, userId, changes, reason);
  } catch (error) {
    if (error instanceof ForbiddenUpdateError) throw new Response(error.message, { status: 403 });
    throw error;
  }
  invariantResponse(result.kind !== "notFound");
  if (result.kind === "unchanged") return data(submission.reply({ formErrors: [NOTHING_CHANGED] }), { status: 400 });
  return redirect(`/admin/users/${encodeURIComponent(userId)}?saved=1`, 303);
}

export default function StaffUser() {
  const { canEdit, saved, account, plan, freeLeft, allowanceMissing, requests, jobs, audit } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-title">
      <p className="muted">
        <Link to="/admin/users">Users</Link>
      </p>
      <h1 id="page-title">{account.fullName}</h1>
      {saved ? (
        <p className="notice" role="status">
          The changes were saved and recorded in the audit trail.
        </p>
      ) : null}

      <div className="stats">
        <div className="card">
          <p className="muted">Plan</p>
          <p className="figure">{plan.subscribed ? plan.name : "Free"}</p>
        </div>
        <div className="card">
          <p className="muted">Free requests left</p>
          <p className="figure">{freeLeft}</p>
        </div>
        <div className="card">
          <p className="muted">Requests sent</p>
          <p className="figure">{requests.filter((row) => row.status !== null && row.status !== "deleted").length}</p>
        </div>
      </div>

      <div className="grid">
        <ProfileCard account={account} />
        <PlanCard plan={plan} freeLeft={freeLeft} allowanceMissing={allowanceMissing} />
      </div>

      <UserRequests requests={requests} />
      <UserJobs jobs={jobs} />
      <AuditHistory title="Staff changes" entries={audit} empty="No staff action has been recorded about this user." />

      {canEdit ? <EditUserForm /> : null}
    </section>
  );
}

function EditUserForm() {
  const { defaultValue } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof EditUserSchema>>({
    lastResult,
    defaultValue,
    constraint: getZodConstraint(EditUserSchema),
  });
  return (
    <section aria-labelledby="edit-title">
      <h2 id="edit-title">Change this user</h2>
      <p className="muted">Only the fields you change are written. The change and your reason go into the audit trail.</p>
      <Form method="post" className="form" {...getFormProps(form)} noValidate>
        <ErrorSummary
          form={form}
          fields={[
            fields.fullName,
            fields.street1,
            fields.street2,
            fields.city,
            fields.state,
            fields.zipCode,
            fields.numOfFreeRequest,
            fields.plan,
            fields.reason,
          ]}
        />
        <TextField field={fields.fullName} label="Full name" autoComplete="off" />
        <TextField field={fields.street1} label="Street address" autoComplete="off" />
        <TextField field={fields.street2} label="Apartment, suite, unit (optional)" autoComplete="off" />
        <TextField field={fields.city} label="City" autoComplete="off" />
        <TextField field={fields.state} label="State" autoComplete="off" />
        <TextField field={fields.zipCode} label="ZIP code" autoComplete="off" inputMode="numeric" />
        <TextField
          field={fields.numOfFreeRequest}
          label="Free requests left"
          autoComplete="off"
          inputMode="numeric"
          hint="A whole number from 0 to 1000."
        />
        <SelectField field={fields.plan} label="Plan" options={PLAN_IDS} labels={PLAN_LABELS} emptyOption="No plan" />
        <TextField
          field={fields.reason}
          label="Reason for the change"
          maxLength={500}
          hint="Required: what prompted it, such as a support ticket."
        />
        <button type="submit" className="button">
          Save changes
        </button>
        {isAddressDoubt(lastResult) ? <KeepAsTypedChoice label="Save the address as typed" /> : null}
      </Form>
    </section>
  );
}

export const meta = () => pageMeta("User");

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    status === 404
      ? "There is no user with this id."
      : status === 403
        ? "Only the admin may change a user."
        : "This page could not be shown just now. Please try again in a moment.";
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{status === 404 ? "User not found" : status === 403 ? "Not allowed" : "Something went wrong"}</h1>
      <p>{message}</p>
      <p>
        <Link to="/admin/users">Back to the users</Link>
      </p>
    </section>
  );
}
