import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { normalizePath, type Plugin, type ResolvedConfig } from "vite";
import { setsHydrate } from "./hydrating-routes.js";

const STUB = "\0server-rendered-route";
const CLIENT_ROUTE_QUERY = "?__remix-build-client-route";

type RemixRoute = { id: string; parentId?: string; file: string };
type RemixContext = {
  rootDirectory: string;
  entryClientFilePath: string;
  remixConfig: { appDirectory: string; routes: Record<string, RemixRoute> };
};

/**
 * Pages that do not hydrate load no module of the client build (decision 0034), so the client
 * build compiles only the routes that set `hydrate: true`, their parents and the client entry (none
 * of them while no route hydrates). Remix still wants a module for every route in its manifest:
 * the others all name one small stub, which loads the page again as a document should a hydrating
 * page ever navigate to it in the browser.
 */
export function serverRenderedRoutes(): Plugin {
  let config: ResolvedConfig;
  let client = false;
  const dropped: string[] = [];

  function clientFiles(ctx: RemixContext) {
    const routes = ctx.remixConfig.routes;
    const file = (route: RemixRoute) => path.resolve(ctx.remixConfig.appDirectory, route.file);
    const kept = new Set<string>();
    for (const route of Object.values(routes)) {
      if (!setsHydrate(readFileSync(file(route), "utf8"))) continue;
      for (let up: RemixRoute | undefined = route; up; up = up.parentId ? routes[up.parentId] : undefined) kept.add(file(up));
    }
    if (kept.size > 0) kept.add(ctx.entryClientFilePath);
    return kept;
  }

  return {
    name: "server-rendered-routes",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
      client = !resolved.build.ssr;
    },
    options(options) {
      if (!client) return;
      // Remix keeps its plugin context on the resolved config; its client build input is an array.
      const ctx = (config as unknown as { __remixPluginContext: RemixContext }).__remixPluginContext;
      if (!Array.isArray(options.input)) return;
      const kept = clientFiles(ctx);
      const input = options.input.filter((entry) => kept.has(entry.replace(CLIENT_ROUTE_QUERY, "")));
      dropped.push(
        ...options.input.filter((entry) => !input.includes(entry)).map((entry) => normalizePath(path.relative(config.root, entry))),
      );
      return { ...options, input: [...input, STUB] };
    },
    resolveId: (id) => (id === STUB ? id : undefined),
    load(id) {
      if (id !== STUB) return;
      return "export default function ServerRenderedPage() {\n  window.location.reload();\n  return null;\n}\n";
    },
    writeBundle(output, bundle) {
      if (!client) return;
      const stub = Object.values(bundle).find((chunk) => chunk.type === "chunk" && chunk.facadeModuleId === STUB);
      const manifestFile = path.join(output.dir ?? config.build.outDir, ".vite/manifest.json");
      if (!stub) return;
      const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, unknown>;
      for (const key of dropped) manifest[key] = { file: stub.fileName, src: key, isEntry: true };
      writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
    },
  };
}
