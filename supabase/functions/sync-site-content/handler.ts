import { type AiDeployment, aiDeploymentFromEnv } from "../_shared/ai/ai_deployment.ts";
import { createEmbeddingsClient, type EmbedTexts } from "../_shared/ai/embeddings.ts";
import { describeProviderFailure } from "../_shared/ai/provider_errors.ts";
import { modelFor, type ProviderTarget, requireKey } from "../_shared/ai/provider_target.ts";
import { failureResponse } from "../_shared/ai/text_function.ts";
import { type Authenticate, defineFunction, signedInUser } from "../_shared/http/define_function.ts";
import { createEmbeddingStore, embedContentIndex } from "../_shared/links/index_embeddings.ts";
import { linkRelevanceReader, providerTargetReader } from "../_shared/links/link_targets.ts";
import { errorResponse, json } from "../_shared/http/responses.ts";
import { enforceRateLimit, type RateLimit, rateLimitFromEnv } from "../_shared/limits/rate_limit.ts";
import { privateHostAllowlistFromEnv } from "../_shared/net/host_allowlist.ts";
import { guardedFetch, OutboundRequestError } from "../_shared/net/ssrf.ts";
import type { RequestCaller } from "../_shared/platform/caller.ts";
import { createSystemAccess } from "../_shared/platform/system_access.ts";
import {
  type EmbeddingPass,
  type EmbedSiteContentResult,
  FULL_SYNC_INTERVAL_HOURS,
  type LinkRelevance,
  SITE_CONTENT_MESSAGES,
  type SyncModeRequest,
  syncSiteContentRequestSchema,
  type SyncSiteContentResult,
} from "../_shared/contracts/site_content.ts";
import type { SiteRecord, WordPressSiteRecord } from "../_shared/publishing/publication.ts";
import { createPublicationStore } from "../_shared/publishing/publication_store.ts";
import { describeFailure } from "../_shared/publishing/wordpress/publish_post.ts";
import { createWordPressClient, WordPressError } from "../_shared/publishing/wordpress/rest.ts";
import {
  fetchSiteContent,
  type FetchSiteContentOptions,
  SiteContentError,
  type SiteContentSnapshot,
  type SyncMode,
} from "../_shared/publishing/wordpress/site_content.ts";
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
  /** How the user ranks internal links (embeddings: the index is embedded after each sync). */
  readLinkRelevance(userId: string): Promise<LinkRelevance>;
  /** The user's provider, key and embeddings model (_shared/ai/provider_access.ts). */
  readTarget(userId: string): Promise<ProviderTarget>;
  /** The embedding pass over the user's index (_shared/links/index_embeddings.ts); no key embeds nothing. */
  embedIndex(userId: string, target: ProviderTarget, model: string): Promise<EmbeddingPass>;
  now?: () => Date;
}

/** What a sync reports when embedding its entries failed for another reason than the provider. */
const EMBEDDINGS_NOT_STORED = "The embeddings could not be stored; the next refresh tries again.";

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
 * - 200 { mode, upserted, removed, entryCount, truncated, syncedAt,
 *   embeddings? }: when the user ranks links by embeddings, the new and
 *   changed entries are embedded after the sync; `embeddings` says how many,
 *   how many are left, and why it stopped (a failure to embed never fails
 *   the sync);
 * - 400 invalid input; 401 not signed in; 405; 413;
 * - 404 'Selected site not found' (not the caller's: WordPress is never asked);
 * - 422 SITE_CONTENT_MESSAGES.notIndexable for a Ghost site (the index is
 *   WordPress-only in this version; the site is never asked);
 * - 429 `{ error, retryAfterSeconds }` with Retry-After: too many refreshes;
 * - 502 { error: "Failed to refresh the site's content", detail }: the site
 *   could not be read; the index is left as it was and the reason is kept
 *   for the site card;
 * - 500 when the result could not be stored.
 *
 * POST { mode: "embed" } — embeds the entries of all the caller's sites that
 * have no embedding of their model for their current text (switching to
 * embeddings), whatever the setting says; no site is read. Rate-limited with
 * the refreshes. 200 { mode: "embed", embeddings }; 400 'OpenAI API key not
 * found' or no embeddings model (with `problem`); 502 { error: "Failed to
 * embed the content index", detail, embeddings } when the provider refused
 * or failed.
 */
export function createHandler(deps: SyncSiteContentDependencies): (req: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  return defineFunction({
    name: "sync-site-content",
    caller: signedInUser((req) => deps.authenticate(req)),
    body: { schema: syncSiteContentRequestSchema, maxBytes: MAX_BODY_BYTES },
    failureMessage: SITE_CONTENT_MESSAGES.syncFailed,
    async handle({ userId, input }) {
      if (input.mode === "embed") return await embedOnly(userId);
      const site = await deps.findSite(userId, input.siteId!);
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
      const embeddings = await embedAfterSync(userId);
      return json(embeddings ? { ...result, embeddings } : result);
    },
  });

  async function embedOnly(userId: string): Promise<Response> {
    const target = await deps.readTarget(userId);
    let model: string;
    try {
      requireKey(target);
      model = modelFor(target, "embeddings").model;
    } catch (error) {
      return failureResponse(
        describeProviderFailure(error, {
          provider: target.provider,
          providerLabel: target.label,
          fallbackMessage: SITE_CONTENT_MESSAGES.embedFailed,
        }),
      );
    }
    const limited = await enforceRateLimit(deps.rateLimit, userId);
    if (limited) return limited;
    const embeddings = await deps.embedIndex(userId, target, model);
    if (embeddings.error) {
      return errorResponse(502, SITE_CONTENT_MESSAGES.embedFailed, { detail: embeddings.error, embeddings });
    }
    const result: EmbedSiteContentResult = { mode: "embed", embeddings };
    return json(result);
  }

  /** The embedding pass after a sync, when the user ranks by embeddings; undefined otherwise. */
  async function embedAfterSync(userId: string): Promise<EmbeddingPass | undefined> {
    let model: string | null | undefined;
    try {
      if ((await deps.readLinkRelevance(userId)) !== "embeddings") return undefined;
      const target = await deps.readTarget(userId);
      model = target.models.embeddings;
      if (!model) {
        return {
          model: "",
          embedded: 0,
          pending: 0,
          error: `No embeddings model is chosen for ${target.label}: choose one in Profile Settings → Internal links.`,
        };
      }
      return await deps.embedIndex(userId, target, model);
    } catch (error) {
      console.error(`[sync-site-content] user ${userId}: embedding the index failed: ${error instanceof Error ? error.message : error}`);
      return model ? { model, embedded: 0, pending: 0, error: EMBEDDINGS_NOT_STORED } : undefined;
    }
  }
}

/**
 * Built at boot; per caller: the site, its sync state and the relevance
 * setting read as the caller, the application password and the provider's
 * key stored secrets, the index written on the system's contentIndex path.
 */
export function productionDependencies(
  deployment: AiDeployment = aiDeploymentFromEnv(),
): (caller: RequestCaller) => SyncSiteContentDependencies {
  const system = createSystemAccess();
  const embeddingStore = createEmbeddingStore(system.contentIndex);
  const rateLimit = rateLimitFromEnv("siteContentSync", system.rateLimits);
  const privateHostAllowlist = privateHostAllowlistFromEnv();
  const readTarget = providerTargetReader(system.readTextProvider, deployment);
  const embedder = (target: ProviderTarget): EmbedTexts | null =>
    target.apiKey || target.provider === "custom" ? createEmbeddingsClient({ target, timeoutMs: 30_000 }) : null;
  return (caller) => {
    const publications = createPublicationStore(caller.client, system);
    return {
      authenticate: () => caller.authenticate(),
      findSite: (userId, siteId) => publications.findSite(userId, siteId),
      fetchContent: (site, options) =>
        fetchSiteContent(
          createWordPressClient(
            site.base_url,
            { username: site.username, applicationPassword: site.application_password },
            guardedFetch,
            { privateHostAllowlist },
          ),
          options,
        ),
      store: createSyncStore(caller.client, system.contentIndex),
      rateLimit,
      readLinkRelevance: linkRelevanceReader(caller.client),
      readTarget,
      embedIndex: (userId, target, model) => embedContentIndex(embeddingStore, embedder(target), userId, model),
    };
  };
}
