import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { envelopeLines } from "~/domain/address";
import { ADDRESS_CHECK_LABELS } from "~/domain/address-check";
import { EmailPreferencesSchema } from "~/domain/account";
import { MAILBOX_LIMITS } from "~/domain/mailbox";
import { EMAIL_STEPS_BUTTON_ID, MAILBOX_INTENTS, MAILBOX_STEPS_FROM, MailboxSection } from "~/components/mailbox";
import { AGENT_PERMISSION_FIELD_ID, AGENT_PERMISSION_INTENTS, AgentPermissionSection } from "~/components/agent-permission";
import { EnhanceScript } from "~/components/enhance-script";
import { ErrorSummary } from "~/components/ui/form";
import {
  AGENT_PERMISSION_ALLOWS,
  nothingToSignIn,
  permissionAskedIn,
  SIGN_NAME_MISSING,
  signNameMismatch,
} from "~/domain/agent-permission";
import { formatDateTime, userTimeZone } from "~/domain/dates";
import { agentRightInWords } from "~/domain/state-privacy-laws";
import { agentPermissionInForce, revokeAgentPermission, signAgentPermission, statesOfHolder } from "~/models/agent-permission.server";
import { cancelEmailChange, endAllSessions, getAccountSettings } from "~/models/account.server";
import { dismissConfirmation, regenerateMailboxToken, setMailboxEnabled } from "~/models/mailbox.server";
import { changeEmailPreferences } from "~/services/account.server";
import { emailMailboxSteps, mailboxViewOf } from "~/services/mailbox.server";
import { requireUser, type CurrentUser } from "~/services/auth.server";
import { dbFor } from "~/utils/db.server";
import { invariantResponse } from "~/utils/http-errors";
import { pageMeta } from "~/utils/meta";
import { destroySession, getSession } from "~/utils/session.server";

/** What the page says after a change, by the `saved` parameter the change redirected with. */
const SAVED_NOTICES: Record<string, string> = {
  address: "Your name and address are saved.",
  moved: "Your new address is saved. Your open requests go out again, for the new address.",
  "email-link": "We sent a link to your new address. Your email changes when you open it.",
  email: "Your email address is changed. Sign in with it from now on.",
  password: "Your password is changed. You are signed out on every other device.",
  preferences: "Your email choices are saved.",
  "email-cancelled": "The change of email is cancelled: the link we sent no longer works.",
  "mailbox-new": "Your mailbox address is new. The old one refuses mail from now on: forward to the new one.",
  "mailbox-off": "Your mailbox address is turned off: mail sent to it is refused.",
  "mailbox-on": "Your mailbox address is turned on again.",
  "confirmation-done": "The confirmation message is removed.",
  "mailbox-emailed": "We emailed you the address and the steps. Open that email on your computer.",
  "agent-signed": "Your permission is signed. We use it only where your state's law allows, after a second request did not stop the mail.",
  "agent-revoked": "Your permission is revoked. No request under a state law goes out for you until you sign again.",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const db = await dbFor(context.env, user.id);
  const settings = await getAccountSettings(db, user.id);
  invariantResponse(settings);
  const saved = new URL(request.url).searchParams.get("saved");
  const now = new Date();
  const [mailbox, permission, states] = await Promise.all([
    mailboxViewOf(context.env, user),
    agentPermissionInForce(db, user.id),
    statesOfHolder(db, user.id),
  ]);
  return {
    mailbox,
    agentPermission: {
      // What is shown is what was signed: the stored words once signed, the words to sign before.
      allows: permission?.allows ?? AGENT_PERMISSION_ALLOWS,
      signed: permission
        ? { typedName: permission.typedName, at: formatDateTime(permission.signedAt, userTimeZone(settings.state).timeZone) }
        : null,
      stateLaw: agentRightInWords(settings.state, now),
      nothingToSign: permissionAskedIn(states, now) ? null : nothingToSignIn(settings.state, now),
      fullName: settings.fullName,
    },
    notice: saved && Object.hasOwn(SAVED_NOTICES, saved) ? SAVED_NOTICES[saved] : null,
    email: settings.email,
    pendingEmail: settings.pendingEmail?.newEmail ?? null,
    fullName: settings.fullName,
    addressLines: envelopeLines(settings),
    addressCheck: settings.addressCheck ? ADDRESS_CHECK_LABELS[settings.addressCheck] : null,
    earlierAddresses: settings.earlierAddresses.map((address) => envelopeLines(address).join(", ")),
    newsletter: settings.newsletter,
    reminderEmails: settings.reminderEmails,
    followUpEmails: settings.followUpEmails,
  };
}

const AccountActionSchema = z.discriminatedUnion("intent", [
  EmailPreferencesSchema.extend({ intent: z.literal("preferences") }),
  z.object({ intent: z.literal("signOutEverywhere") }),
  z.object({ intent: z.literal("cancelEmailChange") }),
  z.object({ intent: z.literal(MAILBOX_INTENTS.newAddress) }),
  z.object({ intent: z.literal(MAILBOX_INTENTS.turnOff) }),
  z.object({ intent: z.literal(MAILBOX_INTENTS.turnOn) }),
  z.object({ intent: z.literal(MAILBOX_INTENTS.dismiss), confirmationId: z.string().min(1).max(200) }),
  z.object({ intent: z.literal(MAILBOX_INTENTS.emailSteps), from: z.enum(MAILBOX_STEPS_FROM).default("account") }),
  z.object({ intent: z.literal(AGENT_PERMISSION_INTENTS.sign), typedName: z.string().max(200).optional() }),
  z.object({ intent: z.literal(AGENT_PERMISSION_INTENTS.revoke) }),
]);

type AccountAction = z.infer<typeof AccountActionSchema>;
type MailboxAction = Extract<AccountAction, { intent: (typeof MAILBOX_INTENTS)[keyof typeof MAILBOX_INTENTS] }>;

/** The inbound address's forms (decisions 0055, 0073). */
async function mailboxIntent(context: ActionFunctionArgs["context"], user: CurrentUser, value: MailboxAction) {
  const userId = user.id;
  const db = await dbFor(context.env, userId);
  switch (value.intent) {
    case MAILBOX_INTENTS.emailSteps: {
      // Also posted from the dashboard's setup card, which it returns to; a refusal shows here, beside the button.
      const outcome = await emailMailboxSteps(context.env, user);
      if (!outcome.ok) return data({ mailboxEmail: { error: outcome.message } }, { status: 429 });
      return redirect(
        value.from === "dashboard" ? "/dashboard?mailbox=emailed#mailbox-setup" : "/account?saved=mailbox-emailed#mailbox",
        303,
      );
    }
    case MAILBOX_INTENTS.newAddress:
      await regenerateMailboxToken(db, userId);
      return redirect("/account?saved=mailbox-new#mailbox", 303);
    case MAILBOX_INTENTS.turnOff:
    case MAILBOX_INTENTS.turnOn: {
      const enabled = value.intent === MAILBOX_INTENTS.turnOn;
      await setMailboxEnabled(db, userId, enabled);
      return redirect(`/account?saved=${enabled ? "mailbox-on" : "mailbox-off"}#mailbox`, 303);
    }
    case MAILBOX_INTENTS.dismiss:
      // Another account's confirmation is not found, exactly like one that does not exist.
      invariantResponse(await dismissConfirmation(db, userId, value.confirmationId));
      return redirect("/account?saved=confirmation-done#mailbox", 303);
  }
}

type AgentPermissionAction = Extract<AccountAction, { intent: (typeof AGENT_PERMISSION_INTENTS)[keyof typeof AGENT_PERMISSION_INTENTS] }>;

/**
 * Signing with a typed name, and revoking (decision 0059). A refused signature keeps what was typed,
 * next to its message and in the page's error summary. Where no law of the person's lets an agent
 * ask, there is nothing to sign: the post is refused with the sentence the page shows, and nothing
 * changes.
 */
async function agentPermissionIntent(
  context: ActionFunctionArgs["context"],
  user: { id: string; fullName: string; state: string },
  value: AgentPermissionAction,
) {
  const db = await dbFor(context.env, user.id);
  const now = new Date();
  if (value.intent === AGENT_PERMISSION_INTENTS.revoke) {
    await revokeAgentPermission(db, user.id, now);
    return redirect("/account?saved=agent-revoked#agent-permission", 303);
  }
  const typedName = value.typedName ?? "";
  if (!permissionAskedIn(await statesOfHolder(db, user.id), now)) {
    const nothingToSign = nothingToSignIn(user.state, now) ?? "There is nothing for you to sign.";
    return data({ agentPermission: { typedName, error: null, formError: nothingToSign } }, { status: 400 });
  }
  const refused = (error: string) => data({ agentPermission: { typedName, error, formError: null } }, { status: 400 });
  if (!typedName.trim()) return refused(SIGN_NAME_MISSING);
  const outcome = await signAgentPermission(db, user.id, typedName, now);
  if (outcome.kind === "nameMismatch") return refused(signNameMismatch(user.fullName));
  return redirect("/account?saved=agent-signed#agent-permission", 303);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: AccountActionSchema });
  invariantResponse(submission.status === "success", "Bad Request", { status: 400 });
  const value = submission.value;
  switch (value.intent) {
    case "signOutEverywhere": {
      await endAllSessions(await dbFor(context.env, user.id), user.id);
      const session = await getSession(request, context);
      return redirect("/signin?signedOut=everywhere", {
        status: 303,
        headers: { "Set-Cookie": await destroySession(session, context.env) },
      });
    }
    case "cancelEmailChange":
      await cancelEmailChange(await dbFor(context.env, user.id), user.id);
      return redirect("/account?saved=email-cancelled", 303);
    case "preferences":
      await changeEmailPreferences(context.env, user, {
        newsletter: value.newsletter,
        reminderEmails: value.reminderEmails,
        followUpEmails: value.followUpEmails,
      });
      return redirect("/account?saved=preferences", 303);
    case AGENT_PERMISSION_INTENTS.sign:
    case AGENT_PERMISSION_INTENTS.revoke:
      return agentPermissionIntent(context, user, value);
    default:
      return mailboxIntent(context, user, value);
  }
}

export default function Account() {
  const {
    mailbox,
    agentPermission,
    notice,
    email,
    pendingEmail,
    fullName,
    addressLines,
    addressCheck,
    earlierAddresses,
    newsletter,
    reminderEmails,
    followUpEmails,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const refusedSignature = actionData && "agentPermission" in actionData ? actionData.agentPermission : null;
  const refusedEmail = actionData && "mailboxEmail" in actionData ? actionData.mailboxEmail.error : null;
  return (
    <section className="page narrow account" aria-labelledby="page-title">
      <h1 id="page-title">Your account</h1>
      {refusedSignature ? (
        // The permission's section is far down the page: its refusal is said first, focused.
        <ErrorSummary
          form={{ errorId: "agent-permission-error", errors: refusedSignature.formError ? [refusedSignature.formError] : [] }}
          fields={[{ id: AGENT_PERMISSION_FIELD_ID, errors: refusedSignature.error ? [refusedSignature.error] : [] }]}
        />
      ) : null}
      {refusedEmail ? (
        <ErrorSummary form={{ errorId: "mailbox-email-summary" }} fields={[{ id: EMAIL_STEPS_BUTTON_ID, errors: [refusedEmail] }]} />
      ) : null}
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}

      <section aria-labelledby="address-title">
        <h2 id="address-title">Name and address</h2>
        <address>
          {fullName}
          {addressLines.map((line) => (
            <span key={line}>
              <br />
              {line}
            </span>
          ))}
        </address>
        {addressCheck ? <p className="muted">{addressCheck}</p> : null}
        {earlierAddresses.length > 0 ? (
          <>
            <p>Earlier addresses, named on every letter too:</p>
            <ul>
              {earlierAddresses.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </>
        ) : null}
        <p>
          <Link to="/account/address">Change name or address, or tell us you moved</Link>
        </p>
      </section>

      <section aria-labelledby="email-title">
        <h2 id="email-title">Email and password</h2>
        <p>
          You sign in with <strong className="email-address">{email}</strong>.
        </p>
        {pendingEmail ? (
          <Form method="post" className="notice">
            <p>
              Waiting for you to open the link we sent to <strong className="email-address">{pendingEmail}</strong>. Until then, your email
              stays as it is.
            </p>
            <p>
              Not you, or changed your mind?{" "}
              <button type="submit" name="intent" value="cancelEmailChange" className="button button-quiet">
                Cancel this change
              </button>
            </p>
          </Form>
        ) : null}
        <p>
          <Link to="/account/email">Change email</Link> · <Link to="/account/password">Change password</Link>
        </p>
      </section>

      <section aria-labelledby="preferences-title">
        <h2 id="preferences-title">Emails we send you</h2>
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="preferences" />
          <label className="check">
            <input type="checkbox" name="newsletter" defaultChecked={newsletter} /> The newsletter: tips on stopping junk mail, now and then
          </label>
          <label className="check">
            <input type="checkbox" name="reminderEmails" defaultChecked={reminderEmails} /> &ldquo;Has the mail stopped?&rdquo; reminders
            about your requests
          </label>
          <label className="check">
            <input type="checkbox" name="followUpEmails" defaultChecked={followUpEmails} /> An email at each step we take in your name when
            a sender keeps mailing: a second request, a request under the law, a question for you
          </label>
          <p className="hint">Emails about your account and its security, and answers from senders, always reach you.</p>
          <button type="submit" className="button">
            Save email choices
          </button>
        </Form>
      </section>

      <AgentPermissionSection
        permission={agentPermission}
        typedName={refusedSignature?.typedName ?? ""}
        error={refusedSignature?.error ?? null}
      />

      {mailbox ? <MailboxSection mailbox={mailbox} messagesPerDay={MAILBOX_LIMITS.messagesPerDay} emailError={refusedEmail} /> : null}

      <section aria-labelledby="devices-title">
        <h2 id="devices-title">Devices</h2>
        <p>Lost a phone, or signed in on a shared computer? This signs you out on every device, this one included.</p>
        <Form method="post">
          <input type="hidden" name="intent" value="signOutEverywhere" />
          <button type="submit" className="button button-quiet">
            Sign out everywhere
          </button>
        </Form>
      </section>

      <section aria-labelledby="data-title">
        <h2 id="data-title">Your data</h2>
        <p>
          Everything we hold about you: your account, addresses, recipients, every request with its letter and history, and the emails we
          sent.
        </p>
        <p className="actions">
          <a className="button button-quiet" href="/account/export.json" download>
            Download my data (JSON)
          </a>
          <Link to="/account/export">View it as a page you can print</Link>
        </p>
        <p>
          <Link to="/account/delete">Delete my account</Link>
        </p>
      </section>
      <EnhanceScript />
    </section>
  );
}

export const meta = () =>
  pageMeta("Your account", "Change your name, address, email, password and email choices, or take your data with you.");
