import { createClient } from "@supabase/supabase-js";
import type { Database } from "@contracts/database.types";
import { currentAccessToken } from "./authClient";
import { createSessionCheckedFetch } from "./sessionFetch";
import { supabasePublishableKey, supabaseUrl } from "./supabaseConfig";

/**
 * The one data client of the app (database, storage, functions). Only
 * modules in `web/src/data/` use it. Sessions belong to ./authClient.ts: this
 * client sends its access token, and `supabase.auth` is not available. Typed
 * with the `Database` generated from the migrations (`npm run gen:types`), so
 * every query's columns and rows are checked against the schema. A session
 * the server refuses is noticed in its fetch (./sessionFetch.ts).
 */
export const supabase = createClient<Database>(supabaseUrl, supabasePublishableKey, {
  accessToken: currentAccessToken,
  global: { fetch: createSessionCheckedFetch() },
});
