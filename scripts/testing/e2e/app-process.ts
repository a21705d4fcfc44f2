import { freePort } from "./free-port.ts";

/** How long the app's output may stay open after the app exited (see stop()). */
const OUTPUT_CLOSE_TIMEOUT_MS = 10_000;

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
  /** Also writes everything the app prints to this file (tests read the e-mails it prints). */
  logFile?: string;
};

/**
 * Runs `npm start` (scripts/devstack/start.ts) as a child on free ports with its own
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
    args: ["run", "-A", "scripts/devstack/start.ts"],
    env: {
      PORT: String(port),
      FUNCTIONS_PORT: String(freePort()),
      LOCAL_PGLITE_DIR: dataDir,
      // Never a developer's database from .env: the tests would migrate and fill it.
      DATABASE_URL: "",
      LOCAL_SCHEDULER_INTERVAL_MS: "2000",
      LOCAL_DRAFT_WORKER_INTERVAL_MS: "1000",
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
  const stopReading = new AbortController();
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    try {
      for await (const chunk of stream.pipeThrough(new TextDecoderStream(), { signal: stopReading.signal })) {
        log += chunk;
        if (options.logFile) await Deno.writeTextFile(options.logFile, chunk, { append: true });
        if (log.includes("Inkpress is ready")) ready.resolve();
      }
    } catch (error) {
      if (!stopReading.signal.aborted) throw error;
    }
  };
  const outputEnded = Promise.all([collect(child.stdout), collect(child.stderr)]);

  /**
   * Ends the app and waits for its output to close. Output that stays open
   * after the app exited means a process it started is still running: that
   * is reported (and no longer read, so the caller does not wait forever).
   */
  const stopApp = async () => {
    try {
      child.kill("SIGTERM");
    } catch {
      // already exited
    }
    await child.status;
    const closeTimer = setTimeout(() => stopReading.abort(), OUTPUT_CLOSE_TIMEOUT_MS);
    await outputEnded.finally(() => clearTimeout(closeTimer));
    if (stopReading.signal.aborted) {
      throw new Error(
        `The app exited, but its output stayed open for ${OUTPUT_CLOSE_TIMEOUT_MS / 1000} s: ` +
          `a process it started (Vite, a function) is still running.\n${log.slice(-2000)}`,
      );
    }
  };

  child.status.then((s) => ready.reject(new Error(`The app exited (${s.code}) before it was ready:\n${log}`)));
  // A first build on a busy machine takes minutes.
  const timer = setTimeout(() => ready.reject(new Error(`The app was not ready in 300 s:\n${log}`)), 300_000);
  try {
    await ready.promise.finally(() => clearTimeout(timer));
  } catch (error) {
    await stopApp().catch(() => {});
    throw error;
  }

  const url = apiPort === undefined ? `http://127.0.0.1:${port}` : `http://localhost:${port}`;
  return {
    url,
    apiUrl: apiPort === undefined ? url : `http://127.0.0.1:${apiPort}`,
    dataDir,
    buildDir,
    output: () => log,
    async stop() {
      try {
        await stopApp();
      } finally {
        if (!options.keepData) await Deno.remove(dataDir, { recursive: true }).catch(() => {});
        if (!options.buildDir) await Deno.remove(buildDir, { recursive: true }).catch(() => {});
      }
    },
  };
}
