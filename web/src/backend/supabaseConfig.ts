/**
 * Where the browser finds the Supabase API and the key it presents. Without
 * VITE_SUPABASE_URL the API is expected on the app's own origin (the local
 * stack and `npm run preview` serve both together).
 */
export const supabaseUrl = import.meta.env.VITE_SUPABASE_URL || window.location.origin;
export const supabasePublishableKey = import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY;

/**
 * The localStorage key of the session for the API at `url`: supabase-js's
 * default, `sb-<first label of the API host>-auth-token` (`sb-127-auth-token`
 * for http://127.0.0.1:5173, `sb-<project-ref>-auth-token` on hosted Supabase).
 */
export function authStorageKeyFor(url: string): string {
  return `sb-${new URL(url).hostname.split(".")[0]}-auth-token`;
}

export const authStorageKey = authStorageKeyFor(supabaseUrl);
