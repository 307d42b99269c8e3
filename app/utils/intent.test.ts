import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isUnknownIntent } from "./intent";

const Schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), name: z.string({ error: "Please enter a name." }) }),
  z.object({ intent: z.literal("delete") }),
]);

const submit = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema: Schema });
};

describe("isUnknownIntent", () => {
  it("is true for an intent the page does not have, and for none", () => {
    expect(isUnknownIntent(submit({ intent: "archive", name: "x" }))).toBe(true);
    expect(isUnknownIntent(submit({ name: "x" }))).toBe(true);
  });

  it("is false for a known intent, whether its fields are wrong or right", () => {
    const missingName = submit({ intent: "rename" });
    expect(missingName.status === "error" ? missingName.error : null).toEqual({ name: ["Please enter a name."] });
    expect(isUnknownIntent(missingName)).toBe(false);
    expect(isUnknownIntent(submit({ intent: "delete" }))).toBe(false);
  });
});
