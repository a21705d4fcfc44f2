/**
 * `npm start`: the app for people using it. The production build (rebuilt
 * only when its inputs changed, scripts/build/build.ts) served with the
 * embedded Supabase API on one origin (scripts/devstack/app-server/app-server.ts):
 * auth, REST and storage from @supabase/lite on PGlite in this process,
 * persisted in supabase/.temp/; functions from the local Deno functions
 * runtime; the local scheduler calls publish-scheduled and draft-batch-worker
 * as pg_cron does in production. Nothing of the source tree is reachable over HTTP.
 * LOCAL_API_PORT serves the API on an origin of its own instead
 * (http://127.0.0.1:<LOCAL_API_PORT>, the app on http://localhost:<PORT>), as
 * on hosted Supabase, with the build made against it.
 *
 * `npm run dev` (`--dev`): the Vite dev server with hot reload and the same
 * API mounted (scripts/devstack/local-backend/vite-plugin.ts), for people changing
 * the code.
 *
 * `npm run try` (`--fakes`): as `npm start`, with the project's fake AI
 * providers (the test doubles of OpenAI and fal.ai, which answer as the real
 * services do) on loopback as the deployment's providers, to try everything
 * without a paid key.
 */
import { buildIfChanged } from "../build/build.ts";
import { startAppServer } from "./app-server/app-server.ts";
import { inlineHashes, pageHeaders } from "./app-server/security-headers.ts";
import { CSP_REPORT_PATH } from "./app-server/csp-reports.ts";
import { readDotenvFile } from "./functions-runtime/dotenv.ts";
import { DEFAULT_FUNCTIONS_PORT, type FunctionsRuntime, startFunctionsRuntime } from "./functions-runtime/runtime.ts";
import { apiProcessCount, startApiWorkers } from "./local-backend/api-workers.ts";
import { cacheFunctionDependencies, dependenciesCached, FUNCTIONS_DENO_DIR } from "./functions-runtime/dependency_cache.ts";
import { LOCAL_KEYS_FILE, loadOrMintLocalKeys, type LocalKeys } from "./local-backend/keys.ts";
import { installLogRedaction } from "./local-backend/log-redaction.ts";
import { LITE_TEMP_DIR } from "./local-backend/lite-app.ts";
import { makePrivate, restrictNewFiles } from "./local-backend/private-files.ts";
import { type Scheduler, startScheduler } from "./scheduler/scheduler.ts";
import { startFakeProviders } from "./fake-providers.ts";

const startedAt = performance.now();
const dev = Deno.args.includes("--dev");
const withFakes = Deno.args.includes("--fakes");
// The project's .env (.env.example lists it) under what the shell already set.
for (const [name, value] of Object.entries(await readDotenvFile(".env"))) {
  if (Deno.env.get(name) === undefined) Deno.env.set(name, value);
}
const port = Number(Deno.env.get("PORT") ?? 5173);
const apiPort = !dev && Deno.env.get("LOCAL_API_PORT") ? Number(Deno.env.get("LOCAL_API_PORT")) : undefined;
const functionsPort = Number(Deno.env.get("FUNCTIONS_PORT") ?? DEFAULT_FUNCTIONS_PORT);
const appUrl = apiPort === undefined ? `http://127.0.0.1:${port}` : `http://localhost:${port}`;
const apiUrl = apiPort === undefined ? appUrl : `http://127.0.0.1:${apiPort}`;
const schedulerInterval = Number(Deno.env.get("LOCAL_SCHEDULER_INTERVAL_MS") ?? 60_000);
const draftWorkerInterval = Number(Deno.env.get("LOCAL_DRAFT_WORKER_INTERVAL_MS") ?? 15_000);
// A worker run (publish-scheduled or draft-batch-worker) ends within the functions' wall clock; the scheduler waits that long, and a little more.
const workerRunTimeout = Number(Deno.env.get("FUNCTIONS_WALL_CLOCK_LIMIT_MS") || 150_000) + 10_000;

restrictNewFiles();
makePrivate(LITE_TEMP_DIR);
const { keys, minted } = loadOrMintLocalKeys();
installLogRedaction([keys.secretKey, keys.jwtSecret]);
const sharedEnv = {
  PORT: String(port),
  FUNCTIONS_PORT: String(functionsPort),
  SUPABASE_URL: apiUrl,
  LOCAL_SITE_URL: appUrl,
  SUPABASE_PUBLISHABLE_KEY: keys.publishableKey,
  VITE_SUPABASE_PUBLISHABLE_KEY: keys.publishableKey,
  SUPABASE_SECRET_KEY: keys.secretKey,
  LOCAL_JWT_SECRET: keys.jwtSecret,
  DO_NOT_TRACK: "1",
};
const fakes = withFakes ? await startFakeProviders() : undefined;
Object.assign(sharedEnv, fakes?.env);
for (const [name, value] of Object.entries(sharedEnv)) Deno.env.set(name, value);

// Stopping is possible from the first moment: a SIGTERM that arrived before
// its listener existed would end this process at once and leave its children
// (functions, Vite) running, holding the output pipe of whoever started us.
// stop() waits for whatever is starting, then ends it.
let functions: FunctionsRuntime | undefined;
let stopServing: (() => Promise<void>) | undefined;
let scheduler: Scheduler | undefined;
let draftWorker: Scheduler | undefined;
let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await startup.catch(() => {});
  await Promise.all([scheduler?.stop(), draftWorker?.stop()]);
  await stopServing?.();
  await functions?.close();
  await fakes?.close();
  Deno.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) Deno.addSignalListener(signal, () => stop(0));

const startup = (async () => {
  // The functions runtime starts beside the app (build, database): the app
  // server needs its address only once those are ready.
  const runtime = functionsDenoDir().then((denoDir) =>
    startFunctionsRuntime({
      port: functionsPort,
      functionsDir: "supabase/functions",
      configPath: "supabase/config.toml",
      env: sharedEnv,
      denoDir,
    })
  ).then((started) => (functions = started));
  runtime.catch(() => {}); // awaited below
  stopServing = dev ? await serveDev() : await serveProduction(runtime);
  const { url: functionsUrl } = await runtime;
  if (stopping) return;
  scheduler = startScheduler({
    url: functionsUrl,
    secretKey: keys.secretKey,
    intervalMs: schedulerInterval,
    timeoutMs: workerRunTimeout,
    // As hosted's cron: a run draining a backlog does not hold the next one back (claims keep them apart).
    overlap: true,
  });
  draftWorker = startScheduler({
    url: functionsUrl,
    secretKey: keys.secretKey,
    intervalMs: draftWorkerInterval,
    functionName: "draft-batch-worker",
    timeoutMs: workerRunTimeout,
    // As hosted's cron: a busy run does not hold the next one back (the queue's limits hold across runs).
    overlap: true,
  });
  printReady();
})();
startup.catch((error) => {
  console.error(error);
  stop(1);
});

/**
 * The functions' dependency cache, made by `npm ci`. Made here once when it is
 * missing (`npm ci --ignore-scripts`) or older than the lock; if that cannot
 * be done (offline), functions fetch what they need on first use, as before.
 */
async function functionsDenoDir(): Promise<string | undefined> {
  if (dependenciesCached()) return FUNCTIONS_DENO_DIR;
  console.log("Caching the edge functions' dependencies (npm ci does this; once)…");
  const cached = await cacheFunctionDependencies();
  if (cached.ok) return FUNCTIONS_DENO_DIR;
  console.error(`Could not cache the edge functions' dependencies; functions fetch them on first use:\n${cached.output}`);
  return undefined;
}

async function serveProduction(runtime: Promise<FunctionsRuntime>): Promise<() => Promise<void>> {
  const { createLiteApp } = await import("./local-backend/lite-app.ts");
  const { createLocalApi } = await import("./local-backend/local-api.ts");
  const outDir = Deno.env.get("BUILD_OUT_DIR") || "dist";
  // The build and the database boot side by side (a build runs in its own process).
  const [build, { app, embedded, close: closeLite }] = await Promise.all([
    buildIfChanged({
      repo: ".",
      outDir,
      env: {
        VITE_SUPABASE_URL: apiPort === undefined ? "" : apiUrl,
        VITE_SUPABASE_PUBLISHABLE_KEY: keys.publishableKey,
      },
    }),
    createLiteApp(),
  ]);
  if (build.built) console.log(`Built the app in ${build.seconds.toFixed(1)} s (again only when its sources change)`);
  // On a PostgreSQL server, more processes share the API (api-workers.ts).
  const databaseUrl = Deno.env.get("DATABASE_URL");
  const processes = embedded || !databaseUrl ? 1 : apiProcessCount();
  const workers = processes > 1
    ? await startApiWorkers({ count: processes - 1, databaseUrl: databaseUrl!, keysFile: LOCAL_KEYS_FILE })
    : null;
  const server = await startAppServer({
    port,
    apiPort,
    distDir: outDir,
    pageHeaders: pageHeaders({
      apiUrl: apiPort === undefined ? undefined : apiUrl,
      reportUri: CSP_REPORT_PATH,
      inline: await inlineHashes(await Deno.readTextFile(`${outDir}/index.html`)),
    }),
    api: createLocalApi(app, { serialize: embedded, workers: workers?.backends }),
    functionsUrl: (await runtime).url,
  });
  return async () => {
    await server.close();
    await workers?.close();
    await closeLite().catch(() => {});
  };
}

async function serveDev(): Promise<() => Promise<void>> {
  // The API is the app's own origin, whatever VITE_SUPABASE_URL .env holds for dev:frontend.
  const server = new Deno.Command("node_modules/.bin/vite", { env: { ...sharedEnv, VITE_SUPABASE_URL: "" }, stdin: "null" })
    .spawn();
  server.status.then(({ code }) => stop(code));
  await waitForApi(`${appUrl}/auth/v1/health`, keys.publishableKey);
  return async () => {
    try {
      server.kill("SIGTERM");
    } catch {
      // already exited
    }
    await server.status;
  };
}

function printReady() {
  const lines = [
    "",
    `Inkpress is ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s${dev ? " (dev server, hot reload)" : ""}`,
    "",
    `  App                ${appUrl}`,
    `  Supabase API       ${apiUrl}  (auth, rest, storage, functions)`,
    `  Data               supabase/.temp/  (owner only; delete it to start afresh)`,
    `  E-mails            printed in this console (password recovery)`,
    `  Keys               npm run keys`,
    ...(fakes ? fakes.lines : []),
    ...(minted.length > 0 ? firstStartKeys(keys) : []),
    "",
  ];
  // Past console (log-redaction.ts masks keys there): these are shown on purpose, once.
  Deno.stdout.writeSync(new TextEncoder().encode(lines.join("\n") + "\n"));
}

function firstStartKeys(keys: LocalKeys): string[] {
  return [
    "",
    "  New local keys, shown this once (npm run keys shows them again):",
    `  Publishable key    ${keys.publishableKey}`,
    `  Secret key         ${keys.secretKey}`,
    "                     (bypasses row-level security: for scripts on this machine only)",
  ];
}

async function waitForApi(url: string, apikey: string) {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    try {
      const response = await fetch(url, { headers: { apikey } });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The local API did not answer at ${url}`);
}
