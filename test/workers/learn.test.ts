import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOG_SENDERS } from "../../drizzle/catalog";
import { requestTemplates } from "../../drizzle/schema";
import { seedSenderCatalog } from "~/models/request-template.server";
import { getDb } from "~/utils/db.server";
import { htmlOf, textOf } from "./support";

const db = getDb(env.DB);
const learnPage = async () => htmlOf(await SELF.fetch("https://example.test/learn"));

beforeAll(() => seedSenderCatalog(db, CATALOG_SENDERS));

/** Words of how the catalog was gathered, which tell a reader nothing they can do. */
const RESEARCH_WORDING = [
  "excerpt",
  "snippet",
  "page read",
  "could not be read",
  "not readable",
  "did not show",
  "its stated",
  "not stated as",
  "not described as",
  "not specifically",
  "unclear",
  "unconfirmed",
  "confidence",
  "could not confirm",
  "could not verify",
  "to verify",
  "sources disagree",
  "some sources",
  "older source",
  "source is",
  "the source",
  "source year",
  "2020 source",
  "also seen",
  "said to",
  "reported to",
  "a consumer blog",
  "quotes the policy",
  "may be outdated",
  "no public opt-out channel found",
  "our research",
];

const decoded = (html: string) => textOf(html).trim();

/** Each sender of "What stops each kind of mail" as a reader sees it: its card, or its one line when no channel is known. */
function senderEntries(html: string) {
  const lists = [...html.matchAll(/<ul class="plain senders">([\s\S]*?)<\/details>/g)].map((match) => match[1]!);
  return lists.flatMap((list) =>
    list
      .split(/<li class="(?:card|sender-line)"/)
      .slice(1)
      .map((entry) => decoded(`<li ${entry}`)),
  );
}

describe("/learn reads the sender catalog from D1", () => {
  it("shows a sender as staff last corrected it, not as the gathered file has it", async () => {
    await db
      .update(requestTemplates)
      .set({
        covers: "a test correction of what it covers",
        sourceYear: 2026,
        confidence: "high",
        notes: "checked by phone",
        channels: [{ kind: "email", value: "optout@example.test" }],
      })
      .where(eq(requestTemplates.id, "harte-hanks"));
    const html = await learnPage();
    expect(html).toContain("Covers a test correction of what it covers.");
    expect(html).toContain("optout@example.test");
    expect(html).toContain("As of 2026.");
    // How sure staff are, and why, is for the staff pages.
    expect(html).not.toContain("checked by phone");
    expect(html).not.toContain("high confidence");
  });

  it("says who files it with the dashboard's rule: agents refused, or an identity number asked", async () => {
    const html = await learnPage();
    // A sender's card runs from its heading to the next sender's.
    const card = (name: string) => {
      const start = html.indexOf(`<h4>${name}</h4>`);
      expect(start, name).toBeGreaterThan(-1);
      return html.slice(start, html.indexOf("<h4>", start + 1));
    };
    // DMAchoice refuses agents without asking for an identity number; OptOutPrescreen asks for an SSN.
    expect(card("DMAchoice (ANA Mail Preference Service)")).toContain("this sender takes the request only from you");
    expect(card("OptOutPrescreen (Equifax, Experian, Innovis, TransUnion)")).toContain("we never ask for or keep a Social Security number");
    expect(card("Acxiom")).not.toContain("You file this one yourself");
  });
});

describe("/learn speaks to people about each sender", () => {
  it("shows every sender of the catalog without words of how it was gathered", async () => {
    const entries = senderEntries(await learnPage());
    expect(entries).toHaveLength(CATALOG_SENDERS.length);
    const found = entries.flatMap((entry) =>
      RESEARCH_WORDING.filter((phrase) => entry.toLowerCase().includes(phrase)).map((phrase) => `${entry.slice(0, 60)}… says “${phrase}”`),
    );
    expect(found).toEqual([]);
  });

  it("says what happens for a sender that publishes no way to opt out", async () => {
    const entries = senderEntries(await learnPage());
    expect(entries).toContain(
      "Uline : no opt-out method is published; we ask you for the return address printed on its mail and mail your letter there, or our staff find one.",
    );
  });
});
