import { AuthClient, isAuthApiError, isAuthRetryableFetchError, isAuthSessionMissingError } from "@supabase/supabase-js";
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

/** What the auth server says about the stored session: still valid, ended, or unknown (it could not be asked). */
export type SessionCheck = "valid" | "ended" | "unknown";

/**
 * Asks the auth server whether the stored session still stands (the token
 * is verified there, not just decoded: a session signed out on another
 * device, revoked or expired is refused). When it does not, the session is
 * removed from this browser, which emits SIGNED_OUT to every listener. A
 * network failure removes nothing.
 */
export async function confirmSession(): Promise<SessionCheck> {
  const { data, error } = await authClient.getUser();
  if (data.user) return "valid";
  if (isAuthRetryableFetchError(error)) return "unknown";
  const refused = isAuthSessionMissingError(error) || (isAuthApiError(error) && [401, 403].includes(error.status));
  if (!refused) {
    // A failed refresh has already removed the session if it could not be kept.
    const { data: current } = await authClient.getSession();
    if (current.session) return "unknown";
  }
  await authClient.signOut({ scope: "local" });
  return "ended";
}
