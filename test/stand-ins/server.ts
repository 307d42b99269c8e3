// Local stand-ins for the outside services (Stripe, Mailchimp, Lob address verification, email).
// One HTTP server on 127.0.0.1 answers each vendor's documented API under that vendor's base URL,
// records every request so tests can assert on it, and can be told to fail on purpose.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type StandInRequest = {
  vendor: string;
  method: string;
  /** Path below the vendor's prefix, e.g. "/v1/customers". */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  rawBody: string;
  /** Parsed from JSON or form encoding when the content type says so. */
  body: unknown;
  params: Record<string, string>;
  receivedAt: string;
  /** The status the stand-in answered (a fault's, or the vendor's); null while it is being answered. */
  answeredStatus: number | null;
  /** The body the stand-in answered, for answers that say more than their status (a batch's results); null while it is being answered. */
  answeredBody: unknown;
};

export type StandInResponse = { status: number; body?: unknown; headers?: Record<string, string> };

export type VendorRoute = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Express-style pattern below the prefix: "/v1/customers/:id". */
  path: string;
  handle: (request: StandInRequest, state: Map<string, unknown>) => StandInResponse | Promise<StandInResponse>;
};

export type Vendor = {
  name: string;
  /** Where the vendor's API root is mounted, e.g. "/mailchimp/3.0"; "" mounts it at the root. */
  prefix: string;
  routes: VendorRoute[];
  /**
   * Routes for tests to steer the vendor, mounted at /__stand-ins/<name>/... and given the same state
   * as `routes`. They are neither recorded nor subject to faults.
   */
  controlRoutes?: VendorRoute[];
  /** What DELETE /__stand-ins/requests does to this vendor's state; by default the state is emptied. */
  resetState?: (state: Map<string, unknown>) => void;
  /** Frees what the vendor holds open (a worker thread) when the server closes. */
  close?: () => Promise<void>;
};

/**
 * Matching calls answer `status` until `remaining` of them have. With `every` N, only every Nth
 * matching call fails (the 3rd, 6th, ... for 3) and the others are answered as usual.
 */
type Fault = { vendor: string; path?: string; status: number; body?: unknown; remaining: number; every: number; seen: number };

export type StandInServer = {
  url: string;
  port: number;
  recorded: (vendor?: string) => StandInRequest[];
  reset: () => void;
  close: () => Promise<void>;
};

const CONTROL_PREFIX = "/__stand-ins";

export async function startStandIns({ port = 0, vendors }: { port?: number; vendors: Vendor[] }): Promise<StandInServer> {
  const log: StandInRequest[] = [];
  const faults: Fault[] = [];
  const states = new Map(vendors.map((vendor) => [vendor.name, new Map<string, unknown>()]));
  // Longest prefix first so "/mailchimp/3.0" wins over a vendor mounted at "".
  const mounted = [...vendors].sort((a, b) => b.prefix.length - a.prefix.length);

  const server: Server = createServer(async (incoming, outgoing) => {
    const send = ({ status, body, headers = {} }: StandInResponse) => {
      const text = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
      outgoing.writeHead(status, { "Content-Type": typeof body === "string" ? "text/plain" : "application/json", ...headers });
      outgoing.end(text);
    };
    try {
      const url = new URL(incoming.url ?? "/", "http://stand-ins.local");
      const rawBody = await readBody(incoming);

      if (url.pathname === CONTROL_PREFIX || url.pathname.startsWith(`${CONTROL_PREFIX}/`)) {
        return send(await handleControl(incoming, url, rawBody, { log, faults, vendors, states }));
      }

      const vendor = mounted.find((candidate) => url.pathname === candidate.prefix || url.pathname.startsWith(`${candidate.prefix}/`));
      const path = vendor ? url.pathname.slice(vendor.prefix.length) || "/" : url.pathname;
      const request = describeRequest(incoming, url, vendor?.name ?? "unknown", path, rawBody);
      log.push(request);

      const fault = faults.find((f) => f.vendor === request.vendor && f.remaining > 0 && (!f.path || path.startsWith(f.path)));
      if (fault) {
        fault.seen += 1;
        if (fault.seen % fault.every === 0) {
          fault.remaining -= 1;
          request.answeredStatus = fault.status;
          request.answeredBody = fault.body ?? null;
          return send({ status: fault.status, body: fault.body ?? { error: `stand-in fault ${fault.status}` } });
        }
      }

      const answer = (vendor && (await dispatch(vendor.routes, request, states.get(vendor.name)!))) ?? {
        status: 404,
        body: { error: `no stand-in route for ${request.method} ${url.pathname}` },
      };
      request.answeredStatus = answer.status;
      request.answeredBody = answer.body ?? null;
      send(answer);
    } catch (error) {
      send({ status: 500, body: { error: error instanceof Error ? error.message : String(error) } });
    }
  });

  // Node closes an idle keep-alive connection after 5 seconds; a client that reuses it at that
  // moment sees "connection lost" (the vendors keep theirs open far longer). Idle connections stay
  // open for two minutes, as the clients in workerd and Node expect.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 125_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    recorded: (vendor) => (vendor ? log.filter((entry) => entry.vendor === vendor) : [...log]),
    reset: () => {
      log.length = 0;
      faults.length = 0;
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await Promise.all(vendors.map((vendor) => vendor.close?.()));
    },
  };
}

/** Runs the first route that matches the request's method and path, or answers null when none does. */
async function dispatch(routes: VendorRoute[], request: StandInRequest, state: Map<string, unknown>): Promise<StandInResponse | null> {
  for (const route of routes) {
    if (route.method !== request.method) continue;
    const params = matchPath(route.path, request.path);
    if (!params) continue;
    request.params = params;
    return route.handle(request, state);
  }
  return null;
}

function describeRequest(incoming: IncomingMessage, url: URL, vendor: string, path: string, rawBody: string): StandInRequest {
  return {
    vendor,
    method: incoming.method ?? "GET",
    path,
    query: Object.fromEntries(url.searchParams),
    headers: flattenHeaders(incoming),
    rawBody,
    body: parseBody(rawBody, incoming.headers["content-type"]),
    params: {},
    receivedAt: new Date().toISOString(),
    answeredStatus: null,
    answeredBody: null,
  };
}

/**
 * Control API for tests that run in another process (workerd, the browser harness):
 *   GET    /__stand-ins/health            which vendors are mounted
 *   GET    /__stand-ins/requests?vendor=  what was received
 *   DELETE /__stand-ins/requests          forget it, any faults and the vendors' state
 *   POST   /__stand-ins/faults            {vendor, path?, status, times?, every?, body?}: the next matching
 *                                         calls fail (with every N, one in N of them), `times` failures in all
 *   DELETE /__stand-ins/faults            forget every fault
 *   *      /__stand-ins/<vendor>/...      the vendor's own controlRoutes
 */
async function handleControl(
  incoming: IncomingMessage,
  url: URL,
  rawBody: string,
  {
    log,
    faults,
    vendors,
    states,
  }: { log: StandInRequest[]; faults: Fault[]; vendors: Vendor[]; states: Map<string, Map<string, unknown>> },
): Promise<StandInResponse> {
  const method = incoming.method ?? "GET";
  const route = url.pathname.slice(CONTROL_PREFIX.length);
  if (method === "GET" && route === "/health") {
    return { status: 200, body: { ok: true, vendors: vendors.map((vendor) => ({ name: vendor.name, prefix: vendor.prefix })) } };
  }
  if (method === "GET" && route === "/requests") {
    const vendor = url.searchParams.get("vendor");
    return { status: 200, body: vendor ? log.filter((entry) => entry.vendor === vendor) : log };
  }
  if (method === "DELETE" && route === "/requests") {
    log.length = 0;
    faults.length = 0;
    for (const vendor of vendors) {
      const state = states.get(vendor.name)!;
      if (vendor.resetState) vendor.resetState(state);
      else state.clear();
    }
    return { status: 204 };
  }
  if (method === "POST" && route === "/faults") {
    const { vendor, path, status, times = 1, every = 1, body } = JSON.parse(rawBody || "{}") as Partial<Fault> & { times?: number };
    if (!vendor || !status) return { status: 400, body: { error: "vendor and status are required" } };
    if (!Number.isInteger(every) || every < 1) return { status: 400, body: { error: "every must be a whole number from 1" } };
    faults.push({ vendor, path, status, body, remaining: times, every, seen: 0 });
    return { status: 201, body: { vendor, path, status, times, every } };
  }
  if (method === "DELETE" && route === "/faults") {
    faults.length = 0;
    return { status: 204 };
  }
  const [, vendorName = "", ...rest] = route.split("/");
  const vendor = vendors.find((candidate) => candidate.name === vendorName);
  if (vendor?.controlRoutes) {
    const request = describeRequest(incoming, url, vendor.name, `/${rest.join("/")}`, rawBody);
    const answer = await dispatch(vendor.controlRoutes, request, states.get(vendor.name)!);
    if (answer) return answer;
  }
  return { status: 404, body: { error: `unknown control route ${method} ${route}` } };
}

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const patternParts = pattern.split("/").filter(Boolean);
  const pathParts = path.split("/").filter(Boolean);
  if (patternParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of patternParts.entries()) {
    const actual = pathParts[index]!;
    if (part.startsWith(":")) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
}

function readBody(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    incoming.on("error", reject);
  });
}

function parseBody(rawBody: string, contentType = ""): unknown {
  if (!rawBody) return null;
  if (contentType.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(rawBody));
  try {
    return JSON.parse(rawBody);
  } catch {
    return rawBody;
  }
}

function flattenHeaders(incoming: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}
