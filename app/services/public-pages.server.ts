// Pages that are the same for every visitor, answered from a cache instead of being rendered for
// each one (decision 0035). Two layers: this isolate's memory, then the data center's Workers
// Cache API, which every isolate of the data center shares.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import { consentChoice, hasOptOutSignal, trackVisit, type AnalyticsEventName } from "~/services/analytics.server";
import { securityHeaders } from "~/utils/security-headers.server";
import { hasSessionCookie } from "~/utils/session.server";
import { log } from "~/utils/log.server";

/** The visit the home page records, whether it is rendered or answered from the cache. */
export const HOME_VISIT: AnalyticsEventName = "Visited Homepage";

/** The public pages that are the same for every visitor, with the visit each records (as its loader does when it renders). */
const CACHED_PAGES: Record<string, { visit?: AnalyticsEventName }> = Object.fromEntries(
  PUBLIC_PAGES.filter((page) => page.cached).map(({ path }) => [path, path === "/" ? { visit: HOME_VISIT } : {}]),
);

/** RFC 9211's Cache-Status names this cache, so that a visitor's tools and the tests tell a hit from a render. */
const CACHE_NAME = "quiet-mailbox-pages";

const VARIANTS = ["ask-consent", "no-banner"] as const;
type Variant = (typeof VARIANTS)[number];

type StoredPage = { status: number; headers: Array<[string, string]>; body: ArrayBuffer; until: number };

/** Pages this isolate answered lately, by cache key: at most the public pages times their two variants. */
const inMemory = new Map<string, StoredPage>();
let inMemoryRelease = "";

export type PublicPageOptions = {
  /** What a deploy changes (the build's version, and the Worker version's id where bound): part of every key. */
  release: string;
  /** Seconds a stored page is served; 0 turns the cache off. */
  maxAgeSeconds: number;
};

/**
 * The cache of one deployed release. Anything but a visitor's GET of a public page goes straight
 * to `render`: a request with a session cookie (even one that no longer reads back), a query
 * string (the consent banner sends the visitor back to the address they came from, so it would be
 * shared), another method, or a page not in the list. A page served from the cache records the
 * same visit its loader would have.
 */
export class PublicPageCache {
  constructor(private readonly options: PublicPageOptions) {}

  async serve(request: Request, context: AppLoadContext, render: () => Promise<Response>): Promise<Response> {
    const url = new URL(request.url);
    const page = CACHED_PAGES[url.pathname];
    if (!page || this.options.maxAgeSeconds <= 0 || request.method !== "GET" || url.search !== "" || hasSessionCookie(request)) {
      return render();
    }
    const { release, maxAgeSeconds } = this.options;
    const key = cacheKey(url.origin, release, variantOf(request), url.pathname);
    const paymentOrigins = context.env.STRIPE_HOSTED_ORIGINS;

    const stored = readFromMemory(key, release) ?? (await readFromDataCenter(key));
    if (stored) {
      if (page.visit) trackVisit(request, context, page.visit);
      return answer(stored, "hit", paymentOrigins);
    }

    const rendered = await render();
    if (!isShareable(rendered)) return rendered;
    const body = await rendered.arrayBuffer();
    if (containsNonce(body)) {
      const headers = new Headers(rendered.headers);
      headers.set("Cache-Status", `${CACHE_NAME}; fwd=miss`);
      return new Response(body, { status: rendered.status, headers });
    }
    const fresh = { status: rendered.status, headers: [...rendered.headers], body, until: Date.now() + maxAgeSeconds * 1000 };
    inMemory.set(key, fresh);
    context.ctx.waitUntil(storeInDataCenter(key, fresh, maxAgeSeconds));
    return answer(fresh, "fwd=miss; stored", paymentOrigins);
  }

  /**
   * After staff change what public pages show (testimonials, the catalog): this isolate and this
   * data center render them afresh at once; other data centers within the max age.
   */
  async forget(origin: string) {
    inMemory.clear();
    const keys = Object.keys(CACHED_PAGES).flatMap((path) =>
      VARIANTS.map((variant) => cacheKey(origin, this.options.release, variant, path)),
    );
    await Promise.all(keys.map((key) => dataCenterCache().delete(key)));
  }
}

/** The Workers runtime's shared cache (the DOM typings, also loaded, do not know `default`). */
function dataCenterCache(): Cache {
  return (caches as CacheStorage & { default: Cache }).default;
}

function variantOf(request: Request): Variant {
  return !hasOptOutSignal(request) && consentChoice(request) === null ? "ask-consent" : "no-banner";
}

/** Only ever a key for this Worker's cache calls: nothing routes a visitor to it. */
function cacheKey(origin: string, release: string, variant: Variant, path: string) {
  return `${origin}/_public-page/${encodeURIComponent(release)}/${variant}${path}`;
}

function readFromMemory(key: string, release: string): StoredPage | null {
  if (release !== inMemoryRelease) {
    inMemory.clear();
    inMemoryRelease = release;
  }
  const stored = inMemory.get(key);
  if (!stored) return null;
  if (stored.until > Date.now()) return stored;
  inMemory.delete(key);
  return null;
}

async function readFromDataCenter(key: string): Promise<StoredPage | null> {
  const cached = await dataCenterCache().match(key);
  if (!cached) return null;
  const age = Number(cached.headers.get("Age") ?? 0);
  const maxAge = Number(/max-age=(\d+)/.exec(cached.headers.get("Cache-Control") ?? "")?.[1] ?? 0);
  const headers = [...cached.headers].filter(([name]) => !["cache-control", "age"].includes(name.toLowerCase()));
  const stored = { status: cached.status, headers, body: await cached.arrayBuffer(), until: Date.now() + Math.max(0, maxAge - age) * 1000 };
  inMemory.set(key, stored);
  return stored;
}

async function storeInDataCenter(key: string, page: StoredPage, maxAgeSeconds: number) {
  const headers = new Headers(page.headers);
  headers.set("Cache-Control", `public, max-age=${maxAgeSeconds}`);
  try {
    await dataCenterCache().put(key, new Response(page.body, { status: page.status, headers }));
  } catch (error) {
    log.error("public page not stored:", error instanceof Error ? error.message : String(error));
  }
}

/** A plain 200 that sets no cookie and says nothing against being shared. */
function isShareable(response: Response) {
  return (
    response.status === 200 &&
    response.headers.getSetCookie().length === 0 &&
    !/\b(private|no-store)\b/.test(response.headers.get("Cache-Control") ?? "") &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html")
  );
}

/** A page with a script carries the nonce of its own response; it must never be shared. */
function containsNonce(body: ArrayBuffer) {
  return new TextDecoder().decode(body).includes(" nonce=");
}

/** The stored page, with a content policy of its own like every document (its nonce allows no script on the page). */
function answer(page: StoredPage, cacheStatus: string, paymentOrigins: string) {
  const headers = new Headers(page.headers);
  const nonce = crypto.randomUUID().replace(/-/g, "");
  for (const [name, value] of Object.entries(securityHeaders(nonce, { paymentOrigins }))) headers.set(name, value);
  headers.set("Cache-Status", `${CACHE_NAME}; ${cacheStatus}`);
  return new Response(page.body, { status: page.status, headers });
}

/**
 * Runs a staff change that can alter a public page (a testimonial, the sender catalog), then has
 * the pages rendered afresh, whatever the change answered.
 */
export async function changingPublicPages<T>(request: Request, context: AppLoadContext, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } finally {
    await context.publicPages?.forget(new URL(request.url).origin);
  }
}
