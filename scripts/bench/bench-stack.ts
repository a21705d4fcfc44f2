import { createClient, type SupabaseClient } from "npm:@supabase/supabase-js@2.119.1";
import { type FunctionsRuntime, startFunctionsRuntime } from "../devstack/functions-runtime/runtime.ts";
import type { LocalApiProcess } from "./local-api-process.ts";

/**
 * The functions runtime in front of a benchmark's local API (port 0). Its log
 * lines go to `log`, for the error message when a call fails.
 */
export function startBenchFunctions(
  api: LocalApiProcess,
  keysFile: string,
  env: Record<string, string>,
  log: string[],
): Promise<FunctionsRuntime> {
  return startFunctionsRuntime({
    functionsDir: "supabase/functions",
    configPath: "supabase/config.toml",
    localKeysPath: keysFile,
    port: 0,
    env: {
      SUPABASE_URL: api.url,
      SUPABASE_PUBLISHABLE_KEY: api.publishableKey,
      SUPABASE_SECRET_KEY: api.secretKey,
      // The secret the API signs user tokens with (also in keysFile): the runtime checks them with it.
      LOCAL_JWT_SECRET: api.jwtSecret,
      // Stored secrets are sealed with the key in keysFile (minted with the API's keys), not one from this shell.
      INKPRESS_SECRETS_KEY: "",
      ...env,
    },
    logger: { info: (line) => log.push(line), error: (line) => log.push(line) },
  });
}

export type BenchUser = { client: SupabaseClient; userId: string; accessToken: string };

/** A new signed-in user of the local API, with a supabase-js client acting as them. */
export async function signUpBenchUser(api: LocalApiProcess, label: string): Promise<BenchUser> {
  const client = createClient(api.url, api.publishableKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await client.auth.signUp({
    email: `bench-${label}-${Date.now()}@bench.test`,
    password: "bench-password-1",
  });
  if (error || !data.session || !data.user) throw error ?? new Error("sign-up returned no session");
  return { client, userId: data.user.id, accessToken: data.session.access_token };
}

/** Saves the user's provider keys as the Profile does: through save-api-keys, which seals them. */
export async function saveBenchApiKeys(
  runtime: FunctionsRuntime,
  api: LocalApiProcess,
  accessToken: string,
  keys: { openaiKey?: string; falaiKey?: string },
): Promise<void> {
  const response = await fetch(`${runtime.url}/functions/v1/save-api-keys`, {
    method: "POST",
    headers: { Authorization: `Bearer ${accessToken}`, apikey: api.publishableKey, "Content-Type": "application/json" },
    body: JSON.stringify(keys),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`save-api-keys answered ${response.status}: ${text}`);
}
