import { type Authenticate, defineFunction, signedInUser } from "../_shared/http/define_function.ts";
import { errorResponse, json } from "../_shared/http/responses.ts";
import { enforceRateLimit, type RateLimit, rateLimitFromEnv } from "../_shared/limits/rate_limit.ts";
import { privateHostAllowlistFromEnv } from "../_shared/net/host_allowlist.ts";
import { guardedFetch, OutboundRequestError } from "../_shared/net/ssrf.ts";
import { createServiceClient } from "../_shared/platform/service_client.ts";
import { requireUser } from "../_shared/platform/user_auth.ts";
import {
  FULL_SYNC_INTERVAL_HOURS,
  SITE_CONTENT_MESSAGES,
  type SyncModeRequest,
  syncSiteContentRequestSchema,
  type SyncSiteContentResult,
} from "../_shared/schemas/site_content.ts";
import type { SiteRecord, WordPressSiteRecord } from "../_shared/wordpress/publication.ts";
import { createPublicationStore } from "../_shared/wordpress/publication_store.ts";
import { describeFailure } from "../_shared/wordpress/publish_post.ts";
import { createWordPressClient, WordPressError } from "../_shared/wordpress/rest.ts";
import {
  fetchSiteContent,
  type FetchSiteContentOptions,
  SiteContentError,
  type SiteContentSnapshot,
  type SyncMode,
} from "../_shared/wordpress/site_content.ts";
import { createSyncStore, type SyncState, type SyncStore } from "./sync_store.ts";

export const MAX_BODY_BYTES = 1024;

export interface SyncSiteContentDependencies {
  authenticate: Authenticate;
  /** The site with its application password; null when it is not the user's. */
  findSite(userId: string, siteId: string): Promise<SiteRecord | null>;
  /** Lists the site's content through the SSRF guard. */
  fetchContent(site: WordPressSiteRecord, options: FetchSiteContentOptions): Promise<SiteContentSnapshot>;
  store: SyncStore;
  /** SITE_CONTENT_SYNC_RATE_LIMIT refreshes per window, per user: each reads every page of a site. */
  rateLimit: RateLimit;
  now?: () => Date;
}

/** The mode `auto` resolves to: full unless a full sync finished within FULL_SYNC_INTERVAL_HOURS. */
export function resolveSyncMode(requested: SyncModeRequest, state: SyncState | null, now: Date): SyncMode {
  if (requested !== "auto") return requested === "incremental" && !state?.modifiedCursor ? "full" : requested;
  if (!state?.modifiedCursor || !state.lastFullSyncAt) return "full";
  const age = now.getTime() - Date.parse(state.lastFullSyncAt);
  return Number.isFinite(age) && age < FULL_SYNC_INTERVAL_HOURS * 3600_000 ? "incremental" : "full";
}

/** Why the site could not be read, in words a blogger can act on. */
function syncFailureDetail(error: unknown): string | null {
  if (error instanceof WordPressError || error instanceof OutboundRequestError) return describeFailure(error);
  if (error instanceof SiteContentError) return "The site answered with something that is not a list of posts";
  return null;
}

/**
 * POST { siteId, mode?: "auto" | "full" | "incremental" } — refreshes the
 * content index of one of the caller's sites from its REST API.
 * - 200 { mode, upserted, removed, entryCount, truncated, syncedAt };
 * - 400 invalid input; 401 not signed in; 405; 413;
 * - 404 'Selected site not found' (not the caller's: WordPress is never asked);
 * - 422 SITE_CONTENT_MESSAGES.notIndexable for a Ghost site (the index is
 *   WordPress-only in this version; the site is never asked);
 * - 429 `{ error, retryAfterSeconds }` with Retry-After: too many refreshes;
 * - 502 { error: "Failed to refresh the site's content", detail }: the site
 *   could not be read; the index is left as it was and the reason is kept
 *   for the site card;
 * - 500 when the result could not be stored.
 */
export function createHandler(deps: SyncSiteContentDependencies): (req: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  return defineFunction({
    name: "sync-site-content",
    caller: signedInUser((req) => deps.authenticate(req)),
    body: { schema: syncSiteContentRequestSchema, maxBytes: MAX_BODY_BYTES },
    failureMessage: SITE_CONTENT_MESSAGES.syncFailed,
    async handle({ userId, input }) {
      const site = await deps.findSite(userId, input.siteId);
      if (!site) return errorResponse(404, SITE_CONTENT_MESSAGES.siteNotFound, { field: "siteId" });
      if (site.kind !== "wordpress") {
        return errorResponse(422, SITE_CONTENT_MESSAGES.notIndexable, { field: "siteId" });
      }
      const limited = await enforceRateLimit(deps.rateLimit, userId);
      if (limited) return limited;

      const state = await deps.store.findSyncState(userId, site.id);
      const mode = resolveSyncMode(input.mode, state, now());
      let snapshot: SiteContentSnapshot;
      try {
        snapshot = await deps.fetchContent(site, { mode, since: state?.modifiedCursor });
      } catch (error) {
        const detail = syncFailureDetail(error);
        if (detail === null) throw error;
        console.warn(`[sync-site-content] site ${site.id}: ${error instanceof Error ? error.message : error}`);
        await deps.store.recordFailure(userId, site.id, detail).catch((recordError) =>
          console.error(`[sync-site-content] site ${site.id}: recording the failure failed: ${recordError}`)
        );
        return errorResponse(502, SITE_CONTENT_MESSAGES.syncFailed, { detail });
      }

      const recorded = await deps.store.recordSync(userId, site.id, snapshot);
      const result: SyncSiteContentResult = {
        mode: snapshot.mode,
        upserted: recorded.upserted,
        removed: recorded.removed,
        entryCount: recorded.entryCount,
        truncated: snapshot.truncated,
        syncedAt: now().toISOString(),
      };
      return json(result);
    },
  });
}

export function productionDependencies(): SyncSiteContentDependencies {
  const service = createServiceClient();
  const publications = createPublicationStore(service);
  return {
    authenticate: (req) => requireUser(req, service),
    findSite: (userId, siteId) => publications.findSite(userId, siteId),
    fetchContent: (site, options) =>
      fetchSiteContent(
        createWordPressClient(
          site.base_url,
          { username: site.username, applicationPassword: site.application_password },
          guardedFetch,
          { privateHostAllowlist: privateHostAllowlistFromEnv() },
        ),
        options,
      ),
    store: createSyncStore(service),
    rateLimit: rateLimitFromEnv("siteContentSync", service),
  };
}
