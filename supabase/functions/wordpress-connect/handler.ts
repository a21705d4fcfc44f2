import { type Authenticate, defineFunction, signedInUser } from "../_shared/http/define_function.ts";
import { errorResponse, json } from "../_shared/http/responses.ts";
import { enforceRateLimit, type RateLimit, rateLimitFromEnv } from "../_shared/limits/rate_limit.ts";
import { redactSecrets } from "../_shared/log/redact_secrets.ts";
import { privateHostAllowlistFromEnv } from "../_shared/net/host_allowlist.ts";
import { guardedFetch } from "../_shared/net/ssrf.ts";
import type { RequestCaller } from "../_shared/platform/caller.ts";
import { createSystemAccess } from "../_shared/platform/system_access.ts";
import { type ConnectSiteInput, type UpdateSiteInput, WORDPRESS_MESSAGES, wordpressConnectRequestSchema } from "../_shared/contracts/sites.ts";
import {
  ConnectionTestError,
  type ConnectionTestInput,
  type ConnectionTestResult,
  testWordPressConnection,
} from "../_shared/publishing/wordpress/discovery.ts";
import {
  type LoadSite,
  type SaveSite,
  siteLoader,
  siteSaver,
  siteUpdater,
  type TestedConnection,
  type UpdateSite,
} from "./site_store.ts";

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
  loadSite: LoadSite;
  updateSite: UpdateSite;
}

/**
 * The connection test's outcome: the tested site, or the response that says
 * why there is none (429 over the caller's rate limit, checked first; 422 when
 * the test failed).
 */
async function testOrRefuse(
  deps: ConnectSiteDependencies,
  userId: string,
  input: ConnectionTestInput,
): Promise<ConnectionTestResult | Response> {
  const limited = await enforceRateLimit(deps.rateLimit, userId);
  if (limited) return limited;
  try {
    return await deps.testConnection(input);
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
}

async function connectSite(deps: ConnectSiteDependencies, userId: string, input: ConnectSiteInput): Promise<Response> {
  const tested = await testOrRefuse(deps, userId, {
    siteUrl: input.site_url,
    username: input.username,
    applicationPassword: input.application_password,
  });
  if (tested instanceof Response) return tested;
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
}

/**
 * Security: the stored password never leaves the server. A new username or
 * password is tested first, through the same SSRF-guarded connection test
 * as connecting (with the stored password when none is given), and nothing
 * is saved unless WordPress accepts it; a new name alone asks WordPress
 * nothing. Only the caller's own site can be found (404 otherwise, before
 * anything is sent to WordPress).
 */
async function updateSite(deps: ConnectSiteDependencies, userId: string, input: UpdateSiteInput): Promise<Response> {
  const stored = await deps.loadSite(userId, input.siteId);
  if (!stored) return errorResponse(404, WORDPRESS_MESSAGES.siteGone);
  const newPassword = input.application_password || null;
  let connection: TestedConnection | null = null;
  if (newPassword !== null || input.username !== stored.username) {
    const tested = await testOrRefuse(deps, userId, {
      siteUrl: stored.siteUrl,
      username: input.username,
      applicationPassword: newPassword ?? stored.applicationPassword,
    });
    if (tested instanceof Response) return tested;
    connection = { siteUrl: tested.siteUrl, baseUrl: tested.restRoot, seoPlugin: tested.seoPlugin };
  }
  const site = await deps.updateSite({
    userId,
    siteId: input.siteId,
    name: input.name,
    username: input.username,
    connection,
    applicationPassword: newPassword,
    previousApplicationPassword: stored.applicationPassword,
  });
  if (!site) return errorResponse(404, WORDPRESS_MESSAGES.siteGone);
  return json({ site });
}

/**
 * POST { name, site_url, username, application_password, webhook_secret?, dryRun? }
 * - 201 { site }: tested and saved (the row without secrets);
 * - 200 { ok: true, site_url, base_url, seo_plugin }: dryRun, tested only;
 * POST { action: "update", siteId, name, username, application_password? }
 * - 200 { site }: saved; a new username or password was tested first (with
 *   the stored password when none is given); 404 when the caller has no
 *   such site;
 * - 400 invalid input `{ error: "<field>: <message>", field, issues }`;
 * - 401 not signed in; 405; 413;
 * - 429 `{ error, retryAfterSeconds }` with Retry-After: too many connection
 *   tests (dry runs and updates that test count; a new name alone does not);
 * - 422 `{ error, field: "site_url", reason, path?, missingCapability? }`: the
 *   connection test failed (show `error` on the Site URL field);
 * - 500 'Failed to connect WordPress site' ('Failed to update WordPress site'
 *   for an update) when saving failed.
 */
export function createHandler(deps: ConnectSiteDependencies): (req: Request) => Promise<Response> {
  return defineFunction({
    name: "wordpress-connect",
    caller: signedInUser((req) => deps.authenticate(req)),
    body: { schema: wordpressConnectRequestSchema, maxBytes: MAX_BODY_BYTES },
    failureMessage: WORDPRESS_MESSAGES.connectFailed,
    async handle({ userId, input }) {
      if (input.action === "connect") return await connectSite(deps, userId, input);
      try {
        return await updateSite(deps, userId, input);
      } catch (error) {
        // As defineFunction does for a connect, with the edit form's message.
        const message = error instanceof Error ? error.message : String(error);
        console.error(`[wordpress-connect] unexpected failure: ${redactSecrets(message)}`);
        return errorResponse(500, WORDPRESS_MESSAGES.updateFailed);
      }
    },
  });
}

/**
 * Built at boot; per caller: the site loaded as the caller (its password a
 * stored secret), saved and updated on the system's siteConnections path
 * once the connection test passed.
 */
export function productionDependencies(): (caller: RequestCaller) => ConnectSiteDependencies {
  const system = createSystemAccess();
  const shared = {
    testConnection: (input: ConnectionTestInput) =>
      testWordPressConnection(input, {
        fetch: guardedFetch,
        fetchOptions: { privateHostAllowlist: privateHostAllowlistFromEnv() },
      }),
    saveSite: siteSaver(system.siteConnections, system.sealSecret),
    rateLimit: rateLimitFromEnv("wordpressConnect", system.rateLimits),
    updateSite: siteUpdater(system.siteConnections, system.sealSecret),
  };
  return (caller) => ({
    ...shared,
    authenticate: () => caller.authenticate(),
    loadSite: siteLoader(caller.client, system.readApplicationPassword),
  });
}
