// What an attacker or a careless client tried, each answered without a server error and without
// changing anything: forged hosts, broken cookies, old reset links, floods of signups, lockouts
// aimed at someone else, malformed requests, and session pages cached where they must not be.
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import Stripe from "stripe";
import { authThrottle, recipients, users } from "../../drizzle/schema";
import worker from "../../app/worker";
import { DAY_MS } from "~/domain/dates";
import { runScheduledTasks } from "~/jobs/scheduled.server";
import { createPasswordResetToken, findUsableResetToken } from "~/models/password-reset.server";
import { countAttempt, LIMITS, rateKey } from "~/models/rate-limit.server";
import { getDb } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { ADDRESS, Browser, ORIGIN, signedUpUser } from "./http";
import { emailedLinks, uniqueEmail } from "./stand-ins";
import { postWebhook } from "./stripe";

const db = getDb(env.DB);
const APP_ORIGIN = "http://127.0.0.1:8787";
const HOUR_MS = 60 * 60 * 1000;

/** A client address of its own for each test, so that one test's counts never reach another's. */
let lastOctet = 0;
function clientIp() {
  lastOctet += 1;
  return { "CF-Connecting-IP": `192.0.2.${lastOctet}` };
}

/** The Stripe-Signature header Stripe would send for this payload, signed with the endpoint's secret. */
const signedAsStripe = (payload: string) =>
  Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: parseEnv(env).STRIPE_WEBHOOK_SECRET ?? "",
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });

const passwordHashOf = async (userId: string) =>
  (await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)))[0]!.hash;

describe("links in emails", () => {
  it("point at APP_ORIGIN whatever Host or X-Forwarded-Host the request claimed", async () => {
    const { email } = await signedUpUser("forged-host");
    const forgedHost = await SELF.fetch("https://evil.test/password/forgot", {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.test", "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({ email }),
    });
    expect(forgedHost.status).toBe(303);
    const forwarded = await new Browser().post("/password/forgot", { email }, { "X-Forwarded-Host": "evil.test" });
    expect(forwarded.status).toBe(303);

    const links = await emailedLinks(email, "/password/reset", 2);
    for (const link of links) expect(link.origin).toBe(APP_ORIGIN);
  });
});

describe("a session cookie that cannot be read", () => {
  it.each(["a.b.c", "not-a-cookie", "%E0%A4%A", "s%3Aabc.def"])("counts as no session and is cleared (%s)", async (value) => {
    const { email } = await signedUpUser("broken-cookie");
    const broken = { Cookie: `__session=${value}` };
    for (const path of ["/", "/signin", "/learn", "/dashboard"]) {
      const response = await SELF.fetch(ORIGIN + path, { redirect: "manual", headers: broken });
      expect(response.status, path).toBeLessThan(500);
    }
    const home = await SELF.fetch(`${ORIGIN}/`, { headers: broken });
    expect(home.headers.getSetCookie().some((cookie) => /^__session=;.*Expires=Thu, 01 Jan 1970/i.test(cookie))).toBe(true);

    const signIn = await new Browser().post("/signin", { email, password: "secret-123" }, broken);
    expect(signIn.status).toBe(303);
    expect(signIn.headers.getSetCookie().filter((cookie) => cookie.startsWith("__session="))).toHaveLength(1);
    expect(signIn.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="))).not.toMatch(/^__session=;/);

    const signOut = await new Browser().post("/api/signout", {}, broken);
    expect(signOut.status).toBe(303);
  });

  it("signing out with no session at all (a second tab) goes home", async () => {
    const response = await new Browser().post("/api/signout", {});
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("reset links", () => {
  it("an older link no longer works once the password was reset with a newer one", async () => {
    const { email, userId } = await signedUpUser("two-links");
    await new Browser().post("/password/forgot", { email }, clientIp());
    await new Browser().post("/password/forgot", { email }, clientIp());
    const [first, second] = await emailedLinks(email, "/password/reset", 2);

    const reset = await new Browser().post(second!.pathname + second!.search, {
      token: second!.searchParams.get("token")!,
      password: "newer-secret",
    });
    expect(reset.status).toBe(303);
    const hashAfterReset = await passwordHashOf(userId);

    const older = new Browser();
    expect(await (await older.get(first!.pathname + first!.search)).text()).toContain("This link has expired or was already used.");
    const replay = await older.post(first!.pathname + first!.search, {
      token: first!.searchParams.get("token")!,
      password: "attacker-secret",
    });
    expect(replay.status).toBe(400);
    expect(await passwordHashOf(userId)).toBe(hashAfterReset);
  }, 30_000);

  it("works for one hour, as the email says, and not a moment longer", async () => {
    const { userId } = await signedUpUser("link-expiry");
    const issued = new Date("2026-11-23T10:00:00Z");
    const token = await createPasswordResetToken(db, userId, issued);
    expect(await findUsableResetToken(db, token, new Date(issued.getTime() + HOUR_MS - 1))).toBe(userId);
    expect(await findUsableResetToken(db, token, new Date(issued.getTime() + HOUR_MS))).toBeNull();
  });

  it("the forgot-password answer does the same work before it goes out, for a known email and an unknown one", async () => {
    const { email: known } = await signedUpUser("same-work");
    const statementsBeforeAnswer = async (email: string) => {
      let statements = 0;
      const countingDb = new Proxy(env.DB, {
        get(target, property) {
          const value = Reflect.get(target, property);
          if (typeof value !== "function") return value;
          return (...args: unknown[]) => {
            if (property === "prepare" || property === "batch" || property === "exec") statements += 1;
            return value.apply(target, args);
          };
        },
      });
      const ctx = createExecutionContext();
      const request = new Request(`${ORIGIN}/password/forgot`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", ...clientIp() },
        body: new URLSearchParams({ email }),
      }) as Request<unknown, IncomingRequestCfProperties>;
      const response = await worker.fetch(request, { ...env, DB: countingDb }, ctx);
      const before = statements;
      await waitOnExecutionContext(ctx);
      expect(response.status).toBe(303);
      return { before, after: statements };
    };
    const knownWork = await statementsBeforeAnswer(known);
    const unknownWork = await statementsBeforeAnswer(uniqueEmail("nobody-here"));
    expect(knownWork.before).toBe(unknownWork.before);
    // The lookup and the email happen after the answer, and only for the account.
    expect(knownWork.after).toBeGreaterThan(unknownWork.after);
  });

  it("are limited per email and per client, and the user is told when to try again", async () => {
    const { email } = await signedUpUser("reset-limit");
    const client = clientIp();
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push((await new Browser().post("/password/forgot", { email }, client)).status);
    expect(statuses).toEqual([303, 303, 303, 429]);
    const refused = await new Browser().post("/password/forgot", { email }, clientIp());
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(html).toMatch(/Please try again in (60|59) minutes\./);
    expect(html).toContain(`value="${email}"`);
    expect(await emailedLinks(email, "/password/reset", 3)).toHaveLength(3);

    const fromOneClient = clientIp();
    const many = [];
    for (let attempt = 0; attempt < 11; attempt++)
      many.push((await new Browser().post("/password/forgot", { email: uniqueEmail("spray") }, fromOneClient)).status);
    expect(many.filter((status) => status === 303)).toHaveLength(10);
    expect(many.at(-1)).toBe(429);
  }, 30_000);
});

describe("sign-in limits", () => {
  it("an attacker's failures on an account do not lock its owner out from elsewhere", async () => {
    const { email } = await signedUpUser("lock-target");
    const attacker = clientIp();
    for (let attempt = 0; attempt < 6; attempt++) await new Browser().post("/signin", { email, password: "guess-" + attempt }, attacker);
    expect((await new Browser().post("/signin", { email, password: "secret-123" }, attacker)).status).toBe(429);
    expect((await new Browser().post("/signin", { email, password: "secret-123" }, clientIp())).status).toBe(303);
  }, 40_000);

  it("a browser that signed in before gets in while the account is under attack from many addresses", async () => {
    const { email } = await signedUpUser("under-attack");
    const owner = new Browser();
    expect((await owner.post("/signin", { email, password: "secret-123" }, clientIp())).status).toBe(303);
    await owner.post("/api/signout", {});

    // Nine failures from other addresses counted as the sign-in counts them, then real ones from two more.
    const accountKey = await rateKey("signin-account", email);
    for (let failure = 0; failure < 9; failure++) await countAttempt(db, accountKey, LIMITS.signInPerAccount);
    for (let attempt = 0; attempt < 2; attempt++) await new Browser().post("/signin", { email, password: "guess-" + attempt }, clientIp());
    // An address that already failed on this account now waits; a new one with the right password does not.
    const failedOnce = clientIp();
    await new Browser().post("/signin", { email, password: "one-more-guess" }, failedOnce);
    const refused = await new Browser().post("/signin", { email, password: "secret-123" }, failedOnce);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(/Too many sign-in attempts\. Please try again in \d+ minutes?, or reset your password\./);
    expect((await new Browser().post("/signin", { email, password: "secret-123" }, clientIp())).status).toBe(303);
    expect((await owner.post("/signin", { email, password: "secret-123" }, failedOnce)).status).toBe(303);
  }, 40_000);

  it("thirty failures from one address hold back new browsers there, never a known one, and never reset emails", async () => {
    const { email } = await signedUpUser("shared-address");
    const office = clientIp();
    const regular = new Browser();
    expect((await regular.post("/signin", { email, password: "secret-123" }, office)).status).toBe(303);
    await regular.post("/api/signout", {});

    // 29 failures on other accounts counted as the sign-in counts them (cheaper than 29 password hashes), then a real 30th.
    const officeKey = await rateKey("signin-client", office["CF-Connecting-IP"]);
    for (let failure = 0; failure < 29; failure++) await countAttempt(db, officeKey, LIMITS.signInPerClient);
    expect((await new Browser().post("/signin", { email: uniqueEmail("sprayed"), password: "guess" }, office)).status).toBe(401);
    expect((await new Browser().post("/signin", { email, password: "secret-123" }, office)).status).toBe(429);
    expect((await regular.post("/signin", { email, password: "secret-123" }, office)).status).toBe(303);

    const forgot = await new Browser().post("/password/forgot", { email }, office);
    expect(forgot.headers.get("Location")).toBe("/password/forgot?sent=1");
    expect(await emailedLinks(email, "/password/reset", 1)).toHaveLength(1);
  }, 40_000);
});

describe("signup limits", () => {
  it('"Email has already been used." and new accounts are limited per client, with when to try again, and nothing is written', async () => {
    const { email: taken } = await signedUpUser("taken-email");
    const client = clientIp();
    const statuses = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      const browser = new Browser();
      await browser.post("/start/step1", ADDRESS, client);
      statuses.push(
        (await browser.post("/start/step2", { email: attempt % 2 ? taken : uniqueEmail("flood"), password: "secret-123" }, client)).status,
      );
    }
    expect(statuses).toEqual([303, 400, 303, 400, 303, 400, 303, 400, 303, 400]);

    const browser = new Browser();
    await browser.post("/start/step1", ADDRESS, client);
    const last = uniqueEmail("one-too-many");
    const refused = await browser.post("/start/step2", { email: last, password: "secret-123" }, client);
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(html).toMatch(/Too many attempts\. Please try again in (60|59) minutes\./);
    expect(html).toContain(`value="${last}"`);
    expect(html).not.toContain("secret-123");
    expect(await db.$count(users, eq(users.email, last))).toBe(0);
  }, 60_000);

  it("step 1 shares the address check budget of /api/address/verify", async () => {
    const client = clientIp();
    for (let attempt = 0; attempt < 30; attempt++) {
      const answer = await new Browser().postJson(
        "/api/address/verify",
        { address: ADDRESS },
        { ...client, "Sec-Fetch-Site": "same-origin" },
      );
      expect(answer.status).toBe(200);
    }
    const blocked = await new Browser().postJson(
      "/api/address/verify",
      { address: ADDRESS },
      { ...client, "Sec-Fetch-Site": "same-origin" },
    );
    expect(blocked.status).toBe(429);

    const browser = new Browser();
    const step1 = await browser.post("/start/step1", ADDRESS, client);
    expect(step1.status).toBe(429);
    const html = await step1.text();
    expect(html).toMatch(/Too many attempts\. Please try again in (60|59) minutes\./);
    expect(html).toContain('value="12 Main St"');
    expect(step1.headers.get("Set-Cookie")).toBeNull();
    expect((await browser.get("/start/step2")).headers.get("Location")).toBe("/start/step1");
  }, 60_000);
});

describe("malformed requests", () => {
  const post = (path: string, init: RequestInit & { headers?: Record<string, string> }) =>
    SELF.fetch(ORIGIN + path, {
      method: "POST",
      redirect: "manual",
      ...init,
      headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", ...init.headers },
    });

  it.each([
    ["no Content-Type", {}, "email=a%40b.test&password=x"],
    ["JSON", { "Content-Type": "application/json" }, JSON.stringify({ email: "a@b.test", password: "x" })],
    ["text/plain", { "Content-Type": "text/plain" }, "email=a@b.test"],
  ])("a form post whose body is not a form (%s) gets 415 and a clear page", async (_, headers, body) => {
    const response = await post("/signin", { headers, body });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain("We couldn&#39;t read that form");
  });

  it("a damaged multipart form gets 400", async () => {
    const response = await post("/signin", {
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: "--xyz\r\nContent-Disposition: form-data; name=",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The form arrived damaged or incomplete.");
  });

  it("a post carrying X-Forwarded-Host is handled like any other", async () => {
    const response = await new Browser().post("/start/step1", ADDRESS, { "X-Forwarded-Host": "evil.test" });
    expect(response.status).toBe(303);
  });

  it("a data request for a route id that is not the page's answers 4xx", async () => {
    for (const query of ["_data=routes/home", "_data=routes/nope", "_data=root", "_data="]) {
      const response = await SELF.fetch(`${ORIGIN}/?${query}`);
      expect(response.status, query).toBeLessThan(500);
    }
  });

  it("a post to a page without a form says so, and a post to no page is 404", async () => {
    const toPage = await post("/", { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "a=1" });
    expect(toPage.status).toBe(405);
    const html = await toPage.text();
    expect(html).toContain("This page can&#x27;t take that request");
    expect(html).not.toContain("Something went wrong on our side");
    const toNothing = await post("/no/such/page", { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "a=1" });
    expect(toNothing.status).toBe(404);
    expect(await toNothing.text()).toContain("We can&#x27;t find that page");
  });

  it("an address with broken percent-encoding gets 400 and a clear page", async () => {
    const warned = vi.spyOn(console, "warn");
    for (const path of ["/%FF%FE", "/recipients/edit/%E0%A4%A", "/reminders/%"]) {
      const response = await SELF.fetch(ORIGIN + path);
      expect(response.status, path).toBe(400);
      expect(await response.text()).toContain("That address is not valid");
    }
    expect(warned).not.toHaveBeenCalled();
    warned.mockRestore();
  });

  it.each(["PUT", "PATCH", "DELETE", "OPTIONS"])("%s gets 405 with the methods allowed", async (method) => {
    const response = await SELF.fetch(`${ORIGIN}/signin`, { method, headers: { Origin: ORIGIN } });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD, POST");
  });

  it("a 2.5-million-character name gets 413 and adds no one", async () => {
    const { browser, userId } = await signedUpUser("huge-name");
    const response = await browser.post("/recipients/add", { ...ADDRESS, fullName: "A ".repeat(1_250_000) });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("That was more than we can take");
    expect(await db.$count(recipients, eq(recipients.userId, userId))).toBe(0);
  });

  it("a signed Stripe event for a subscription Stripe does not know is acknowledged once, not retried forever", async () => {
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    const payload = JSON.stringify({
      id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
      object: "event",
      type: "customer.subscription.updated",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "sub_unknown_to_stripe", object: "subscription" } },
    });
    const signature = await signedAsStripe(payload);
    const first = await postWebhook(payload, signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, actedOn: false });
    expect(warned).toHaveBeenCalledWith(expect.stringMatching(/cannot be acted on: .*404/));
    const again = await postWebhook(payload, signature);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    warned.mockRestore();
  });
});

describe("signed webhook payloads that are not events", () => {
  it.each(["null", "{}", "[]", '{"id":1}', '"text"'])("%s gets 400 and records nothing", async (payload) => {
    const signature = await signedAsStripe(payload);
    const response = await postWebhook(payload, signature);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Not a Stripe event." });
  });
});

describe("caching", () => {
  it("pages that depend on the session are private and never stored", async () => {
    const { browser } = await signedUpUser("no-store");
    for (const path of ["/dashboard", "/recipients", "/subscription", "/", "/dashboard.data"]) {
      const response = await browser.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    const visitor = await new Browser().get("/");
    expect(visitor.headers.get("Cache-Control")).not.toBe("private, no-store");
  });

  it("production answers carry Strict-Transport-Security", async () => {
    const response = await worker.fetch(
      new Request(`${ORIGIN}/`) as Request<unknown, IncomingRequestCfProperties>,
      { ...env, APP_ENV: "production" },
      createExecutionContext(),
    );
    expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
    const local = await SELF.fetch(`${ORIGIN}/`);
    expect(local.headers.get("Strict-Transport-Security")).toBeNull();
  });
});

describe("the daily cron", () => {
  it("forgets counters whose window and block are long over, and keeps the rest", async () => {
    const now = Date.now();
    const spent = `test-spent-${crypto.randomUUID()}`;
    const stillBlocked = `test-blocked-${crypto.randomUUID()}`;
    const recent = `test-recent-${crypto.randomUUID()}`;
    await db.insert(authThrottle).values([
      { key: spent, failures: 5, windowStartedAt: new Date(now - 3 * DAY_MS), blockedUntil: new Date(now - 3 * DAY_MS + HOUR_MS) },
      { key: stillBlocked, failures: 5, windowStartedAt: new Date(now - 3 * DAY_MS), blockedUntil: new Date(now + HOUR_MS) },
      { key: recent, failures: 1, windowStartedAt: new Date(now - HOUR_MS), blockedUntil: null },
    ]);
    await runScheduledTasks({ scheduledTime: now }, parseEnv(env));
    const left = await db
      .select({ key: authThrottle.key })
      .from(authThrottle)
      .where(inArray(authThrottle.key, [spent, stillBlocked, recent]));
    expect(left.map((row) => row.key).sort()).toEqual([recent, stillBlocked].sort());
  });
});
