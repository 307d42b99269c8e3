// The person's permission to act as their authorized agent (decision 0059): its section on
// /account, to sign with a typed name and to revoke.
import { Form } from "@remix-run/react";
import { InputField } from "~/components/ui/form";

export const AGENT_PERMISSION_INTENTS = { sign: "signAgentPermission", revoke: "revokeAgentPermission" } as const;

export type AgentPermissionView = {
  /** The words signed, exactly as stored. */
  allows: string;
  signed: { typedName: string; at: string } | null;
  /** What the person's state's law lets an agent do, in a sentence (agentRightInWords); null where none is shown. */
  stateLaw: string | null;
};

export function AgentPermissionSection({
  permission,
  typedName,
  error,
}: {
  permission: AgentPermissionView;
  /** What was typed, kept after a refused signature. */
  typedName: string;
  error: string | null;
}) {
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
          <blockquote className="agent-permission-text">{permission.allows}</blockquote>
          <Form method="post" action="/account#agent-permission">
            <input type="hidden" name="intent" value={AGENT_PERMISSION_INTENTS.revoke} />
            <p className="hint">Revoking stops every request under a state law that has not gone out yet.</p>
            <button type="submit" className="button button-quiet">
              Revoke
            </button>
          </Form>
        </>
      ) : (
        <Form method="post" action="/account#agent-permission" className="form" noValidate>
          <input type="hidden" name="intent" value={AGENT_PERMISSION_INTENTS.sign} />
          <p>What you sign:</p>
          <blockquote className="agent-permission-text">{permission.allows}</blockquote>
          <InputField
            id="agent-permission-name"
            name="typedName"
            label="Type your full name to sign"
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
