import { describe, expect, it } from "vitest";
import { z } from "zod";
import { uuidFromName } from "~/utils/digest";

describe("uuidFromName", () => {
  it("gives the same valid UUID for the same name, and another for another name", async () => {
    const first = await uuidFromName("followUp.notice:line-1:1");
    expect(z.string().uuid().safeParse(first).success).toBe(true);
    expect(await uuidFromName("followUp.notice:line-1:1")).toBe(first);
    expect(await uuidFromName("followUp.notice:line-1:2")).not.toBe(first);
  });
});
