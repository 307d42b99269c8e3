import { Form } from "@remix-run/react";
import { InputField } from "~/components/ui/form";
import type { SenderAddressField, SenderAddressInput } from "~/domain/sender-address";

/** What the card and the request's page show while they ask for the return address (decision 0067). */
export type ReturnAddressAskData = {
  askedOn: string;
  /** When the request goes to our staff, or went, without an answer. */
  staffFrom: string;
  withStaff: boolean;
  /** The request came back from the address we had (a letter returned, an email bounced): asked since then. */
  cameBack: boolean;
  /** The return address a photo or a digest read on a piece of the sender's mail, for one press. */
  read: (Required<SenderAddressInput> & { line: string }) | null;
};

/** Where the card's and the page's forms post: the request's own page, which shows any refusal next to its field. */
const returnAddressPath = (requestId: string) => `/requests/${encodeURIComponent(requestId)}/return-address`;

/** What the wait means, in plain words: the person's first, then our staff's. */
export function ReturnAddressExplanation({ senderName, ask }: { senderName: string; ask: ReturnAddressAskData }) {
  if (ask.withStaff) {
    return (
      <p>
        We asked for the return address on {ask.askedOn}; our staff are looking it up since {ask.staffFrom}. If you have a piece of{" "}
        {senderName}’s mail at hand, you can still give it: your letter then goes at once.
      </p>
    );
  }
  const where = "Every piece of its mail prints a return address, usually at the top left of the envelope or beside the mailing label.";
  return ask.cameBack ? (
    <p>
      Your request did not reach {senderName}: the address we had for it did not work. {where} Type the one on a recent piece here and we
      mail your letter there through the Postal Service. Without an answer by {ask.staffFrom}, our staff look it up instead.
    </p>
  ) : (
    <p>
      We have no address for {senderName}. {where} Type it here and we mail your letter there through the Postal Service. Without an answer
      by {ask.staffFrom}, our staff look it up instead.
    </p>
  );
}

/** "Yes, mail it there": the address read on a piece, confirmed in one press. */
export function ConfirmReadAddress({ requestId, read }: { requestId: string; read: NonNullable<ReturnAddressAskData["read"]> }) {
  return (
    <Form method="post" action={returnAddressPath(requestId)} className="return-address-read">
      <p>We read this return address on a piece of its mail:</p>
      <address>
        <span>{read.company}</span> <span>{read.street1}</span>{" "}
        <span>
          {read.city}, {read.state} {read.zipCode}
        </span>
      </address>
      <button type="submit" name="intent" value="confirmRead" className="button">
        Yes, mail my letter there
      </button>
    </Form>
  );
}

const FIELD_LABELS: Record<SenderAddressField, string> = {
  company: "Name printed above the address",
  street1: "Street address or P.O. Box",
  street2: "Suite or unit (optional)",
  city: "City",
  state: "State",
  zipCode: "ZIP code",
};

/**
 * The return address's fields, named as the person's own address fields are. Autofill stays off: it
 * would offer the person's own address. `idPrefix` keeps the ids apart when several cards ask.
 */
export function ReturnAddressForm({
  requestId,
  idPrefix,
  values,
  errors = {},
  submitLabel,
}: {
  requestId: string;
  idPrefix: string;
  values: Partial<SenderAddressInput>;
  errors?: Partial<Record<SenderAddressField | "form", string>>;
  submitLabel: string;
}) {
  const formErrorId = `${idPrefix}-form-error`;
  return (
    <Form method="post" action={returnAddressPath(requestId)} className="form return-address-form" noValidate>
      {errors.form ? (
        <p className="form-error" id={formErrorId} role="alert">
          {errors.form}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="give" />
      {(Object.keys(FIELD_LABELS) as SenderAddressField[]).map((field) => (
        <InputField
          key={field}
          id={`${idPrefix}-${field}`}
          name={field}
          label={FIELD_LABELS[field]}
          autoComplete="off"
          inputMode={field === "zipCode" ? "numeric" : undefined}
          defaultValue={values[field] ?? ""}
          error={errors[field]}
          required={field !== "street2"}
        />
      ))}
      <button type="submit" className="button">
        {submitLabel}
      </button>
    </Form>
  );
}
