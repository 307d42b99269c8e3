// Whether a request's own address, or that of a recipient it names, was kept as typed (decision
// 0028): no letter goes from an address no one checked without staff. SQL text with no bound value,
// so that raw queries (the return-address wait) can use it as well as drizzle's.

/**
 * `table` names the requests row ("requests" or an alias). "is", not "=": a request from before
 * addresses were checked (addressCheck null) is not one kept as typed, and "not" of a null would
 * leave it out of every automatic send. Written out in full: in a single-table select drizzle leaves
 * column names unqualified, and inside the subquery "userId" would then be the recipient's own,
 * matching any recipient of anyone.
 */
export function addressKeptAsTypedSql(table: string) {
  return `(${table}."addressCheck" is 'asTyped' or exists (select 1 from "recipients" kt_r
  where kt_r."userId" = ${table}."userId" and kt_r."addressCheck" = 'asTyped'
  and (${table}."recipientIds" is null or kt_r."id" in (select value from json_each(${table}."recipientIds")))))`;
}
