import { STAFF_ADDRESS_WARNING } from "~/domain/address-check";

/** Staff's reminder that some letters carry an address nobody could confirm (decision 0028). */
export function AddressesToCheck({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="notice notice-warning no-print">
      <strong>
        {count === 1 ? "1 request has" : `${count} requests have`} an address kept as typed after a doubt: check{" "}
        {count === 1 ? "it" : "them"} (Who is waiting) before printing or sending.
      </strong>
    </p>
  );
}

/** On one request: its address, or that of a person it covers, was kept as typed. */
export function AddressKeptAsTyped() {
  return <strong className="status status-warning">{STAFF_ADDRESS_WARNING}</strong>;
}
