import { freePort } from "./free-port.ts";

/** How long the app's output may stay open after the app exited (see stop()). */
const OUTPUT_CLOSE_TIMEOUT_MS = 10_000;

export type AppProcess = {
  url: string;
  dataDir: string;
  /** The production build being served, in preview mode. */
  buildDir?: string;
  output: () => string;
  stop(): Promise<void>;
};

/**
 * Runs `npm start` (scripts/start.ts) as a child on free ports with its own
 * PGlite folder (a fresh temporary one unless given), so tests never touch
 * the developer's data. Resolves once the app printed that it is ready.
 */
export async function startAppProcess(
  options: { env?: Record<string, string>; dataDir?: string; preview?: boolean; keepData?: boolean } = {},
): Promise<AppProcess> {
  const port = freePort();
  const dataDir = options.dataDir ?? await Deno.makeTempDir({ prefix: "inkpress-e2e-db-" });
  const buildDir = options.preview ? await Deno.makeTempDir({ prefix: "inkpress-build-" }) : undefined;
  // The deno binary itself, not node_modules/.bin/deno: that Node wrapper
  // does not pass signals on, so stop() would leave the app running.
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/start.ts", ...(options.preview ? ["--preview"] : [])],
    env: {
      PORT: String(port),
      FUNCTIONS_PORT: String(freePort()),
      LOCAL_PGLITE_DIR: dataDir,
      LOCAL_SCHEDULER_INTERVAL_MS: "2000",
      ...(buildDir && { BUILD_OUT_DIR: buildDir }),
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
  const timer = setTimeout(() => ready.reject(new Error(`The app was not ready in 120 s:\n${log}`)), 120_000);
  try {
    await ready.promise.finally(() => clearTimeout(timer));
  } catch (error) {
    await stopApp().catch(() => {});
    throw error;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    buildDir,
    output: () => log,
    async stop() {
      try {
        await stopApp();
      } finally {
        if (!options.keepData) await Deno.remove(dataDir, { recursive: true }).catch(() => {});
        if (buildDir) await Deno.remove(buildDir, { recursive: true }).catch(() => {});
      }
    },
  };
}
