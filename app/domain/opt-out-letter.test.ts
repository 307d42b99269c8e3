import { describe, expect, it } from "vitest";
import { envelopeLines } from "~/domain/address";
import {
  letterOfRequest,
  writeOptOutLetter,
  type OptOutLetterInput,
  type PostalAddress,
  type RequestForLetter,
} from "~/domain/opt-out-letter";

const home: PostalAddress = { street1: "12 N MAIN ST", street2: "APT 4B", city: "SPRINGFIELD", state: "IL", zipCode: "62701" };
const oldHome: PostalAddress = { street1: "5 ELM ST", street2: null, city: "PEORIA", state: "IL", zipCode: "61602" };

const base: OptOutLetterInput = {
  senderName: "Acme Catalogs",
  holder: { fullName: "Jane Q Doe", address: home },
  household: [],
  date: new Date("2026-11-23T17:00:00Z"),
};

const letter = (overrides: Partial<OptOutLetterInput> = {}) => writeOptOutLetter({ ...base, ...overrides });
const lines = (text: string) => text.split("\n");
const count = (text: string, needle: string) => text.toLowerCase().split(needle.toLowerCase()).length - 1;

describe("envelopeLines", () => {
  it("writes the street line with street2 after a comma, then CITY, ST ZIP", () => {
    expect(envelopeLines(home)).toEqual(["12 N MAIN ST, APT 4B", "SPRINGFIELD, IL 62701"]);
  });

  it("leaves out a missing or blank street2", () => {
    expect(envelopeLines(oldHome)).toEqual(["5 ELM ST", "PEORIA, IL 61602"]);
    expect(envelopeLines({ ...oldHome, street2: "  " })).toEqual(["5 ELM ST", "PEORIA, IL 61602"]);
  });

  it("keeps the address as stored, only trimming spaces", () => {
    expect(envelopeLines({ street1: " 1 Oak Ave ", street2: null, city: "Boise", state: "ID", zipCode: "83702-1234" })).toEqual([
      "1 Oak Ave",
      "Boise, ID 83702-1234",
    ]);
  });
});

describe("writeOptOutLetter: what every letter contains", () => {
  const text = letter();

  it("opens with the date as month/day/year", () => {
    expect(lines(text)[0]).toBe("11/23/2026");
  });

  it("is addressed to the sender", () => {
    expect(text).toContain("To Acme Catalogs:");
  });

  it("asks for removal from the direct mailing list and addition to the Do Not Mail list", () => {
    expect(text).toMatch(/remove my full name and address from your direct mailing list/);
    expect(text).toContain("Do Not Mail list");
  });

  it("gives the holder's name and the address exactly as standardized", () => {
    expect(text).toContain("Name:\n  Jane Q Doe\n");
    expect(text).toContain("Address:\n  12 N MAIN ST, APT 4B\n  SPRINGFIELD, IL 62701");
  });

  it("asks for removal from every list at this address and for the suppression file", () => {
    expect(text).toMatch(/from every list you keep for this address/);
    expect(text).toMatch(/internal do-not-mail \(suppression\) file/);
  });

  it("asks that the information not be sold, rented, exchanged or shared, affiliates included", () => {
    expect(text).toMatch(/do not sell, rent, exchange or share/);
    expect(text).toMatch(/affiliates included/);
  });

  it("asks where the name was obtained and for a confirmation", () => {
    expect(text).toMatch(/where you obtained my name and address/);
    expect(text).toMatch(/confirm to me once the removal is complete/);
  });

  it("is in the first person and ends with a closing and the holder's name", () => {
    expect(text).toMatch(/\bmy\b/);
    expect(lines(text).slice(-2)).toEqual(["Sincerely,", "Jane Q Doe"]);
  });

  it("is plain text: no markdown, no empty placeholders", () => {
    expect(text).not.toMatch(/[*_#`]|\[|\]/);
    expect(text).not.toMatch(/undefined|null|NaN/);
    expect(text).not.toMatch(/\n{3,}/);
    expect(text).toBe(text.trim());
  });

  it("speaks of one name when it covers one", () => {
    expect(text).not.toContain("Names:");
    expect(text).not.toMatch(/every one of these names|anyone named in this letter/);
    expect(text).toMatch(/Please remove my name from every list/);
  });
});

describe("writeOptOutLetter: the customer number", () => {
  it("appears when given, trimmed", () => {
    const text = letter({ customerNumber: "  12345-ABC " });
    expect(text).toContain("Customer number or source code from your mailing label: 12345-ABC\n");
  });

  it.each([undefined, null, "", "   "])("is left out when it is %j", (customerNumber) => {
    const text = letter({ customerNumber });
    expect(text).not.toMatch(/customer number|source code|key code/i);
  });

  it("is named beside the key code when a photo's label gave both, and the key code alone when it gave only that", () => {
    expect(letter({ customerNumber: "4471220931", keyCode: " PZ77KQ " })).toContain(
      "From your mailing label:\n  Customer number: 4471220931\n  Key code: PZ77KQ\n",
    );
    const keyCodeOnly = letter({ customerNumber: " ", keyCode: "PZ77KQ" });
    expect(keyCodeOnly).toContain("From your mailing label:\n  Key code: PZ77KQ\n");
    expect(keyCodeOnly).not.toMatch(/customer number/i);
  });
});

describe("writeOptOutLetter: household and name variants", () => {
  it("lists every other name once, the holder first, ignoring case and extra spaces", () => {
    const text = letter({
      household: [
        { fullName: "JANE Q DOE", address: home },
        { fullName: "Jane Doe", address: home },
        { fullName: "john  smith", address: home },
        { fullName: "John Smith", address: { ...home, city: "springfield", street2: " apt 4b " } },
        { fullName: "   ", address: home },
      ],
    });
    expect(text).toContain("Names:\n  Jane Q Doe\n  Jane Doe\n  john smith\n\nAddress:");
    expect(count(text, "jane q doe")).toBe(2); // the list and the signature
    expect(count(text, "john smith")).toBe(1);
    expect(text).toMatch(/covers every name below, including other spellings of my name and other people/);
    expect(text).toMatch(/remove every one of these names from every list/);
    expect(text).toMatch(/or anyone named in this letter/);
  });

  it("treats someone at the holder's address, differently cased or spaced, as at the address", () => {
    const text = letter({ household: [{ fullName: "Jane Doe", address: { ...home, street1: " 12 n main st ", zipCode: "62701 " } }] });
    expect(text).not.toMatch(/earlier address/i);
    expect(text).toMatch(/from every list you keep for this address, including/);
  });

  it("shows a person with a different address with it, as an earlier address", () => {
    const text = letter({ household: [{ fullName: "Jane Smith", address: oldHome }] });
    expect(text).toContain(
      "Earlier addresses, from before a move, where your records may still have these names:\n  Jane Smith, at 5 ELM ST, PEORIA, IL 61602",
    );
    expect(text).toContain("Names:\n  Jane Q Doe\n  Jane Smith\n");
    expect(text).toMatch(/from every list you keep for this address and the earlier addresses above,/);
    // The current address is still the one the letter is about.
    expect(text).toContain("Address:\n  12 N MAIN ST, APT 4B\n  SPRINGFIELD, IL 62701");
  });

  it("keeps the holder's own earlier address even though the name is not repeated", () => {
    const text = letter({ household: [{ fullName: "jane q doe", address: oldHome }] });
    expect(text).toContain("Name:\n  Jane Q Doe\n");
    expect(text).toContain("  jane q doe, at 5 ELM ST, PEORIA, IL 61602");
  });

  it("lists each earlier address once", () => {
    const text = letter({
      household: [
        { fullName: "Jane Smith", address: oldHome },
        { fullName: "JANE SMITH", address: { ...oldHome, city: "Peoria" } },
      ],
    });
    expect(count(text, "5 ELM ST")).toBe(1);
  });

  it("names the holder at each address from before a move, oldest first, and asks for those lists too", () => {
    const older = { ...oldHome, street1: "9 OAK AVE", street2: null };
    const text = letter({ earlierAddresses: [older, oldHome] });
    expect(text).toContain(
      "Earlier addresses, from before a move, where your records may still have these names:\n" +
        "  Jane Q Doe, at 9 OAK AVE, PEORIA, IL 61602\n  Jane Q Doe, at 5 ELM ST, PEORIA, IL 61602",
    );
    expect(text).toMatch(/from every list you keep for this address and the earlier addresses above,/);
  });

  it("leaves out an earlier address that is the current one, and one a recipient already lists for the holder", () => {
    const text = letter({ household: [{ fullName: "Jane Q Doe", address: oldHome }], earlierAddresses: [home, oldHome] });
    expect(count(text, "5 ELM ST")).toBe(1);
    expect(count(text, "12 N MAIN ST")).toBe(1);
  });
});

describe("writeOptOutLetter: the date", () => {
  it("is read in New York by default: late evening there is already tomorrow in UTC", () => {
    expect(lines(letter({ date: new Date("2026-11-24T03:30:00Z") }))[0]).toBe("11/23/2026");
  });

  it("is read in the given zone", () => {
    const date = new Date("2026-11-24T06:30:00Z");
    expect(lines(letter({ date, timeZone: "America/Los_Angeles" }))[0]).toBe("11/23/2026");
    expect(lines(letter({ date, timeZone: "America/New_York" }))[0]).toBe("11/24/2026");
  });
});

describe("writeOptOutLetter: what it never says", () => {
  const texts = [
    letter(),
    letter({
      customerNumber: "K-991",
      household: [
        { fullName: "J Doe", address: home },
        { fullName: "Jane Smith", address: oldHome },
      ],
    }),
    letter({ senderName: "" }),
  ];

  it.each(texts.map((text, index) => [index, text]))("letter %i never asks for an SSN or a date of birth", (_, text) => {
    expect(text).not.toMatch(/\bSSN\b|social security|date of birth|birth ?date|\bDOB\b/i);
  });

  it("greets an unnamed sender politely", () => {
    expect(texts[2]).toContain("To whom it may concern:");
    expect(texts[2]).not.toMatch(/To :/);
  });

  it("refuses to write a letter without the holder's name", () => {
    expect(() => letter({ holder: { fullName: "  ", address: home } })).toThrow(/name is empty/);
  });
});

describe("letterOfRequest: a request's letter as its owner reads it", () => {
  const request: RequestForLetter = {
    senderName: "Acme Catalogs",
    fullName: "Jane Q Doe",
    ...home,
    customerNumber: "A-1",
    keyCode: "PZ77KQ",
    recipientIds: ["r2"],
    queuedAt: new Date("2026-03-02T17:00:00Z"),
  };
  const people = [
    { id: "r1", fullName: "John Doe", ...home },
    { id: "r2", fullName: "Jane Smith", ...oldHome },
  ];
  const today = new Date("2026-11-23T17:00:00Z");
  const timeZone = "America/Chicago";

  it("is dated the day the request first went into the queue and names only the people it was sent for", () => {
    const text = letterOfRequest(request, people, { today, timeZone });
    expect(text).toBe(
      writeOptOutLetter({
        senderName: "Acme Catalogs",
        holder: { fullName: "Jane Q Doe", address: home },
        household: [{ fullName: "Jane Smith", address: oldHome }],
        customerNumber: "A-1",
        keyCode: "PZ77KQ",
        date: request.queuedAt!,
        timeZone,
      }),
    );
    expect(text.startsWith("03/02/2026")).toBe(true);
    expect(text).toContain("Customer number: A-1\n  Key code: PZ77KQ");
    expect(text).not.toContain("John Doe");
  });

  it("is dated today while the request has not been queued, and names everyone when it names no one in particular", () => {
    const text = letterOfRequest({ ...request, queuedAt: null, recipientIds: null }, people, { today, timeZone });
    expect(text.startsWith("11/23/2026")).toBe(true);
    expect(text).toContain("John Doe");
    expect(text).toContain("Jane Smith");
  });
});
