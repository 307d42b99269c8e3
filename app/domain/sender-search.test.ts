import { describe, expect, it } from "vitest";
import {
  candidateRanges,
  customGroupKey,
  editDistance,
  isLikelyMatch,
  namesOfSender,
  rankSenders,
  senderKey,
  senderWords,
  type SenderName,
} from "./sender-search";
import { CATALOG_SENDERS } from "../../drizzle/catalog";

const CATALOG = [
  { id: "lands-end", name: "Lands' End", aliases: ["Lands End Inc."] },
  { id: "ll-bean", name: "L.L.Bean", aliases: ["LL Bean", "Bean"] },
  { id: "chase", name: "Chase credit card offers", aliases: ["Chase", "JPMorgan Chase"] },
  { id: "capital-one", name: "Capital One", aliases: [] },
  { id: "crate-and-barrel", name: "Crate & Barrel", aliases: [] },
  { id: "kohls", name: "Kohl's", aliases: [] },
  { id: "kohler-walk-in-bath", name: "Kohler Walk-In Bath", aliases: [] },
  { id: "williams-sonoma", name: "Williams Sonoma", aliases: [] },
  { id: "epsilon", name: "Epsilon (Abacus catalog cooperative)", aliases: ["Abacus"] },
  { id: "td-bank", name: "TD Bank", aliases: [] },
  { id: "victorias-secret", name: "Victoria's Secret", aliases: [] },
];
const NAMES: SenderName[] = CATALOG.flatMap((sender) => namesOfSender(sender));
const top = (query: string) => rankSenders(query, NAMES)[0]?.templateId ?? null;

describe("senderWords and senderKey", () => {
  it("ignore case, apostrophes, punctuation and accents", () => {
    expect(senderKey("LANDS’ END")).toBe("landsend");
    expect(senderKey("lands end")).toBe("landsend");
    expect(senderKey("L.L. Bean")).toBe("llbean");
    expect(senderKey("Crème Brûlée Co.")).toBe("cremebrulee");
  });

  it("drop what the piece is from the end, however many such words follow the name", () => {
    expect(senderKey("aspca donation")).toBe("aspca");
    expect(senderKey("Uline shipping supplies catalog")).toBe("uline");
    expect(senderKey("Chase Plumbing")).toBe("chaseplumbing");
  });

  it("drop Inc., Co., catalog and offers from the end, and The from the start", () => {
    expect(senderWords("The Lands End Inc. catalog")).toEqual(["lands", "end"]);
    expect(senderKey("Capital One credit card offers")).toBe("capitalone");
    expect(senderKey("landsend.com")).toBe("landsend");
  });

  it("read & as and, and leave and out of the key", () => {
    expect(senderKey("Crate & Barrel")).toBe(senderKey("crate and barrel"));
    expect(senderKey("crate barrel")).toBe("cratebarrel");
  });

  it("keep a name made only of noise words, and give nothing for nothing searchable", () => {
    expect(senderKey("Catalog")).toBe("catalog");
    expect(senderKey("  '%_*  ")).toBe("");
    expect(senderKey("🙂📬")).toBe("");
  });
});

describe("editDistance", () => {
  it("counts a swap of neighbours as one", () => {
    expect(editDistance("sonoma", "sonmoa")).toBe(1);
    expect(editDistance("bean", "bena")).toBe(1);
    expect(editDistance("kohls", "kohler")).toBe(2);
    expect(editDistance("", "abc")).toBe(3);
  });
});

describe("rankSenders", () => {
  it("finds a sender however its name is written", () => {
    expect(top("lands end")).toBe("lands-end");
    expect(top("LANDS' END")).toBe("lands-end");
    expect(top("Lands End Inc")).toBe("lands-end");
    expect(top("LL Bean catalog")).toBe("ll-bean");
    expect(top("crate and barrel")).toBe("crate-and-barrel");
  });

  it("finds a sender by its brand name or alias, and says which name matched", () => {
    expect(rankSenders("jp morgan chase", NAMES)[0]).toMatchObject({ templateId: "chase", matchedName: "JPMorgan Chase", how: "exact" });
    expect(top("chase")).toBe("chase");
    expect(top("abacus")).toBe("epsilon");
    expect(top("Epsilon")).toBe("epsilon");
  });

  it("forgives small typos in longer names", () => {
    expect(top("williams sonmoa")).toBe("williams-sonoma");
    expect(top("victoria secret")).toBe("victorias-secret");
    expect(top("capitol one")).toBe("capital-one");
    expect(top("kands end")).toBe("lands-end");
  });

  it("suggests names while they are being typed, the closest first", () => {
    expect(rankSenders("koh", NAMES, { typing: true }).map((match) => match.templateId)).toEqual(["kohls", "kohler-walk-in-bath"]);
    expect(rankSenders("will", NAMES, { typing: true })[0]!.templateId).toBe("williams-sonoma");
    expect(rankSenders("williams so", NAMES, { typing: true })[0]!.templateId).toBe("williams-sonoma");
  });

  it("takes a name sent whole as the start of another only when it covers most of it", () => {
    expect(rankSenders("will", NAMES)).toEqual([]);
    expect(rankSenders("pottery bar", [...NAMES, ...namesOfSender({ id: "pottery-barn", name: "Pottery Barn" })])[0]!.templateId).toBe(
      "pottery-barn",
    );
    const harpers = namesOfSender({ id: "hearst", name: "Hearst Magazines", aliases: ["Harper's Bazaar"] });
    expect(rankSenders("harpers magazine", harpers), "Harper's Magazine is another publisher").toEqual([]);
    expect(rankSenders("harpers", harpers, { typing: true })[0]!.templateId, "while typing, it is a fair suggestion").toBe("hearst");
  });

  it("prefers the exact name over one that only starts like it", () => {
    expect(rankSenders("kohls", NAMES, { typing: true }).map((match) => match.templateId)).toEqual(["kohls", "kohler-walk-in-bath"]);
    expect(rankSenders("kohls", NAMES)[0]!.score).toBe(1);
  });

  it("finds a sender when more words follow its name", () => {
    expect(rankSenders("lands end winter sale", NAMES)[0]).toMatchObject({ templateId: "lands-end", how: "words" });
    expect(rankSenders("Chase Plumbing", NAMES), "a one-word name is not enough").toEqual([]);
  });

  it("offers nothing for a company the catalog lacks, rather than a wrong one", () => {
    expect(rankSenders("Land Rover", NAMES)).toEqual([]);
    expect(rankSenders("Kohlberg Partners", NAMES)).toEqual([]);
    expect(rankSenders("Chasewood Apartments", NAMES)).toEqual([]);
    expect(rankSenders("TJ Maxx", NAMES)).toEqual([]);
  });

  it("never forgives a typo in a short name, where one letter is another company", () => {
    expect(top("TD Bank")).toBe("td-bank");
    expect(rankSenders("TB Bank", NAMES)).toEqual([]);
  });

  it("answers nothing for nothing searchable, whatever the characters", () => {
    for (const query of ["", "   ", "'; DROP TABLE requests; --", ".*+?^${}()|[]\\", "🙂🙂🙂", "%%__"]) {
      expect(() => rankSenders(query, NAMES)).not.toThrow();
    }
    expect(rankSenders("🙂🙂🙂", NAMES)).toEqual([]);
    expect(rankSenders("'; DROP TABLE requests; --", NAMES)).toEqual([]);
  });

  it("lists each sender once, by its best name, at most the limit asked for", () => {
    const matches = rankSenders("l", NAMES, { limit: 2, typing: true });
    expect(matches).toHaveLength(2);
    expect(new Set(matches.map((match) => match.templateId)).size).toBe(2);
  });
});

describe("namesOfSender", () => {
  it("gives the name, the name without brackets, the aliases and the parent, once per key", () => {
    const names = namesOfSender({
      id: "epsilon",
      name: "Epsilon (Abacus catalog cooperative)",
      aliases: ["Abacus", "EPSILON"],
      parent: "Publicis",
    });
    expect(names.map((name) => name.name)).toEqual(["Epsilon (Abacus catalog cooperative)", "Epsilon", "Abacus", "Publicis"]);
  });
});

describe("candidateRanges", () => {
  it("reads the index by the first letters, and by the tail for a typo in the first letter", () => {
    expect(candidateRanges("kandsend")).toEqual({ prefix: "kan", tailPrefix: "and" });
    expect(candidateRanges("td")).toEqual({ prefix: "td", tailPrefix: null });
  });
});

describe("customGroupKey", () => {
  it("puts the ways one company is typed in one group", () => {
    const keys = ["lands end", "Lands End Inc", "LANDS' END", " lands’ end catalog "].map(customGroupKey);
    expect(new Set(keys)).toEqual(new Set(["landsend"]));
    expect(customGroupKey("!!!")).toBe("!!!");
  });
});

describe("isLikelyMatch", () => {
  const catalogNames = CATALOG_SENDERS.flatMap((sender) => namesOfSender(sender));
  const likely = (typed: string, typing = false) =>
    rankSenders(typed, catalogNames, { typing })
      .filter(isLikelyMatch)
      .map((match) => match.templateId);

  it("takes a misspelled catalog sender for the one meant", () => {
    expect(likely("williams sonmoa")[0]).toBe("williams-sonoma");
    expect(likely("nieman marcus")[0]).toBe("neiman-marcus");
    expect(likely("wells frago")[0]).toBe("wells-fargo");
    expect(likely("ballard desings")[0]).toBe("ballard-designs");
    expect(likely("victoria secert")[0]).toBe("victorias-secret");
    expect(likely("potetry")[0], "a start with a typo").toBe("pottery-barn");
    expect(likely("Lands End winter sale")[0], "the name followed by more words").toBe("lands-end");
  });

  it("takes nothing for a sender the catalog does not have", () => {
    for (const unknown of ["Garden Goods Emporium", "Johnson Family Farm", "Summit Roofing", "Chase Plumbing", "harpers magazine"]) {
      expect(likely(unknown), unknown).toEqual([]);
    }
  });

  it("takes no short start the suggestions offer while typing", () => {
    expect(rankSenders("will", catalogNames, { typing: true }).map((match) => match.templateId)).toContain("williams-sonoma");
    expect(likely("will", true)).not.toContain("williams-sonoma");
  });
});
