// The person's permission to act as their authorized agent (decision 0059): its section on
// /account, to sign with a typed name and to revoke, or, where no law lets an agent ask, one
// sentence saying there is nothing to sign.
import { Form } from "@remix-run/react";
import { InputField } from "~/components/ui/form";
import { permissionLines } from "~/domain/agent-permission";

export const AGENT_PERMISSION_INTENTS = { sign: "signAgentPermission", revoke: "revokeAgentPermission" } as const;

/** The signature field's id, which the page's error summary links to. */
export const AGENT_PERMISSION_FIELD_ID = "agent-permission-name";

export type AgentPermissionView = {
  /** The words signed, exactly as stored. */
  allows: string;
  signed: { typedName: string; at: string } | null;
  /** What the person's state's law lets an agent do, in a sentence (agentRightInWords); null where none is shown. */
  stateLaw: string | null;
  /** Why there is nothing to sign (nothingToSignIn), where no law of theirs lets an agent ask; null where it does. */
  nothingToSign: string | null;
  /** The account's full name, to type. */
  fullName: string;
};

/** Words signed, as they were stored: the list of the text signed now, an older text as its one paragraph. */
export function PermissionText({ text }: { text: string }) {
  const [lead, ...items] = permissionLines(text);
  return (
    <div className="agent-permission-text">
      <p>{lead}</p>
      {items.length ? (
        <ul>
          {items.map((item) => {
            // Each item starts with what it is about ("To whom:"), set in bold to scan the list by.
            const colon = item.indexOf(": ");
            return colon > 0 ? (
              <li key={item}>
                <strong>{item.slice(0, colon + 1)}</strong>
                {item.slice(colon + 1)}
              </li>
            ) : (
              <li key={item}>{item}</li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

export function AgentPermissionSection({
  permission,
  typedName,
  error,
}: {
  permission: AgentPermissionView;
  /** What was typed, kept after a refused signature. */
  typedName: string;
  /** The refusal of a typed name, shown next to the field (and in the page's error summary). */
  error: string | null;
}) {
  if (!permission.signed && permission.nothingToSign) {
    return (
      <section id="agent-permission" aria-labelledby="agent-permission-title">
        <h2 id="agent-permission-title">Permission to act for you</h2>
        <p>{permission.nothingToSign}</p>
      </section>
    );
  }
  return (
    <section id="agent-permission" aria-labelledby="agent-permission-title">
      <h2 id="agent-permission-title">Permission to act for you</h2>
      <p>
        When a sender keeps mailing after a second request, the privacy laws of some states let us ask it, as your authorized agent, to stop
        selling your personal data (in California, also to delete what it collected from you). Only a company the law applies to has to
        answer: banks, card issuers, lenders, insurers and companies under the law&apos;s size thresholds are outside these laws, and no law
        makes a company stop mailing you its own catalogs. We need your permission for that, signed once.
      </p>
      {permission.stateLaw ? <p className="muted">{permission.stateLaw}</p> : null}
      {permission.signed ? (
        <>
          <p>
            <strong>Signed by {permission.signed.typedName}</strong> on {permission.signed.at}:
          </p>
          <PermissionText text={permission.allows} />
          <Form method="post" action="/account#agent-permission">
            <input type="hidden" name="intent" value={AGENT_PERMISSION_INTENTS.revoke} />
            <p className="hint">Revoking stops every request under a state law that has not gone out yet.</p>
            <button type="submit" className="button button-quiet">
              Revoke
            </button>
          </Form>
        </>
      ) : (
        // A refused signature comes back at the top of the page, where its summary is (no #fragment).
        <Form method="post" action="/account" className="form" noValidate>
          <input type="hidden" name="intent" value={AGENT_PERMISSION_INTENTS.sign} />
          <p>What you sign:</p>
          <PermissionText text={permission.allows} />
          <InputField
            id={AGENT_PERMISSION_FIELD_ID}
            name="typedName"
            label="Type your full name to sign"
            hint={`Type: ${permission.fullName}`}
            autoComplete="name"
            maxLength={200}
            required
            defaultValue={typedName}
            error={error ?? undefined}
          />
          <button type="submit" className="button">
            Sign the permission
          </button>
        </Form>
      )}
    </section>
  );
}
