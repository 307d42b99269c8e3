import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs } from "../../drizzle/schema";
import { getDb } from "~/utils/db.server";
import { ADDRESS, Browser, ORIGIN, signedInStaff, signUp } from "./http";
import { emailedLink, received, uniqueEmail } from "./stand-ins";

const db = getDb(env.DB);

async function signedUpUser(label: string, password = "secret-123") {
  const browser = new Browser();
  const email = uniqueEmail(label);
  await signUp(browser, email, password);
  return { browser, email, password };
}

describe("sign in", () => {
  it("gives one message for a wrong password and for an unknown email, keeping the email typed", async () => {
    const { email } = await signedUpUser("wrong-password");
    const wrongPassword = await new Browser().post("/signin", { email, password: "not-it" }, { "CF-Connecting-IP": "203.0.113.1" });
    const unknownEmail = await new Browser().post(
      "/signin",
      { email: uniqueEmail("nobody"), password: "not-it" },
      { "CF-Connecting-IP": "203.0.113.1" },
    );
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const [first, second] = [await wrongPassword.text(), await unknownEmail.text()];
    expect(first).toContain("Wrong email or password.");
    expect(second).toContain("Wrong email or password.");
    expect(first).toContain(`value="${email}"`);
    expect(first).not.toContain("not-it");
  });

  it("answers a form with nothing in it with each field's message (and no unhandled rejection inside)", async () => {
    const response = await new Browser().post("/signin", {});
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter your email address.");
    expect(html).toContain("Please enter the password.");
  });

  it("signs in under a fresh session id and goes back where the visitor was going", async () => {
    const { email, password } = await signedUpUser("comes-back");
    const browser = new Browser();
    const visit = await browser.get("/recipients");
    expect(visit.headers.get("Location")).toBe("/signin?redirectTo=%2Frecipients");
    const before = browser.cookieHeader();
    const response = await browser.post("/signin?redirectTo=%2Frecipients", { email: email.toUpperCase(), password });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/recipients");
    expect(browser.cookieHeader()).not.toBe(before);
    expect((await browser.get("/recipients")).status).toBe(200);
  });

  it("never redirects to another site", async () => {
    const { email, password } = await signedUpUser("no-open-redirect");
    const response = await new Browser().post("/signin?redirectTo=%2F%2Fevil.test", { email, password });
    expect(response.headers.get("Location")).toBe("/dashboard");
  });

  it("slows and then refuses repeated failures for one email, even with the right password", async () => {
    const { email, password } = await signedUpUser("throttled");
    const client = { "CF-Connecting-IP": "198.51.100.7" };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++)
      statuses.push((await new Browser().post("/signin", { email, password: "wrong" }, client)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const blocked = await new Browser().post("/signin", { email, password }, client);
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many sign-in attempts.");
  }, 30_000);
});

describe("sign out", () => {
  it("is a POST that destroys the session; a GET changes nothing", async () => {
    const { browser } = await signedUpUser("signs-out");
    const cookie = browser.cookieHeader();
    expect((await browser.get("/api/signout")).status).toBe(404);
    expect((await browser.get("/dashboard")).status).toBe(200);
    const response = await browser.post("/api/signout", {});
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    const replay = await SELF.fetch(`${ORIGIN}/dashboard`, { redirect: "manual", headers: { Cookie: cookie } });
    expect(replay.status).toBe(302);
  });
});

describe("password reset", () => {
  it("answers the same way for an unknown email and queues nothing", async () => {
    const email = uniqueEmail("unknown-reset");
    const emailJobsTo = async (to: string) =>
      (await db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.type, "email.send"))).filter(
        (job) => (job.payload as { to?: string }).to === to,
      );
    const response = await new Browser().post("/password/forgot", { email });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/password/forgot?sent=1");

    const { email: known } = await signedUpUser("known-reset");
    const answer = await new Browser().post("/password/forgot", { email: known });
    expect(answer.headers.get("Location")).toBe("/password/forgot?sent=1");
    // The account is looked up after the answer has gone out.
    await expect.poll(async () => (await emailJobsTo(known)).length, { timeout: 5_000 }).toBe(1);
    expect(await emailJobsTo(email)).toEqual([]);
  });

  it("emails a single-use link that sets a new password and signs the user out everywhere else", async () => {
    const { browser: otherDevice, email } = await signedUpUser("resets");
    const forgot = await new Browser().post("/password/forgot", { email });
    expect(forgot.headers.get("Location")).toBe("/password/forgot?sent=1");

    const link = await emailedLink(email, "/password/reset");
    // Like every email to a user, it can turn reminders off: in its text and as a one-click header.
    const [message] = await received("email", (request) => {
      const body = request.body as { To?: string; Tag?: string } | null;
      return body?.To === email && body.Tag === "password-reset";
    });
    const sent = message!.body as { TextBody: string; Headers: { Name: string; Value: string }[] };
    const stopReminders = sent.TextBody.match(/http:\/\/127\.0\.0\.1:8787\/reminders\/unsubscribe\?token=\S+/)?.[0];
    expect(stopReminders).toBeDefined();
    expect(sent.Headers).toEqual(
      expect.arrayContaining([
        { Name: "List-Unsubscribe", Value: `<${stopReminders}>` },
        { Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click" },
      ]),
    );
    const browser = new Browser();
    const form = await browser.get(link.pathname + link.search);
    expect(await form.text()).toContain("Choose a new password");

    const token = link.searchParams.get("token")!;
    // The form posts back to its own address, token included, as a browser does.
    const resetPath = link.pathname + link.search;
    const tooShort = await browser.post(resetPath, { token, password: "abc" });
    expect(tooShort.status).toBe(400);
    expect(await tooShort.text()).toContain("Password should be at least 6 characters.");

    const reset = await browser.post(resetPath, { token, password: "brand-new-secret" });
    expect(reset.status).toBe(303);
    expect(reset.headers.get("Location")).toBe("/dashboard");
    expect((await browser.get("/dashboard")).status).toBe(200);
    expect((await otherDevice.get("/dashboard")).status).toBe(302);

    const reused = await new Browser().post(resetPath, { token, password: "another-secret" });
    expect(await reused.text()).toContain("expired or was already used");
    expect((await new Browser().post("/signin", { email, password: "brand-new-secret" })).status).toBe(303);
  }, 30_000);
});

describe("cross-site posts", () => {
  it.each([
    [{ Origin: "https://evil.test" }],
    [{ "Sec-Fetch-Site": "cross-site", Origin: "https://evil.test" }],
    [{ "Sec-Fetch-Site": "same-site", Origin: ORIGIN }],
  ])("are refused with 403 and change nothing (%o)", async (headers) => {
    const response = await new Browser().post("/start/step1", ADDRESS, headers);
    expect(response.status).toBe(403);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("refuses a cross-site sign out", async () => {
    const { browser } = await signedUpUser("csrf-signout");
    expect((await browser.post("/api/signout", {}, { Origin: "https://evil.test", "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await browser.get("/dashboard")).status).toBe(200);
  });
});

describe("staff roles (product rules: Roles)", () => {
  it("answers 404 on /admin to a signed-in user who is not staff", async () => {
    const { browser } = await signedUpUser("not-staff");
    expect((await browser.get("/admin")).status).toBe(404);
  });

  it("lets the admin and the moderator in (ids from configuration)", async () => {
    expect(env.ADMIN_USER_IDS).toBe("local-admin");
    expect((await (await signedInStaff("admin")).browser.get("/admin")).status).toBe(200);
    expect((await (await signedInStaff("moderator")).browser.get("/admin")).status).toBe(200);
  }, 20_000);
});
