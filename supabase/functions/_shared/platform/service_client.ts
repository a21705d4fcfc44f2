import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "../contracts/database.types.ts";
import { type EnvReader, requireServiceKey } from "./keys.ts";

/** A supabase-js client typed by the schema the migrations generate (`npm run gen:types`). */
export type ServiceClient = SupabaseClient<Database>;

/**
 * A client with the project's secret key: bypasses RLS. Use it only after
 * the caller has been authorised, and always filter by the caller's user id.
 * Throws at once (so the function fails to boot, visibly) when SUPABASE_URL
 * or every secret key is missing.
 */
export function createServiceClient(env: EnvReader = Deno.env): ServiceClient {
  const url = env.get("SUPABASE_URL");
  if (!url) throw new Error("Missing environment variable SUPABASE_URL");
  return createClient<Database>(url, requireServiceKey(env), {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}
