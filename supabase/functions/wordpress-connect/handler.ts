import { type Authenticate, defineFunction, signedInUser } from "../_shared/http/define_function.ts";
import { errorResponse, json } from "../_shared/http/responses.ts";
import { enforceRateLimit, type RateLimit, rateLimitFromEnv } from "../_shared/limits/rate_limit.ts";
import { redactSecrets } from "../_shared/log/redact_secrets.ts";
import { hostKey, privateHostAllowlistFromEnv } from "../_shared/net/host_allowlist.ts";
import { guardedFetch } from "../_shared/net/ssrf.ts";
import type { RequestCaller } from "../_shared/platform/caller.ts";
import { createSystemAccess } from "../_shared/platform/system_access.ts";
import {
  type ConnectionField,
  type ConnectSiteInput,
  privateAddressHelp,
  type UpdateSiteInput,
  WORDPRESS_MESSAGES,
  wordpressConnectRequestSchema,
} from "../_shared/contracts/sites.ts";
import {
  type ConnectionFailureReason,
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
 * Which field a failed test is about, and the help behind its message: the
 * credentials for a refused login (WordPress answers a wrong password and a
 * dropped Authorization header alike), the account for missing permissions,
 * the address for everything else; a private address names the setting that
 * allows it (PRIVATE_HOST_ALLOWLIST) with the exact entry.
 */
export function failureFeedback(reason: ConnectionFailureReason, siteUrl: string): { field: ConnectionField; help?: string } {
  switch (reason) {
    case "authentication_failed":
    case "authorization_header_stripped":
      return { field: "application_password", help: WORDPRESS_MESSAGES.authenticationHelp };
    case "application_passwords_unavailable":
      return { field: "application_password" };
    case "endpoint_not_accessible":
      return { field: "username", help: WORDPRESS_MESSAGES.endpointHelp };
    case "private_address": {
      let host = "the site's host:port";
      try {
        host = hostKey(new URL(siteUrl));
      } catch {
        // an address that cannot be read is refused before this
      }
      return { field: "site_url", help: privateAddressHelp(host) };
    }
    default:
      return { field: "site_url" };
  }
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
    const { field, help } = failureFeedback(error.reason, input.siteUrl);
    return errorResponse(422, error.message, {
      field,
      reason: error.reason,
      ...(help ? { help } : {}),
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
 * Tests a connected site again with its stored username and password (its
 * SEO plugin may have been installed since), and records what was found; the
 * name and credentials stay. Only the caller's own site (404 otherwise).
 */
async function recheckSite(deps: ConnectSiteDependencies, userId: string, siteId: string): Promise<Response> {
  const stored = await deps.loadSite(userId, siteId);
  if (!stored) return errorResponse(404, WORDPRESS_MESSAGES.siteGone);
  const tested = await testOrRefuse(deps, userId, {
    siteUrl: stored.siteUrl,
    username: stored.username,
    applicationPassword: stored.applicationPassword,
  });
  if (tested instanceof Response) return tested;
  const site = await deps.updateSite({
    userId,
    siteId,
    name: stored.name,
    username: stored.username,
    connection: { siteUrl: tested.siteUrl, baseUrl: tested.restRoot, seoPlugin: tested.seoPlugin },
    applicationPassword: null,
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
 * POST { action: "recheck", siteId }
 * - 200 { site }: tested again with the stored credentials and its SEO plugin
 *   recorded (a failed test is the 422 below, and changes nothing);
 * - 422 `{ error, field, reason, help?, path?, missingCapability? }`: the
 *   connection test failed: show `error` under `field` (site_url, username
 *   or application_password), with `help` behind it;
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
        if (input.action === "recheck") return await recheckSite(deps, userId, input.siteId);
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
