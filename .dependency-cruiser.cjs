// The layers of app/ (decision 0021), checked by `npm test` through `npm run lint:deps`.
// From the top: the entry points (routes, root, the Worker), then components, then jobs, then
// services, then the queue's producer, then models and integrations, then domain, utils and the
// schema. An import may only point down, and nothing may go round in a circle.
// drizzle/seed.ts, drizzle/local-staff.ts and drizzle/local-examples.ts are scripts: entry points like the Worker.
// app/bench.server.ts is what the benches' Worker entries call through the build: an entry point too.
// The benches' Worker entries (bench/*-entry.ts) are checked with app/ (`npm run lint:deps`).
const ENTRY = [
  "^app/(routes/|root[.]tsx$|entry[.]server[.]tsx$|worker[.]ts$|worker-handlers[.]server[.]ts$|bench[.]server[.]ts$|routes[.]ts$|load-context[.]ts$)",
  "^drizzle/(seed|local-staff|local-examples)[.]ts$",
];
const COMPONENTS = "^app/components/";
const SERVICES = "^app/(services|jobs)/";
const JOBS = "^app/jobs/";
const QUEUE = "^app/queue/";
const MODELS = "^app/models/";
const INTEGRATIONS = "^app/integrations/";
const DOMAIN = "^app/domain/";
const UTILS = "^app/utils/";
const SCHEMA = "^drizzle/schema[.]ts$";
const SERVER_LAYERS = [SERVICES, QUEUE, MODELS, INTEGRATIONS];

const below = (name, from, forbidden, comment) => ({ name, severity: "error", comment, from: { path: from }, to: { path: forbidden } });

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A cycle leaves module order to the bundler; type-only imports vanish at build time and do not count.",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "entry-is-the-top",
      severity: "error",
      comment:
        "Nothing below the entry points imports a route, the root or the Worker. A component may name the root loader's type for useRouteLoaderData: a type-only import, gone at build time.",
      from: { path: "^app/(components|services|jobs|queue|models|integrations|domain|utils)/" },
      to: { path: ENTRY, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "worker-runs-the-build",
      severity: "error",
      comment:
        "app/worker.ts reaches the app only through the server build (entry.server re-exports the Worker's handlers): a module it imported itself would be bundled a second time, with state of its own. Types may be named.",
      from: { path: "^app/worker[.]ts$" },
      to: { pathNot: "^([.][.]/)?build/server/index[.]js$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "bench-entries-run-the-build",
      severity: "error",
      comment:
        "A bench's Worker entry (bench/*-entry.ts) reaches the app only through bench/built-app.ts, which imports the server build once as app/worker.ts does: a module of app/ or drizzle/ imported here would be bundled a second time, with state of its own. Types may be named.",
      from: { path: "^bench/[^/]+-entry[.]ts$" },
      to: { path: ["^app/", "^drizzle/", "^([.][.]/)?build/"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "built-app-is-the-build",
      severity: "error",
      comment: "bench/built-app.ts imports the server build and nothing else of the app, as app/worker.ts. Types may be named.",
      from: { path: "^bench/built-app[.]ts$" },
      to: { pathNot: "^([.][.]/)?build/server/index[.]js$", dependencyTypesNot: ["type-only"] },
    },
    below("components-are-ui", COMPONENTS, SERVER_LAYERS, "Components render what routes give them; they reach no server layer."),
    below("services-below-ui", SERVICES, [COMPONENTS], "Services and jobs are server use cases, below every screen."),
    below(
      "services-below-jobs",
      "^app/services/",
      JOBS,
      "A job handler may run a service, never the other way round: a service puts work on the queue through app/queue/.",
    ),
    {
      name: "routes-reach-jobs-through-the-queue",
      severity: "error",
      comment:
        "A screen queues work through app/queue/ and runs use cases from app/services/; the job handlers are the queue consumer's (app/worker-handlers.server.ts).",
      from: { path: "^app/(routes/|root[.]tsx$|entry[.]server[.]tsx$)" },
      to: { path: JOBS },
    },
    {
      name: "queue-below-services",
      severity: "error",
      comment:
        "The producer sits below services and jobs, which both queue through it. It names the job registry's payload types: a type-only import, gone at build time.",
      from: { path: QUEUE },
      to: { path: [COMPONENTS, SERVICES], dependencyTypesNot: ["type-only"] },
    },
    below(
      "models-are-data-access",
      MODELS,
      [COMPONENTS, SERVICES, QUEUE, INTEGRATIONS],
      "Models read and write D1; they call no vendor, queue or service.",
    ),
    below(
      "integrations-are-http",
      INTEGRATIONS,
      [COMPONENTS, SERVICES, QUEUE, MODELS],
      "One file per vendor, HTTP only: an integration never touches D1 or the queue.",
    ),
    below(
      "domain-is-pure",
      DOMAIN,
      [...ENTRY, COMPONENTS, ...SERVER_LAYERS, UTILS],
      "Pure product rules: only other rules and the schema's types.",
    ),
    below(
      "utils-are-infrastructure",
      UTILS,
      [COMPONENTS, ...SERVER_LAYERS, DOMAIN],
      "Infrastructure (env, database, cookies, guards) knows no product rule or data.",
    ),
    below("schema-is-the-bottom", SCHEMA, "^app/", "The schema imports nothing of the app."),
    {
      name: "text-reader-stands-apart",
      severity: "error",
      comment:
        "The text reader (app/text-reader/) is a Node program of its own, run in its container (decision 0057): the Worker reaches it over HTTP only, so nothing else (app/, drizzle/) imports it.",
      from: { pathNot: "^app/text-reader/" },
      to: { path: "^app/text-reader/" },
    },
    {
      name: "text-reader-needs-no-app",
      severity: "error",
      comment:
        "The text reader's image holds the reader alone: it imports nothing of the Worker's code (app/ outside app/text-reader/, drizzle/).",
      from: { path: "^app/text-reader/" },
      to: { path: ["^app/", "^drizzle/"], pathNot: "^app/text-reader/" },
    },
    {
      name: "no-tests-in-the-app",
      severity: "error",
      from: { path: "^(app|drizzle)/", pathNot: "[.]test[.]tsx?$" },
      to: { path: ["^test/", "^bench/", "[.]test[.]tsx?$"] },
    },
    {
      name: "resolvable",
      severity: "error",
      from: {},
      // The Worker imports the server build, which exists only after `npm run build`.
      to: { couldNotResolve: true, pathNot: "^[.][.]/build/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^build/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types", "workerd"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
