import type { ReactNode } from "react";
import { ADDRESS_CHECK_LABELS } from "~/domain/address-check";
import type { SignupDraft } from "~/utils/session.server";

const FIELD_LABELS: Record<string, string> = {
  street1: "Street",
  street2: "Apartment, suite, unit",
  city: "City",
  state: "State",
  zipCode: "ZIP code",
};

/**
 * A name and an address as they will be saved, with how far the address was checked and what the
 * check changed, so the person sees what senders will get before it is saved (signup, and the
 * account page). Nothing here says more than the check did (decision 0028).
 */
export function VerifiedAddress({
  title,
  fullName,
  address,
  check,
  changes,
  children,
}: Pick<SignupDraft, "address" | "changes" | "check"> & { title: string; fullName: string; children?: ReactNode }) {
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
      {check ? <p className="address-check">{ADDRESS_CHECK_LABELS[check]}</p> : null}
      {changes.length > 0 ? (
        <>
          <p>We wrote it the way the Postal Service does, so senders match it to their lists:</p>
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
