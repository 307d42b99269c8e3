import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import { requestTemplates } from "../../drizzle/schema";
import type { CatalogSender } from "~/domain/sender-catalog";
import { seedSenderCatalog } from "~/models/request-template.server";
import { getDb } from "~/utils/db.server";
import { htmlOf } from "./support";

const db = getDb(env.DB);
const learnPage = async () => htmlOf(await SELF.fetch("https://example.test/learn"));

beforeAll(() => seedSenderCatalog(db, catalog.senders as CatalogSender[]));

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
    expect(html).toContain("As of 2026, high confidence: checked by phone.");
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
