import { spawn } from "node:child_process";
import {
  FUNCTIONS_STACK_READY_PREFIX as READY_PREFIX,
  type FunctionsStackInfo,
} from "../../scripts/testing/integration/functions-stack-info.ts";

export type { FunctionsStackInfo };

export type FunctionsStack = FunctionsStackInfo & {
  /** What the stack printed (the runtime's request log, function errors). */
  output(): string;
  stop(): Promise<void>;
};

const START_TIMEOUT_MS = 60_000;

/**
 * Starts scripts/testing/integration/functions-stack.ts: the local functions runtime
 * and the fake WordPress and fal.ai behind one project origin in front of
 * the local backend at `apiUrl`. The functions are Deno code, so the stack
 * is a Deno child process; the tests stay in Vitest with the real
 * supabase-js. The child runs in its own process group (npm's deno wrapper
 * does not pass signals on), which stop() ends.
 */
export async function startFunctionsStack(options: {
  apiUrl: string;
  keysFile: string;
  databaseUrl?: string;
  /** Functions' variables over the stack's own (FUNCTIONS_STACK_ENV). */
  functionsEnv?: Record<string, string>;
}): Promise<FunctionsStack> {
  const child = spawn(
    "node_modules/.bin/deno",
    ["run", "-A", "scripts/testing/integration/functions-stack.ts", options.apiUrl, options.keysFile],
    {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        DO_NOT_TRACK: "1",
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
        ...(options.functionsEnv ? { FUNCTIONS_STACK_ENV: JSON.stringify(options.functionsEnv) } : {}),
      },
    },
  );
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const info = await new Promise<FunctionsStackInfo>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the functions stack did not start in ${START_TIMEOUT_MS / 1000} s:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const collect = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const line = output.split("\n").find((candidate) => candidate.startsWith(READY_PREFIX));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice(READY_PREFIX.length)));
      }
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the functions stack exited (${code}) before it served:\n${output}`));
    });
  }).catch(async (error) => {
    killGroup(child.pid, "SIGKILL");
    throw error;
  });

  return {
    ...info,
    output: () => output,
    async stop() {
      killGroup(child.pid, "SIGTERM");
      const stopped = await Promise.race([exited.then(() => true), delay(10_000).then(() => false)]);
      if (!stopped) killGroup(child.pid, "SIGKILL");
    },
  };
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
