import { createContext, useContext } from "react";

/** The id of the request being answered, set by entry.server for the error page to show. */
const RequestIdContext = createContext<string | undefined>(undefined);

export const RequestIdProvider = RequestIdContext.Provider;

export function useRequestId() {
  return useContext(RequestIdContext);
}
