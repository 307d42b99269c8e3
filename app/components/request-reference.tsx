import { useRequestId } from "~/utils/request-id";

/**
 * The id of the request that failed, for a person to quote when they write to us: it finds the
 * request's log lines. Only the server knows it; on a page that hydrates, the browser keeps the
 * server's text (hence the string on both sides, and no warning about the difference).
 */
export function RequestReference() {
  const requestId = useRequestId();
  return (
    <span className="request-reference" hidden={!requestId} suppressHydrationWarning>
      {requestId ? `If you write to us about it, quote this reference: ${requestId}` : ""}
    </span>
  );
}
