/**
 * The kinds of unsolicited mail, which catalog categories belong to each, and what stops each
 * best. /learn, the dashboard and /requests/add read these, so they never disagree.
 */

/** A catalog category's name as people read it. */
const CATEGORY_TITLES: Record<string, string> = {
  catalogs: "Catalogs and retailers",
  "credit-offers": "Prescreened credit and insurance offers",
  "credit-cards": "Credit card offers",
  loans: "Loan and mortgage offers",
  insurance: "Insurance offers",
  magazines: "Magazines, publishers and sweepstakes",
  charities: "Charities and nonprofits",
  telecom: "Phone, cable and internet offers",
  "home-services": "Home and auto services",
  coupons: "Coupon mailers",
  directories: "Phone directories",
  "preference-service": "Preference services",
  "data-broker": "Data brokers and list cooperatives",
  "mail-processor": "Mail processors",
};

export function categoryTitle(category: string): string {
  return CATEGORY_TITLES[category] ?? category.replace(/-/g, " ").replace(/^./, (first) => first.toUpperCase());
}

export type MailKind = {
  id: string;
  title: string;
  categories: readonly string[];
  /** What stops this kind of mail best, in order: the first step first. */
  advice: readonly string[];
};

/** How the catalog's categories read as kinds of mail, with the advice for each. */
export const MAIL_KINDS: readonly MailKind[] = [
  {
    id: "credit",
    title: "Credit card, loan and insurance offers",
    categories: ["credit-offers", "credit-cards", "loans", "insurance"],
    advice: [
      "Most “pre-approved” offers are prescreened: the credit bureaus sell lists of people who fit a lender's or insurer's terms. OptOutPrescreen, the bureaus' joint opt-out, stops those from every company at once. You file it yourself, online or by phone: it may ask for your Social Security number, which we never ask for or keep.",
      "Offers from a bank or insurer you already deal with are not prescreened. Send that company a request too, and ask it to stop marketing mail and not to share your details for marketing.",
    ],
  },
  {
    id: "catalogs",
    title: "Catalogs and retailers",
    categories: ["catalogs"],
    advice: [
      "Send a request to each company whose catalog you get: a catalog you never asked for usually comes from a list it rented or exchanged, and the company keeps its own do-not-mail file.",
      "Catalog companies pool their customer lists in cooperatives (Epsilon's Abacus, Wiland, Alliant, Data Axle). Leaving the cooperatives as well stops catalogs from companies you have never bought from.",
      "If you bought from the company recently, you are its customer: the request asks it to stop mailing you and to stop renting your name.",
    ],
  },
  {
    id: "magazines",
    title: "Magazines, publishers and sweepstakes",
    categories: ["magazines"],
    advice: [
      "Send a request to the publisher named on the offer. Publishers trade subscriber lists, so ask it not to rent or share your name too.",
      "A magazine you subscribe to keeps coming until the subscription ends: cancel the subscription with the publisher.",
    ],
  },
  {
    id: "charities",
    title: "Charities and nonprofits",
    categories: ["charities"],
    advice: [
      "Charities rent and swap donor lists, so one gift can bring appeals from many others. Send a request to each charity that writes to you, and ask it not to share your name.",
      "If you want to keep giving to one, ask it to mail you once a year, or only by email, instead of stopping everything.",
    ],
  },
  {
    id: "telecom",
    title: "Phone, cable and internet offers",
    categories: ["telecom"],
    advice: [
      "Offers addressed to you by name come from a list: send the company a request.",
      "Offers addressed to “Current Resident” go to every home the provider serves. No list removal stops them; the company's own customer service sometimes will skip an address on request.",
    ],
  },
  {
    id: "home-services",
    title: "Home and auto services",
    categories: ["home-services"],
    advice: [
      "Named mail (security systems, windows, warranties) comes from lists: send the company a request, and leave the data brokers and DMAchoice that sell those lists.",
      "Car-warranty letters that look official are often sent to owners found in vehicle records. Send the company named on the letter a request.",
      "Postcards addressed to “Resident” are saturation mail, which no list removal stops.",
    ],
  },
  {
    id: "coupons",
    title: "Coupon packs, flyers and phone books",
    categories: ["coupons", "directories"],
    advice: [
      "Coupon packs and local flyers are mostly saturation mail, sent to every address on a route. Nothing removes you from a list you are not on, and we say so rather than take your money for it.",
      "What can help: several coupon mailers and phone-book publishers keep an address do-not-deliver file and will skip your home if asked. Those are listed here.",
    ],
  },
  {
    id: "brokers",
    title: "Data brokers, list cooperatives and preference services",
    categories: ["preference-service", "data-broker", "mail-processor"],
    advice: [
      "These companies build and rent the lists that most prospect mail is sent from. Leaving them cuts off mail from companies you have never dealt with, at the source.",
      "DMAchoice is the industry's own do-not-mail list: member companies check it before mailing people who are not their customers. You register yourself.",
    ],
  },
];

/** The kind a catalog category belongs to; a category staff invented reads as its own kind. */
export function kindOf(category: string): MailKind {
  return (
    MAIL_KINDS.find((kind) => kind.categories.includes(category)) ?? {
      id: category,
      title: categoryTitle(category),
      categories: [category],
      advice: [],
    }
  );
}

/**
 * What opt-out requests do not stop. Facts about mail rather than about one sender: kept here,
 * where /learn and the add form both read them.
 */
export const CANNOT_STOP = [
  "Saturation mail addressed to “Postal Customer” or “Current Resident” by carrier route (USPS Every Door Direct Mail): there is no list to be removed from.",
  "Mail from companies you bought from or gave to recently: ask each company directly.",
  "Newspaper inserts, election mail, legal notices and account statements.",
  "Mail that follows a move: mailers that already hold your old address can get the new one through the Postal Service's change-of-address licensing, so after a move the requests must be sent again for the new address.",
] as const;
