/**
 * Local scheduler: calls the publish-scheduled function every minute.
 *   deno run -A scripts/scheduler/main.ts
 * Env: FUNCTIONS_URL (else SUPABASE_URL, else http://127.0.0.1:5173),
 * LOCAL_SCHEDULER_INTERVAL_MS (default 60000), SUPABASE_SECRET_KEY (else
 * supabase/.temp/local-keys.json, waiting for the local backend to write it).
 */
import { fileURLToPath } from "node:url";
import { resolveLocalKeys } from "../functions-runtime/api_keys.ts";
import { DEFAULT_SUPABASE_URL } from "../functions-runtime/function_env.ts";
import { startScheduler } from "./scheduler.ts";

const KEY_WAIT_MS = 60_000;
const localKeysPath = fileURLToPath(new URL("../../supabase/.temp/local-keys.json", import.meta.url));
const env = Deno.env.toObject();
const url = env.FUNCTIONS_URL || env.SUPABASE_URL || DEFAULT_SUPABASE_URL;
const intervalMs = Number(env.LOCAL_SCHEDULER_INTERVAL_MS || 60_000);
if (!Number.isFinite(intervalMs) || intervalMs <= 0) {
  throw new Error(`LOCAL_SCHEDULER_INTERVAL_MS must be a positive number, got ${env.LOCAL_SCHEDULER_INTERVAL_MS}`);
}

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

const scheduler = startScheduler({ url, secretKey: await waitForSecretKey(), intervalMs });
console.log(`[scheduler] calling ${url}/functions/v1/publish-scheduled every ${intervalMs}ms`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, async () => {
    await scheduler.stop();
    Deno.exit(0);
  });
}
