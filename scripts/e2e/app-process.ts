import { freePort } from "./free-port.ts";

export type AppProcess = {
  /** The app's origin. */
  url: string;
  /** The Supabase API's origin: the app's own, or (crossOrigin) one of its own. */
  apiUrl: string;
  dataDir: string;
  /** The production build being served. */
  buildDir: string;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  stop(): Promise<void>;
};

export type AppProcessOptions = {
  env?: Record<string, string>;
  /** PGlite folder; a fresh temporary one by default. */
  dataDir?: string;
  keepData?: boolean;
  /**
   * Where the production build goes (kept, and rebuilt only when its inputs
   * changed); a fresh temporary folder, removed at stop, by default.
   */
  buildDir?: string;
  /** The API on an origin of its own (LOCAL_API_PORT), as on hosted Supabase. */
  crossOrigin?: boolean;
};

/**
 * Runs `npm start` (scripts/start.ts) as a child on free ports with its own
 * PGlite folder, so tests never touch the developer's data. Resolves once the
 * app printed that it is ready.
 */
export async function startAppProcess(options: AppProcessOptions = {}): Promise<AppProcess> {
  const port = freePort();
  const apiPort = options.crossOrigin ? freePort() : undefined;
  const dataDir = options.dataDir ?? await Deno.makeTempDir({ prefix: "inkpress-e2e-db-" });
  const buildDir = options.buildDir ?? await Deno.makeTempDir({ prefix: "inkpress-build-" });
  // The deno binary itself, not node_modules/.bin/deno: that Node wrapper
  // does not pass signals on, so stop() would leave the app running.
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/start.ts"],
    env: {
      PORT: String(port),
      FUNCTIONS_PORT: String(freePort()),
      LOCAL_PGLITE_DIR: dataDir,
      // Never a developer's database from .env: the tests would migrate and fill it.
      DATABASE_URL: "",
      LOCAL_SCHEDULER_INTERVAL_MS: "2000",
      BUILD_OUT_DIR: buildDir,
      ...(apiPort !== undefined && { LOCAL_API_PORT: String(apiPort) }),
      ...options.env,
    },
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
  }).spawn();

  let log = "";
  const ready = Promise.withResolvers<void>();
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
      log += chunk;
      if (log.includes("Inkpress is ready")) ready.resolve();
    }
  };
  collect(child.stdout);
  collect(child.stderr);
  child.status.then((s) => ready.reject(new Error(`The app exited (${s.code}) before it was ready:\n${log}`)));
  // A first build on a busy machine takes minutes.
  const timer = setTimeout(() => ready.reject(new Error(`The app was not ready in 300 s:\n${log}`)), 300_000);
  await ready.promise.finally(() => clearTimeout(timer));

  const url = apiPort === undefined ? `http://127.0.0.1:${port}` : `http://localhost:${port}`;
  return {
    url,
    apiUrl: apiPort === undefined ? url : `http://127.0.0.1:${apiPort}`,
    dataDir,
    buildDir,
    output: () => log,
    async stop() {
      try {
        child.kill("SIGTERM");
      } catch {
        // already exited
      }
      await child.status;
      if (!options.keepData) await Deno.remove(dataDir, { recursive: true }).catch(() => {});
      if (!options.buildDir) await Deno.remove(buildDir, { recursive: true }).catch(() => {});
    },
  };
}
