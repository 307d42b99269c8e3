import { env } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOG_SENDERS } from "../../drizzle/catalog";
import typedNames from "../data/typed-sender-names.json";
import { requests, requestTemplates, senderNames, staffAudit, users } from "../../drizzle/schema";
import { ADD_REQUEST_MESSAGES, SEND_AS_TYPED } from "~/domain/add-request";
import { CATALOG_LINK_MESSAGES } from "~/domain/sender-catalog";
import { namesOfSender, senderKey } from "~/domain/sender-search";
import { seedSenderCatalog } from "~/models/request-template.server";
import {
  searchSenders,
  senderCandidates,
  senderCandidatesNear,
  senderNameInserts,
  unlinkedCustomNames,
} from "~/models/sender-names.server";
import { getDb } from "~/utils/db.server";
import { Browser, signedInStaff, signedUpUser } from "./http";
import { htmlOf } from "./support";

const db = getDb(env.DB);
let admin: Browser;
let moderator: Browser;

beforeAll(async () => {
  await seedSenderCatalog(db, CATALOG_SENDERS);
  admin = (await signedInStaff("admin")).browser;
  moderator = (await signedInStaff("moderator")).browser;
});

const requestsOf = (userId: string) =>
  db
    .select({ id: requests.id, senderName: requests.senderName, templateId: requests.templateId, requiredDays: requests.requiredDays })
    .from(requests)
    .where(and(eq(requests.userId, userId), eq(requests.type, "custom")))
    .orderBy(asc(requests.createdAt));
const suggestions = async (browser: Browser, q: string) => {
  const response = await browser.get(`/requests/senders?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { matches: Array<{ id: string; title: string; category: string; alias: string | null }> }).matches;
};
/** The admin's sender form for a sender whose channel staff have yet to find. */
const SENDER_WITHOUT_CHANNEL = {
  channels: "",
  acceptsAgent: "unknown",
  needs: "full name\nmailing address",
  lasts: "",
  takes: "",
  confidence: "low",
  sourceYear: "",
  requiredDays: "30",
  notes: "",
};
/** A radio input of the matches with the text that labels it. */
const radio = (html: string, value: string) => {
  const match = new RegExp(`<input[^>]*value="${value}"[^>]*/>([^<]*)`).exec(html);
  expect(match, value).not.toBeNull();
  return { checked: /checked=""/.test(match![0]), label: match![1]!.trim() };
};
/** The part of /learn under one kind of mail's heading. */
const learnSection = (html: string, kindId: string) => {
  const start = html.indexOf(`id="cat-${kindId}"`);
  expect(start, kindId).toBeGreaterThan(-1);
  const end = html.indexOf('id="cat-', start + 10);
  return html.slice(start, end === -1 ? undefined : end);
};

describe("finding a sender on /requests/add", () => {
  it("lists the catalog's matches without JavaScript, the exact one chosen, and keeps what was typed", async () => {
    const { browser } = await signedUpUser("search-form");
    const response = await browser.get("/requests/add?senderName=lands+end&customerNumber=K-77");
    expect(response.status).toBe(200);
    const html = await htmlOf(response);
    expect(html).toContain("Which sender do you mean?");
    expect(radio(html, "lands-end")).toEqual({ checked: true, label: "Lands&#x27; End" });
    expect(html).toContain("Catalogs and retailers");
    expect(radio(html, SEND_AS_TYPED)).toEqual({ checked: false, label: "Send it as “lands end”" });
    expect(html).toContain('value="K-77"');
    expect(html).toContain('value="lands end"');
  });

  it("chooses nothing for the person when the name only looks like a sender, not even the name as typed", async () => {
    const { browser } = await signedUpUser("search-typo");
    const html = await htmlOf(await browser.get("/requests/add?senderName=williams+sonmoa"));
    expect(radio(html, "williams-sonoma")).toEqual({ checked: false, label: "Williams Sonoma" });
    expect(radio(html, SEND_AS_TYPED)).toEqual({ checked: false, label: "Send it as “williams sonmoa”" });
  });

  it("says so when nothing matches, and still offers to send it as typed", async () => {
    const { browser } = await signedUpUser("search-none");
    const html = await htmlOf(await browser.get("/requests/add?senderName=Garden+Goods+Emporium"));
    expect(html).toContain("No sender in our list matches “Garden Goods Emporium”");
    expect(radio(html, SEND_AS_TYPED)).toEqual({ checked: true, label: "Send it as “Garden Goods Emporium”" });
  });

  it("suggests senders as JSON for the script, by brand name, typo and start of the name", async () => {
    const { browser } = await signedUpUser("search-json");
    expect((await suggestions(browser, "chase"))[0]).toMatchObject({ id: "chase", category: "Credit card offers" });
    expect((await suggestions(browser, "LL Bean catalog"))[0]!.id).toBe("ll-bean");
    expect((await suggestions(browser, "capitol one"))[0]!.id).toBe("capital-one");
    expect((await suggestions(browser, "pottery b")).map((match) => match.id)).toEqual(expect.arrayContaining(["pottery-barn"]));
    expect((await suggestions(browser, "Quicken Loans"))[0]).toMatchObject({ id: "rocket-mortgage", alias: "Quicken Loans" });
  });

  it("never breaks on odd input, and keeps it to the length the form allows", async () => {
    const { browser } = await signedUpUser("search-odd");
    for (const q of ["'; DROP TABLE sender_names; --", ".*+?^${}()|[]\\", "🙂📬", "%_%", '"quoted"', "x".repeat(5000), ""]) {
      expect(await suggestions(browser, q)).toBeInstanceOf(Array);
      expect((await browser.get(`/requests/add?senderName=${encodeURIComponent(q)}`)).status).toBe(200);
    }
    expect(await db.$count(senderNames)).toBeGreaterThan(CATALOG_SENDERS.length);
  });

  it("answers only signed-in people", async () => {
    const response = await new Browser().get("/requests/senders?q=chase");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/signin/);
  });

  it("reads the names through their indexes, never the whole catalog", async () => {
    const { sql, params } = senderCandidates(db, senderKey("lands end")).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    const details = plan.results.map((row) => row.detail);
    expect(details.join("\n")).toMatch(/sender_names_key_idx/);
    expect(details.join("\n")).toMatch(/sender_names_key_tail_idx/);
    expect(details.filter((detail) => /^SCAN sender_names\b/.test(detail))).toEqual([]);

    const near = senderCandidatesNear(db, senderKey("gieco")).toSQL();
    const nearPlan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${near.sql}`)
      .bind(...near.params)
      .all<{ detail: string }>();
    expect(nearPlan.results.map((row) => row.detail).join("\n")).toMatch(
      /SEARCH sender_names USING (COVERING )?INDEX sender_names_key_idx/,
    );
  });

  it("forgives a typo in the first letters of a name sent whole", async () => {
    const { browser } = await signedUpUser("search-early-typo");
    const html = await htmlOf(await browser.get("/requests/add?senderName=gieco"));
    expect(radio(html, "geico")).toEqual({ checked: false, label: "GEICO" });
  });
});

describe("the typed names of test/data", () => {
  it("puts the expected sender first for at least 95% of them, and no sender first for a company the catalog lacks", async () => {
    const names = typedNames.names as Array<{ typed: string; expected: string | null }>;
    const firsts = await Promise.all(names.map(async (name) => ({ ...name, first: (await searchSenders(db, name.typed))[0]?.id ?? null })));
    const known = firsts.filter((name) => name.expected);
    const found = known.filter((name) => name.first === name.expected);
    expect(found.length / known.length).toBeGreaterThanOrEqual(0.95);
    expect(firsts.filter((name) => !name.expected && name.first).map((name) => `${name.typed} -> ${name.first}`)).toEqual([]);
  });
});

describe("sending a request for what was found", () => {
  it("makes a picked match a catalog request, with the sender's name and wait", async () => {
    const { browser, userId } = await signedUpUser("pick-match");
    const response = await browser.post("/requests/add", { senderName: "lands end", templateId: "lands-end", customerNumber: "LE-1" });
    expect(response.status).toBe(303);
    const [created] = await requestsOf(userId);
    expect(created).toMatchObject({ senderName: "Lands' End", templateId: "lands-end", requiredDays: 30 });
    const dashboard = await htmlOf(await browser.get("/dashboard"));
    expect(dashboard).toContain('href="/learn#cat-catalogs">Catalogs and retailers</a>');
  });

  it("does not send or charge a sender twice while its request is on the dashboard", async () => {
    const { browser, userId } = await signedUpUser("pick-twice");
    expect((await browser.post("/requests/add", { senderName: "orvis", templateId: "orvis" })).status).toBe(303);
    const again = await browser.post("/requests/add", { senderName: "The Orvis Company" });
    expect(again.status).toBe(400);
    expect(await htmlOf(again)).toContain("Orvis is already on your dashboard (In queue).");
    expect(await requestsOf(userId)).toHaveLength(1);
    const [account] = await db.select({ left: users.numOfFreeRequest }).from(users).where(eq(users.id, userId));
    expect(account!.left).toBe(2);
  });

  it("links a name typed exactly as the catalog knows it, however it is written", async () => {
    const { browser, userId } = await signedUpUser("exact-name");
    expect((await browser.post("/requests/add", { senderName: "LL BEAN catalog" })).status).toBe(303);
    expect((await requestsOf(userId))[0]).toMatchObject({ senderName: "L.L.Bean", templateId: "ll-bean" });
  });

  it("sends a name the catalog lacks as a custom request, exactly as typed", async () => {
    const { browser, userId } = await signedUpUser("no-match");
    expect((await browser.post("/requests/add", { senderName: "Garden Goods Emporium", templateId: "" })).status).toBe(303);
    expect((await requestsOf(userId))[0]).toMatchObject({ senderName: "Garden Goods Emporium", templateId: null, requiredDays: 30 });
  });

  it("asks about a misspelled sender sent without a choice, and spends nothing", async () => {
    const { browser, userId } = await signedUpUser("did-you-mean");
    // Straight from a client, and as the script sends it when no suggestion was picked.
    const withoutChoice: Array<Record<string, string>> = [
      { senderName: "williams sonmoa", customerNumber: "WS-9" },
      { senderName: "williams sonmoa", templateId: "" },
    ];
    for (const fields of withoutChoice) {
      const response = await browser.post("/requests/add", fields);
      expect(response.status).toBe(400);
      const html = await htmlOf(response);
      expect(html).toContain("Did you mean Williams Sonoma?");
      expect(html).toContain(ADD_REQUEST_MESSAGES.didYouMean);
      expect(radio(html, "williams-sonoma")).toEqual({ checked: false, label: "Williams Sonoma" });
      expect(radio(html, SEND_AS_TYPED)).toEqual({ checked: false, label: "Send it as “williams sonmoa”" });
      expect(html).toContain('value="williams sonmoa"');
    }
    expect(await htmlOf(await browser.get("/requests/add"))).not.toContain("Did you mean");
    expect(await requestsOf(userId)).toEqual([]);
    const [account] = await db.select({ left: users.numOfFreeRequest }).from(users).where(eq(users.id, userId));
    expect(account!.left).toBe(3);
  });

  it("sends the sender the person picks after the question, or the name as typed when they choose it", async () => {
    const picked = await signedUpUser("did-you-mean-pick");
    expect((await picked.browser.post("/requests/add", { senderName: "williams sonmoa", templateId: "williams-sonoma" })).status).toBe(303);
    expect((await requestsOf(picked.userId))[0]).toMatchObject({ senderName: "Williams Sonoma", templateId: "williams-sonoma" });

    const typed = await signedUpUser("did-you-mean-typed");
    expect((await typed.browser.post("/requests/add", { senderName: "williams sonmoa", templateId: SEND_AS_TYPED })).status).toBe(303);
    expect((await requestsOf(typed.userId))[0]).toMatchObject({ senderName: "williams sonmoa", templateId: null });
    const [account] = await db.select({ left: users.numOfFreeRequest }).from(users).where(eq(users.id, typed.userId));
    expect(account!.left).toBe(2);
  });

  it("does not ask about a name typed exactly, or one the catalog has nothing like", async () => {
    const { browser, userId } = await signedUpUser("did-you-mean-none");
    expect((await browser.post("/requests/add", { senderName: "LANDS END" })).status).toBe(303);
    expect((await browser.post("/requests/add", { senderName: "Maple Street Bakery" })).status).toBe(303);
    expect((await requestsOf(userId)).map((request) => request.templateId)).toEqual(["lands-end", null]);
  });

  it("refuses a sender id that is not in the catalog next to the field, and writes nothing", async () => {
    const { browser, userId } = await signedUpUser("bad-pick");
    const response = await browser.post("/requests/add", { senderName: "lands end", templateId: "no-such-sender" });
    expect(response.status).toBe(400);
    const html = await htmlOf(response);
    expect(html).toContain(ADD_REQUEST_MESSAGES.senderUnknown);
    expect(html).toContain('value="lands end"');
    expect(await requestsOf(userId)).toEqual([]);
  });
});

describe("a sender that takes the request only from the person", () => {
  it("is not sent or charged: the person is told where to read how to file it", async () => {
    await db.insert(requestTemplates).values({
      id: "self-only-mailer",
      title: "Self Only Mailer",
      category: "catalogs",
      acceptsAgent: "no",
      consumerFiles: true,
      confidence: "medium",
      isActive: false,
    });
    await db.batch([senderNameInserts(db, namesOfSender({ id: "self-only-mailer", name: "Self Only Mailer" }), "catalog")[0]!]);
    const { browser, userId } = await signedUpUser("self-only");
    const response = await browser.post("/requests/add", { senderName: "self only mailer" });
    expect(response.status).toBe(400);
    expect(await htmlOf(response)).toContain(ADD_REQUEST_MESSAGES.filesItself("Self Only Mailer"));
    expect(await requestsOf(userId)).toEqual([]);
    const [account] = await db.select({ left: users.numOfFreeRequest }).from(users).where(eq(users.id, userId));
    expect(account!.left).toBe(3);
  });
});

describe("the catalog learns from what people typed", () => {
  it("reads what people typed through the partial index of unlinked custom requests", async () => {
    const { sql, params } = unlinkedCustomNames(db).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    expect(plan.results.map((row) => row.detail).join("\n")).toMatch(/requests_unlinked_custom_idx/);
  });

  const TYPED = ["Acme Seed Co", "ACME SEED", "acme seed catalog"];

  it("groups what people typed for staff, links it to a sender, and the next person finds the sender", async () => {
    const people = await Promise.all(TYPED.map((_, index) => signedUpUser(`learn-${index}`)));
    for (const [index, person] of people.entries()) {
      expect((await person.browser.post("/requests/add", { senderName: TYPED[index]! })).status).toBe(303);
    }
    const page = await htmlOf(await admin.get("/admin/senders/requested"));
    expect(page).toContain("3 people, 3 requests.");
    for (const typed of TYPED) expect(page).toContain(`“${typed}” (1)`);

    // A moderator reads it but cannot link.
    expect(await htmlOf(await moderator.get("/admin/senders/requested"))).toContain("Only the admin may link requests");
    expect((await moderator.post("/admin/senders/requested", { key: "acmeseed", templateId: "burpee" })).status).toBe(403);
    expect((await requestsOf(people[0]!.userId))[0]!.templateId).toBeNull();

    // An id no sender has is refused next to that group's field, with what was typed kept.
    const unknownId = await admin.post("/admin/senders/requested", { key: "acmeseed", templateId: "no-such-sender" });
    expect(unknownId.status).toBe(400);
    const refusedPage = await htmlOf(unknownId);
    const input = refusedPage.match(/<input id="sender-acmeseed"[^>]*>/)?.[0];
    expect(input).toContain('value="no-such-sender"');
    expect(input).toContain('aria-invalid="true" aria-describedby="sender-acmeseed-error sender-acmeseed-hint"');
    expect(refusedPage).toContain(
      `${input}<p class="field-error" id="sender-acmeseed-error" role="alert">No sender has that id. Nothing was changed.</p>`,
    );
    expect((await requestsOf(people[0]!.userId))[0]!.templateId).toBeNull();

    const linked = await admin.post("/admin/senders/requested", { key: "acmeseed", templateId: "burpee" });
    expect(linked.status).toBe(303);
    for (const person of people) expect((await requestsOf(person.userId))[0]!.templateId).toBe("burpee");
    const names = await db
      .select({ name: senderNames.name, origin: senderNames.origin })
      .from(senderNames)
      .where(eq(senderNames.templateId, "burpee"));
    expect(names).toEqual(expect.arrayContaining([{ name: "Acme Seed Co", origin: "staff" }]));
    const [audit] = await db
      .select({ action: staffAudit.action, details: staffAudit.details })
      .from(staffAudit)
      .where(and(eq(staffAudit.action, "template.linked"), eq(staffAudit.targetId, "burpee")));
    expect(audit!.details).toMatchObject({ requests: 3, people: 3 });

    const next = await signedUpUser("learn-next");
    expect((await suggestions(next.browser, "acme seed"))[0]!.id).toBe("burpee");
    expect(await htmlOf(await admin.get("/admin/senders/requested"))).not.toContain("“ACME SEED”");

    // The same group again is gone: nothing changes.
    const again = await admin.post("/admin/senders/requested", { key: "acmeseed", templateId: "burpee" });
    expect(again.status).toBe(409);
    expect(await htmlOf(again)).toContain(CATALOG_LINK_MESSAGES.groupGone);
  });

  it("refuses an unknown sender id and changes nothing", async () => {
    const { browser, userId } = await signedUpUser("learn-unknown");
    await browser.post("/requests/add", { senderName: "Zebra Stripe Outfitters" });
    const refused = await admin.post("/admin/senders/requested", { key: "zebrastripeoutfitters", templateId: "nobody-here" });
    expect(refused.status).toBe(400);
    expect(await htmlOf(refused)).toContain(CATALOG_LINK_MESSAGES.senderNotFound);
    expect((await requestsOf(userId))[0]!.templateId).toBeNull();
  });

  it("adds a group as a new sender, linked in the same step, found by search but not given at signup", async () => {
    const first = await signedUpUser("new-from-group-1");
    const second = await signedUpUser("new-from-group-2");
    await first.browser.post("/requests/add", { senderName: "Quilted Fox Gifts" });
    await second.browser.post("/requests/add", { senderName: "quilted fox gifts inc." });
    const form = await htmlOf(await admin.get("/admin/senders/new?fromGroup=quiltedfoxgifts"));
    expect(form).toContain('name="fromGroup" value="quiltedfoxgifts"');
    expect(form).toContain('value="quilted-fox-gifts"');

    const created = await admin.post("/admin/senders/new", {
      fromGroup: "quiltedfoxgifts",
      id: "quilted-fox-gifts",
      title: "Quilted Fox Gifts",
      category: "catalogs",
      covers: "gift catalogs",
      ...SENDER_WITHOUT_CHANNEL,
    });
    expect(created.status).toBe(303);
    const [template] = await db.select().from(requestTemplates).where(eq(requestTemplates.id, "quilted-fox-gifts"));
    expect(template).toMatchObject({ isActive: false });
    expect((await requestsOf(first.userId))[0]!.templateId).toBe("quilted-fox-gifts");
    expect((await requestsOf(second.userId))[0]!.templateId).toBe("quilted-fox-gifts");
    expect((await suggestions(first.browser, "quilted fox"))[0]!.id).toBe("quilted-fox-gifts");
  });

  it("leaves a group as it was when the new sender's id is taken: all or nothing", async () => {
    const { browser, userId } = await signedUpUser("new-from-group-taken");
    await browser.post("/requests/add", { senderName: "Velvet Moose Outfitters" });
    const refused = await admin.post("/admin/senders/new", {
      fromGroup: "velvetmooseoutfitters",
      id: "orvis",
      title: "Velvet Moose Outfitters",
      category: "catalogs",
      covers: "",
      ...SENDER_WITHOUT_CHANNEL,
    });
    expect(refused.status).toBe(400);
    expect((await requestsOf(userId))[0]!.templateId).toBeNull();
    expect(await db.$count(senderNames, and(eq(senderNames.templateId, "orvis"), eq(senderNames.origin, "staff")))).toBe(0);
  });
});

describe("/learn and the dashboard read one catalog", () => {
  it("agree on a sender's kind of mail, before and after a staff edit", async () => {
    const { browser, userId } = await signedUpUser("agree");
    await browser.post("/requests/add", { senderName: "Orvis", templateId: "orvis" });
    expect((await requestsOf(userId))[0]!.templateId).toBe("orvis");

    expect(learnSection(await htmlOf(await SELFget("/learn")), "catalogs")).toContain("Orvis");
    expect(await htmlOf(await browser.get("/dashboard"))).toContain('href="/learn#cat-catalogs">Catalogs and retailers</a>');

    const edited = await admin.post("/admin/senders/orvis", {
      intent: "update",
      title: "Orvis",
      category: "magazines",
      covers: "outdoor clothing catalogs and a fly-fishing magazine",
      ...SENDER_WITHOUT_CHANNEL,
    });
    expect(edited.status).toBe(303);
    const learn = await htmlOf(await SELFget("/learn"));
    expect(learnSection(learn, "magazines")).toContain("Orvis");
    expect(learnSection(learn, "catalogs")).not.toContain("<strong>Orvis</strong>");
    expect(await htmlOf(await browser.get("/dashboard"))).toContain(
      'href="/learn#cat-magazines">Magazines, publishers and sweepstakes</a>',
    );
  });

  it("lists every catalog sender on /learn, and says when no channel is known instead of inventing one", async () => {
    const html = await htmlOf(await SELFget("/learn"));
    const withoutChannel = CATALOG_SENDERS.find((sender) => sender.channels.length === 0)!;
    expect(withoutChannel, "the catalog still has a sender with no channel").toBeDefined();
    expect(html).toContain(
      `<strong>${withoutChannel.name.replaceAll("&", "&amp;").replaceAll("'", "&#x27;")}</strong>: no opt-out method is published; we ask you for the return address printed on its mail and mail your letter there, or our staff find one.`,
    );
  });

  it("links each kind of mail once per group of the dashboard, while every card still names its kind", async () => {
    const { browser } = await signedUpUser("kind-links");
    await browser.post("/requests/add", { senderName: "Talbots", templateId: "talbots" });
    await browser.post("/requests/add", { senderName: "Lands' End", templateId: "lands-end" });
    const html = await htmlOf(await browser.get("/dashboard"));
    const groups = html.split(/<section aria-labelledby="group-/).slice(1);
    const kindLinks = (group: string) => [...group.matchAll(/href="\/learn#cat-([a-z-]+)"/g)].map((match) => match[1]!);
    const kindsNamed = (group: string) => [...group.matchAll(/<p class="muted request-kind">([^<]+)<\/p>/g)].map((match) => match[1]!);

    const suggested = groups.find((group) => group.startsWith("suggested"))!;
    const onItsWay = groups.find((group) => group.startsWith("onItsWay"))!;
    // Two catalog senders on their way, a kind of mail for each preset: one link per kind, not per card.
    expect(kindsNamed(onItsWay)).toEqual(["Catalogs and retailers", "Catalogs and retailers"]);
    expect(kindLinks(onItsWay)).toEqual(["catalogs"]);
    expect(kindsNamed(suggested).length).toBeGreaterThan(new Set(kindsNamed(suggested)).size);
    expect(kindLinks(suggested)).toHaveLength(new Set(kindsNamed(suggested)).size);
    for (const group of groups) expect(new Set(kindLinks(group)).size, group.slice(0, 20)).toBe(kindLinks(group).length);
  });
});

function SELFget(path: string) {
  return new Browser().get(path);
}

describe("the admin teaches the catalog a name", () => {
  it("adds a name to a sender's page, audited, and search finds the sender by it", async () => {
    const before = await htmlOf(await admin.get("/admin/senders/garnet-hill"));
    expect(before).toContain("Found by");
    const added = await admin.post("/admin/senders/garnet-hill", { intent: "name", name: "Hill of Garnets Outlet" });
    expect(added.status).toBe(303);
    expect(await htmlOf(await admin.get("/admin/senders/garnet-hill"))).toMatch(
      /Hill of Garnets Outlet<span class="muted"> \(added by staff\)/,
    );
    const { browser } = await signedUpUser("named");
    expect((await suggestions(browser, "hill of garnets outlet"))[0]!.id).toBe("garnet-hill");
    const audits = await db
      .select({ action: staffAudit.action })
      .from(staffAudit)
      .where(and(eq(staffAudit.action, "template.nameAdded"), eq(staffAudit.targetId, "garnet-hill")));
    expect(audits).toHaveLength(1);

    const again = await admin.post("/admin/senders/garnet-hill", { intent: "name", name: "HILL OF GARNETS OUTLET inc." });
    expect(again.status).toBe(400);
    expect(await htmlOf(again)).toContain("The sender is found by that name already.");
    expect((await admin.post("/admin/senders/garnet-hill", { intent: "name", name: "  &&  " })).status).toBe(400);
    expect((await moderator.post("/admin/senders/garnet-hill", { intent: "name", name: "Moderated Name" })).status).toBe(403);
    const names = await db.select({ name: senderNames.name }).from(senderNames).where(eq(senderNames.templateId, "garnet-hill"));
    expect(names.map((row) => row.name)).not.toContain("Moderated Name");
    expect(
      await db.$count(staffAudit, and(eq(staffAudit.action, "template.nameAdded"), eq(staffAudit.targetId, "garnet-hill"))),
      "a refused name writes no audit entry",
    ).toBe(1);
  });
});
