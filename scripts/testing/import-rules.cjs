/**
 * The import rules of the codebase, checked by `npm test` (dependency-cruiser):
 *   node_modules/.bin/depcruise --config scripts/testing/import-rules.cjs web supabase/functions scripts tests
 * Each rule says what it protects. A rule broken on purpose is an exception
 * named in that rule's `pathNot`, with the reason beside it.
 */

/** Tests may reach into what they test; the rules are about the code that ships and the code that runs it. */
const TESTS = "(\\.test\\.tsx?|_test\\.ts)$";
const WEB_TESTS = `^web/test/|${TESTS}`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "A cycle makes two modules one: neither can be understood, tested or moved alone.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "features-only-through-index",
      comment:
        "A feature is used by the rest of the app only through its index.ts, so its insides can change freely. " +
        "Exception: the route table (web/src/app/App.tsx) loads each screen lazily by its own path, so that every screen is a chunk of its own.",
      severity: "error",
      from: { path: "^web/src/", pathNot: [WEB_TESTS, "^web/src/features/([^/]+)/"] },
      to: {
        path: "^web/src/features/[^/]+/",
        pathNot: "^web/src/features/[^/]+/index\\.ts$",
        dependencyTypesNot: ["dynamic-import"],
      },
    },
    {
      name: "features-only-through-index-between-features",
      comment: "Between features likewise: one feature reaches another only through the other's index.ts.",
      severity: "error",
      from: { path: "^web/src/features/([^/]+)/", pathNot: WEB_TESTS },
      to: {
        path: "^web/src/features/[^/]+/",
        pathNot: ["^web/src/features/$1/", "^web/src/features/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "lazy-screens-only-from-the-route-table",
      comment: "Only the route table loads a feature's screen by path (see features-only-through-index).",
      severity: "error",
      from: { path: "^web/src/", pathNot: [WEB_TESTS, "^web/src/app/App\\.tsx$", "^web/src/features/([^/]+)/"] },
      to: {
        path: "^web/src/features/[^/]+/",
        pathNot: "^web/src/features/[^/]+/index\\.ts$",
        dependencyTypes: ["dynamic-import"],
      },
    },
    {
      name: "shared-layers-know-no-feature",
      comment: "ui/, lib/ and backend/ serve every feature and know none of them; app/ is the only layer above the features.",
      severity: "error",
      from: { path: "^web/src/(ui|lib|backend)/", pathNot: WEB_TESTS },
      to: { path: "^web/src/(features|app)/" },
    },
    {
      name: "features-know-no-app",
      comment: "The app shell composes the features, never the other way round.",
      severity: "error",
      from: { path: "^web/src/features/", pathNot: WEB_TESTS },
      to: { path: "^web/src/app/" },
    },
    {
      name: "only-data-modules-call-supabase",
      comment:
        "Components never touch supabase-js: only web/src/backend/ (the one client) and each feature's data/ folder call it.",
      severity: "error",
      from: { path: "^web/src/", pathNot: [WEB_TESTS, "^web/src/backend/", "^web/src/features/[^/]+/data/"] },
      to: { path: ["^web/src/backend/supabase\\.ts$", "^node_modules/@supabase/"] },
    },
    {
      name: "web-imports-only-the-contracts",
      comment:
        "The browser shares with the functions only the contracts (requests, results, limits, messages), through @contracts. " +
        "Exception: the sanitiser parity test runs the server's sanitiser beside the preview's over the same inputs.",
      severity: "error",
      from: { path: "^web/", pathNot: "^web/src/lib/sanitizeHtml\\.parity\\.test\\.ts$" },
      to: { path: "^supabase/", pathNot: "^supabase/functions/_shared/contracts/" },
    },
    {
      name: "web-app-imports-no-tooling",
      comment: "The app bundle never contains tooling, rigs or tests.",
      severity: "error",
      from: { path: "^web/src/", pathNot: WEB_TESTS },
      to: { path: "^(scripts|tests)/" },
    },
    {
      name: "a-function-imports-no-other-function",
      comment: "Each function is deployed alone: what two functions share lives in _shared/.",
      severity: "error",
      from: { path: "^supabase/functions/([^_/][^/]*)/" },
      to: { path: "^supabase/functions/[^_/][^/]*/", pathNot: "^supabase/functions/$1/" },
    },
    {
      name: "shared-code-imports-no-function",
      comment: "_shared/ is below every function and knows none of them.",
      severity: "error",
      from: { path: "^supabase/functions/_shared/" },
      to: { path: "^supabase/functions/[^_/][^/]*/" },
    },
    {
      name: "deployed-code-imports-no-test-fake-or-tooling",
      comment: "What is deployed never carries a test, a test double, tooling or the web app.",
      severity: "error",
      from: { path: "^supabase/functions/", pathNot: ["^supabase/functions/_testing/", TESTS] },
      to: { path: ["^supabase/functions/_testing/", TESTS, "^scripts/", "^tests/", "^web/"] },
    },
    {
      name: "contracts-import-only-contracts",
      comment: "The contracts are bundled into the browser: they import nothing but each other (and zod).",
      severity: "error",
      from: { path: "^supabase/functions/_shared/contracts/", pathNot: TESTS },
      to: { path: "^(supabase|web|scripts|tests)/", pathNot: "^supabase/functions/_shared/contracts/" },
    },
    {
      name: "platforms-import-no-other-platform",
      comment: "A publishing platform (WordPress, Ghost, the next one) builds on publishing/ only, never on another platform.",
      severity: "error",
      from: { path: "^supabase/functions/_shared/publishing/([^/]+)/" },
      to: {
        path: "^supabase/functions/_shared/publishing/[^/]+/",
        pathNot: "^supabase/functions/_shared/publishing/$1/",
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^node_modules/", "^dist/", "/fixtures/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
