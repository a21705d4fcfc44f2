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
  embedFailed: "Failed to embed the content index",
} as const;

/**
 * How internal links are ranked (profiles.link_relevance): full text (the
 * default, no key, no cost) or embeddings (the OpenAI-compatible embeddings
 * endpoint with the user's own key, and pgvector).
 */
export const LINK_RELEVANCES = ["full_text", "embeddings"] as const;
export type LinkRelevance = (typeof LINK_RELEVANCES)[number];

export interface LinkRelevanceSetting {
  relevance: LinkRelevance;
  /** The embeddings model the index and the queries are embedded with; null: the AI provider's default. */
  model: string | null;
}

/** profiles.embeddings_model's rule. */
export const EMBEDDINGS_MODEL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$/;

export const linkRelevanceSettingSchema = z.object({
  relevance: z.enum(LINK_RELEVANCES),
  /** "" or null: the provider's default. */
  model: z.string().trim().regex(EMBEDDINGS_MODEL_PATTERN, {
    error: "Enter a model name of letters, digits and . _ : / - (at most 100 characters)",
  }).or(z.literal("")).nullable().transform((model) => model || null),
});

/**
 * - full: read every published post and page and replace the site's index;
 * - incremental: only what WordPress modified since the last sync;
 * - auto: full when the site was never fully synced, or not in the last
 *   FULL_SYNC_INTERVAL_HOURS; incremental otherwise.
 */
export const SYNC_MODES = ["auto", "full", "incremental"] as const;
export type SyncModeRequest = (typeof SYNC_MODES)[number];
export const FULL_SYNC_INTERVAL_HOURS = 24;

/**
 * A sync of one site ({ siteId, mode? }), or { mode: "embed" }: no site is
 * read, the entries of all the user's sites that have no embedding for
 * their current text are embedded (what switching to embeddings asks for).
 */
export const syncSiteContentRequestSchema = z.object({
  siteId: z.uuid({ error: SITE_CONTENT_MESSAGES.siteNotFound }).optional(),
  mode: z.enum([...SYNC_MODES, "embed"]).optional().default("auto"),
}).superRefine((request, context) => {
  if (request.mode !== "embed" && request.siteId === undefined) {
    context.addIssue({ code: "custom", path: ["siteId"], message: SITE_CONTENT_MESSAGES.siteNotFound });
  }
});

/** How far an embedding pass got (the user's relevance is embeddings). */
export const embeddingPassSchema = z.object({
  model: z.string(),
  /** Entries embedded by this pass. */
  embedded: z.number(),
  /** Entries still without an embedding for their current text (the next pass continues). */
  pending: z.number(),
  /** Why the pass stopped early, in words a blogger can act on; the sync itself succeeded. */
  error: z.string().optional(),
});
export type EmbeddingPass = z.infer<typeof embeddingPassSchema>;

/** 200 from `sync-site-content` with mode "embed". */
export const embedSiteContentResultSchema = z.object({ mode: z.literal("embed"), embeddings: embeddingPassSchema });
export type EmbedSiteContentResult = z.infer<typeof embedSiteContentResultSchema>;

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
  /** Present when the user ranks links by embeddings: the new and changed entries were embedded after the sync. */
  embeddings: embeddingPassSchema.optional(),
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

/** POST body of `link-targets` (the editor's suggestions). */
export const linkTargetsRequestSchema = z.object({
  focus: z.string().max(2_000, { error: "Title and focus keyword are too long" }),
  body: z.string().max(100_000, { error: "The article is too long to rank links for" }).optional().default(""),
  limit: z.number().int().min(1).max(50).optional().default(12),
  siteIds: z.array(z.uuid({ error: SITE_CONTENT_MESSAGES.siteNotFound })).max(50).optional(),
  excludeArticleId: z.uuid({ error: "Article not found" }).optional(),
});

/** 200 from `link-targets`. */
export const linkTargetsResultSchema = z.object({
  targets: z.array(linkTargetSchema),
  relevance: z.enum(LINK_RELEVANCES),
  /** Why embeddings (the user's choice) were not used this time. */
  fallback: z.string().optional(),
});
export type LinkTargetsResult = z.infer<typeof linkTargetsResultSchema>;
