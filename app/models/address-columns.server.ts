import type { earlierAddresses, recipients, requests, users } from "../../drizzle/schema";

type TableWithAddress = typeof users | typeof requests | typeof recipients | typeof earlierAddresses;
type TableWithCheckedAddress = typeof users | typeof requests | typeof recipients;

/** The postal address columns every table that holds one names the same way, for a select. */
export function addressColumns<Table extends TableWithAddress>(table: Table) {
  return { street1: table.street1, street2: table.street2, city: table.city, state: table.state, zipCode: table.zipCode };
}

/** The address columns and how far the address was checked (decision 0028), for the tables that record it. */
export function checkedAddressColumns<Table extends TableWithCheckedAddress>(table: Table) {
  return { ...addressColumns(table), addressCheck: table.addressCheck };
}
