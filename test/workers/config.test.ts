import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../app/worker";
import { EnvError, parseEnv } from "~/utils/env.server";
import { standInsUrl } from "./stand-ins";

describe("environment validation", () => {
  it("accepts the local configuration", () => {
    expect(parseEnv(env)).toMatchObject({ APP_ENV: "test", BLOG_URL: `${standInsUrl()}/path/` });
  });

  it("names a missing secret", () => {
    const { SESSION_SECRET: _omitted, ...rest } = env;
    expect(() => parseEnv(rest)).toThrow(EnvError);
    expect(() => parseEnv(rest)).toThrow(/SESSION_SECRET is not set/);
  });

  it("names a missing binding", () => {
    const { DB: _omitted, ...rest } = env;
    expect(() => parseEnv(rest)).toThrow(/The DB binding is missing/);
  });

  it("answers 503 with a page naming the problem, never a stack trace or a value", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { SESSION_SECRET: _omitted, ...rest } = env;
    const request = new Request("https://example.test/") as Request<unknown, IncomingRequestCfProperties>;
    const response = await worker.fetch(request, rest, createExecutionContext());
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain("SESSION_SECRET is not set");
    expect(html).not.toMatch(/\bat .*\.(ts|js):\d+/);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("SESSION_SECRET"));
  });
});
