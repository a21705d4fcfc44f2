import type { App } from "@supabase/lite";
import { gatewayPreflight, isGatewayPath, withGatewayCors } from "./api-cors.ts";
import { type AuthRateLimits, authRateLimitsFromEnv, createAuthRateLimiter } from "./auth-rate-limit.ts";
import { withByteChunks } from "./lite-app.ts";
import { inertStorageResponse } from "./storage-objects.ts";

export { isGatewayPath };

/** The local Supabase API (auth, REST, storage) as every local server mounts it. */
export type LocalApi = {
  /** Answers a request for /auth/v1, /rest/v1 or /storage/v1 from `clientIp`. */
  handle(request: Request, clientIp: string | null): Promise<Response>;
};

/**
 * lite's App with what hosted Supabase has around its services and lite
 * lacks: the gateway's CORS (api-cors.ts), Auth's per-IP rate limits
 * (auth-rate-limit.ts; AUTH_RATE_LIMIT_* from the environment unless given)
 * and storage objects served inert (storage-objects.ts). Used by `npm start`,
 * the dev server's plugin, and the API-only server of tests and benchmarks.
 */
export function createLocalApi(app: App, options: { authRateLimits?: AuthRateLimits } = {}): LocalApi {
  const limiter = createAuthRateLimiter(options.authRateLimits ?? authRateLimitsFromEnv(process.env));
  // lite serves every request on one PGlite session, and its transactions are
  // BEGIN … COMMIT on that session with no lock around them: a statement of a
  // concurrent request can run inside another request's transaction, under
  // its role and claims (seen: Auth's read of auth.users refused under a REST
  // request's `authenticated` role, which then failed that request with
  // "current transaction is aborted"). One request at a time keeps each
  // transaction whole; PGlite runs one statement at a time anyway.
  let previous: Promise<unknown> = Promise.resolve();
  const lite = async (request: Request, clientIp: string | null) => {
    const response = previous.then(() => app.fetch(request, { peerAddress: clientIp }));
    previous = response.catch(() => {});
    return withByteChunks(await response);
  };

  async function wholeObject(request: Request, clientIp: string | null): Promise<ReadableStream<Uint8Array> | null> {
    const headers = new Headers(request.headers);
    headers.delete("Range");
    const response = await lite(new Request(request.url, { method: "GET", headers }), clientIp);
    if (response.ok) return response.body;
    await response.body?.cancel();
    return null;
  }

  return {
    async handle(request, clientIp) {
      const { pathname } = new URL(request.url);
      const preflight = gatewayPreflight(request);
      if (preflight) return preflight;
      let response = pathname.startsWith("/auth/v1/") ? limiter.check(request, clientIp) : null;
      response ??= await lite(request, clientIp);
      if (pathname.startsWith("/storage/v1/")) {
        response = await inertStorageResponse(request, response, () => wholeObject(request, clientIp));
      }
      return withGatewayCors(pathname, response);
    },
  };
}
