import { confirmSession } from "./authClient";
import { supabasePublishableKey } from "./supabaseConfig";

let confirming: Promise<unknown> | undefined;

/** The bearer token of a request, if any. */
function bearerOf(input: RequestInfo | URL, init?: RequestInit): string | undefined {
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  return headers.get("Authorization")?.match(/^Bearer\s+(.+)$/i)?.[1];
}

/**
 * The data client's fetch (database, storage, functions): the one place that
 * notices a session the server no longer accepts. A 401 to a request sent
 * with the user's token (PostgREST's invalid or expired JWT, a function's
 * 'User not authenticated'; our functions answer 401 for nothing else) has
 * the auth server confirm the session before the response is handed back;
 * an ended session is removed, so the app sends the user to sign in (see
 * state/session.ts) before the caller sees the failure. Concurrent 401s
 * share one confirmation.
 */
export function createSessionCheckedFetch(baseFetch: typeof fetch = (...args) => fetch(...args)): typeof fetch {
  return async (input, init) => {
    const response = await baseFetch(input, init);
    if (response.status !== 401) return response;
    const token = bearerOf(input, init);
    if (!token || token === supabasePublishableKey) return response;
    confirming ??= confirmSession()
      .catch(() => "unknown")
      .finally(() => (confirming = undefined));
    await confirming;
    return response;
  };
}
