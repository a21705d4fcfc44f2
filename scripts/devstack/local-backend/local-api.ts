import type { App } from "@supabase/lite";
import { gatewayPreflight, isGatewayPath, withGatewayCors } from "./api-cors.ts";
import { leastBusy, type LiteBackend } from "./api-workers.ts";
import { type AuthRateLimits, authRateLimitsFromEnv, createAuthRateLimiter } from "./auth-rate-limit.ts";
import { withByteChunks } from "./lite-app.ts";
import { BODY_LIMITS, type BodyLimits, maxBodyBytes, readBoundedBody, refusalResponse, withBody } from "./request-body.ts";
import { inertStorageResponse } from "./storage-objects.ts";

export { isGatewayPath };

/** The local Supabase API (auth, REST, storage) as every local server mounts it. */
export type LocalApi = {
  /** Answers a request for /auth/v1, /rest/v1 or /storage/v1 from `clientIp`. */
  handle(request: Request, clientIp: string | null): Promise<Response>;
};

export type LocalApiOptions = {
  authRateLimits?: AuthRateLimits;
  /**
   * One request at a time into lite: what the embedded PGlite needs (below).
   * Off on a PostgreSQL server, where each request gets a connection of its
   * own from the pool (lite runs every request's statements in a
   * transaction of their own, and postgres.js reserves a connection for
   * each). Default true.
   */
  serialize?: boolean;
  /** Body caps and deadline (request-body.ts); default BODY_LIMITS. */
  bodyLimits?: BodyLimits;
  /** Worker processes sharing the load with this one (api-workers.ts; PostgreSQL only). */
  workers?: LiteBackend[];
};

/**
 * lite's App with what hosted Supabase has around its services and lite
 * lacks: the gateway's CORS (api-cors.ts), Auth's per-IP rate limits
 * (auth-rate-limit.ts; AUTH_RATE_LIMIT_* from the environment unless given)
 * and storage objects served inert (storage-objects.ts); and what keeps it
 * serving: every body read within a size cap and a deadline before the
 * request reaches lite (request-body.ts), so a slow or huge upload holds only
 * its own request. Used by `npm start`, the dev server's plugin, and the
 * API-only server of tests and benchmarks.
 */
export function createLocalApi(app: App, options: LocalApiOptions = {}): LocalApi {
  const limiter = createAuthRateLimiter(options.authRateLimits ?? authRateLimitsFromEnv(process.env));
  const bodyLimits = options.bodyLimits ?? BODY_LIMITS;
  // lite serves every request on one PGlite session, and its transactions are
  // BEGIN … COMMIT on that session with no lock around them: a statement of a
  // concurrent request can run inside another request's transaction, under
  // its role and claims (seen: Auth's read of auth.users refused under a REST
  // request's `authenticated` role, which then failed that request with
  // "current transaction is aborted"). One request at a time keeps each
  // transaction whole; PGlite runs one statement at a time anyway.
  let previous: Promise<unknown> = Promise.resolve();
  const serialized = (request: Request, clientIp: string | null) => {
    const response = previous.then(() => app.fetch(request, { peerAddress: clientIp }));
    previous = response.catch(() => {});
    return response;
  };
  const here: LiteBackend = (request, clientIp) =>
    options.serialize === false ? app.fetch(request, { peerAddress: clientIp }) : serialized(request, clientIp);
  const backend = options.workers?.length ? leastBusy([here, ...options.workers]) : here;
  // Storage downloads are the only bodies lite streams in ArrayBuffer chunks.
  const lite = async (request: Request, clientIp: string | null) => {
    const response = await backend(request, clientIp);
    return new URL(request.url).pathname.startsWith("/storage/v1/") ? withByteChunks(response) : response;
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
    async handle(incoming, clientIp) {
      const { pathname } = new URL(incoming.url);
      const preflight = gatewayPreflight(incoming);
      if (preflight) return preflight;
      let response = pathname.startsWith("/auth/v1/") ? limiter.check(incoming, clientIp) : null;
      if (response) return withGatewayCors(pathname, response);
      const body = await readBoundedBody(incoming, maxBodyBytes(bodyLimits, pathname), bodyLimits.deadlineMs);
      if (body && "status" in body) return withGatewayCors(pathname, refusalResponse(body));
      const request = incoming.body ? withBody(incoming, body) : incoming;
      response = await lite(request, clientIp);
      if (pathname.startsWith("/storage/v1/")) {
        response = await inertStorageResponse(request, response, () => wholeObject(request, clientIp));
      }
      return withGatewayCors(pathname, response);
    },
  };
}
