import {
  type LinkTarget,
  linkTargetSchema,
  SITE_CONTENT_MESSAGES,
  syncSiteContentFailureSchema,
  type SyncModeRequest,
  type SyncSiteContentResult,
  syncSiteContentResultSchema,
} from "../../../supabase/functions/_shared/schemas/site_content";
import { readFunctionError } from "./functionErrors";
import { supabase } from "./supabase";

export type { LinkTarget, SyncSiteContentResult };

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

/** The user's indexed posts and pages most relevant to the text, best first (internal_link_targets()). */
export async function findLinkTargets(query: LinkTargetQuery): Promise<LinkTarget[]> {
  const { data, error } = await supabase.rpc("internal_link_targets", {
    focus: query.focus,
    body: query.body.replace(/<[^>]*>/g, " ").slice(0, BODY_MAX_LENGTH),
    max_results: query.limit,
    ...(query.excludeArticleId ? { exclude_article_id: query.excludeArticleId } : {}),
    ...(query.siteIds?.length ? { site_ids: query.siteIds } : {}),
  });
  if (error) throw new Error(error.message);
  return linkTargetSchema.array().parse(data);
}
