import { describe, expect, it } from "vitest";
import { invariantResponse, notFound } from "~/utils/http-errors";

function thrown(run: () => unknown): Response {
  try {
    run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("nothing was thrown");
}

describe("invariantResponse", () => {
  it("lets a request go on when its condition holds", () => {
    expect(() => invariantResponse({ id: "a" })).not.toThrow();
    expect(() => invariantResponse(true, "Bad Request", { status: 400 })).not.toThrow();
  });

  it("answers 404 Not Found when nothing else is said", async () => {
    const response = thrown(() => invariantResponse(null));
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Not Found");
  });

  it("answers with the status, body and headers it is given", async () => {
    const response = thrown(() =>
      invariantResponse(false, "Only the admin may do this.", { status: 403, headers: { "Cache-Control": "no-store" } }),
    );
    expect(response.status).toBe(403);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toBe("Only the admin may do this.");
  });
});

describe("notFound", () => {
  it("always throws the not-found answer", async () => {
    const response = thrown(() => notFound());
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Not Found");
  });
});
