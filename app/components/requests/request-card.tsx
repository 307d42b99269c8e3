import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useFetcher } from "@remix-run/react";
import type { RequestStatus, SenderChannel } from "../../../drizzle/schema";
import {
  ACTION_LABELS,
  isRequestAction,
  RequestActionFormSchema,
  STATUS_LABELS,
  STATUS_OF_ACTION,
  type RequestAction,
} from "~/domain/requests";
import { LetterPanel, type OpenRequest } from "~/components/requests/letter-panel";
import { asksForIdentityNumber } from "~/domain/sender-catalog";
import { useHydrated } from "~/utils/use-hydrated";

export type RequestCardData = {
  id: string;
  senderName: string;
  status: RequestStatus | null;
  updatedAt: string;
  wait: string | null;
  actions: RequestAction[];
  customerNumber: string | null;
  /** Set for a sender that takes the request only from the person: how to file it. */
  guide: { channels: SenderChannel[]; needs: string[]; takes: string | null } | null;
};

type ActionReply = { requestId: string; result: SubmissionResult<string[]> };

/** `lastResult` is the reply to a plain form post (JavaScript off); with JavaScript, the card's fetcher has it. */
export function RequestCard({
  card,
  open,
  lastResult,
}: {
  card: RequestCardData;
  open: OpenRequest | null;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const fetcher = useFetcher<ActionReply>();
  const [form] = useForm({
    id: `request-actions-${card.id}`,
    lastResult: fetcher.data?.result ?? lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RequestActionFormSchema }),
  });
  const hydrated = useHydrated();
  const pendingIntent = fetcher.formData?.get("intent");
  // Optimistic: the status the pending action will give, until the page data catches up.
  const status = isRequestAction(pendingIntent) ? STATUS_OF_ACTION[pendingIntent] : card.status;
  if (status === "deleted") return null;
  const error = form.errors?.[0];
  const pending = fetcher.state !== "idle";

  return (
    <li id={`request-${card.id}`} className="request-card">
      <div className="request-summary">
        <h3>{card.senderName}</h3>
        {status ? (
          <p>
            <span className={`status status-${status}`}>{STATUS_LABELS[status]}</span>
            <span className="muted"> · Updated {card.updatedAt}</span>
          </p>
        ) : null}
        {card.wait && !pending ? <p>{card.wait}</p> : null}
        {card.customerNumber ? <p className="muted">Customer number: {card.customerNumber}</p> : null}
      </div>
      {card.guide ? <FilingGuide senderName={card.senderName} guide={card.guide} /> : null}
      {error ? (
        <p className="field-error" role="alert">
          {error} <Link to="/subscription">See plans</Link>
        </p>
      ) : null}
      <fetcher.Form
        method="post"
        action="/dashboard"
        className="request-actions"
        aria-label={`Actions for ${card.senderName}`}
        {...getFormProps(form)}
        noValidate
      >
        <input type="hidden" name="requestId" value={card.id} />
        {hydrated ? <input type="hidden" name="reply" value="data" /> : null}
        {card.actions.map((action) => (
          <button
            key={action}
            type="submit"
            name="intent"
            value={action}
            disabled={pending}
            className={action === "unsubscribe" || action === "confirm" ? "button" : "button button-quiet"}
          >
            {card.guide && action === "unsubscribe" ? "I filed it" : ACTION_LABELS[action]}
          </button>
        ))}
      </fetcher.Form>
      {open ? (
        <LetterPanel open={open} />
      ) : (
        <p className="request-open">
          <Link to={`/dashboard?request=${encodeURIComponent(card.id)}#request-${card.id}`}>Letter and history</Link>
        </p>
      )}
    </li>
  );
}

const CHANNEL_LABELS: Record<SenderChannel["kind"], string> = { web: "Online", phone: "By phone", mail: "By mail", email: "By email" };

function ChannelValue({ channel }: { channel: SenderChannel }) {
  switch (channel.kind) {
    case "web":
      return (
        <a href={channel.value} rel="noopener noreferrer">
          {channel.value.replace(/^https?:\/\//, "")}
        </a>
      );
    case "phone":
      return <a href={`tel:${channel.value.replace(/[^\d+]/g, "")}`}>{channel.value}</a>;
    case "email":
      return <a href={`mailto:${channel.value}`}>{channel.value}</a>;
    default:
      return <>{channel.value}</>;
  }
}

/** The steps for a request only the person can file (spec: guided requests). */
function FilingGuide({ senderName, guide }: { senderName: string; guide: NonNullable<RequestCardData["guide"]> }) {
  const atHand = guide.needs.filter((need) => !asksForIdentityNumber(need));
  return (
    <details className="guide">
      <summary>How to file it yourself</summary>
      <div>
        <p>{senderName} takes this request only from the person it is about. File it, then tell us with “I filed it” so we can track it:</p>
        <ul>
          {guide.channels.map((channel) => (
            <li key={`${channel.kind}-${channel.value}`}>
              {CHANNEL_LABELS[channel.kind]}: <ChannelValue channel={channel} />
              {channel.note ? ` (${channel.note})` : null}
            </li>
          ))}
        </ul>
        {atHand.length > 0 ? <p>Have at hand: {atHand.join("; ")}.</p> : null}
        {guide.takes ? <p>It takes effect in {guide.takes}.</p> : null}
        <p className="muted">
          We never ask for your Social Security number or date of birth. If the sender asks for them, that is between you and the sender.
        </p>
      </div>
    </details>
  );
}
