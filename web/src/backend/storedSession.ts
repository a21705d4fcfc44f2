import { authStorageKey } from "./supabaseConfig";

/**
 * What the browser's stored session says before the auth client has loaded:
 * "signed-in" (a session that is not about to expire), "signed-out" (none, or
 * one the auth client would discard), or "unknown" (only the auth client can
 * tell: an expiring session it will try to refresh, or a sign-in callback in
 * the address that it will consume).
 */
export type SessionHint = "signed-in" | "signed-out" | "unknown";

/** The auth client refreshes a session this close to expiry before using it (auth-js EXPIRY_MARGIN_MS). */
const EXPIRY_MARGIN_MS = 90_000;

/** Parameters of a sign-in callback (implicit or PKCE) that the auth client reads from the address. */
const CALLBACK_PARAMS = ["access_token", "error", "error_description", "error_code", "code"];

/**
 * Reads the session the auth client stores (same key, same validity rules),
 * synchronously and without loading supabase-js, so that the first render
 * can already tell a signed-out visitor from a signed-in one.
 */
export function readSessionHint(
  storage: Pick<Storage, "getItem"> = window.localStorage,
  href: string = window.location.href,
  now: number = Date.now(),
): SessionHint {
  const url = new URL(href);
  const params = new URLSearchParams(url.hash.slice(1));
  if (CALLBACK_PARAMS.some((name) => params.has(name) || url.searchParams.has(name))) return "unknown";

  let stored: unknown;
  try {
    const raw = storage.getItem(authStorageKey);
    if (!raw) return "signed-out";
    stored = JSON.parse(raw);
  } catch (error) {
    // Unparsable JSON is discarded by the auth client; unreadable storage is not ours to judge.
    return error instanceof SyntaxError ? "signed-out" : "unknown";
  }
  if (typeof stored !== "object" || stored === null) return "signed-out";
  if (!("access_token" in stored && "refresh_token" in stored && "expires_at" in stored)) return "signed-out";
  const expiresAt = typeof stored.expires_at === "number" ? stored.expires_at * 1000 : Infinity;
  return expiresAt - now < EXPIRY_MARGIN_MS ? "unknown" : "signed-in";
}
