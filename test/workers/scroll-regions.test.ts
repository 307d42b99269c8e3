// Wide tables scroll sideways on a phone. A box that scrolls must be reachable by keyboard, or a
// person without a mouse cannot read what is past its edge (WCAG 2.1.1; axe's
// scrollable-region-focusable). Whether a box scrolls depends on the fonts of the device, so every
// such box is a named region in the tab order whatever its width: these pages are checked in
// their HTML, which no font changes.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import type { CatalogSender } from "~/domain/sender-catalog";
import { seedSenderCatalog } from "~/models/request-template.server";
import { getDb } from "~/utils/db.server";
import { signedInStaff, signedUpUser } from "./http";
import { htmlOf, scrollRegionsOf } from "./support";

const db = getDb(env.DB);
const sender = catalog.senders[0]!;
let userId: string;

beforeAll(async () => {
  await seedSenderCatalog(db, catalog.senders as CatalogSender[]);
  ({ userId } = await signedUpUser("scroll-regions"));
});

describe("the staff pages' tables", () => {
  it.each([
    ["the senders list", () => "/admin/senders"],
    ["the users list", () => "/admin/users"],
    ["a sender's page", () => `/admin/senders/${encodeURIComponent(sender.id)}`],
    ["a user's page", () => `/admin/users/${encodeURIComponent(userId)}`],
  ])("%s puts each in a named region the keyboard can reach", async (_, path) => {
    const { browser } = await signedInStaff("admin");
    const response = await browser.get(path());
    expect(response.status).toBe(200);
    const regions = scrollRegionsOf(await htmlOf(response));
    expect(regions.length, "the page has a table that scrolls").toBeGreaterThan(0);
    expect(regions.filter((region) => region.problems.length > 0)).toEqual([]);
  });
});
