import { createExecutionContext, env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { users } from "../../drizzle/schema";
import worker from "../../app/worker";
import { getDb } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { uniqueEmail } from "./stand-ins";
import { ADDRESS, LOOSE_ADDRESS } from "../support/fixtures";

export const ORIGIN = "https://example.test";
// Remix compares Origin with Host on actions, as a browser's request always carries both.
const HOST = { Host: "example.test" };

/** A browser's cookie jar, enough for one session cookie and the consent cookie. */
export class Browser {
  /** `settings` replace some of the Worker's vars for this browser's requests (a vendor key, say). */
  constructor(
    private readonly settings?: Partial<typeof env> & Record<string, unknown>,
    private readonly cookies = new Map<string, string>(),
  ) {}

  /** The same browser, signed in as it is, talking to a Worker with some vars replaced. */
  with(settings: Partial<typeof env> & Record<string, unknown>) {
    return new Browser(settings, this.cookies);
  }

  private send(url: string, init: RequestInit) {
    if (!this.settings) return SELF.fetch(url, init);
    const request = new Request(url, init) as Request<unknown, IncomingRequestCfProperties>;
    return worker.fetch(request, { ...env, ...this.settings }, createExecutionContext());
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private keep(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";");
      const [name = "", value = ""] = pair.split("=");
      const expired = attributes.some((attribute) => /max-age=0|expires=thu, 01 jan 1970/i.test(attribute.trim()));
      if (expired || value === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return response;
  }

  async get(path: string, headers: Record<string, string> = {}) {
    const response = await this.send(ORIGIN + path, { redirect: "manual", headers: { ...HOST, Cookie: this.cookieHeader(), ...headers } });
    return this.keep(response);
  }

  /** A form post as a browser on this site sends it (Origin and Sec-Fetch-Site included). */
  async post(path: string, fields: Record<string, string> | URLSearchParams, headers: Record<string, string> = {}) {
    const response = await this.send(ORIGIN + path, {
      method: "POST",
      redirect: "manual",
      headers: {
        ...HOST,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: ORIGIN,
        "Sec-Fetch-Site": "same-origin",
        Cookie: this.cookieHeader(),
        ...headers,
      },
      body: new URLSearchParams(fields),
    });
    return this.keep(response);
  }

  /** A multipart form post (files), as a browser sends it; fetch writes the boundary. */
  async postMultipart(path: string, form: FormData, headers: Record<string, string> = {}) {
    const response = await this.send(ORIGIN + path, {
      method: "POST",
      redirect: "manual",
      headers: { ...HOST, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", Cookie: this.cookieHeader(), ...headers },
      body: form,
    });
    return this.keep(response);
  }

  /** The calls of product rules: Calls to the server: JSON in a text/plain body. */
  async postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
    const response = await this.send(ORIGIN + path, {
      method: "POST",
      redirect: "manual",
      headers: { ...HOST, "Content-Type": "text/plain;charset=UTF-8", Origin: ORIGIN, Cookie: this.cookieHeader(), ...headers },
      body: JSON.stringify(body),
    });
    return this.keep(response);
  }
}

export { ADDRESS, LOOSE_ADDRESS };

/** Signs a new user up through the two steps, as a browser would. */
export async function signUp(browser: Browser, email: string, password = "secret-123", address = ADDRESS) {
  const step1 = await browser.post("/start/step1", address);
  if (step1.status !== 303) throw new Error(`step 1 answered ${step1.status}`);
  return browser.post("/start/step2", { email, password });
}

/** A new user, signed in through the two steps, with their id. */
export async function signedUpUser(label: string) {
  const browser = new Browser();
  const email = uniqueEmail(label);
  await signUp(browser, email);
  const [user] = await getDb(env.DB).select({ id: users.id }).from(users).where(eq(users.email, email));
  return { browser, email, userId: user!.id };
}

/**
 * The admin or the moderator of wrangler.toml's local configuration (ids local-admin and
 * local-moderator), created if need be, signed in.
 */
export async function signedInStaff(role: "admin" | "moderator") {
  const userId = role === "admin" ? "local-admin" : "local-moderator";
  const email = uniqueEmail(userId);
  const passwordHash = await hashPassword("staff-secret");
  await getDb(env.DB)
    .insert(users)
    .values({
      id: userId,
      email,
      passwordHash,
      fullName: `Local ${role}`,
      street1: "1 A St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
    })
    .onConflictDoUpdate({ target: users.id, set: { email, passwordHash } });
  const browser = new Browser();
  const signedIn = await browser.post("/signin", { email, password: "staff-secret" });
  if (signedIn.status !== 303) throw new Error(`staff sign-in answered ${signedIn.status}`);
  return { browser, userId };
}
