import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/utils/redirect";

describe("safeRedirect", () => {
  it.each(["/dashboard", "/requests/add?x=1", "/recipients/edit/abc"])("keeps the same-site path %s", (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each(["//evil.test", "/\\evil.test", "https://evil.test/", "javascript:alert(1)", "dashboard", "/\nevil", "", null, undefined])(
    "refuses %s",
    (target) => {
      expect(safeRedirect(target)).toBe("/dashboard");
    },
  );
});
