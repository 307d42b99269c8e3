import type { ReactNode } from "react";
import type { SignupDraft } from "~/utils/session.server";

const FIELD_LABELS: Record<string, string> = {
  street1: "Street",
  street2: "Apartment, suite, unit",
  city: "City",
  state: "State",
  zipCode: "ZIP code",
};

/**
 * A name and an address as verification wrote them, with what it changed, so the person sees what
 * senders will get before it is saved (signup, and the account page).
 */
export function VerifiedAddress({
  title,
  fullName,
  address,
  changes,
  children,
}: Pick<SignupDraft, "address" | "changes"> & { title: string; fullName: string; children?: ReactNode }) {
  return (
    <div className="notice">
      <p>
        <strong>{title}</strong>
      </p>
      <address>
        {fullName}
        <br />
        {address.street2 ? `${address.street1}, ${address.street2}` : address.street1}
        <br />
        {`${address.city}, ${address.state} ${address.zipCode}`}
      </address>
      {changes.length > 0 ? (
        <>
          <p>We wrote your address the way the Postal Service does, so senders match it to their lists:</p>
          <ul>
            {changes.map((change) => (
              <li key={change.field}>
                {`${FIELD_LABELS[change.field] ?? change.field}: “${change.from || "(empty)"}” became “${change.to || "(empty)"}”`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {children}
    </div>
  );
}
