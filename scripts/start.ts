/**
 * `npm start`: the app on the embedded backend, on one origin.
 *   - Vite serves the front end and mounts the Supabase API (auth, REST,
 *     storage) on PGlite, persisted in supabase/.temp/;
 *   - the local Deno functions runtime serves supabase/functions (proxied by
 *     Vite at /functions/v1);
 *   - the local scheduler calls publish-scheduled and draft-batch-worker, as
 *     pg_cron does in production.
 * `--preview` builds the app and serves the production bundle instead.
 */
import { ensureLocalKeys } from "./local-backend/keys.ts";
import { DEFAULT_FUNCTIONS_PORT, type FunctionsRuntime, startFunctionsRuntime } from "./functions-runtime/runtime.ts";
import { type Scheduler, startScheduler } from "./scheduler/scheduler.ts";

const startedAt = performance.now();
const preview = Deno.args.includes("--preview");
const port = Number(Deno.env.get("PORT") ?? 5173);
const functionsPort = Number(Deno.env.get("FUNCTIONS_PORT") ?? DEFAULT_FUNCTIONS_PORT);
const appUrl = `http://127.0.0.1:${port}`;
const schedulerInterval = Number(Deno.env.get("LOCAL_SCHEDULER_INTERVAL_MS") ?? 60_000);
const draftWorkerInterval = Number(Deno.env.get("LOCAL_DRAFT_WORKER_INTERVAL_MS") ?? 15_000);
// A worker run ends within the functions' wall clock; the scheduler waits that long, and a little more.
const draftWorkerTimeout = Number(Deno.env.get("FUNCTIONS_WALL_CLOCK_LIMIT_MS") || 150_000) + 10_000;

const keys = ensureLocalKeys();
const sharedEnv = {
  PORT: String(port),
  FUNCTIONS_PORT: String(functionsPort),
  SUPABASE_URL: appUrl,
  LOCAL_SITE_URL: appUrl,
  SUPABASE_PUBLISHABLE_KEY: keys.publishableKey,
  VITE_SUPABASE_PUBLISHABLE_KEY: keys.publishableKey,
  SUPABASE_SECRET_KEY: keys.secretKey,
  LOCAL_JWT_SECRET: keys.jwtSecret,
  DO_NOT_TRACK: "1",
};

// Stopping is possible from the first moment: a SIGTERM that arrived before
// its listener existed would end this process at once and leave Vite running
// (holding the output pipe of whoever started us, who would then wait forever).
let functions: FunctionsRuntime | undefined;
let build: Deno.ChildProcess | undefined;
let server: Deno.ChildProcess | undefined;
let scheduler: Scheduler | undefined;
let draftWorker: Scheduler | undefined;
let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await Promise.all([scheduler?.stop(), draftWorker?.stop()]);
  await end(build);
  await end(server);
  await functions?.close();
  Deno.exit(code);
}
async function end(child: Deno.ChildProcess | undefined) {
  try {
    child?.kill("SIGTERM");
  } catch {
    // already exited
  }
  await child?.status;
}
/** Starts a child unless stopping has begun (stop() ends what was started before). */
function spawnUnlessStopping(command: Deno.Command): Deno.ChildProcess | undefined {
  return stopping ? undefined : command.spawn();
}
for (const signal of ["SIGINT", "SIGTERM"] as const) Deno.addSignalListener(signal, () => stop(0));

functions = await startFunctionsRuntime({
  port: functionsPort,
  functionsDir: "supabase/functions",
  configPath: "supabase/config.toml",
  env: sharedEnv,
});

const vite = "node_modules/.bin/vite";
// BUILD_OUT_DIR lets parallel previews (tests, benchmarks) build apart from dist/.
const outDir = ["--outDir", Deno.env.get("BUILD_OUT_DIR") ?? "../dist"];
if (preview) {
  build = spawnUnlessStopping(new Deno.Command(vite, { args: ["build", ...outDir], env: sharedEnv }));
  const built = await build?.status;
  if (built && !built.success) await stop(built.code);
}
server = spawnUnlessStopping(
  new Deno.Command(vite, { args: preview ? ["preview", ...outDir] : [], env: sharedEnv, stdin: "null" }),
);

await waitForApi(`${appUrl}/auth/v1/health`, keys.publishableKey);

scheduler = startScheduler({
  url: functions.url,
  secretKey: keys.secretKey,
  intervalMs: schedulerInterval,
});
draftWorker = startScheduler({
  url: functions.url,
  secretKey: keys.secretKey,
  intervalMs: draftWorkerInterval,
  functionName: "draft-batch-worker",
  timeoutMs: draftWorkerTimeout,
});

console.log(`
Inkpress is ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s

  App                ${appUrl}
  Supabase API       ${appUrl}  (auth, rest, storage, functions)
  Publishable key    ${keys.publishableKey}
  Secret key         ${keys.secretKey}
  Data               supabase/.temp/  (delete it to start afresh)
  E-mails            printed in this console (confirmation, password recovery)
`);

server?.status.then(({ code }) => stop(code));

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
