import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { EVALUATION_FAILED_MARKER, LISTENING_MARKER, MEMORY_LIMIT_MARKER } from "./worker_protocol.ts";

const BOOTSTRAP_PATH = fileURLToPath(new URL("./bootstrap.ts", import.meta.url));
const STOP_GRACE_MS = 2000;
/** What V8 prints to stderr when the heap passes --max-old-space-size. */
const V8_OUT_OF_MEMORY = /Fatal JavaScript out of memory|JavaScript heap out of memory/;

export type RuntimeLogger = { info(line: string): void; error(line: string): void };

/** A limit of the Edge Runtime that the process went past; the log line names it as hosted logs do. */
export type ExceededLimit = "wall clock time limit reached" | "Memory limit exceeded";

export type FunctionProcessOptions = {
  name: string;
  /** Absolute path of the function's index.ts. */
  entryPath: string;
  /** Complete environment of the process (nothing is inherited). */
  env: Record<string, string>;
  bootTimeoutMs: number;
  /** Cap on the V8 heap and, sampled, on heap plus external memory. */
  memoryLimitMb: number;
  logger: RuntimeLogger;
  /**
   * The dependency cache made by `npm ci` (dependency_cache.ts): the process
   * uses it as its DENO_DIR and may not fetch anything (`--cached-only`).
   * Without it, Deno's own cache, filled from the registry on first use.
   */
  denoDir?: string;
};

/** A function process that has called Deno.serve and is listening on 127.0.0.1:`port`. */
export type RunningFunction = {
  port: number;
  /** Resolves when the process has exited and its output is drained. */
  exited: Promise<Deno.CommandStatus>;
  /** The limit the process was stopped for, once it was; null otherwise. */
  readonly exceededLimit: ExceededLimit | null;
  /** Terminates the process (SIGTERM, then SIGKILL after a grace period). Idempotent. */
  stop(): Promise<void>;
  /** Kills the process at once, recording the limit it exceeded. */
  stopForLimit(limit: ExceededLimit): Promise<void>;
  /** Kills the process at once (SIGKILL), as a crash of the worker would. */
  kill(): Promise<void>;
};

/**
 * The function process exited or hung before it started serving. `failure`
 * says whether its module graph failed to load ("load": syntax error,
 * unresolvable import, no Deno.serve in time), its own top-level code threw
 * ("evaluation"), or it ran out of memory doing so; hosted Supabase answers
 * each differently.
 */
export class BootError extends Error {
  override name = "BootError";
  constructor(message: string, readonly failure: "load" | "evaluation" | "memory limit") {
    super(message);
  }
}

/**
 * Starts one function in its own `deno run -A` process via bootstrap.ts, so a
 * crash, hang, reload or limit affects only that function. Its stdout/stderr
 * lines are forwarded to the logger prefixed with `[name]`. A `deno.json` /
 * `deno.jsonc` inside the function folder is used as its config (Supabase's
 * per-function import map); otherwise Deno finds the repository's deno.json.
 * Rejects with BootError (after the process is gone) if the function does not
 * listen within `bootTimeoutMs`.
 */
export async function spawnFunctionProcess(options: FunctionProcessOptions): Promise<RunningFunction> {
  const { name, logger } = options;
  const configFlag = ["deno.json", "deno.jsonc"]
    .map((file) => join(dirname(options.entryPath), file))
    .filter((path) => existsSync(path))
    .slice(0, 1)
    .map((path) => `--config=${path}`);
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      // A function's own config names its (frozen) lock, by which the cache was made; without one, no lock.
      ...(configFlag.length > 0 ? [] : ["--no-lock"]),
      ...(options.denoDir ? ["--cached-only"] : []),
      // req.signal aborts only when the client disconnects, as on hosted Supabase
      // (Deno's legacy default also aborts it after every successful response).
      "--unstable-no-legacy-abort",
      `--v8-flags=--max-old-space-size=${options.memoryLimitMb}`,
      ...configFlag,
      BOOTSTRAP_PATH,
      pathToFileURL(options.entryPath).href,
      String(options.memoryLimitMb),
    ],
    env: options.denoDir ? { ...options.env, DENO_DIR: options.denoDir } : options.env,
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();

  let exceededLimit: ExceededLimit | null = null;
  let evaluationFailed = false;
  const listening = Promise.withResolvers<number>();
  const stdoutDrained = forEachLine(child.stdout, (line) => {
    if (line.startsWith(LISTENING_MARKER)) listening.resolve(Number(line.slice(LISTENING_MARKER.length)));
    else if (line === EVALUATION_FAILED_MARKER) evaluationFailed = true;
    else if (line === MEMORY_LIMIT_MARKER) exceededLimit ??= "Memory limit exceeded";
    else logger.info(`[${name}] ${line}`);
  });
  const stderrDrained = forEachLine(child.stderr, (line) => {
    if (V8_OUT_OF_MEMORY.test(line)) exceededLimit ??= "Memory limit exceeded";
    logger.error(`[${name}] ${line}`);
  });
  const exited = Promise.all([child.status, stdoutDrained, stderrDrained]).then(([status]) => status);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    stopping ??= (async () => {
      signal(child, "SIGTERM");
      const killTimer = setTimeout(() => signal(child, "SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(killTimer);
    })();
  const stopForLimit = async (limit: ExceededLimit) => {
    exceededLimit ??= limit;
    signal(child, "SIGKILL");
    await exited;
  };

  let bootTimer: ReturnType<typeof setTimeout> | undefined;
  const bootFailure = new Promise<never>((_, reject) => {
    bootTimer = setTimeout(
      () => reject(new BootError(`did not call Deno.serve within ${options.bootTimeoutMs}ms`, "load")),
      options.bootTimeoutMs,
    );
    exited.then((status) => {
      const failure = exceededLimit ? "memory limit" : evaluationFailed ? "evaluation" : "load";
      reject(new BootError(`exited with code ${status.code} before serving (${failure})`, failure));
    });
  });
  try {
    const port = await Promise.race([listening.promise, bootFailure]);
    return {
      port,
      exited,
      get exceededLimit() {
        return exceededLimit;
      },
      stop,
      stopForLimit,
      async kill() {
        signal(child, "SIGKILL");
        await exited;
      },
    };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(bootTimer);
  }
}

function signal(child: Deno.ChildProcess, signo: Deno.Signal): void {
  try {
    child.kill(signo);
  } catch {
    // Already exited: nothing to signal.
  }
}

async function forEachLine(stream: ReadableStream<Uint8Array>, onLine: (line: string) => void): Promise<void> {
  let pending = "";
  for await (const text of stream.pipeThrough(new TextDecoderStream())) {
    const lines = (pending + text).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) onLine(line.replace(/\r$/, ""));
  }
  if (pending) onLine(pending);
}
