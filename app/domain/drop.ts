// California's Delete Request and Opt-out Platform (DROP), created by the Delete Act (SB 362) and
// run by the California Privacy Protection Agency: one request reaches every registered data
// broker (decision 0059). The dashboard guides a Californian who asked a data broker to stop;
// /learn explains it to everyone. The law lets an authorized agent help with the request
// (Civ. Code § 1798.99.86(b)); the product does not file it (decision 0062). Sources in decision 0059.
import { stateCode } from "./us-states";

/** The catalog category of data brokers and list cooperatives. */
const DATA_BROKER_CATEGORY = "data-broker";

export const DROP = {
  name: "Delete Request and Opt-out Platform",
  shortName: "DROP",
  agency: "California Privacy Protection Agency",
  url: "https://privacy.ca.gov/drop/",
  urlText: "privacy.ca.gov/drop",
  brokersProcessFrom: "August 1, 2026",
  everyDays: 45,
} as const;

/** What DROP is, in a sentence or two. */
export const DROP_ABOUT = `California's ${DROP.name} (${DROP.shortName}), run by the ${DROP.agency}, sends one deletion request to every data broker registered with the state. From ${DROP.brokersProcessFrom}, each broker must process the requests at least every ${DROP.everyDays} days.`;

/** Who may file it: the law lets an authorized agent help; the product does not file it. */
export const DROP_AGENTS =
  "The law lets an authorized agent help you with a DROP request (Cal. Civ. Code § 1798.99.86(b)). Quiet Mailbox does not file it for you: you file it yourself, on the state's own site.";

/** How a person files it once on the agency's site (DROP.url); it is free. */
export const DROP_STEPS = [
  "Confirm that you live in California: the site checks it through the California Identity Gateway or Login.gov.",
  "Give what the site asks for to find your records: reports name your name, date of birth, email, phone number and ZIP code, and, if you choose, your devices' advertising IDs. The state's site asks for these; we never ask for your date of birth.",
  "Send the one request: it reaches every registered data broker, including ones that sell lists for mail.",
] as const;

/** DROP reaches data brokers registered in California only: the rest of the requests still matter. */
export const DROP_LIMITS =
  "It is free. It covers data brokers registered in California, not the catalogs, charities and other companies that mail you: your requests here keep going.";

/** DROP in one sentence, for the top of a Californian's first dashboard: what it does, for whom, at what cost. */
export const DROP_IN_SHORT = `California's ${DROP.name} (${DROP.shortName}) sends one free deletion request to every data broker registered with the state, for people who live in California.`;

/** What it covers, said before the person spends a free request here. */
export const DROP_COVERS =
  "It covers data brokers registered in California, not the catalogs, charities and other companies that mail you.";

/** Why the recommendations below it are what they are (recommendedRequests). */
export const DROP_THEN = "So the senders we recommend below are ones our catalog does not file as data brokers.";

/**
 * Whether the dashboard shows DROP: to every Californian, first of all before their first request
 * (decision 0074), since one free request there reaches the data brokers their free requests here
 * would otherwise be spent on.
 */
export function dropGuideFor(state: string): boolean {
  return stateCode(state) === "CA";
}

/**
 * Whether DROP reaches a sender for this person: a Californian, and a sender the catalog files as
 * a data broker. The catalog's category stands for the state's registry, which it does not copy;
 * the page says "the catalog files as a data broker", never that a sender is registered.
 */
export function dropReaches(state: string, category: string | null): boolean {
  return dropGuideFor(state) && category === DATA_BROKER_CATEGORY;
}
