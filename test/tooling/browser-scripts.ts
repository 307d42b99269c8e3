import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { transformWithEsbuild, type Plugin, type ResolvedConfig } from "vite";

const QUERY = "?script";
const PREFIX = "\0browser-script:";
const DEV_PATH = "/@browser-script/";

/**
 * The hand-written scripts of app/browser (decision 0034): `import src from "~/browser/x.ts?script"`
 * gives the URL of x.ts compiled to one minified classic script, named after a hash of its content
 * under /assets/ so it is served immutable (decision 0020). The client build writes every script of
 * the folder; the server build only needs their names. In dev they are compiled on request.
 */
export function browserScripts(): Plugin {
  let config: ResolvedConfig;
  const folder = () => path.join(config.root, "app/browser");

  async function compile(file: string) {
    const { code } = await transformWithEsbuild(readFileSync(file, "utf8"), file, {
      loader: "ts",
      format: "iife",
      // Old phones matter more than the last bytes: what esbuild can lower, it lowers.
      target: "es2017",
      minify: config.command === "build",
      legalComments: "none",
    });
    const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8);
    return { code, fileName: `${config.build.assetsDir}/${path.basename(file, ".ts")}-${hash}.js` };
  }

  return {
    name: "browser-scripts",
    enforce: "pre",
    configResolved(resolved) {
      config = resolved;
    },
    async resolveId(id, importer) {
      if (!id.endsWith(QUERY)) return;
      const resolved = await this.resolve(id.slice(0, -QUERY.length), importer, { skipSelf: true });
      if (!resolved || path.dirname(resolved.id) !== folder()) this.error(`${id}: a script must be a file of app/browser`);
      return PREFIX + resolved.id;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return;
      const file = id.slice(PREFIX.length);
      this.addWatchFile(file);
      const src = config.command === "serve" ? `${DEV_PATH}${path.basename(file)}` : config.base + (await compile(file)).fileName;
      return `export default ${JSON.stringify(src)};`;
    },
    async generateBundle() {
      if (config.build.ssr) return;
      for (const name of readdirSync(folder()).filter((entry) => entry.endsWith(".ts") && !entry.includes(".test."))) {
        const { code, fileName } = await compile(path.join(folder(), name));
        this.emitFile({ type: "asset", fileName, source: code });
      }
    },
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (request, response, next) => {
        const name = path.basename(request.url ?? "");
        compile(path.join(folder(), name)).then(({ code }) => {
          response.setHeader("Content-Type", "text/javascript");
          response.end(code);
        }, next);
      });
    },
  };
}
