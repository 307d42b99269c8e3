import { describe, expect, it } from "vitest";
import { describeChanges } from "./audit-details";

// One wording of an audit entry's details for every staff page: the user's, the testimonial's and
// the sender's history, and the audit trail. Each case is an entry the app writes.
describe("describeChanges", () => {
  it("says nothing of an entry without details", () => {
    expect(describeChanges(null)).toEqual([]);
    expect(describeChanges({})).toEqual([]);
  });

  it("gives each changed field before and after, in the page's words for it", () => {
    const userUpdated = { before: { numOfFreeRequest: 3, street2: "Apt 2" }, after: { numOfFreeRequest: 5, street2: null } };
    expect(describeChanges(userUpdated, { numOfFreeRequest: "Free requests left" })).toEqual([
      "Free requests left: 3 → 5",
      "street2: Apt 2 → (empty)",
    ]);
    const senderActivated = { before: { isActive: false }, after: { isActive: true } };
    expect(describeChanges(senderActivated)).toEqual(["isActive: false → true"]);
  });

  it("says (none) for the side an entry has not: a thing added, or deleted", () => {
    expect(describeChanges({ before: {}, after: { quote: "Quiet at last." } })).toEqual(["quote: (none) → Quiet at last."]);
    expect(describeChanges({ before: { quote: "Quiet at last." }, after: {} })).toEqual(["quote: Quiet at last. → (none)"]);
    // A name added to a sender is written with its after alone.
    expect(describeChanges({ after: { name: "Acxiom Data" } })).toEqual(["name: (none) → Acxiom Data"]);
  });

  it("adds what else the entry holds, and shortens long values", () => {
    const channels = Array.from({ length: 6 }, (_, index) => ({ kind: "email", value: `optout${index}@acme.example` }));
    const [title, changed, refused] = describeChanges({
      before: { title: "Acme", channels: [] },
      after: { title: "Acme Catalogs", channels },
      refusedPostalAddresses: ["1 Main St"],
    });
    expect(title).toBe("title: Acme → Acme Catalogs");
    expect(changed).toMatch(/^channels: \[\] → \[\{"kind":"email".{40,}…$/);
    expect(changed!.length).toBeLessThanOrEqual("channels: [] → ".length + 80);
    expect(refused).toBe('refusedPostalAddresses: ["1 Main St"]');
  });

  it("says in a sentence what the sender page's actions did", () => {
    expect(describeChanges({ added: 3 })).toEqual(["3 presets added"]);
    expect(describeChanges({ added: 1 })).toEqual(["1 preset added"]);
    expect(describeChanges({ sender: "Acme", channel: "mail", sent: 2, requests: ["u1:r1", "u2:r2"] })).toEqual([
      "2 waiting requests sent by letter",
    ]);
    expect(describeChanges({ sender: "Acme", channel: "email", sent: 1, requests: ["u1:r1"] })).toEqual([
      "1 waiting request sent by email",
    ]);
    expect(describeChanges({ kind: "mail", problem: "Letters came back" })).toEqual(["mail channel fixed: Letters came back"]);
    expect(describeChanges({ address: "Acme, P.O. Box 1, Conway, AR 72033", timesSeen: 2 })).toEqual([
      "Acme, P.O. Box 1, Conway, AR 72033",
    ]);
    expect(describeChanges({ names: ["acme data", "acmee"], requests: 4, people: 3 })).toEqual([
      "4 requests linked, typed as acme data, acmee",
    ]);
    // Requests staff mailed from the work queue: the action says "requests.mailed", the details how many.
    expect(describeChanges({ sender: "Acme", channel: "mail", requests: ["u1:r1", "u2:r2"] })).toEqual(["2 requests (mail)"]);
  });

  it("shows details of any other shape as short JSON", () => {
    expect(describeChanges({ name: "Acme Catalogs" })).toEqual(['{"name":"Acme Catalogs"}']);
    const [long] = describeChanges({ photo: "photo-1", lines: Array.from({ length: 50 }, (_, index) => `line ${index} of the label`) });
    expect(long).toMatch(/^\{"photo":"photo-1","lines":\["line 0 of the label".*…$/);
    expect(long!.length).toBe(200);
  });
});
