import { type Authenticate, defineFunction, signedInUser } from "../_shared/http/define_function.ts";
import { errorResponse, json } from "../_shared/http/responses.ts";
import { enforceRateLimit, type RateLimit, rateLimitFromEnv } from "../_shared/limits/rate_limit.ts";
import { privateHostAllowlistFromEnv } from "../_shared/net/host_allowlist.ts";
import { guardedFetch } from "../_shared/net/ssrf.ts";
import { createServiceClient } from "../_shared/platform/service_client.ts";
import { requireUser } from "../_shared/platform/user_auth.ts";
import { connectSiteRequestSchema, WORDPRESS_MESSAGES } from "../_shared/schemas/wordpress.ts";
import {
  ConnectionTestError,
  type ConnectionTestInput,
  type ConnectionTestResult,
  testWordPressConnection,
} from "../_shared/wordpress/discovery.ts";
import { type SaveSite, siteSaver } from "./site_store.ts";

export const MAX_BODY_BYTES = 16 * 1024;

export interface ConnectSiteDependencies {
  authenticate: Authenticate;
  testConnection: (input: ConnectionTestInput) => Promise<ConnectionTestResult>;
  saveSite: SaveSite;
  /**
   * WORDPRESS_CONNECT_RATE_LIMIT connection tests per
   * WORDPRESS_CONNECT_RATE_LIMIT_WINDOW_SECONDS, per user: each test sends up
   * to six requests to a server the user chose, dry runs included.
   */
  rateLimit: RateLimit;
}

/**
 * POST { name, site_url, username, application_password, webhook_secret?, dryRun? }
 * - 201 { site }: tested and saved (the row without secrets);
 * - 200 { ok: true, site_url, base_url, seo_plugin }: dryRun, tested only;
 * - 400 invalid input `{ error: "<field>: <message>", field, issues }`;
 * - 401 not signed in; 405; 413;
 * - 429 `{ error, retryAfterSeconds }` with Retry-After: too many connection
 *   tests (dry runs count);
 * - 422 `{ error, field: "site_url", reason, path?, missingCapability? }`: the
 *   connection test failed (show `error` on the Site URL field);
 * - 500 'Failed to connect WordPress site' when saving failed.
 */
export function createHandler(deps: ConnectSiteDependencies): (req: Request) => Promise<Response> {
  return defineFunction({
    name: "wordpress-connect",
    caller: signedInUser((req) => deps.authenticate(req)),
    body: { schema: connectSiteRequestSchema, maxBytes: MAX_BODY_BYTES },
    failureMessage: WORDPRESS_MESSAGES.connectFailed,
    async handle({ userId, input }) {
      const limited = await enforceRateLimit(deps.rateLimit, userId);
      if (limited) return limited;
      let tested: ConnectionTestResult;
      try {
        tested = await deps.testConnection({
          siteUrl: input.site_url,
          username: input.username,
          applicationPassword: input.application_password,
        });
      } catch (error) {
        if (!(error instanceof ConnectionTestError)) throw error;
        console.warn(
          `[wordpress-connect] connection test failed: ${error.reason}${
            error.details.detail ? ` (${error.details.detail})` : ""
          }`,
        );
        const { path, missingCapability } = error.details;
        return errorResponse(422, error.message, {
          field: "site_url",
          reason: error.reason,
          ...(path ? { path } : {}),
          ...(missingCapability ? { missingCapability } : {}),
        });
      }

      if (input.dryRun) {
        return json({ ok: true, site_url: tested.siteUrl, base_url: tested.restRoot, seo_plugin: tested.seoPlugin });
      }
      const site = await deps.saveSite({
        userId,
        name: input.name,
        siteUrl: tested.siteUrl,
        username: input.username,
        baseUrl: tested.restRoot,
        seoPlugin: tested.seoPlugin,
        applicationPassword: input.application_password,
        webhookSecret: input.webhook_secret,
      });
      return json({ site }, 201);
    },
  });
}

export function productionDependencies(): ConnectSiteDependencies {
  const service = createServiceClient();
  return {
    authenticate: (req) => requireUser(req, service),
    testConnection: (input) =>
      testWordPressConnection(input, {
        fetch: guardedFetch,
        fetchOptions: { privateHostAllowlist: privateHostAllowlistFromEnv() },
      }),
    saveSite: siteSaver(service),
    rateLimit: rateLimitFromEnv("wordpressConnect", service),
  };
}
