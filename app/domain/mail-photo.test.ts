import { describe, expect, it } from "vitest";
import { ConfirmPhotoSchema, CONFIRM_PHOTO_MESSAGES, isSamePerson, OTHER_SENDER, readMailPiece, returnAddressOf } from "./mail-photo";
import { namesOfSender } from "./sender-search";

const SENDERS = [
  { id: "ll-bean", name: "L.L.Bean", aliases: ["L.L.Bean Home"] },
  { id: "williams-sonoma", name: "Williams Sonoma", parent: "Williams-Sonoma, Inc." },
  { id: "pottery-barn", name: "Pottery Barn", parent: "Williams-Sonoma, Inc." },
  { id: "west-elm", name: "West Elm", parent: "Williams-Sonoma, Inc." },
  { id: "discover", name: "Discover", aliases: ["Discover Card", "Discover Bank"] },
  { id: "chase", name: "Chase", aliases: ["JPMorgan Chase Bank"] },
  { id: "progressive", name: "Progressive", aliases: ["Progressive Casualty"] },
  { id: "national-geographic", name: "National Geographic" },
  { id: "vericast-save", name: "Vericast / Valassis", aliases: ["Valassis", "Save.com"] },
  { id: "publishers-clearing-house", name: "Publishers Clearing House", aliases: ["PCH"] },
  { id: "capital-one", name: "Capital One" },
  { id: "optoutprescreen", name: "OptOutPrescreen", aliases: ["optoutprescreen.com"] },
  { id: "experian-marketing", name: "Experian" },
];
const NAMES = SENDERS.flatMap((sender) => namesOfSender(sender));
const TITLES = new Map(SENDERS.map((sender) => [sender.id, sender.name]));
const read = (text: string) => readMailPiece(text, NAMES, TITLES);

const LABEL = ["*****AUTO**5-DIGIT 60614", "JANE Q PUBLIC", "1847 N HALSTED ST APT 3R", "CHICAGO IL 60614-4512"];

describe("readMailPiece: who sent it", () => {
  it("is confident about the name of a return address above its P.O. Box, and reads the label", () => {
    const reading = read(
      ["LLBean PRAT STD", "P.O. Box 11539 U.S. POSTAGE", "Des Moines, IA 50306", "Customer #: 4471220931", ...LABEL].join("\n"),
    );
    expect(reading.confident).toBe(true);
    expect(reading.suggestions[0]).toMatchObject({ templateId: "ll-bean", title: "L.L.Bean" });
    expect(reading.customerNumber).toBe("4471220931");
    expect(reading.addressee).toBe("JANE Q PUBLIC");
    expect(reading.returnAddress).toBe("P.O. Box 11539, Des Moines, IA 50306");
  });

  it("takes no name of the prescreen and opt-out notice a credit offer prints for the sender", () => {
    const notice = [
      "PRESCREEN & OPT-OUT NOTICE: This prescreened offer of credit is based on information in your credit report",
      "receive prescreened offers of credit from this and other companies, call 1-888-5-OPTOUT; or write: Experian OptOut,",
      "P.O. Box 919, Allen, TX 75013; or visit",
      "www.optoutprescreen.com.",
    ];
    const reading = read(["Capital One", "P.O. Box 71083", "Charlotte, NC 28272-1083", ...LABEL, ...notice].join("\n"));
    expect(reading.confident).toBe(true);
    expect(reading.suggestions.map((suggestion) => suggestion.templateId)).toEqual(["capital-one"]);
  });

  it("is not fooled by a sender's name used as a word in a sentence", () => {
    const reading = read(["Discover our new arrivals for spring", "Chase away the cold with flannel", ...LABEL].join("\n"));
    expect(reading.confident).toBe(false);
    // Offered, to choose from, never chosen for the person.
    expect(reading.suggestions.map((suggestion) => suggestion.templateId).sort()).toEqual(["chase", "discover"]);
  });

  it("lets the piece's own name win over a word in its copy", () => {
    const reading = read(
      ["WILLIAMS SONOMA", "Chase away the cold: braisers and Dutch ovens", "3250 Van Ness Avenue", "San Francisco, CA 94109"].join("\n"),
    );
    expect(reading.confident).toBe(true);
    expect(reading.suggestions[0]!.templateId).toBe("williams-sonoma");
  });

  it("is not sure between two senders that both print their names", () => {
    const reading = read(["Capital One", "Discover", ...LABEL].join("\n"));
    expect(reading.confident).toBe(false);
    expect(reading.suggestions).toHaveLength(2);
  });

  it("finds nothing for a company the catalog lacks", () => {
    const reading = read(
      ["Lakeview Gutter Masters", "P.O. Box 25782", "Oak Park, IL 60302", "Spring gutter cleaning: $89", ...LABEL].join("\n"),
    );
    expect(reading).toMatchObject({ confident: false, suggestions: [] });
  });

  it("gives a parent company's name to the sender it is the title of, and to none of its brands", () => {
    expect(read("Williams-Sonoma, Inc.").suggestions.map((suggestion) => suggestion.templateId)).toEqual([]);
    expect(read("Williams Sonoma").suggestions[0]!.templateId).toBe("williams-sonoma");
  });

  it("needs every printed word of a name: “Save.com” is not the word save", () => {
    expect(read("Subscribe today and save").suggestions).toEqual([]);
    expect(read("Save.com").suggestions[0]!.templateId).toBe("vericast-save");
  });

  it("forgives a misread letter in a long name, and a logo scrap glued to one", () => {
    const typo = read(["Progressive Casuaty Insurance Company", "6300 Wilson Mills Road", "Mayfield Village, OH 44143"].join("\n"));
    expect(typo.confident).toBe(true);
    expect(typo.suggestions[0]!.templateId).toBe("progressive");
    expect(read(["iWlNational Geographic", "PO Box 37545", "Boone, IA 50037"].join("\n")).suggestions[0]!.templateId).toBe(
      "national-geographic",
    );
  });

  it("never takes a short name with a misread letter for another (“Chose” is not Chase)", () => {
    expect(read(["Chose", "PO Box 15123", "Wilmington, DE 19850"].join("\n")).suggestions).toEqual([]);
  });

  it("counts a long name inside a sentence more than a short one", () => {
    const long = read("Return your entry to Publishers Clearing House by Friday");
    const short = read("Return your entry to PCH by Friday");
    expect(long.suggestions[0]!.score).toBeGreaterThan(short.suggestions[0]!.score);
  });
});

describe("readMailPiece: the mailing label", () => {
  it("reads a keyline number between # signs, never the presort line", () => {
    expect(
      read(["*****AUTO**5-DIGIT 60614", "#AQPNZJN 39919420 6#", "JANE Q. PUBLIC", "1847 N HALSTED ST", "CHICAGO IL 60614"].join("\n")),
    ).toMatchObject({
      customerNumber: "AQPNZJN 39919420 6",
      addressee: "JANE Q. PUBLIC",
    });
    expect(read(LABEL.join("\n")).customerNumber).toBeNull();
  });

  it("stops at the words after the number, and takes labelled ones of many shapes", () => {
    expect(read("Priority Code: EW981236 Call: 1-800-775-8190")).toMatchObject({ customerNumber: null, keyCode: "EW981236" });
    expect(read("Acct No. 6673 90294").customerNumber).toBe("6673 90294");
    expect(read("CUST NO 3234-5963-28").customerNumber).toBe("3234-5963-28");
    expect(read("Quote Ref # 344-163-7996 Mention this letter").customerNumber).toBe("344-163-7996");
    expect(read("Source Code 2FNMAG")).toMatchObject({ customerNumber: null, keyCode: "2FNMAG" });
    // Both on one line, either first.
    expect(read("Key Code PZ77KQ Customer # 4471220931")).toMatchObject({ customerNumber: "4471220931", keyCode: "PZ77KQ" });
    expect(read("Cust No 12345678 Source Code 3WIN47K")).toMatchObject({ customerNumber: "12345678", keyCode: "3WIN47K" });
    // As a reader of small type runs the label into the number.
    expect(read("CUSTNO7299-9426-35").customerNumber).toBe("7299-9426-35");
    expect(read("Cust No500074121").customerNumber).toBe("500074121");
    expect(read("KeyCodeVQML4U")).toMatchObject({ customerNumber: null, keyCode: "VQML4U" });
    expect(read("0ffer Code:2F356MD").keyCode).toBe("2F356MD");
    expect(read("Priorty Code:BZ371039").keyCode).toBe("BZ371039");
  });

  it("takes no phone number, date or word for a customer number", () => {
    expect(read("Limited offer: 1-816-405-7562").customerNumber).toBeNull();
    expect(read("Offer expires 9/16/26").customerNumber).toBeNull();
    expect(read("Customer service: call us anytime").customerNumber).toBeNull();
    expect(read("Customer Notice 2026: new hours").customerNumber).toBeNull();
    expect(read("Source Codes apply to 2026 orders").keyCode).toBeNull();
  });

  it("reads the addressee of the label, not of the return address above it", () => {
    const reading = read(
      [
        "ASPCA",
        "P.O. Box 96929",
        "Washington, DC 20077-7127",
        "MICHAEL PUBLIC |",
        "1847 N HALSTED ST APT 3R",
        "CHICAGO, IL 60614-4512 [",
      ].join("\n"),
    );
    expect(reading.addressee).toBe("MICHAEL PUBLIC");
  });
});

describe("readMailPiece: a label's number as the reader slips on it", () => {
  it("takes the number after “ID #” alone, the person's ID with the sender", () => {
    expect(read("ID # 3391 0274 5")).toMatchObject({ customerNumber: "3391 0274 5", keyCode: null });
    expect(read("Member ID: 88120447").customerNumber).toBe("88120447");
  });

  it("takes a key code whose label's first word lost its start, only before “Code:”", () => {
    expect(read("rceCode:K7R2QP")).toMatchObject({ customerNumber: null, keyCode: "K7R2QP" });
    expect(read("motionCode: 4HV9TT")).toMatchObject({ customerNumber: null, keyCode: "4HV9TT" });
    expect(read("Barcode: 4412 9031").keyCode).toBeNull();
    expect(read("Use code 2FREE at checkout").keyCode).toBeNull();
  });

  it("takes a keyline that lost one of its # signs, never the person's street", () => {
    const label = (keyline: string) =>
      ["***ECRLOT**C-014", keyline, "DANA R WHITFIELD", "52 ORCHARD HILL RD", "AMHERST MA 01002"].join("\n");
    expect(read(label("#QTRWNZP 55012384 6")).customerNumber).toBe("QTRWNZP 55012384 6");
    expect(read(label("MLB4410217#")).customerNumber).toBe("MLB4410217");
    expect(read(label("#QTRWNZP 55012384 6")).addressee).toBe("DANA R WHITFIELD");
    expect(read(["DANA R WHITFIELD", "52 ORCHARD HILL RD APT #", "AMHERST MA 01002"].join("\n")).customerNumber).toBeNull();
    expect(read(label("AUTO**MIXED ADC 010 #")).customerNumber).toBeNull();
  });

  it("takes a number whose label ran into the sorting marks before it, with an “o” read as a zero", () => {
    expect(read("*****AUTO**5-DIGIT 01002Cust0mer #:60218834").customerNumber).toBe("60218834");
    expect(read("Acc0unt No. 2290 4471").customerNumber).toBe("2290 4471");
  });
});

describe("returnAddressOf: an address line as the reader slips on it", () => {
  it("reads a city line with no space after its comma or before its ZIP", () => {
    expect(returnAddressOf(["Pottery Barn", "P.O.Box 41250", "Sacramento,CA95841"].join("\n"), ["Pottery Barn"])).toBe(
      "P.O. Box 41250, Sacramento, CA 95841",
    );
    expect(returnAddressOf(["Pottery Barn", "P.O. Box 41250", "West Sacramento,CA 95691-3417"].join("\n"), ["Pottery Barn"])).toBe(
      "P.O. Box 41250, West Sacramento, CA 95691-3417",
    );
  });

  it("takes a street that names the sender as the sender's own, though the name above it was misread", () => {
    const text = [
      "Govermment Employees Insurance Company",
      "One GEICO Plaza",
      "Washington,DC 20076",
      "JANE Q PUBLIC",
      "1847 N HALSTED ST",
      "CHICAGO IL 60614",
    ];
    expect(returnAddressOf(text.join("\n"), ["GEICO"])).toBe("One GEICO Plaza, Washington, DC 20076");
  });

  it("knows the mailing label by its city line, even where its street was misread past being one", () => {
    const text = [
      "T-Moblle USA,Inc.",
      "P.O.Box 37380",
      "Albuquerque,NM 87176",
      "MS JANE Q PUBLIC",
      "1847NORTH HALSTEDSTREETAPT3R",
      "CHICAGO IL 60614-4512",
    ];
    expect(returnAddressOf(text.join("\n"), ["T-Mobile"])).toBe("P.O. Box 37380, Albuquerque, NM 87176");
  });

  it("puts back the spaces after a house number and the comma before a suite", () => {
    expect(returnAddressOf(["Capital One", "88Lakeshore Drive.Suite 410", "Richmond, VA 23238"].join("\n"), ["Capital One"])).toBe(
      "88 Lakeshore Drive, Suite 410, Richmond, VA 23238",
    );
    expect(returnAddressOf(["SoFi", "2750 E.CottonwoodParkway.Suite300", "Cottonwood Heights, UT 84121"].join("\n"), ["SoFi"])).toBe(
      "2750 E. CottonwoodParkway, Suite300, Cottonwood Heights, UT 84121",
    );
    expect(returnAddressOf(["Capital One", "2211N.Elston Ave,Dept. 7", "Richmond, VA 23238"].join("\n"), ["Capital One"])).toBe(
      "2211 N. Elston Ave, Dept. 7, Richmond, VA 23238",
    );
    expect(returnAddressOf(["Capital One", "40StAndrews Court", "Richmond, VA 23238"].join("\n"), ["Capital One"])).toBe(
      "40 St. Andrews Court, Richmond, VA 23238",
    );
  });

  it("takes a misread company name run into its mark (“Bank.NLA”) for no person's name above an address", () => {
    const text = [
      "Credir One Bank.NA",
      "P.O. Box 98872",
      "Las Vegas, NV 89193-8872",
      "JANE Q PUBLIC",
      "1847 N HALSTED ST",
      "CHICAGO IL 60614",
    ];
    expect(returnAddressOf(text.join("\n"), ["Credit One Bank"])).toBe("P.O. Box 98872, Las Vegas, NV 89193-8872");
  });

  it("gives back the period of a saint's “St.” right after the house number, never of a street's “St”", () => {
    expect(returnAddressOf(["St. Jude", "501 St Jude Place", "Memphis, TN 38105-9959"].join("\n"), ["St. Jude"])).toBe(
      "501 St. Jude Place, Memphis, TN 38105-9959",
    );
    expect(returnAddressOf(["Capital One", "1680 Main St Suite 200", "Richmond, VA 23238"].join("\n"), ["Capital One"])).toBe(
      "1680 Main St Suite 200, Richmond, VA 23238",
    );
  });

  it("reads a P.O. Box whose “o” or “x” the reader dropped, or whose “B” it read as an 8", () => {
    expect(returnAddressOf(["Discover", "PO.Bx 5521", "New Albany, OH 43054"].join("\n"), ["Discover"])).toBe(
      "P.O. Box 5521, New Albany, OH 43054",
    );
    expect(returnAddressOf(["Capital One", "P.O.8ox71083", "Charlotte, NC 28272-1083"].join("\n"), ["Capital One"])).toBe(
      "P.O. Box 71083, Charlotte, NC 28272-1083",
    );
    expect(returnAddressOf(["Chase", "PO.Bo15298", "Wilmington, DE 19850-5298"].join("\n"), ["Chase"])).toBe(
      "P.O. Box 15298, Wilmington, DE 19850-5298",
    );
  });
});

describe("isSamePerson", () => {
  it("matches the way labels print a name", () => {
    expect(isSamePerson("JANE Q PUBLIC", "Jane Q Public")).toBe(true);
    expect(isSamePerson("MS JANE Q PUBLIC", "Jane Public")).toBe(true);
    expect(isSamePerson("J PUBLIC", "Jane Public")).toBe(true);
    expect(isSamePerson("MICHAEL PUBLIC", "Jane Public")).toBe(false);
    expect(isSamePerson("ROBERT SMITH", "Jane Public")).toBe(false);
    expect(isSamePerson("PUBLIC", "Jane Public")).toBe(false);
  });
});

describe("ConfirmPhotoSchema", () => {
  it("asks for the name when “someone else” is chosen without one, and for a choice at all", () => {
    const parse = (fields: Record<string, string>) => ConfirmPhotoSchema.safeParse(fields);
    expect(parse({ sender: OTHER_SENDER }).error?.issues[0]?.message).toBe(CONFIRM_PHOTO_MESSAGES.typeName);
    expect(parse({}).error?.issues[0]?.message).toBe(CONFIRM_PHOTO_MESSAGES.chooseSender);
    expect(parse({ sender: "ll-bean", customerNumber: " 4471 ", keyCode: " PZ77KQ " }).data).toMatchObject({
      sender: "ll-bean",
      customerNumber: "4471",
      keyCode: "PZ77KQ",
      recipientIds: [],
    });
    expect(parse({ sender: "ll-bean", keyCode: "K".repeat(61) }).error?.issues[0]?.message).toBe(CONFIRM_PHOTO_MESSAGES.keyCodeTooLong);
  });
});
