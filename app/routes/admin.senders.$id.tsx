import { ScrollRegion } from "~/components/ui/scroll-region";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { InputField, PostOutcome } from "~/components/ui/form";
import { SenderForm } from "~/components/admin/sender-fields";
import { DEFAULT_TIME_ZONE, formatDateTime } from "~/domain/dates";
import { formDefaultsFromTemplate, SenderSchema, type SenderFormValues } from "~/domain/sender-form";
import { SENDER_QUERY_MAX_LENGTH } from "~/domain/sender-search";
import { addSenderName, listSenderNames } from "~/models/sender-names.server";
import { listAudit, type StaffActor } from "~/models/audit.server";
import {
  lettersGoThroughLob,
  sendWaitingRequestsOfSender,
  whyRequestsWaitForStaff,
  type WaitingSent,
} from "~/services/automatic-send.server";
import {
  clearChannelProblem,
  decidePostalChannelProposal,
  type ChannelKind,
  listChannelProblems,
  listPostalChannelProposals,
} from "~/models/sender-channels.server";
import {
  getTemplate,
  getTemplateForStaff,
  listTemplateCategories,
  offerTemplateToExistingUsers,
  setTemplateActive,
  updateTemplate,
} from "~/models/request-template.server";
import { requireAdmin, requireStaff } from "~/services/auth.server";
import { countWaitingRequestsOfSender } from "~/models/work-queue.server";
import { getDb, type Db } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";
import { isUnknownIntent, unknownIntent } from "~/utils/intent";
import { invariantResponse } from "~/utils/http-errors";
import { pageMeta } from "~/utils/meta";
import { StaffTable } from "~/components/admin/staff-table";
import { changingPublicPages } from "~/services/public-pages.server";

const SENDER_PAGE_MESSAGES = {
  noChannel: "Add a channel before activating this sender: no request could be sent without one.",
  inactive: "Activate this sender before offering it: inactive senders are never given to users.",
  nameMissing: "Please enter a name with at least one letter or digit.",
  nameTooLong: `Please shorten the name to ${SENDER_QUERY_MAX_LENGTH} characters.`,
  nameKnown: "The sender is found by that name already.",
  proposalGone: "That address was already confirmed or rejected.",
} as const;

const SenderActionSchema = z.discriminatedUnion("intent", [
  SenderSchema.extend({ intent: z.literal("update") }),
  z.object({ intent: z.literal("activate") }),
  z.object({ intent: z.literal("deactivate") }),
  z.object({ intent: z.literal("offer") }),
  z.object({ intent: z.literal("sendWaiting") }),
  z.object({ intent: z.literal("fixed"), kind: z.enum(["web", "email", "mail", "phone"]) }),
  z.object({ intent: z.enum(["confirmProposal", "rejectProposal"]), proposalId: z.string().min(1).max(80) }),
  z.object({
    intent: z.literal("name"),
    name: z.string({ error: SENDER_PAGE_MESSAGES.nameMissing }).max(SENDER_QUERY_MAX_LENGTH, SENDER_PAGE_MESSAGES.nameTooLong),
  }),
]);

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const db = getDb(context.env.DB);
  const id = params.id ?? "";
  const [template, categories, history, names, problems, proposals, waiting] = await Promise.all([
    getTemplateForStaff(db, id),
    listTemplateCategories(db),
    listAudit(db, { targetType: "template", targetId: id }),
    listSenderNames(db, id),
    listChannelProblems(db, id),
    listPostalChannelProposals(db, id),
    countWaitingRequestsOfSender(db, id),
  ]);
  invariantResponse(template);
  const url = new URL(request.url);
  const offered = url.searchParams.get("offered");
  const saved = url.searchParams.get("saved");
  const sent = sentNotice(url.searchParams);
  const { createdAt, updatedAt, ...facts } = template;
  return {
    isAdmin: staff.role === "admin",
    template: {
      ...facts,
      createdAt: formatDateTime(createdAt, DEFAULT_TIME_ZONE),
      updatedAt: formatDateTime(updatedAt, DEFAULT_TIME_ZONE),
    },
    defaultValue: formDefaultsFromTemplate(template),
    names,
    categories,
    waiting,
    waitReason: whyRequestsWaitForStaff(
      { ...template, channelProblems: problems.map((problem) => problem.kind) },
      lettersGoThroughLob(context.env),
    ),
    problems: problems.map((problem) => ({ ...problem, createdAt: formatDateTime(problem.createdAt, DEFAULT_TIME_ZONE) })),
    proposals: proposals.map((proposal) => ({ ...proposal, createdAt: formatDateTime(proposal.createdAt, DEFAULT_TIME_ZONE) })),
    history: history.map((entry) => ({
      id: entry.id,
      action: entry.action,
      actorId: entry.actorId,
      actorRole: entry.actorRole,
      at: formatDateTime(entry.createdAt, DEFAULT_TIME_ZONE),
      summary: summarize(entry.details),
    })),
    notice:
      offered !== null && /^\d+$/.test(offered)
        ? `Offered to ${plural(Number(offered), "user")}.`
        : saved !== null
          ? [saved === "0" ? "Nothing had changed." : "Changes saved.", sent].filter(Boolean).join(" ")
          : sent,
  };
}

/** What an action that may send the waiting requests says it did, from the redirect's query. */
function sentNotice(query: URLSearchParams) {
  const sent = query.get("sent");
  const by = query.get("by");
  const fixed = query.get("fixed");
  const decided = query.get("proposal");
  const lines = [
    fixed ? `The ${fixed} channel is back on the automatic path.` : null,
    decided === "confirmed"
      ? "The address is now the sender's postal channel."
      : decided === "rejected"
        ? "The address was rejected."
        : null,
    sent !== null && /^\d+$/.test(sent) && sent !== "0"
      ? `${plural(Number(sent), "waiting request")} sent ${by === "mail" ? "as letters through Lob" : "by email"}.`
      : null,
  ];
  return lines.filter(Boolean).join(" ") || null;
}

/** The query that says what was sent, for the redirect after an action that sends the waiting requests. */
const sentQuery = ({ sent, by }: WaitingSent) => (sent > 0 && by ? `&sent=${sent}&by=${by}` : "");

/** What an audit entry's details say, in a line. */
function summarize(details: Record<string, unknown> | null) {
  if (!details) return "";
  if (typeof details.added === "number") return `${plural(details.added, "preset")} added`;
  if (typeof details.sent === "number")
    return `${plural(details.sent, "waiting request")} sent by ${details.channel === "mail" ? "letter" : "email"}`;
  if (typeof details.problem === "string") return `${String(details.kind)} channel fixed: ${details.problem}`;
  if (typeof details.address === "string") return details.address;
  if (Array.isArray(details.names))
    return `${plural(Number(details.requests ?? 0), "request")} linked, typed as ${details.names.join(", ")}`;
  const after = details.after as Record<string, unknown> | undefined;
  return after ? Object.keys(after).join(", ") : "";
}

// A channel added or fixed may open the automatic path (decision 0066): the requests
// waiting for this sender go at once (decision 0054).
async function updateIntent(env: AppEnv, db: Db, staff: StaffActor, id: string, values: SenderFormValues) {
  const updated = await updateTemplate(db, staff, id, values);
  invariantResponse(updated);
  const sent = updated.changed.length > 0 ? await sendWaitingRequestsOfSender(env, staff, id) : { sent: 0, by: null };
  return redirect(`/admin/senders/${encodeURIComponent(id)}?saved=${updated.changed.length}${sentQuery(sent)}`, 303);
}

async function sendWaitingIntent(env: AppEnv, staff: StaffActor, id: string) {
  const sent = await sendWaitingRequestsOfSender(env, staff, id);
  return redirect(`/admin/senders/${encodeURIComponent(id)}?sent=${sent.sent}${sent.by ? `&by=${sent.by}` : ""}`, 303);
}

async function fixedIntent(env: AppEnv, db: Db, staff: StaffActor, id: string, kind: ChannelKind) {
  const cleared = await clearChannelProblem(db, staff, id, kind);
  const sent = cleared ? await sendWaitingRequestsOfSender(env, staff, id) : { sent: 0, by: null };
  return redirect(`/admin/senders/${encodeURIComponent(id)}?fixed=${kind}${sentQuery(sent)}`, 303);
}

async function proposalIntent(env: AppEnv, db: Db, staff: StaffActor, id: string, proposalId: string, decision: "confirmed" | "rejected") {
  const outcome = await decidePostalChannelProposal(db, staff, id, proposalId, decision);
  if (outcome === "notFound") return data({ intent: "proposal" as const, message: SENDER_PAGE_MESSAGES.proposalGone }, { status: 409 });
  const sent = decision === "confirmed" ? await sendWaitingRequestsOfSender(env, staff, id) : { sent: 0, by: null };
  return redirect(`/admin/senders/${encodeURIComponent(id)}?proposal=${decision}${sentQuery(sent)}`, 303);
}

async function activationIntent(db: Db, staff: StaffActor, id: string, active: boolean) {
  const outcome = await setTemplateActive(db, staff, id, active);
  invariantResponse(outcome !== "notFound");
  if (outcome === "noChannel") return data({ intent: "activation" as const, message: SENDER_PAGE_MESSAGES.noChannel }, { status: 400 });
  return redirect(`/admin/senders/${encodeURIComponent(id)}`, 303);
}

async function offerIntent(db: Db, staff: StaffActor, id: string) {
  const outcome = await offerTemplateToExistingUsers(db, staff, id);
  invariantResponse(outcome.kind !== "notFound");
  if (outcome.kind === "inactive") return data({ intent: "offer" as const, message: SENDER_PAGE_MESSAGES.inactive }, { status: 400 });
  return redirect(`/admin/senders/${encodeURIComponent(id)}?offered=${outcome.added}`, 303);
}

const nameRefused = (message: string, typed: string | undefined) => data({ intent: "name" as const, message, typed }, { status: 400 });

async function nameIntent(db: Db, staff: StaffActor, id: string, name: string) {
  const outcome = await addSenderName(db, staff, id, name);
  if (outcome === "nothingSearchable") return nameRefused(SENDER_PAGE_MESSAGES.nameMissing, name);
  if (outcome === "known") return nameRefused(SENDER_PAGE_MESSAGES.nameKnown, name);
  return redirect(`/admin/senders/${encodeURIComponent(id)}?named=1`, 303);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requireAdmin(request, context);
  const db = getDb(context.env.DB);
  const id = params.id ?? "";
  invariantResponse(await getTemplate(db, id));
  const submission = parseWithZod(await request.formData(), { schema: SenderActionSchema });
  if (submission.status !== "success") {
    if (isUnknownIntent(submission)) return unknownIntent();
    if (submission.payload.intent === "name") {
      const typed = submission.payload.name;
      return nameRefused(submission.error?.name?.[0] ?? SENDER_PAGE_MESSAGES.nameMissing, typeof typed === "string" ? typed : undefined);
    }
    return data({ intent: "update" as const, result: submission.reply() }, { status: 400 });
  }
  const value = submission.value;
  return changingPublicPages(request, context, async () => {
    switch (value.intent) {
      case "update":
        return updateIntent(context.env, db, staff, id, value);
      case "sendWaiting":
        return sendWaitingIntent(context.env, staff, id);
      case "fixed":
        return fixedIntent(context.env, db, staff, id, value.kind);
      case "confirmProposal":
      case "rejectProposal":
        return proposalIntent(context.env, db, staff, id, value.proposalId, value.intent === "confirmProposal" ? "confirmed" : "rejected");
      case "activate":
      case "deactivate":
        return activationIntent(db, staff, id, value.intent === "activate");
      case "offer":
        return offerIntent(db, staff, id);
      case "name":
        return nameIntent(db, staff, id, value.name);
    }
  });
}

export default function Sender() {
  const { isAdmin, template, defaultValue, names, categories, history, notice, problems, proposals, waiting, waitReason } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const buttonMessage = actionData && actionData.intent !== "name" && "message" in actionData ? actionData.message : null;
  const nameRefusal = actionData?.intent === "name" ? actionData : null;
  // Posts go to the bare URL, so that a notice in the query ("Offered to …") is not shown again.
  const self = `/admin/senders/${encodeURIComponent(template.id)}`;
  return (
    <section aria-labelledby="page-title">
      <p className="eyebrow">
        <Link to="/admin/senders">Senders</Link>
      </p>
      <h1 id="page-title">{template.title}</h1>
      <PostOutcome notice={notice} error={buttonMessage} />

      <ScrollRegion label="What the catalog holds">
        <table>
          <caption className="muted">What the catalog holds</caption>
          <tbody>
            <tr>
              <th scope="row">Id</th>
              <td>{template.id}</td>
            </tr>
            <tr>
              <th scope="row">Status</th>
              <td>
                <span className="status">{template.isActive ? "active" : "inactive"}</span>{" "}
                {template.isActive ? "Given to every new user at signup." : "Not given to new users."}
              </td>
            </tr>
            <tr>
              <th scope="row">Found by</th>
              <td>
                {names.length > 0 ? (
                  names.map((entry, index) => (
                    <span key={entry.name}>
                      {index > 0 ? ", " : null}
                      {entry.name}
                      {entry.origin === "staff" ? <span className="muted"> (added by staff)</span> : null}
                    </span>
                  ))
                ) : (
                  <span className="muted">its title only, until it is saved again</span>
                )}
              </td>
            </tr>
            <tr>
              <th scope="row">Users with it</th>
              <td>{template.holders}</td>
            </tr>
            <tr>
              <th scope="row">Category</th>
              <td>{template.category}</td>
            </tr>
            <tr>
              <th scope="row">Covers</th>
              <td>{template.covers || <span className="muted">not recorded</span>}</td>
            </tr>
            <tr>
              <th scope="row">Channels</th>
              <td>
                {template.channels.length > 0 ? (
                  <ul>
                    {template.channels.map((channel) => (
                      <li key={`${channel.kind}:${channel.value}`}>
                        {channel.kind}: {channel.value}
                        {channel.note ? <span className="muted"> ({channel.note})</span> : null}
                        <ChannelSource source={channel.source} checked={channel.checked} />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="muted">none known</span>
                )}
              </td>
            </tr>
            <tr>
              <th scope="row">Accepts agents</th>
              <td>{template.acceptsAgent}</td>
            </tr>
            <tr>
              <th scope="row">Asks for</th>
              <td>{template.needs.length > 0 ? template.needs.join("; ") : <span className="muted">nothing recorded</span>}</td>
            </tr>
            <tr>
              <th scope="row">Consumer files</th>
              <td>{template.consumerFiles ? "yes: users get our instructions and file it themselves" : "no: we file it for them"}</td>
            </tr>
            <tr>
              <th scope="row">Lasts</th>
              <td>{template.lasts ?? <span className="muted">not recorded</span>}</td>
            </tr>
            <tr>
              <th scope="row">Takes</th>
              <td>{template.takes ?? <span className="muted">not recorded</span>}</td>
            </tr>
            <tr>
              <th scope="row">Days until mail stops</th>
              <td>{template.requiredDays}</td>
            </tr>
            <tr>
              <th scope="row">Confidence</th>
              <td>
                {template.confidence}
                {template.sourceYear ? `, from a source of ${template.sourceYear}` : ", source year unknown"}
                {template.sourceUrl ? (
                  <>
                    {" "}
                    (
                    <a href={template.sourceUrl} rel="nofollow noreferrer">
                      source
                    </a>
                    )
                  </>
                ) : null}
              </td>
            </tr>
            <tr>
              <th scope="row">Notes</th>
              <td>{template.notes ?? <span className="muted">none</span>}</td>
            </tr>
            <tr>
              <th scope="row">Added, last changed</th>
              <td>
                {template.createdAt}, {template.updatedAt}
              </td>
            </tr>
          </tbody>
        </table>
      </ScrollRegion>

      <h2>Waiting for staff</h2>
      <p>
        {waiting === 0
          ? "No request to this sender waits for staff."
          : `${plural(waiting, "request")} to this sender ${waiting === 1 ? "waits" : "wait"} for staff.`}{" "}
        {waitReason ?? "New requests to this sender go out by themselves."}
      </p>
      {waiting > 0 && waitReason === null && isAdmin ? (
        <Form method="post" action={self} className="actions">
          <input type="hidden" name="intent" value="sendWaiting" />
          <button type="submit" className="button">
            Send the waiting requests
          </button>
        </Form>
      ) : null}

      {problems.length > 0 ? (
        <>
          <h2>Channel problems</h2>
          <p className="muted">A channel with a problem is off the automatic path: its requests wait for staff until it is fixed.</p>
          <StaffTable
            columns={["Channel", "Problem", "Since", <span className="visually-hidden">Fix</span>]}
            label="Channels that stopped working"
          >
            {problems.map((problem) => (
              <tr key={problem.kind}>
                <td>{problem.kind}</td>
                <td>{problem.reason}</td>
                <td>{problem.createdAt}</td>
                <td>
                  {isAdmin ? (
                    <Form method="post" action={self}>
                      <input type="hidden" name="intent" value="fixed" />
                      <input type="hidden" name="kind" value={problem.kind} />
                      <button type="submit" className="button button-quiet">
                        Fixed
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </StaffTable>
        </>
      ) : null}

      {proposals.length > 0 ? (
        <>
          <h2>Postal addresses seen on users&apos; photos</h2>
          <p className="muted">Confirming one makes it the sender&apos;s postal channel and mails the requests waiting for it.</p>
          <StaffTable
            columns={["Address", "Seen", "First photo", "Since", <span className="visually-hidden">Decide</span>]}
            label="Postal addresses seen on photos"
          >
            {proposals.map((proposal) => (
              <tr key={proposal.id}>
                <td>{proposal.address}</td>
                <td>{plural(proposal.timesSeen, "time")}</td>
                <td>
                  {proposal.sourcePhotoId ? (
                    <Link to={`/admin/photos/${encodeURIComponent(proposal.sourcePhotoId)}`}>photo</Link>
                  ) : (
                    <span className="muted">none</span>
                  )}
                </td>
                <td>{proposal.createdAt}</td>
                <td>
                  {isAdmin ? (
                    <div className="actions">
                      <Form method="post" action={self}>
                        <input type="hidden" name="intent" value="confirmProposal" />
                        <input type="hidden" name="proposalId" value={proposal.id} />
                        <button type="submit" className="button">
                          Confirm
                        </button>
                      </Form>
                      <Form method="post" action={self}>
                        <input type="hidden" name="intent" value="rejectProposal" />
                        <input type="hidden" name="proposalId" value={proposal.id} />
                        <button type="submit" className="button button-quiet">
                          Reject
                        </button>
                      </Form>
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </StaffTable>
        </>
      ) : null}

      {isAdmin ? (
        <>
          <h2>Who gets it</h2>
          <div className="actions">
            <Form method="post" action={self}>
              <input type="hidden" name="intent" value={template.isActive ? "deactivate" : "activate"} />
              <button type="submit" className="button button-quiet">
                {template.isActive ? "Deactivate" : "Activate"}
              </button>
            </Form>
            {template.isActive ? (
              <Form method="post" action={self}>
                <input type="hidden" name="intent" value="offer" />
                <button type="submit" className="button">
                  Offer to existing users
                </button>
              </Form>
            ) : null}
          </div>
          <p className="muted">
            {template.isActive
              ? "Deactivating stops giving it to new users; users who have it keep it. "
              : "Activating gives it to every user who signs up from then on. "}
            Offering adds it, unsent, to the dashboard of every user who does not have it yet. Users who deleted it are left alone, and
            running it again adds it only to users still without it.
          </p>

          <h2>Another name people type</h2>
          <Form method="post" action={self} className="form link-by-id">
            <input type="hidden" name="intent" value="name" />
            <InputField
              id="sender-name"
              name="name"
              label="Name, brand or spelling"
              hint="A brand it mails under, a former name, a shortening people use. Search ignores case, punctuation and words like “Inc.” or “catalog”."
              maxLength={SENDER_QUERY_MAX_LENGTH}
              defaultValue={nameRefusal?.typed}
              error={nameRefusal?.message}
            />
            <button type="submit" className="button button-quiet">
              Add name
            </button>
          </Form>

          <h2>Edit</h2>
          <SenderForm
            lastResult={actionData?.intent === "update" ? actionData.result : undefined}
            defaultValue={defaultValue}
            categories={categories}
            withId={false}
            action={self}
          >
            <input type="hidden" name="intent" value="update" />
            <p className="actions">
              <button type="submit" className="button">
                Save changes
              </button>
            </p>
          </SenderForm>
        </>
      ) : (
        <p className="note">Only the admin may change, activate or offer senders.</p>
      )}

      <h2>History</h2>
      {history.length > 0 ? (
        <StaffTable columns={["When", "What", "Who", "Details"]} label="History">
          {history.map((entry) => (
            <tr key={entry.id}>
              <td>{entry.at}</td>
              <td>{entry.action}</td>
              <td>
                {entry.actorId} ({entry.actorRole})
              </td>
              <td>{entry.summary}</td>
            </tr>
          ))}
        </StaffTable>
      ) : (
        <p className="muted">No staff changes yet: the sender is as the gathered catalog had it.</p>
      )}
    </section>
  );
}

/**
 * Where a channel came from and when: the page it was read from (a link), or the people whose
 * return addresses taught it (decision 0068).
 */
function ChannelSource({ source, checked }: { source?: string; checked?: string }) {
  if (!source && !checked) return null;
  const date = checked ? `, ${checked}` : "";
  if (source && /^https?:\/\//.test(source)) {
    return (
      <span className="muted">
        {" "}
        · from{" "}
        <a href={source} rel="nofollow noreferrer">
          its page
        </a>
        {date}
      </span>
    );
  }
  return <span className="muted">{` · ${source ?? "checked"}${date}`}</span>;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data ? `Sender: ${data.template.title}` : "Sender");
