import { ScrollRegion } from "~/components/ui/scroll-region";
import { PermissionText } from "~/components/agent-permission";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { envelopeLines } from "~/domain/address";
import { formatDate, formatDateTime, userTimeZone } from "~/domain/dates";
import { PHOTO_LIMITS } from "~/domain/mail-photo";
import { MAILBOX_LIMITS } from "~/domain/mailbox";
import { PLAN_DETAILS } from "~/domain/plans";
import { HISTORY_LABELS, STATUS_LABELS } from "~/domain/requests";
import { exportAccount, type AccountExport } from "~/models/account-export.server";
import { consentChoice } from "~/services/analytics.server";
import { requireUser } from "~/services/auth.server";
import { dbFor } from "~/utils/db.server";
import { invariantResponse } from "~/utils/http-errors";
import { pageMeta } from "~/utils/meta";
import { expectedDateText } from "~/domain/request-evidence";
import { FOLLOW_UP_HOLD_LABELS, FOLLOW_UP_STEP_LABELS } from "~/domain/follow-up";
import { lawById } from "~/domain/state-privacy-laws";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const data = await exportAccount(await dbFor(context.env, user.id), user.id, new Date(), {
    analyticsConsent: consentChoice(request) ?? "not asked",
    mailboxDomain: context.env.MAILBOX_DOMAIN,
  });
  invariantResponse(data);
  const { timeZone, note: timesNote } = userTimeZone(data.account.state);
  return { data, timeZone, timesNote };
}

type ExportedRequest = AccountExport["requests"][number];
type HistoryEntry = ExportedRequest["history"][number];

const CREATORS: Record<HistoryEntry["creator"], string> = {
  user: "You",
  staff: "Our staff",
  system: "Quiet Mailbox",
  sender: "The sender",
};

const yesNo = (value: boolean) => (value ? "Yes" : "No");

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Table({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  if (rows.length === 0) return <p className="muted">None.</p>;
  return (
    <ScrollRegion label={label}>
      <table aria-label={label}>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

const oneLine = (address: Parameters<typeof envelopeLines>[0]) => envelopeLines(address).join(", ");

export default function AccountExportPage() {
  const { data, timeZone, timesNote } = useLoaderData<typeof loader>();
  const at = (iso: string | null) => (iso ? formatDateTime(new Date(iso), timeZone) : "—");
  const on = (iso: string | null) => (iso ? formatDate(new Date(iso), timeZone) : "—");
  const { account, billing, consent } = data;
  const sent = data.requests.filter((request) => request.status !== null);
  const notSent = data.requests.filter((request) => request.status === null);

  return (
    <section className="page export-page" aria-labelledby="page-title">
      <p className="eyebrow">Your account</p>
      <h1 id="page-title">Your data</h1>
      <p className="lead">
        Everything Quiet Mailbox holds about you, as of {at(data.generatedAt)}: your account, the people and addresses on your letters,
        every request with its letter and history, the emails we sent you, your plan and your choices. Print this page to keep a copy.
        {timesNote ? ` ${timesNote}` : null}
      </p>
      <p className="no-print">
        <a href="/account/export.json" className="button" download>
          Download it all as a JSON file
        </a>
      </p>

      <h2>Your account</h2>
      <Facts
        rows={[
          ["Email", account.email],
          ["Full name", account.fullName],
          ["Address", oneLine(account)],
          ["Account created", at(account.createdAt)],
          ["Last changed", at(account.updatedAt)],
          ["Free requests left", account.freeRequestsLeft],
        ]}
      />

      <h2>Earlier addresses</h2>
      <Table
        label="Earlier addresses"
        head={["Address", "Moved away"]}
        rows={data.earlierAddresses.map((row) => [oneLine(row), on(row.movedAt)])}
      />

      <h2>Changes of email</h2>
      <Table
        label="Changes of email"
        head={["New email", "Asked", "Link", "Expires", "Used"]}
        rows={data.pendingEmailChanges.map((row) => [
          row.newEmail,
          at(row.createdAt),
          { waiting: "Waiting", used: "Used", expired: "Expired" }[row.state],
          at(row.expiresAt),
          at(row.usedAt),
        ])}
      />

      <h2>People on your letters</h2>
      <Table
        label="People on your letters"
        head={["Name", "Address", "Added", "Last changed"]}
        rows={data.recipients.map((row) => [row.fullName, oneLine(row), at(row.createdAt), at(row.updatedAt)])}
      />

      <h2>Requests</h2>
      {sent.length === 0 ? <p className="muted">No request sent yet.</p> : null}
      {sent.map((request) => (
        <RequestRecord key={request.id} request={request} at={at} on={on} />
      ))}
      <h3>Senders you have not sent a request to</h3>
      <p className="muted">Each has a letter ready, dated the day you send it; the JSON file holds them.</p>
      <Table
        label="Senders you have not sent a request to"
        head={["Sender", "Added to your list"]}
        rows={notSent.map((request) => [request.senderName, at(request.createdAt)])}
      />

      <h2>Emails we sent you</h2>
      <Table
        label="Emails we sent you"
        head={["Subject", "Kind", "Sent"]}
        rows={data.emailsSent.map((email) => [email.subject, email.kind ?? "—", at(email.sentAt)])}
      />

      <h2>Plan and billing</h2>
      <Facts
        rows={[
          ["Plan", billing.plan ? PLAN_DETAILS[billing.plan].name : "No plan"],
          ["Subscription", billing.subscriptionId ?? "None"],
          ["Subscription status", billing.subscriptionStatus ?? "—"],
          ["Ends on", on(billing.subscriptionCancelAt)],
          ["Paid period ends", on(billing.subscriptionPeriodEnd)],
          ["Stripe customer", billing.hasStripeCustomer ? billing.stripeCustomerId : "None"],
        ]}
      />
      <p className="muted">{billing.note}</p>

      <h2>Your choices</h2>
      <Facts
        rows={[
          ["Counting your visits (analytics)", { yes: "Yes", no: "No", "not asked": "Not asked yet" }[consent.analytics]],
          ["Newsletter", yesNo(consent.newsletter)],
          ['"Has the mail stopped?" reminders', yesNo(consent.reminderEmails)],
          ["Emails about steps we take in your name", yesNo(consent.followUpEmails)],
        ]}
      />
      <p className="muted">{consent.analyticsNote}</p>

      <h2>Photos of mail</h2>
      <p className="muted">
        We delete a photo, and what we read off it, as soon as its sender is known, or after {PHOTO_LIMITS.keepDays} days.
      </p>
      <Table
        label="Photos of mail"
        head={["Sent", "Where it stands", "Sender", "Images kept", "Read off it"]}
        rows={data.photosOfMail.map((photo) => [
          at(photo.sentAt),
          photo.state,
          photo.senderName ?? "—",
          String(photo.imagesKept),
          [photo.customerNumber, photo.keyCode, photo.addressee, photo.transcript].filter(Boolean).join(" · ") || "—",
        ])}
      />

      <h2>Your mailbox address</h2>
      <p className="muted">
        Forwarding confirmations are kept {MAILBOX_LIMITS.confirmationDays} days; what else the address takes is read like a photo.
      </p>
      <Facts
        rows={[
          ["Address", data.mailbox.address ?? "Not made yet"],
          ["Turned on", data.mailbox.enabled === null ? "—" : yesNo(data.mailbox.enabled)],
          ["Made", at(data.mailbox.createdAt)],
          ["Last changed", at(data.mailbox.updatedAt)],
          ["First digest or photo received", at(data.mailbox.firstMailAt)],
          ["Setup steps last emailed to you", at(data.mailbox.setupStepsEmailedAt)],
        ]}
      />
      <h3>Forwarding confirmations</h3>
      <Table
        label="Forwarding confirmations"
        head={["Received", "From", "Subject", "Text"]}
        rows={data.mailbox.forwardingConfirmations.map((confirmation) => [
          at(confirmation.receivedAt),
          confirmation.from,
          confirmation.subject,
          confirmation.text,
        ])}
      />
      <h3>Emails per day</h3>
      <p className="muted">The last two days: the daily limits read only the day&rsquo;s own.</p>
      <Table
        label="Emails per day"
        head={["Day (UTC)", "Taken", "Refused"]}
        rows={data.mailbox.emailsPerDay.map((day) => [day.day, String(day.taken), String(day.refused)])}
      />

      <h2>Mail seen in your mailbox</h2>
      <p className="muted">
        Each piece of the last day or so, from the daily digest or a photo. Its image is deleted once read; a day later the piece itself is
        too, and only its count stays (below).
      </p>
      <Table
        label="Mail seen in your mailbox"
        head={["Day", "From", "Sender", "Request", "Read off it"]}
        rows={data.mailSeen.map((piece) => [
          piece.arrivedOn,
          PIECE_SOURCES[piece.source],
          piece.addressedToCurrentResident
            ? "Current Resident mail"
            : (piece.catalogSenderId ?? piece.senderName ?? piece.printedSender ?? (piece.read ? "Not found" : "Being read")),
          piece.requestId ?? "—",
          [piece.customerNumber, piece.keyCode].filter(Boolean).join(" · ") || "—",
        ])}
      />

      <h2>Mail counted</h2>
      <p className="muted">
        Every piece once read, counted: by sender, and for each request the day each piece came.
        {data.mailCounted.mailboxSeenOn ? ` Your mailbox was last seen on ${data.mailCounted.mailboxSeenOn} (UTC).` : ""}
      </p>
      <Table
        label="Mail counted by sender"
        head={["Sender", "Pieces with no request", "Last day", "First in a digest"]}
        rows={data.mailCounted.senders.map((sender) => [
          sender.catalogSenderId ?? sender.senderName ?? "Not found",
          String(sender.piecesMatchedToNoRequest),
          sender.lastOn ?? "—",
          sender.firstShownByDigestOn ?? "—",
        ])}
      />
      <Table
        label="Mail counted by request"
        head={["Request", "Pieces", "Days"]}
        rows={data.mailCounted.requests.map((request) => [
          request.requestId,
          String(request.pieces.length),
          request.pieces.map((piece) => `${piece.arrivedOn} (${PIECE_SOURCES[piece.source]})`).join(", "),
        ])}
      />
      {data.mailCounted.currentResident ? (
        <p>
          &ldquo;Current Resident&rdquo; mail: {data.mailCounted.currentResident.pieces}, the last on{" "}
          {data.mailCounted.currentResident.lastOn}.
        </p>
      ) : null}

      <h2>Permission to act for you</h2>
      <p className="muted">Each permission you signed for us to act as your authorized agent under a state privacy law.</p>
      <Table
        label="Permission to act for you"
        head={["Signed", "Name typed", "What it allows", "Revoked"]}
        rows={data.agentPermissions.map((permission) => [
          at(permission.signedAt),
          permission.typedName,
          <PermissionText key="allows" text={permission.allows} />,
          permission.revokedAt ? at(permission.revokedAt) : "No: in force",
        ])}
      />

      <h2>Product events</h2>
      <p className="muted">What we count to improve the service: never your email, name or address.</p>
      <Table
        label="Product events"
        head={["Event", "Details", "When"]}
        rows={data.analyticsEvents.map((event) => [
          event.name,
          event.properties
            ? Object.entries(event.properties)
                .map(([name, value]) => `${name}: ${value}`)
                .join(", ")
            : "—",
          at(event.createdAt),
        ])}
      />
    </section>
  );
}

function RequestRecord({
  request,
  at,
  on,
}: {
  request: ExportedRequest;
  at: (iso: string | null) => string;
  on: (iso: string | null) => string;
}) {
  const headingId = `request-${request.id}`;
  return (
    <article className="export-request" aria-labelledby={headingId}>
      <h3 id={headingId}>{request.senderName}</h3>
      <Facts
        rows={[
          // Where it stands in the card's words (decision 0075); the spec's status stays in the JSON file.
          ["Where it stands", request.standing?.text ?? STATUS_LABELS.notSent],
          [
            "Sent",
            request.sendings.length === 0 ? (
              "—"
            ) : (
              <ol className="plain">
                {request.sendings.map((sending, index) => (
                  <li key={index}>
                    {on(sending.at)}: {sending.text}
                  </li>
                ))}
              </ol>
            ),
          ],
          ["Kind", request.type === "custom" ? "A sender you added" : "From our list of senders"],
          ["Name", request.fullName],
          ["Address", oneLine(request.address)],
          ["Customer number", request.customerNumber ?? "—"],
          ["Key code", request.keyCode ?? "—"],
          ["The sender's days to act", `${request.requiredDays}, from the day it got the request`],
          ["Went into the queue", at(request.queuedAt)],
          ["Sent to the sender", at(request.processedAt)],
          ["Still coming after it should have stopped", at(request.stillComingAt)],
          ["Follow-up", FOLLOW_UP_STEP_LABELS[request.followUpStep] ?? String(request.followUpStep)],
          ["Latest follow-up step", at(request.followUpAt)],
          ["Follow-up held", request.followUpHold ? FOLLOW_UP_HOLD_LABELS[request.followUpHold] : "—"],
          ["The first request, as the second cites it", request.firstRequestCitation ?? "—"],
          ["State law cited", request.legalLawId ? (lawById(request.legalLawId)?.name ?? request.legalLawId) : "—"],
          ["Signed permission kept with it", request.agentPermissionId ?? "—"],
          ["Created", at(request.createdAt)],
          ["Last changed", at(request.updatedAt)],
        ]}
      />
      <h4>The letter</h4>
      <pre className="letter">{request.letter}</pre>
      <h4>History</h4>
      <Table
        label={`History of the request to ${request.senderName}`}
        head={["When", "Who", "What"]}
        rows={request.history.map((entry) => [
          at(entry.createdAt),
          CREATORS[entry.creator],
          entry.creator === "user"
            ? (HISTORY_LABELS[entry.status] ?? entry.status)
            : entry.creator === "sender"
              ? "Replied (below)"
              : (entry.detail ?? entry.status),
        ])}
      />
      <h4>How it was sent</h4>
      <Table
        label={`How the request to ${request.senderName} was sent`}
        head={["Sent", "How", "To", "Vendor's id", "What happened"]}
        rows={request.delivery.map((sending) => [
          at(sending.sentAt),
          sending.kind === "email" ? "By email" : "By letter",
          sending.to ?? "—",
          sending.vendorId ? `${sending.vendor} ${sending.vendorId}` : "—",
          [
            ...(sending.expectedDeliveryDate ? [`Expected at the sender ${expectedDateText(sending.expectedDeliveryDate)}`] : []),
            ...sending.events.map((event) => `${event.text}${event.at ? ` (${at(event.at)})` : ""}`),
          ].join("; ") || "—",
        ])}
      />
      <h4>Replies from the sender</h4>
      {request.senderReplies.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        request.senderReplies.map((reply, index) => (
          <div key={index}>
            <p>Received {at(reply.receivedAt)}:</p>
            <p className="reply-text">{reply.text}</p>
          </div>
        ))
      )}
      <h4>Reminders we sent you</h4>
      <Table
        label={`Reminders about the request to ${request.senderName}`}
        head={["Reminder", "For the sending of", "Sent"]}
        rows={request.remindersSent.map((reminder) => [
          reminder.round === 1 ? "First" : "Second",
          at(reminder.processedAt),
          at(reminder.createdAt),
        ])}
      />
    </article>
  );
}

const PIECE_SOURCES = { digest: "Daily digest", photo: "Photo", email: "Photo by email" } as const;

export const meta = () => pageMeta("Your data", "Everything Quiet Mailbox holds about you, to read, print or download.");
