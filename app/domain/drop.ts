// California's Delete Request and Opt-out Platform (DROP), created by the Delete Act (SB 362) and
// run by the California Privacy Protection Agency: one request reaches every registered data
// broker (decision 0059). The dashboard guides a Californian who asked a data broker to stop;
// /learn explains it to everyone. Sources in decision 0059.
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

/** How a person files it once on the agency's site (DROP.url): only they can, and it is free. */
export const DROP_STEPS = [
  "Confirm that you live in California: the site checks it through the California Identity Gateway or Login.gov.",
  "Give your name, your address and email, and other names and addresses you have used, as they appear on your mail.",
  "Send the one request: it reaches every registered data broker, including ones that sell lists for mail.",
] as const;

/** DROP reaches data brokers registered in California only: the rest of the requests still matter. */
export const DROP_LIMITS =
  "It is free. It covers data brokers registered in California, not the catalogs, charities and other companies that mail you: your requests here keep going.";

/**
 * Whether the dashboard guides the person to DROP: a California address, and a data broker among
 * the senders they asked to stop (`categories`: the catalog categories of their requests' senders).
 */
export function dropGuideFor(state: string, categories: readonly (string | null)[]): boolean {
  return stateCode(state) === "CA" && categories.includes(DATA_BROKER_CATEGORY);
}
