/**
 * Local scheduler: calls the publish-scheduled function every minute and
 * draft-batch-worker every 15 seconds.
 *   deno run -A scripts/devstack/scheduler/main.ts
 * Env: FUNCTIONS_URL (else SUPABASE_URL, else http://127.0.0.1:5173),
 * LOCAL_SCHEDULER_INTERVAL_MS (default 60000), LOCAL_DRAFT_WORKER_INTERVAL_MS
 * (default 15000), SUPABASE_SECRET_KEY (else supabase/.temp/local-keys.json,
 * waiting for the local backend to write it).
 */
import { fileURLToPath } from "node:url";
import { resolveLocalKeys } from "../functions-runtime/api_keys.ts";
import { DEFAULT_SUPABASE_URL } from "../functions-runtime/function_env.ts";
import { startScheduler } from "./scheduler.ts";

const KEY_WAIT_MS = 60_000;
const localKeysPath = fileURLToPath(new URL("../../../supabase/.temp/local-keys.json", import.meta.url));
const env = Deno.env.toObject();
const url = env.FUNCTIONS_URL || env.SUPABASE_URL || DEFAULT_SUPABASE_URL;
function interval(name: string, fallback: number): number {
  const value = Number(env[name] || fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${env[name]}`);
  return value;
}
const intervalMs = interval("LOCAL_SCHEDULER_INTERVAL_MS", 60_000);
const draftWorkerIntervalMs = interval("LOCAL_DRAFT_WORKER_INTERVAL_MS", 15_000);

/** The local backend writes the keys on its first boot, which may still be under way. */
async function waitForSecretKey(): Promise<string> {
  const deadline = Date.now() + KEY_WAIT_MS;
  for (;;) {
    const { secretKey } = await resolveLocalKeys(env, localKeysPath);
    if (secretKey) return secretKey;
    if (Date.now() > deadline) {
      throw new Error(`No secret key: set SUPABASE_SECRET_KEY or start the local backend (it writes ${localKeysPath})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const secretKey = await waitForSecretKey();
// A run ends within the functions' wall clock; the scheduler waits that long, and a little more.
const runTimeoutMs = Number(env.FUNCTIONS_WALL_CLOCK_LIMIT_MS || 150_000) + 10_000;
const schedulers = [
  // As hosted's cron: a busy run does not hold the next one back (claims and the queue's limits hold across runs).
  startScheduler({ url, secretKey, intervalMs, timeoutMs: runTimeoutMs, overlap: true }),
  startScheduler({
    url,
    secretKey,
    intervalMs: draftWorkerIntervalMs,
    functionName: "draft-batch-worker",
    timeoutMs: runTimeoutMs,
    overlap: true,
  }),
];
console.log(`[scheduler] calling ${url}/functions/v1/publish-scheduled every ${intervalMs}ms`);
console.log(`[scheduler] calling ${url}/functions/v1/draft-batch-worker every ${draftWorkerIntervalMs}ms`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, async () => {
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    Deno.exit(0);
  });
}
