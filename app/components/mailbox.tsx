// The account's private inbound address (decisions 0055, 0073): its section on /account, with the
// setup help, the dashboard's card that asks for the setup until the first mail arrives, and the
// small box on the dashboard that points to it after.
import { Form, Link } from "@remix-run/react";
import {
  COMPUTER_ONCE,
  DIGEST_SENDER,
  gmailSteps,
  INFORMED_DELIVERY_URL,
  MAILBOX_LIMITS,
  outlookSteps,
  USPS_IDENTITY_CHECK,
  YAHOO_NOTE,
} from "~/domain/mailbox";

export type MailboxView = {
  address: string;
  enabled: boolean;
  /** The dashboard asks for the setup: a request went out, the address is on and has had no digest or photo yet. */
  settingUp: boolean;
  confirmations: {
    id: string;
    subject: string;
    text: string;
    received: string;
    /** Gmail's code and confirming link, when the text has them. */
    gmail: { code: string; link: string | null } | null;
  }[];
};

export const MAILBOX_INTENTS = {
  newAddress: "mailboxNewAddress",
  turnOff: "mailboxOff",
  turnOn: "mailboxOn",
  dismiss: "dismissConfirmation",
  emailSteps: "mailboxEmailSteps",
} as const;

/** The pages the steps can be emailed from, and so returned to. */
export const MAILBOX_STEPS_FROM = ["dashboard", "account"] as const;

/** The id of the "Email me" button on /account, where a refusal's summary links to. */
export const EMAIL_STEPS_BUTTON_ID = "mailbox-email-steps";

export function MailboxSection({
  mailbox,
  messagesPerDay,
  emailError = null,
}: {
  mailbox: MailboxView;
  messagesPerDay: number;
  /** Why "Email me the address and the steps" was refused, shown beside it. */
  emailError?: string | null;
}) {
  return (
    <section id="mailbox" className="mailbox" aria-labelledby="mailbox-title">
      <h2 id="mailbox-title">Your mailbox address</h2>
      {mailbox.confirmations.length > 0 ? <Confirmations confirmations={mailbox.confirmations} /> : null}
      <p>
        Send your mail here, and we find who mails you without you typing: the Postal Service&rsquo;s daily email with scans of your
        letters, or a photo of a piece of junk mail. It is yours alone; whatever arrives here affects only your account.
      </p>
      <p>
        <strong>{COMPUTER_ONCE}</strong> Copy the address below, or have it emailed to you with the steps, to open on the computer.
      </p>
      <AddressAndActions
        address={mailbox.address}
        from="account"
        idPrefix="mailbox"
        offer={mailbox.enabled}
        emailButtonId={EMAIL_STEPS_BUTTON_ID}
        emailError={emailError}
      />
      {mailbox.enabled ? (
        <p className="muted">
          Turned on: we take up to {messagesPerDay} emails a day. Anything that is not a daily digest or a photo of mail is refused and
          never kept.
        </p>
      ) : (
        <p className="notice" role="status">
          Turned off: mail sent to this address is refused.
        </p>
      )}
      <div className="actions">
        <Form method="post">
          <input type="hidden" name="intent" value={MAILBOX_INTENTS.newAddress} />
          <button type="submit" className="button button-quiet">
            Get a new address
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value={mailbox.enabled ? MAILBOX_INTENTS.turnOff : MAILBOX_INTENTS.turnOn} />
          <button type="submit" className="button button-quiet">
            {mailbox.enabled ? "Turn off" : "Turn on"}
          </button>
        </Form>
      </div>
      <p className="hint">A new address replaces this one at once: mail to the old one is refused, so change your forwarding too.</p>

      <h3>Set it up</h3>
      <ol>
        <li>
          Sign up for Informed Delivery, free from the Postal Service, at <a href={INFORMED_DELIVERY_URL}>usps.com</a>. Each morning it
          emails you a picture of the letters that reach your mailbox that day. Informed Delivery shows letters, rarely catalogs: for a
          catalog, tell us yourself when it stops or send us a photo of one that still comes. {USPS_IDENTITY_CHECK}
        </li>
        <li>
          Have your email forward that daily email here, with a filter on its sender, <strong>{DIGEST_SENDER}</strong>. Only that email
          goes; the rest of your mail stays where it is.
        </li>
      </ol>
      <details>
        <summary>Gmail</summary>
        <div>
          <Steps steps={gmailSteps(null)} />
        </div>
      </details>
      <details>
        <summary>Outlook</summary>
        <div>
          <Steps steps={outlookSteps(null)} />
        </div>
      </details>
      <details>
        <summary>Yahoo Mail</summary>
        <div>
          <p>{YAHOO_NOTE}</p>
        </div>
      </details>

      <h3>Or email a photo</h3>
      <p>
        Take a photo of a piece of junk mail (the front, or the label with your name) and email it here, up to {MAILBOX_LIMITS.maxImages}{" "}
        photos in one email. It shows on your dashboard like a photo you upload, and we read who sent it.
      </p>
      <p>
        Send it from the email address you sign in with. A photo from any other address is refused, and so is one your email provider did
        not sign (Gmail, Outlook.com and Yahoo Mail sign every email they send), so nobody else can use up your photos for the day.
      </p>
    </section>
  );
}

function Confirmations({ confirmations }: { confirmations: MailboxView["confirmations"] }) {
  return (
    <div id="mailbox-confirmations" className="notice">
      <h3>Finish setting up forwarding</h3>
      <p>
        Your email asks you to confirm that it may forward to this address. Open the link, or copy the code into your email&rsquo;s
        settings. We never follow the link for you.
      </p>
      {confirmations.map((confirmation) => (
        <article key={confirmation.id} aria-label={confirmation.subject}>
          {confirmation.gmail ? (
            <GmailCode gmail={confirmation.gmail} received={confirmation.received} text={confirmation.text} />
          ) : (
            <>
              <p>
                <strong>{confirmation.subject}</strong> <span className="muted">(received {confirmation.received})</span>
              </p>
              <p className="reply-text">{confirmation.text}</p>
            </>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value={MAILBOX_INTENTS.dismiss} />
            <input type="hidden" name="confirmationId" value={confirmation.id} />
            <button type="submit" className="button button-quiet">
              Done, remove this message
            </button>
          </Form>
        </article>
      ))}
    </div>
  );
}

/** The dashboard's notice of a forwarding confirmation waiting on /account. */
export function ConfirmationNotice({ mailbox }: { mailbox: MailboxView | null }) {
  if (!mailbox || mailbox.confirmations.length === 0) return null;
  return (
    <p className="notice" role="status">
      Your email sent a forwarding confirmation to your mailbox address.{" "}
      <Link to="/account#mailbox-confirmations">Finish setting up forwarding</Link>
    </p>
  );
}

/**
 * The dashboard's pointer to the address: small, below the requests, before the first request and
 * once the address has taken mail. While the setup card asks for it near the top, it is left out.
 */
export function MailboxBox({ mailbox }: { mailbox: MailboxView | null }) {
  if (!mailbox?.enabled || mailbox.settingUp) return null;
  return (
    <aside className="note mailbox-box" aria-label="Your mailbox address">
      <p>
        <strong>Skip the typing:</strong> forward the Postal Service&rsquo;s daily scans of your mail, or email a photo of junk mail, to{" "}
        <code className="mailbox-address">{mailbox.address}</code>. <Link to="/account#mailbox">How to set it up</Link>
      </p>
    </aside>
  );
}

/**
 * Gmail's code in large type, to type where the forwarding address was added; its link as a link;
 * the whole message folded (decision 0073).
 */
function GmailCode({ gmail, received, text }: { gmail: { code: string; link: string | null }; received: string; text: string }) {
  return (
    <>
      <p className="confirmation-code">
        Type <strong>{gmail.code}</strong> in Gmail
      </p>
      <p>
        In Gmail&rsquo;s Forwarding and POP/IMAP settings, where you added your address, enter this code and choose Verify.
        {gmail.link ? (
          <>
            {" "}
            Or open{" "}
            <a href={gmail.link} rel="noreferrer">
              Gmail&rsquo;s confirmation link
            </a>{" "}
            and choose Confirm.
          </>
        ) : null}
      </p>
      <details>
        <summary>The whole message from Gmail (received {received})</summary>
        <p className="reply-text">{text}</p>
      </details>
    </>
  );
}

function Steps({ steps }: { steps: string[] }) {
  return (
    <ol>
      {steps.map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ol>
  );
}

/**
 * The address, "Copy address" (shown by the enhancement script only, with "Copied." said in the
 * live region) and "Email me the address and the steps" (a form post, with or without
 * JavaScript), so the address reaches the computer the setup is done on (decision 0073).
 */
function AddressAndActions({
  address,
  from,
  idPrefix,
  offer,
  emailButtonId,
  emailError = null,
}: {
  address: string;
  from: (typeof MAILBOX_STEPS_FROM)[number];
  idPrefix: string;
  /** A turned-off address is shown, not offered. */
  offer: boolean;
  emailButtonId?: string;
  emailError?: string | null;
}) {
  const addressId = `${idPrefix}-address`;
  const statusId = `${idPrefix}-copied`;
  const errorId = `${idPrefix}-email-error`;
  return (
    <>
      <p className="mailbox-address">
        <code id={addressId}>{address}</code>
      </p>
      {offer ? (
        <>
          <div className="actions">
            <button type="button" className="button" data-copy-text={addressId} data-status={statusId} hidden>
              Copy address
            </button>
            <Form method="post" action="/account">
              <input type="hidden" name="intent" value={MAILBOX_INTENTS.emailSteps} />
              <input type="hidden" name="from" value={from} />
              <button
                type="submit"
                className="button button-quiet"
                id={emailButtonId}
                data-pending-label="Emailing…"
                aria-describedby={emailError ? errorId : undefined}
              >
                Email me the address and the steps
              </button>
            </Form>
          </div>
          <p role="status" className="muted" id={statusId} />
          {emailError ? (
            <p className="field-error" id={errorId}>
              {emailError}
            </p>
          ) : null}
        </>
      ) : null}
    </>
  );
}

/**
 * Near the top of the dashboard once the first requests are out, until the address takes its
 * first digest or photo: what it does for the person, the time it takes, the address and the two
 * ways to carry it to a computer, and the way to the full steps (decision 0073).
 */
export function MailboxSetupCard({ setup }: { setup: { address: string; emailed: boolean } | null }) {
  if (!setup) return null;
  return (
    <section id="mailbox-setup" className="mailbox-setup" aria-labelledby="mailbox-setup-title">
      <h2 id="mailbox-setup-title">Let us see your mail</h2>
      {setup.emailed ? (
        <p className="notice" role="status" tabIndex={-1} data-focus-on-load>
          We emailed you the address and the steps. Open that email on your computer.
        </p>
      ) : null}
      <p>
        Forward the Postal Service&rsquo;s free daily email of your letters to the address below, and we see which senders still mail you,
        with no typing.
      </p>
      <p>
        <strong>{COMPUTER_ONCE}</strong>
      </p>
      <AddressAndActions address={setup.address} from="dashboard" idPrefix="mailbox-setup" offer />
      <p>
        <Link to="/account#mailbox">All the steps, for Gmail and Outlook</Link>
      </p>
    </section>
  );
}
