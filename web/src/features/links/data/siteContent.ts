import {
  type EmbeddingPass,
  embeddingPassSchema,
  embedSiteContentResultSchema,
  type LinkRelevanceSetting,
  type LinkTarget,
  type LinkTargetsResult,
  linkTargetsResultSchema,
  SITE_CONTENT_MESSAGES,
  syncSiteContentFailureSchema,
  type SyncModeRequest,
  type SyncSiteContentResult,
  syncSiteContentResultSchema,
} from "@contracts/site_content";
import { readFunctionError, requestFailure } from "../../../backend/functionErrors";
import { supabase } from "../../../backend/supabase";

export type { EmbeddingPass, LinkRelevanceSetting, LinkTarget, LinkTargetsResult, SyncSiteContentResult };

/** How far a site's content index is synced (a `site_content_syncs` row). */
export type SiteContentSync = {
  siteId: string;
  entryCount: number;
  lastSyncedAt: string | null;
  lastError: string | null;
};

/** The sync state of the signed-in user's sites (a site never synced has none). */
export async function listSiteContentSyncs(): Promise<SiteContentSync[]> {
  const { data, error } = await supabase.from("site_content_syncs").select("site_id, entry_count, last_synced_at, last_error");
  if (error) throw new Error(error.message);
  return data.map((row) => ({
    siteId: row.site_id,
    entryCount: row.entry_count,
    lastSyncedAt: row.last_synced_at,
    lastError: row.last_error,
  }));
}

/**
 * Refreshes a site's content index (sync-site-content). Throws an Error whose
 * message says why the site could not be read ("Failed to refresh the site's
 * content: The site did not respond in time"), or the function's own error.
 */
export async function syncSiteContent(siteId: string, mode: SyncModeRequest = "auto"): Promise<SyncSiteContentResult> {
  const { data, error } = await supabase.functions.invoke("sync-site-content", { body: { siteId, mode } });
  if (error) {
    const body = syncSiteContentFailureSchema.safeParse(await readFunctionError(error));
    if (!body.success) throw new Error(SITE_CONTENT_MESSAGES.syncFailed);
    throw new Error(body.data.detail ? `${body.data.error}: ${body.data.detail}` : body.data.error);
  }
  const parsed = syncSiteContentResultSchema.safeParse(data);
  if (!parsed.success) throw new Error(SITE_CONTENT_MESSAGES.syncFailed);
  return parsed.data;
}

/** The editor's text sent for ranking: enough for relevance, never a whole long article. */
const BODY_MAX_LENGTH = 20_000;

export type LinkTargetQuery = {
  /** Title and focus keyword. */
  focus: string;
  /** The article's text (HTML is fine: tags are not words). */
  body: string;
  limit: number;
  /** The article's own entry is left out (it may be published already). */
  excludeArticleId?: string;
  /** Only these sites' posts; all the user's sites when absent or empty. */
  siteIds?: string[];
};

const LINK_TARGETS_FAILED = "Could not find link suggestions";

/**
 * The user's indexed posts and pages most relevant to the text, best first
 * (the link-targets function: ranked as the user chose, full text or
 * embeddings, the same code path as drafting). `fallback` says why
 * embeddings, when chosen, did not answer this time.
 */
export async function findLinkTargets(query: LinkTargetQuery): Promise<LinkTargetsResult> {
  const { data, error } = await supabase.functions.invoke("link-targets", {
    body: {
      focus: query.focus,
      body: query.body.replace(/<[^>]*>/g, " ").slice(0, BODY_MAX_LENGTH),
      limit: query.limit,
      ...(query.excludeArticleId ? { excludeArticleId: query.excludeArticleId } : {}),
      ...(query.siteIds?.length ? { siteIds: query.siteIds } : {}),
    },
  });
  // The provider's reason (embeddings on the user's key) with where it is fixed, as the other AI screens show it.
  if (error) throw await requestFailure(error, LINK_TARGETS_FAILED);
  const parsed = linkTargetsResultSchema.safeParse(data);
  if (!parsed.success) throw new Error(LINK_TARGETS_FAILED);
  return parsed.data;
}

/** How the signed-in user ranks internal links (their profile). */
export async function getLinkRelevance(): Promise<LinkRelevanceSetting> {
  const { data, error } = await supabase.from("profiles").select("link_relevance, embeddings_model").maybeSingle();
  if (error) throw new Error(error.message);
  return {
    relevance: data?.link_relevance === "embeddings" ? "embeddings" : "full_text",
    model: data?.embeddings_model ?? null,
  };
}

export async function saveLinkRelevance(userId: string, setting: LinkRelevanceSetting): Promise<void> {
  const { error } = await supabase
    .from("profiles")
    .update({ link_relevance: setting.relevance, embeddings_model: setting.model })
    .eq("id", userId);
  if (error) throw new Error(error.message);
}

/** Passes one request may take before the browser stops asking (each embeds up to 1,000 entries). */
const MAX_EMBED_PASSES = 10;

/**
 * Embeds the user's whole content index with their model and key
 * (sync-site-content, mode "embed"), pass after pass until nothing is
 * pending. Throws an Error whose message says why ("Failed to embed the
 * content index: Invalid OpenAI API key. …").
 */
export async function embedContentIndex(): Promise<EmbeddingPass> {
  let total: EmbeddingPass | null = null;
  for (let pass = 0; pass < MAX_EMBED_PASSES; pass++) {
    const { data, error } = await supabase.functions.invoke("sync-site-content", { body: { mode: "embed" } });
    if (error) {
      const body = syncSiteContentFailureSchema.safeParse(await readFunctionError(error));
      if (!body.success) throw new Error(SITE_CONTENT_MESSAGES.embedFailed);
      throw new Error(body.data.detail ? `${body.data.error}: ${body.data.detail}` : body.data.error);
    }
    const parsed = embedSiteContentResultSchema.safeParse(data);
    if (!parsed.success) throw new Error(SITE_CONTENT_MESSAGES.embedFailed);
    const done: EmbeddingPass = parsed.data.embeddings;
    total = embeddingPassSchema.parse({ ...done, embedded: (total?.embedded ?? 0) + done.embedded });
    if (done.pending === 0 || done.embedded === 0) break;
  }
  return total!;
}
