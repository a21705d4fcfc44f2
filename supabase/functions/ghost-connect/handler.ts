import { type Authenticate, defineFunction, signedInUser } from "../_shared/http/define_function.ts";
import { errorResponse, json } from "../_shared/http/responses.ts";
import { enforceRateLimit, type RateLimit, rateLimitFromEnv } from "../_shared/limits/rate_limit.ts";
import { privateHostAllowlistFromEnv } from "../_shared/net/host_allowlist.ts";
import { guardedFetch } from "../_shared/net/ssrf.ts";
import type { RequestCaller } from "../_shared/platform/caller.ts";
import { createSystemAccess } from "../_shared/platform/system_access.ts";
import { connectGhostSiteRequestSchema, GHOST_MESSAGES } from "../_shared/contracts/ghost_sites.ts";
import {
  GhostConnectionError,
  type GhostConnectionInput,
  type GhostConnectionResult,
  testGhostConnection,
} from "../_shared/publishing/ghost/connection_check.ts";
import { ghostSiteSaver, type SaveGhostSite } from "./site_store.ts";

export const MAX_BODY_BYTES = 8 * 1024;

export interface ConnectGhostSiteDependencies {
  authenticate: Authenticate;
  testConnection: (input: GhostConnectionInput) => Promise<GhostConnectionResult>;
  saveSite: SaveGhostSite;
  /** Shared with wordpress-connect: connection tests per user, of either kind. */
  rateLimit: RateLimit;
}

/**
 * POST { name, admin_url, admin_api_key }
 * - 201 { site }: tested (site info, then a permission check with the key)
 *   and saved; the row never carries the key;
 * - 400 invalid input `{ error: "<field>: <message>", field, issues }`;
 * - 401 not signed in; 405; 413;
 * - 429 `{ error, retryAfterSeconds }`: too many connection tests;
 * - 422 `{ error, field: "admin_url" | "admin_api_key", reason }`: the test
 *   failed (not Ghost, key refused, key without permission, unreachable);
 * - 500 'Failed to connect Ghost site' when saving failed.
 */
export function createHandler(deps: ConnectGhostSiteDependencies): (req: Request) => Promise<Response> {
  return defineFunction({
    name: "ghost-connect",
    caller: signedInUser((req) => deps.authenticate(req)),
    body: { schema: connectGhostSiteRequestSchema, maxBytes: MAX_BODY_BYTES },
    failureMessage: GHOST_MESSAGES.connectFailed,
    async handle({ userId, input }) {
      const limited = await enforceRateLimit(deps.rateLimit, userId);
      if (limited) return limited;
      let tested: GhostConnectionResult;
      try {
        tested = await deps.testConnection({ adminUrl: input.admin_url, adminApiKey: input.admin_api_key });
      } catch (error) {
        if (!(error instanceof GhostConnectionError)) throw error;
        console.warn(`[ghost-connect] connection test failed: ${error.reason}${error.detail ? ` (${error.detail})` : ""}`);
        return errorResponse(422, error.message, { field: error.field, reason: error.reason });
      }
      const site = await deps.saveSite({
        userId,
        name: input.name,
        siteUrl: tested.siteUrl,
        adminApiRoot: tested.adminApiRoot,
        adminApiKey: input.admin_api_key,
      });
      return json({ site }, 201);
    },
  });
}

/** Built at boot; per caller: the caller verified, the site saved on the system's siteConnections path. */
export function productionDependencies(): (caller: RequestCaller) => ConnectGhostSiteDependencies {
  const system = createSystemAccess();
  const saveSite = ghostSiteSaver(system.siteConnections, system.sealSecret);
  const rateLimit = rateLimitFromEnv("wordpressConnect", system.rateLimits);
  return (caller) => ({
    authenticate: () => caller.authenticate(),
    testConnection: (input) =>
      testGhostConnection(input, {
        fetch: guardedFetch,
        fetchOptions: { privateHostAllowlist: privateHostAllowlistFromEnv() },
      }),
    saveSite,
    rateLimit,
  });
}
