import type { ApiKeys } from "./api_keys.ts";
import type { LegacyApiKeys } from "./legacy_api_keys.ts";

export const DEFAULT_SUPABASE_URL = "http://127.0.0.1:5173";

/** What the platform itself hands every function on hosted Supabase. */
export type PlatformValues = {
  supabaseUrl: string;
  /** New-style keys; "" where unknown (the variable is then left out). */
  apiKeys: ApiKeys;
  legacyKeys: LegacyApiKeys;
  /** Postgres URL of the project's database; hosted always has one, locally only the DATABASE_URL mode. */
  databaseUrl?: string;
};

/**
 * Hosted Supabase reserves the prefix: custom secrets may not start with
 * SUPABASE_ (docs: guides/functions/limits, "Secrets").
 */
export const isReservedName = (name: string) => name.startsWith("SUPABASE_");

/**
 * The local stack's own settings. Hosted functions see the database URL only
 * as SUPABASE_DB_URL and the JWT secret not at all, so neither leaks through
 * under its local name.
 */
const LOCAL_STACK_NAMES = new Set(["DATABASE_URL", "LOCAL_JWT_SECRET"]);

/**
 * The environment a function process sees, shaped like hosted Supabase's:
 * the runtime's environment, then `supabase/functions/.env` (the local
 * `supabase secrets set`), then the platform's variables:
 *
 *   SUPABASE_URL
 *   SUPABASE_PUBLISHABLE_KEYS  {"default":"sb_publishable_…"}
 *   SUPABASE_SECRET_KEYS       {"default":"sb_secret_…"}
 *   SUPABASE_ANON_KEY          legacy JWT, role anon
 *   SUPABASE_SERVICE_ROLE_KEY  legacy JWT, role service_role
 *   SUPABASE_DB_URL            only where a database URL exists
 *
 * Nothing else named SUPABASE_* gets through, from either source (the
 * singular SUPABASE_PUBLISHABLE_KEY / SUPABASE_SECRET_KEY the local backend
 * is configured with included: hosted never sets them).
 *
 * The local backend (@supabase/lite) refuses the legacy JWTs as `apikey`, as
 * a hosted project does once its legacy keys are disabled: functions must use
 * the JSON `sb_…` keys first and the legacy names only as a fallback.
 */
export function buildFunctionEnv(
  runtimeEnv: Record<string, string>,
  dotenv: Record<string, string>,
  platform: PlatformValues,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of [...Object.entries(runtimeEnv), ...Object.entries(dotenv)]) {
    if (!isReservedName(name) && !LOCAL_STACK_NAMES.has(name)) env[name] = value;
  }
  env.SUPABASE_URL = platform.supabaseUrl;
  if (platform.apiKeys.publishableKey) {
    env.SUPABASE_PUBLISHABLE_KEYS = JSON.stringify({ default: platform.apiKeys.publishableKey });
  }
  if (platform.apiKeys.secretKey) env.SUPABASE_SECRET_KEYS = JSON.stringify({ default: platform.apiKeys.secretKey });
  env.SUPABASE_ANON_KEY = platform.legacyKeys.anonKey;
  env.SUPABASE_SERVICE_ROLE_KEY = platform.legacyKeys.serviceRoleKey;
  if (platform.databaseUrl) env.SUPABASE_DB_URL = platform.databaseUrl;
  return env;
}
