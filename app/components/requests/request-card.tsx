import { Form, Link } from "@remix-run/react";
import type { RequestStatus, SenderChannel } from "../../../drizzle/schema";
import type { CardNextStep } from "~/domain/dashboard";
import { UNDO_DELETE_DAYS } from "~/domain/requests";
import { describedByNote, FreeRequestsNote } from "~/components/requests/free-requests-note";
import { LetterPanel, type OpenRequest } from "~/components/requests/letter-panel";
import { asksForIdentityNumber } from "~/domain/sender-catalog";
import { CharityChoiceForm } from "~/components/requests/charity-choice";
import {
  ConfirmReadAddress,
  ReturnAddressExplanation,
  ReturnAddressForm,
  type ReturnAddressAskData,
} from "~/components/requests/return-address-form";

export type RequestCardData = {
  id: string;
  senderName: string;
  /** The kind of mail the catalog files the sender under, as /learn names it; null for a sender it lacks. */
  kind: { id: string; title: string } | null;
  /** Why the sender is recommended first; null when it is not. */
  recommendation: string | null;
  status: RequestStatus | null;
  /** Where the request is and who acts next, as people read it (standingText); the spec's status stays in `status`. */
  statusLabel: string | null;
  updatedAt: string;
  wait: string | null;
  /** What the pieces seen in the mail since the request say, and what follows (cardSeenText). */
  seen: { text: string; next: string | null } | null;
  /** A piece seen after the day the mail should have stopped: the card says so instead of asking. */
  stillComing: boolean;
  /** Where the follow-up ladder is (decision 0058), with the page to act on when it waits for the person; null before it starts. */
  followUp: { text: string; link: string | null } | null;
  next: CardNextStep;
  /** What its sender really does, with the count ("Stopped for 8 of 10 people, …"); null below the minimum of cases. */
  outcome?: string | null;
  customerNumber: string | null;
  keyCode: string | null;
  /** Set for a sender that takes the request only from the person: how to file it. */
  guide: { channels: SenderChannel[]; needs: string[]; takes: string | null } | null;
  /** Set for a charity: the person's choice of donor or not, and how often it may write. */
  charity: { donor: boolean | null; mailingsPerYear: number | null } | null;
  /** Pieces after the day the mail should have stopped that could not be verified: each waits for the person's answer. */
  unverified?: { id: string; text: string }[];
  /** Set while the card asks for the return address printed on the piece (decision 0067). */
  returnAddress?: ReturnAddressAskData | null;
};

const cardAnchor = (id: string) => `#request-${id}`;

/** One link to /learn per kind of mail in a list of cards, not one per card: each card names its kind in plain text. */
export function KindLinks({ listId, cards }: { listId: string; cards: Pick<RequestCardData, "kind">[] }) {
  const kinds = [...new Map(cards.flatMap(({ kind }) => (kind ? [[kind.id, kind] as const] : []))).values()];
  if (kinds.length === 0) return null;
  return (
    <>
      <p className="muted request-kinds-title" id={`${listId}-kinds`}>
        What stops each kind of mail:
      </p>
      <ul className="plain request-kinds" aria-labelledby={`${listId}-kinds`}>
        {kinds.map((kind) => (
          <li key={kind.id}>
            <Link to={`/learn#cat-${kind.id}`}>{kind.title}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}

export function RequestCard({
  card,
  open,
  confirmingDelete,
  error = null,
}: {
  card: RequestCardData;
  open: OpenRequest | null;
  confirmingDelete: boolean;
  /** Why the last post on this card changed nothing, shown next to its buttons. */
  error?: string | null;
}) {
  const { question, buttons, upgradeToSend } = card.next;
  const noteId = `request-${card.id}-note`;
  const errorId = `request-${card.id}-error`;
  const note = buttons.find((button) => button.note)?.note ?? null;

  return (
    <li id={`request-${card.id}`} className={card.recommendation ? "request-card request-recommended" : "request-card"}>
      <div className="request-summary">
        <h3>{card.senderName}</h3>
        {card.recommendation ? (
          <p className="recommendation">
            <strong className="status">Recommended</strong> {card.recommendation}
          </p>
        ) : null}
        {card.kind ? <p className="muted request-kind">{card.kind.title}</p> : null}
        {card.statusLabel ? (
          <>
            <p className="request-standing">
              <span className={`status status-${card.status}`}>{card.statusLabel}</span>
            </p>
            <p className="muted">Updated {card.updatedAt}</p>
          </>
        ) : null}
        {card.wait ? <p>{card.wait}</p> : null}
        {card.outcome ? <p className="muted sender-outcome">{card.outcome}</p> : null}
        {card.seen ? (
          <p className="request-seen">
            {card.stillComing ? <strong className="request-still-coming">{card.seen.text}</strong> : card.seen.text}
            {card.seen.next ? ` ${card.seen.next}` : null}
          </p>
        ) : null}
        {card.followUp ? (
          <p className="request-follow-up">
            {card.followUp.text}
            {card.followUp.link ? (
              <>
                {" "}
                <Link to={card.followUp.link}>Sign your permission</Link>
              </>
            ) : null}
          </p>
        ) : null}
        {card.customerNumber ? <p className="muted">Customer number: {card.customerNumber}</p> : null}
        {card.keyCode ? <p className="muted">Key code: {card.keyCode}</p> : null}
      </div>
      {card.returnAddress ? <ReturnAddressAsk card={card} ask={card.returnAddress} /> : null}
      {card.unverified && card.unverified.length > 0 ? <UnverifiedPieces card={card} errorId={error ? errorId : undefined} /> : null}
      {card.guide ? <FilingGuide senderName={card.senderName} guide={card.guide} /> : null}
      {card.charity ? <CharityChoiceForm requestId={card.id} senderName={card.senderName} choice={card.charity} /> : null}
      {confirmingDelete ? (
        <DeleteConfirmation card={card} />
      ) : (
        <div className="request-actions">
          {buttons.length > 0 ? (
            <Form method="post" action="/dashboard" aria-label={question ?? `Actions for ${card.senderName}`} className="request-buttons">
              {question ? <p className="request-question">{question}</p> : null}
              <input type="hidden" name="requestId" value={card.id} />
              {buttons.map((button) => (
                <button
                  key={button.action}
                  type="submit"
                  name="intent"
                  value={button.action}
                  className={button.primary ? "button" : "button button-quiet"}
                  aria-describedby={error ? errorId : describedByNote(noteId, button.note)}
                >
                  {button.label}
                </button>
              ))}
            </Form>
          ) : null}
          {upgradeToSend ? (
            <Link to="/subscription" className="button button-quiet">
              Upgrade to send
            </Link>
          ) : null}
          <Link to={`/dashboard?confirmDelete=${encodeURIComponent(card.id)}${cardAnchor(card.id)}`} className="request-delete">
            Delete<span className="visually-hidden"> {card.senderName}</span>
          </Link>
        </div>
      )}
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      {confirmingDelete ? null : <FreeRequestsNote id={noteId} note={note} />}
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

/** The return address printed on the piece, asked for a sender with no channel (decision 0067): one press for what was read, or the form. */
function ReturnAddressAsk({ card, ask }: { card: RequestCardData; ask: ReturnAddressAskData }) {
  const titleId = `request-${card.id}-return-address`;
  return (
    <section className="return-address" aria-labelledby={titleId}>
      <h4 id={titleId}>The return address on {card.senderName}’s mail</h4>
      <ReturnAddressExplanation senderName={card.senderName} ask={ask} />
      {ask.read ? <ConfirmReadAddress requestId={card.id} read={ask.read} /> : null}
      <ReturnAddressForm
        requestId={card.id}
        idPrefix={`return-address-${card.id}`}
        values={ask.read ?? { company: card.senderName }}
        submitLabel={ask.read ? "Mail my letter to this address instead" : "Mail my letter to this address"}
      />
    </section>
  );
}

/**
 * Pieces that could not be verified (decision 0064): nothing is sent for them until the person
 * says one came to them, which counts as their own report; or they dismiss it.
 */
function UnverifiedPieces({ card, errorId }: { card: RequestCardData; errorId?: string }) {
  return (
    <ul className="plain request-unverified">
      {card.unverified!.map((piece) => (
        <li key={piece.id}>
          <p>{piece.text} Nothing is sent for it unless you say it came to you.</p>
          <Form method="post" action="/dashboard" className="request-buttons" aria-label={piece.text}>
            <input type="hidden" name="arrivalId" value={piece.id} />
            <button type="submit" name="intent" value="confirmPiece" className="button" aria-describedby={errorId}>
              Yes, this came to me: send again
            </button>
            <button type="submit" name="intent" value="dismissPiece" className="button button-quiet">
              Dismiss
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

/** Delete asks first: a real form, so it works without JavaScript; with it, focus moves to the question (app/browser/enhance.ts). */
function DeleteConfirmation({ card }: { card: RequestCardData }) {
  const titleId = `delete-${card.id}-title`;
  return (
    <Form method="post" action="/dashboard" className="delete-confirmation" data-focus-on-load tabIndex={-1} aria-labelledby={titleId}>
      <p id={titleId}>
        <strong>Delete the request to {card.senderName}?</strong> It leaves your dashboard; you can bring it back for {UNDO_DELETE_DAYS}{" "}
        days.
      </p>
      <input type="hidden" name="requestId" value={card.id} />
      <p className="request-buttons">
        <button type="submit" name="intent" value="delete" className="button button-danger">
          Delete
        </button>
        <Link to={`/dashboard${cardAnchor(card.id)}`}>Keep it</Link>
      </p>
    </Form>
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
        <p>
          {senderName} asks for what we never give or pay for you (a Social Security number, a date of birth or a fee). File it yourself,
          then tell us with “I filed it” so we can track it:
        </p>
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
