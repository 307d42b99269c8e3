// The account's private inbound address (decision 0055): its section on /account, with the setup
// help, and the small box on the dashboard that points to it.
import { Form, Link } from "@remix-run/react";
import { MAILBOX_LIMITS } from "~/domain/mailbox";

/** Where the Postal Service's daily digest comes from: what the forwarding filter matches. */
const DIGEST_SENDER = "USPSInformeddelivery@email.informeddelivery.usps.com";

export type MailboxView = {
  address: string;
  enabled: boolean;
  confirmations: { id: string; subject: string; text: string; received: string }[];
};

export const MAILBOX_INTENTS = {
  newAddress: "mailboxNewAddress",
  turnOff: "mailboxOff",
  turnOn: "mailboxOn",
  dismiss: "dismissConfirmation",
} as const;

export function MailboxSection({ mailbox, messagesPerDay }: { mailbox: MailboxView; messagesPerDay: number }) {
  return (
    <section id="mailbox" className="mailbox" aria-labelledby="mailbox-title">
      <h2 id="mailbox-title">Your mailbox address</h2>
      {mailbox.confirmations.length > 0 ? <Confirmations confirmations={mailbox.confirmations} /> : null}
      <p>
        Send your mail here, and we find who mails you without you typing: the Postal Service&rsquo;s daily email with scans of your
        letters, or a photo of a piece of junk mail. It is yours alone; whatever arrives here affects only your account.
      </p>
      <p className="mailbox-address">
        <code>{mailbox.address}</code>
      </p>
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
          Sign up for Informed Delivery, free from the Postal Service, at <a href="https://informeddelivery.usps.com">usps.com</a>. Each
          morning it emails you a picture of the letters that reach your mailbox that day. Informed Delivery shows letters, rarely catalogs:
          for a catalog, tell us yourself when it stops or send us a photo of one that still comes.
        </li>
        <li>
          Have your email forward that daily email here, with a filter on its sender, <strong>{DIGEST_SENDER}</strong>. Only that email
          goes; the rest of your mail stays where it is.
        </li>
      </ol>
      <details>
        <summary>Gmail</summary>
        <div>
          <ol>
            <li>On a computer, open Gmail&rsquo;s Settings (the gear), then See all settings, then Forwarding and POP/IMAP.</li>
            <li>
              Choose Add a forwarding address and enter your address above. Gmail sends it a confirmation: it shows on this page within a
              minute. Open its link, or type its code in Gmail.
            </li>
            <li>Leave forwarding itself off. In Filters and Blocked Addresses, choose Create a new filter.</li>
            <li>In From, enter {DIGEST_SENDER}, then Create filter.</li>
            <li>Tick Forward it to, choose your address above, and Create filter.</li>
          </ol>
        </div>
      </details>
      <details>
        <summary>Outlook</summary>
        <div>
          <ol>
            <li>In Outlook.com, open Settings, then Mail, then Rules, and choose Add new rule.</li>
            <li>Name it, and for the condition choose From and enter {DIGEST_SENDER}.</li>
            <li>For the action choose Forward to, enter your address above, and Save.</li>
          </ol>
        </div>
      </details>
      <details>
        <summary>Yahoo Mail</summary>
        <div>
          <p>
            Yahoo Mail forwards all of your mail or none, and only on a paid plan, so it cannot send just the daily email. Forward it by
            hand when you like: open it, choose Forward, and send it to your address above. A forwarded copy cannot show that it came from
            the Postal Service, so we ask you about what it shows before anything is sent because of it.
          </p>
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
          <p>
            <strong>{confirmation.subject}</strong> <span className="muted">(received {confirmation.received})</span>
          </p>
          <p className="reply-text">{confirmation.text}</p>
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

/** The dashboard's pointer to the address: small, below the requests. */
export function MailboxBox({ mailbox }: { mailbox: MailboxView | null }) {
  if (!mailbox?.enabled) return null;
  return (
    <aside className="note mailbox-box" aria-label="Your mailbox address">
      <p>
        <strong>Skip the typing:</strong> forward the Postal Service&rsquo;s daily scans of your mail, or email a photo of junk mail, to{" "}
        <code className="mailbox-address">{mailbox.address}</code>. <Link to="/account#mailbox">How to set it up</Link>
      </p>
    </aside>
  );
}
