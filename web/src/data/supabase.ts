import { createClient } from "@supabase/supabase-js";
import { currentAccessToken } from "./authClient";
import { supabasePublishableKey, supabaseUrl } from "./supabaseConfig";

/**
 * The one data client of the app (database, storage, functions). Only
 * modules in `web/src/data/` use it. Sessions belong to ./authClient.ts: this
 * client sends its access token, and `supabase.auth` is not available.
 */
export const supabase = createClient(supabaseUrl, supabasePublishableKey, { accessToken: currentAccessToken });
