// A staff page that fails shows its error inside the staff area's frame, with the error's status,
// so the navigation stays; someone who is not staff never sees the frame.
import { beforeAll, describe, expect, it } from "vitest";
import { signedInStaff, signedUpUser, type Browser } from "./http";

const STAFF_NAV = 'aria-label="Staff area"';

let moderator: Browser;
let admin: Browser;

beforeAll(async () => {
  moderator = (await signedInStaff("moderator")).browser;
  admin = (await signedInStaff("admin")).browser;
}, 30_000);

describe("a staff page that fails", () => {
  it("answers 404 for an unknown id with the not-found screen inside the frame", async () => {
    const response = await admin.get("/admin/senders/no-such-sender");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain(STAFF_NAV);
    expect(html).toContain('href="/admin/senders"');
    expect(html).toContain("We can&#x27;t find that page");
    expect(html).toContain("<title>Page not found");
  });

  it("answers 403 to a moderator's admin-only post inside the frame, saying nothing changed", async () => {
    const response = await moderator.post("/admin/senders/acxiom", { intent: "deactivate" });
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toContain(STAFF_NAV);
    expect(html).toContain("You can&#x27;t do that here");
    expect(html).toContain("Nothing was changed.");
    expect(html).toContain("<title>You can&#x27;t do that here");
  });

  it("shows someone who is not staff the plain not-found page, without the frame", async () => {
    const { browser } = await signedUpUser("admin-errors-outsider");
    const response = await browser.get("/admin/senders/acxiom");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("We can&#x27;t find that page");
    expect(html).not.toContain(STAFF_NAV);
  });
});
