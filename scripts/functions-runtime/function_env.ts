import type { ApiKeys } from "./api_keys.ts";

export const DEFAULT_SUPABASE_URL = "http://127.0.0.1:5173";

/**
 * The environment a function process sees, in increasing precedence:
 * the runtime's environment, then `supabase/functions/.env`, then the
 * reserved Supabase variables. As on hosted Supabase, `.env` cannot override
 * SUPABASE_URL or the keys. The legacy names (ANON / SERVICE_ROLE) carry the
 * new-style keys so older function code keeps working. Keys that are unknown
 * are left unset rather than set to "".
 */
export function buildFunctionEnv(
  runtimeEnv: Record<string, string>,
  dotenv: Record<string, string>,
  keys: ApiKeys,
): Record<string, string> {
  const reserved: Record<string, string> = { SUPABASE_URL: runtimeEnv.SUPABASE_URL || DEFAULT_SUPABASE_URL };
  if (keys.publishableKey) {
    reserved.SUPABASE_PUBLISHABLE_KEY = keys.publishableKey;
    reserved.SUPABASE_ANON_KEY = keys.publishableKey;
  }
  if (keys.secretKey) {
    reserved.SUPABASE_SECRET_KEY = keys.secretKey;
    reserved.SUPABASE_SERVICE_ROLE_KEY = keys.secretKey;
  }
  return { ...runtimeEnv, ...dotenv, ...reserved };
}
