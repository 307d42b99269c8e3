// The parts of a sender's staff page (/admin/senders/{id}): each section on its own, fed by the
// route's loader with display-ready values. Every form posts to `action`, the page's bare URL.
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { SenderChannel } from "../../../drizzle/schema";
import { SenderForm, type SenderFormDefaults } from "~/components/admin/sender-fields";
import { StaffTable } from "~/components/admin/staff-table";
import { InputField } from "~/components/ui/form";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { plural } from "~/domain/plural";
import { SENDER_QUERY_MAX_LENGTH } from "~/domain/sender-search";

export type SenderFacts = {
  id: string;
  title: string;
  isActive: boolean;
  holders: number;
  category: string;
  covers: string | null;
  channels: SenderChannel[];
  acceptsAgent: string;
  needs: string[];
  consumerFiles: boolean;
  lasts: string | null;
  takes: string | null;
  requiredDays: number;
  confidence: string;
  sourceYear: number | null;
  sourceUrl: string | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
};

export type SenderName = { name: string; origin: string };

export type ChannelProblemRow = { kind: SenderChannel["kind"]; reason: string; createdAt: string };

export type PostalProposalRow = { id: string; address: string; sourcePhotoId: string | null; timesSeen: number; createdAt: string };

export function SenderCatalogFacts({ template, names }: { template: SenderFacts; names: SenderName[] }) {
  return (
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

/** How many requests wait for staff and why; the admin may send them once nothing holds them back. */
export function WaitingForStaff({
  waiting,
  waitReason,
  isAdmin,
  action,
}: {
  waiting: number;
  waitReason: string | null;
  isAdmin: boolean;
  action: string;
}) {
  return (
    <>
      <h2>Waiting for staff</h2>
      <p>
        {waiting === 0
          ? "No request to this sender waits for staff."
          : `${plural(waiting, "request")} to this sender ${waiting === 1 ? "waits" : "wait"} for staff.`}{" "}
        {waitReason ?? "New requests to this sender go out by themselves."}
      </p>
      {waiting > 0 && waitReason === null && isAdmin ? (
        <Form method="post" action={action} className="actions">
          <input type="hidden" name="intent" value="sendWaiting" />
          <button type="submit" className="button">
            Send the waiting requests
          </button>
        </Form>
      ) : null}
    </>
  );
}

export function ChannelProblems({ problems, isAdmin, action }: { problems: ChannelProblemRow[]; isAdmin: boolean; action: string }) {
  if (problems.length === 0) return null;
  return (
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
                <Form method="post" action={action}>
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
  );
}

export function PostalProposals({ proposals, isAdmin, action }: { proposals: PostalProposalRow[]; isAdmin: boolean; action: string }) {
  if (proposals.length === 0) return null;
  return (
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
                  <Form method="post" action={action}>
                    <input type="hidden" name="intent" value="confirmProposal" />
                    <input type="hidden" name="proposalId" value={proposal.id} />
                    <button type="submit" className="button">
                      Confirm
                    </button>
                  </Form>
                  <Form method="post" action={action}>
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
  );
}

/** Activating or deactivating the sender for new users, and offering it to the users who have it not. */
export function WhoGetsIt({ isActive, action }: { isActive: boolean; action: string }) {
  return (
    <>
      <h2>Who gets it</h2>
      <div className="actions">
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value={isActive ? "deactivate" : "activate"} />
          <button type="submit" className="button button-quiet">
            {isActive ? "Deactivate" : "Activate"}
          </button>
        </Form>
        {isActive ? (
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="offer" />
            <button type="submit" className="button">
              Offer to existing users
            </button>
          </Form>
        ) : null}
      </div>
      <p className="muted">
        {isActive
          ? "Deactivating stops giving it to new users; users who have it keep it. "
          : "Activating gives it to every user who signs up from then on. "}
        Offering adds it, unsent, to the dashboard of every user who does not have it yet. Users who deleted it are left alone, and running
        it again adds it only to users still without it.
      </p>
    </>
  );
}

/** A name search should find the sender by; a refused one comes back with what was typed and why. */
export function AnotherName({ action, refusal }: { action: string; refusal: { message: string; typed?: string } | null }) {
  return (
    <>
      <h2>Another name people type</h2>
      <Form method="post" action={action} className="form link-by-id">
        <input type="hidden" name="intent" value="name" />
        <InputField
          id="sender-name"
          name="name"
          label="Name, brand or spelling"
          hint="A brand it mails under, a former name, a shortening people use. Search ignores case, punctuation and words like “Inc.” or “catalog”."
          maxLength={SENDER_QUERY_MAX_LENGTH}
          defaultValue={refusal?.typed}
          error={refusal?.message}
        />
        <button type="submit" className="button button-quiet">
          Add name
        </button>
      </Form>
    </>
  );
}

export function EditSender({
  lastResult,
  defaultValue,
  categories,
  action,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: SenderFormDefaults;
  categories: string[];
  action: string;
}) {
  return (
    <>
      <h2>Edit</h2>
      <SenderForm lastResult={lastResult} defaultValue={defaultValue} categories={categories} withId={false} action={action}>
        <input type="hidden" name="intent" value="update" />
        <p className="actions">
          <button type="submit" className="button">
            Save changes
          </button>
        </p>
      </SenderForm>
    </>
  );
}

export type SenderReviewRows = {
  open: { id: string; openedAt: string; waiting: number } | null;
  answered: { id: string; answeredAt: string; answer: "ignoresRequests" | "sentAgain"; holdsUntil: string | null }[];
  /** What every person the "ignores requests" answer reaches is told, as it would be written today. */
  finding: string;
};

/**
 * The sender's review after the follow-up ladder (decision 0091): every request escalated to this
 * sender waits in it, and one answer speaks for all of them.
 */
export function SenderReview({ review, isAdmin, action }: { review: SenderReviewRows; isAdmin: boolean; action: string }) {
  if (!review.open && review.answered.length === 0) return null;
  const { open } = review;
  return (
    <section aria-labelledby="review-title">
      <h2 id="review-title">Review after the follow-up ladder</h2>
      {open ? (
        <>
          <p>
            {plural(open.waiting, "request")} escalated since {open.openedAt}: a second request, and where a law allowed one a request under
            it, did not stop this sender&apos;s mail. Check the channels above, then answer once for all of them.
          </p>
          {isAdmin ? (
            <div className="review-answers">
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="review" />
                <input type="hidden" name="reviewId" value={open.id} />
                <input type="hidden" name="answer" value="ignoresRequests" />
                <h3>The channel is right: they ignore requests</h3>
                <p>Each person is emailed this, and we send the sender nothing more for their request:</p>
                <blockquote className="finding">{review.finding}</blockquote>
                <button type="submit" className="button">
                  {open.waiting === 1 ? "Tell the 1 person" : `Tell the ${open.waiting} people`}
                </button>
              </Form>
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="review" />
                <input type="hidden" name="reviewId" value={open.id} />
                <input type="hidden" name="answer" value="sentAgain" />
                <h3>The channel was wrong, and is fixed now</h3>
                <p>Fix the channel in the form below first: the requests then go out again the new way.</p>
                <button type="submit" className="button button-light">
                  Send {plural(open.waiting, "request")} again
                </button>
              </Form>
            </div>
          ) : (
            <p className="note">Only the admin may answer a review.</p>
          )}
        </>
      ) : (
        <p>No review is open.</p>
      )}
      {review.answered.length > 0 ? (
        <ul className="plain">
          {review.answered.map((answered) => (
            <li key={answered.id}>
              {answered.answeredAt}:{" "}
              {answered.answer === "ignoresRequests"
                ? `they ignore requests; later escalations get this finding until ${answered.holdsUntil}`
                : "the channel was wrong; the requests were sent again"}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
