/**
 * The content index of connected sites (internal links): the request the
 * browser sends to `sync-site-content`, its result and messages, and a link
 * target as `internal_link_targets()` returns it. Shared with the browser:
 * imports nothing but zod.
 */
import { z } from "zod";

export const SITE_CONTENT_MESSAGES = {
  siteNotFound: "Selected site not found",
  /** 422: the content index is WordPress-only in this version. */
  notIndexable: "Only WordPress sites have a content index: Ghost posts are not indexed for internal links",
  syncFailed: "Failed to refresh the site's content",
  synced: "Site content refreshed",
} as const;

/**
 * - full: read every published post and page and replace the site's index;
 * - incremental: only what WordPress modified since the last sync;
 * - auto: full when the site was never fully synced, or not in the last
 *   FULL_SYNC_INTERVAL_HOURS; incremental otherwise.
 */
export const SYNC_MODES = ["auto", "full", "incremental"] as const;
export type SyncModeRequest = (typeof SYNC_MODES)[number];
export const FULL_SYNC_INTERVAL_HOURS = 24;

export const syncSiteContentRequestSchema = z.object({
  siteId: z.uuid({ error: SITE_CONTENT_MESSAGES.siteNotFound }),
  mode: z.enum(SYNC_MODES).optional().default("auto"),
});
export type SyncSiteContentRequest = z.input<typeof syncSiteContentRequestSchema>;

/** 200 from `sync-site-content`. */
export const syncSiteContentResultSchema = z.object({
  mode: z.enum(["full", "incremental"]),
  /** Entries written (new or changed). */
  upserted: z.number(),
  /** Entries deleted: unpublished, trashed, or (full sync) no longer listed. */
  removed: z.number(),
  /** Entries the site's index holds now. */
  entryCount: z.number(),
  /** The site has more posts than one sync reads: only the most recently modified are indexed. */
  truncated: z.boolean(),
  syncedAt: z.string(),
});
export type SyncSiteContentResult = z.infer<typeof syncSiteContentResultSchema>;

/** 502 from `sync-site-content`: `error` is syncFailed, `detail` says why in words a blogger can act on. */
export const syncSiteContentFailureSchema = z.object({ error: z.string(), detail: z.string().optional() });

/** How many link targets drafting offers the model. */
export const DRAFT_LINK_TARGETS = 6;

/** One entry of the content index ranked for a text (a row of `internal_link_targets()`). */
export const linkTargetSchema = z.object({
  id: z.string(),
  site_id: z.string(),
  remote_type: z.enum(["post", "page"]),
  url: z.string(),
  title: z.string(),
  excerpt: z.string(),
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  article_id: z.string().nullable(),
  score: z.number(),
});
export type LinkTarget = z.infer<typeof linkTargetSchema>;
