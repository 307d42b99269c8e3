// Shared steps of the account journeys (accounts.test.ts): filling the signup forms, signing in,
// an account made without the pages, reading what the page says about a field, and the reset link
// the email stand-in received.
import type { Locator, Page } from "playwright-core";
import { expect, vi } from "vitest";
import { ADDRESS, LOOSE_ADDRESS } from "../support/fixtures";
import { signUpByPosts } from "../support/signup-posts";
import type { Visit } from "./browser";

export type Account = { email: string; password: string };

export { LOOSE_ADDRESS };

export type Step1Values = Record<keyof typeof LOOSE_ADDRESS, string>;

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The console error Chromium logs for a response the app sends with an error status on purpose
 * (a form answered 400, a wrong password 401, a page 404): the document itself with JavaScript
 * off, the route's `.data` request (single fetch) with JavaScript on. Nothing else is allowed.
 */
export function expectedStatus(appUrl: string, status: 400 | 401 | 404, path: string): RegExp {
  return new RegExp(`status of ${status} \\([^)]*\\) \\(${escapeRegExp(appUrl + path)}(\\.data)?(\\?[^)]*)?\\)$`);
}

/** The page's visible text with runs of white space made single spaces. */
export async function visibleText(page: Page) {
  return (await page.locator("body").innerText()).replace(/\s+/g, " ");
}

/**
 * With JavaScript on, waits until the page's deferred enhancement script has run (it runs before
 * the load event), so that a click is handled with it (pending label, one post only).
 */
export async function waitForEnhancement(visit: Visit) {
  if (!visit.js) return;
  await visit.page.waitForLoadState("load", { timeout: 15_000 });
}

export function input(page: Page, name: string): Locator {
  return page.locator(`main form [name="${name}"]`);
}

export async function fillStep1(page: Page, values: Partial<Step1Values>) {
  for (const [name, value] of Object.entries(values)) await input(page, name).fill(value);
}

/** The error messages shown in the main form, in page order. */
export async function fieldErrors(page: Page): Promise<string[]> {
  return (await page.locator("main form .field-error").allInnerTexts()).map((text) => text.trim());
}

/**
 * The field shows `message` the accessible way: its input is aria-invalid="true", its
 * aria-describedby names an element holding exactly that message, and that element sits in the
 * same field as the input (next to it, not in a summary elsewhere).
 */
export async function expectFieldError(page: Page, name: string, message: string) {
  const field = input(page, name);
  expect(await field.count(), `one input named ${name}`).toBe(1);
  expect.soft(await field.getAttribute("aria-invalid"), `${name}: aria-invalid`).toBe("true");
  const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter(Boolean);
  const described = await Promise.all(ids.map(async (id) => ((await page.locator(`[id="${id}"]`).first().textContent()) ?? "").trim()));
  expect.soft(described, `${name}: what aria-describedby points at`).toContain(message);
  const besideInput = await field.evaluate(
    (element, text) =>
      Array.from((element.closest(".field") ?? element.parentElement)?.querySelectorAll("[id]") ?? []).some(
        (node) => node !== element && (node.textContent ?? "").trim() === text,
      ),
    message,
  );
  expect.soft(besideInput, `${name}: "${message}" next to the input`).toBe(true);
}

/** Opens step 1, sends `values` and waits for step 2. */
export async function reachStep2(visit: Visit, appUrl: string, values: Step1Values = LOOSE_ADDRESS) {
  const { page } = visit;
  expect((await page.goto(`${appUrl}/start/step1`))?.status()).toBe(200);
  await waitForEnhancement(visit);
  await fillStep1(page, values);
  await Promise.all([page.waitForURL(`${appUrl}/start/step2`), page.getByRole("button", { name: "Continue" }).click()]);
  await page.locator("main h1", { hasText: "Create Account" }).waitFor();
  await waitForEnhancement(visit);
}

/** Fills and sends the step 2 form; the caller waits for the outcome it expects. */
export async function submitStep2(page: Page, { email, password }: Account) {
  await input(page, "email").fill(email);
  await input(page, "password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
}

/** Fills and sends the sign-in form of the page as it is; the caller waits for the outcome. */
export async function submitSignIn(visit: Visit, { email, password }: Account) {
  const { page } = visit;
  await waitForEnhancement(visit);
  await input(page, "email").fill(email);
  await input(page, "password").fill(password);
  await page.locator("main form").getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Signs in through /signin and waits for the dashboard. */
export async function signInThroughForm(visit: Visit, appUrl: string, account: Account) {
  const { page } = visit;
  expect((await page.goto(`${appUrl}/signin`))?.status()).toBe(200);
  await Promise.all([page.waitForURL(`${appUrl}/dashboard`), submitSignIn(visit, account)]);
}

/** A new account through signup steps 1 and 2, ending on the dashboard. */
export async function signUpThroughForms(visit: Visit, appUrl: string, account: Account) {
  const { page } = visit;
  await reachStep2(visit, appUrl);
  await Promise.all([page.waitForURL(`${appUrl}/dashboard`, { timeout: 15_000 }), submitStep2(page, account)]);
  await waitForDashboard(page);
}

/**
 * A new account for a journey about what comes after signup, made with the two form posts of
 * signup steps 1 and 2 (as a browser without JavaScript sends them) rather than by driving the
 * pages, which the signup journeys do. The journey's own browser is not signed in.
 */
export async function signedUpAccount(appUrl: string, label: string): Promise<Account> {
  return (await newAccountByPosts(appUrl, label)).account;
}

/** signedUpAccount, and the visit's browser gets the session signup left: it is signed in. */
export async function signedInAccount(visit: Visit, appUrl: string, label: string): Promise<Account> {
  const { account, cookies } = await newAccountByPosts(appUrl, label);
  await visit.context.addCookies([...cookies].map(([name, value]) => ({ name, value, url: appUrl })));
  return account;
}

async function newAccountByPosts(appUrl: string, label: string) {
  const account = { email: `${label}.${crypto.randomUUID().slice(0, 8)}@quietmailbox.test`, password: `${label}-secret-1` };
  return { account, cookies: await signUpByPosts(appUrl, account, ADDRESS) };
}

/**
 * With JavaScript on the URL changes before the new page is drawn, and the page being left has
 * an h1 of its own: wait for the dashboard's heading itself.
 */
export async function waitForDashboard(page: Page) {
  await page.locator("main h1", { hasText: "Your requests" }).waitFor();
}

/** What the card of a request sent into the queue says: where it is and who acts next, never the bare "In queue". */
export const SENT_STANDING =
  /^(Our staff (look up where to send it|send it|print and mail it): usually within 2 working days|Going out by (email|mail) now|Waiting for the sender's return address from you|Emailed to .+ on \d\d\/\d\d\/\d{4} as your own request|Letter mailed \d\d\/\d\d\/\d{4})/;

/** Opens "See all N senders", where the cards of the senders not sent yet are folded (decision 0074). */
export async function showAllSenders(page: Page) {
  const all = page.locator("details.all-senders");
  if ((await all.count()) > 0 && !(await all.evaluate((details) => (details as HTMLDetailsElement).open))) {
    await all.locator(":scope > summary").click();
  }
}

/**
 * Unsubscribe on a dashboard preset, waiting for the server's answer: with JavaScript on, the
 * status changes before the server has answered (the fetcher posts to /dashboard.data).
 */
export async function unsubscribeFromDashboard(page: Page, requestId: string) {
  await showAllSenders(page);
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/dashboard")),
    page.locator(`#request-${requestId}`).getByRole("button", { name: "Unsubscribe", exact: true }).click(),
  ]);
  await expect.poll(() => page.locator(`#request-${requestId} .status`).innerText()).toMatch(SENT_STANDING);
}

/** What the header offers: the Settings menu of a signed-in user, or the visitor's "Sign in" link. */
export async function headerState(page: Page) {
  const header = page.locator("header").first();
  return {
    settings: await header.locator("details > summary", { hasText: "Settings" }).count(),
    signInLinks: await header.getByRole("link", { name: "Sign in", exact: true }).count(),
  };
}

type RecordedEmail = { body?: { To?: string; TextBody?: string; Subject?: string } | null; receivedAt: string };

/**
 * The reset link of the newest email the email stand-in received for `email`. The email goes
 * through the queue (batches every 2 s), so this waits for it.
 */
export function resetLinkFor(standInsUrl: string, email: string): Promise<URL> {
  return vi.waitFor(
    async () => {
      const recorded = (await (await fetch(`${standInsUrl}/__stand-ins/requests?vendor=email`)).json()) as RecordedEmail[];
      const link = recorded
        .filter((entry) => (entry.body?.To ?? "").toLowerCase().includes(email.toLowerCase()))
        .map((entry) => entry.body?.TextBody?.match(/https?:\/\/\S+\/password\/reset\?token=[\w-]+/)?.[0])
        .filter((found): found is string => Boolean(found))
        .at(-1);
      if (!link) throw new Error(`No reset email for ${email} has reached the email stand-in (${recorded.length} email(s) recorded).`);
      return new URL(link);
    },
    { timeout: 30_000, interval: 200 },
  );
}

/**
 * Bodies of the app's answers to form posts to `path` (the document without JavaScript, the
 * `.data` request with it), to check that a password typed in never comes back from the server.
 */
export function watchPostAnswers(page: Page, appUrl: string, path: string) {
  const bodies: Array<Promise<string>> = [];
  page.on("response", (response) => {
    const request = response.request();
    const url = new URL(response.url());
    if (request.method() !== "POST" || url.origin !== appUrl) return;
    if (url.pathname !== path && url.pathname !== `${path}.data`) return;
    bodies.push(response.text().catch(() => "")); // a redirect has no body to read
  });
  return { all: () => Promise.all(bodies) };
}
