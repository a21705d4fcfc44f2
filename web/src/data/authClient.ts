import { AuthClient } from "@supabase/supabase-js";
import { authStorageKey, supabasePublishableKey, supabaseUrl } from "./supabaseConfig";

/**
 * The one auth client of the app: supabase-js's own auth client, configured
 * as `createClient` configures it, but built on its own so that the
 * signed-out screens load it without the rest of supabase-js (the data
 * client in ./supabase.ts sends this client's access token). Loaded through
 * `loadAuthClient()` in ./auth.ts.
 */
export const authClient = new AuthClient({
  url: new URL("auth/v1", supabaseUrl.endsWith("/") ? supabaseUrl : `${supabaseUrl}/`).href,
  headers: { Authorization: `Bearer ${supabasePublishableKey}`, apikey: supabasePublishableKey },
  storageKey: authStorageKey,
  autoRefreshToken: true,
  persistSession: true,
  detectSessionInUrl: true,
  flowType: "implicit",
});

/** The signed-in user's access token (refreshed first when about to expire), or null when signed out. */
export async function currentAccessToken(): Promise<string | null> {
  const { data } = await authClient.getSession();
  return data.session?.access_token ?? null;
}
