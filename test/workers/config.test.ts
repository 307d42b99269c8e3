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

  it("refuses a Lob test key in production, where its letters would never be mailed", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const production = { ...env, APP_ENV: "production", LOB_API_KEY: "test_0dc8d51e0acffcb1880e0f19c79b2f5b0cc" };
    expect(() => parseEnv(production)).toThrow(/LOB_API_KEY is a Lob test key/);
    const request = new Request("https://example.test/") as Request<unknown, IncomingRequestCfProperties>;
    const response = await worker.fetch(request, production, createExecutionContext());
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain("LOB_API_KEY is a Lob test key");
    expect(html).not.toContain("0dc8d51e0acffcb1880e0f19c79b2f5b0cc");
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("LOB_API_KEY"));
    expect(logged).not.toHaveBeenCalledWith(expect.stringContaining("0dc8d51e0acffcb1880e0f19c79b2f5b0cc"));
    // A live key in production, and the stand-in's test key elsewhere, are accepted.
    expect(parseEnv({ ...production, LOB_API_KEY: "live_0dc8d51e0acffcb1880e0f19c79b2f5b0cc" }).LOB_API_KEY).toMatch(/^live_/);
    expect(parseEnv({ ...env, LOB_API_KEY: "test_local_stand_in_lob_key" }).LOB_API_KEY).toMatch(/^test_/);
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
