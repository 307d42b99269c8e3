// What bench/dashboard.ts and its Worker entry (bench/dashboard-entry.ts) say to each other.
import type { RoundTrip } from "../test/support/counting-bindings";

/** A request with this header is answered on counting bindings: what it cost, not its page. */
export const COUNT_ROUND_TRIPS_HEADER = "X-Bench-Count-Round-Trips";

/** The answer to a counted request: the page's status and request cards, and every round trip it made. */
export type CountedVisit = { status: number; cards: number; roundTrips: RoundTrip[] };
