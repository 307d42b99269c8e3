import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// What the email serves for is promised twice: in the product rules ("What the product promises")
// and under the email field of signup step 2. The spec puts a new account on the newsletter with
// no field, and the page says so; the rules must not promise less use of the address than that.

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8").replace(/\s+/g, " ");

/** The rules' promise about the email: the sentences from "The email serves" to the end of its item. */
function rulesPromise() {
  const rules = readFileSync(path.join(ROOT, "docs/product-rules.md"), "utf8");
  const promises = rules.slice(
    rules.indexOf("## What the product promises"),
    rules.indexOf("\n## ", rules.indexOf("## What the product promises") + 1),
  );
  const item = promises.split(/\n- /).find((entry) => entry.includes("The email serves"));
  return item?.replace(/\s+/g, " ") ?? "";
}

describe("what the email is for", () => {
  it("is said in the product rules as on signup step 2: requests, and the newsletter from signup on", () => {
    const promise = rulesPromise();
    expect(promise).toContain("The email serves");
    expect(promise).not.toMatch(/only for news about requests/i);
    expect(promise).toMatch(/news about requests/);
    expect(promise).toMatch(/newsletter: a new account is on it from signup, with no field/);
    expect(promise).toMatch(/leaves the newsletter with one click from any issue or on the account page/);

    const step2 = read("app/routes/start.step2.tsx");
    expect(step2).toContain(
      "For news about your requests, and our newsletter: leave it with one click from any issue or your account page.",
    );
  });
});
