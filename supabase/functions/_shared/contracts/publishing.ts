/**
 * Publishing an article to a connected site (WordPress or Ghost): the request
 * the browser sends to `publish-article`, its result and failures, the
 * user-facing messages (spec §5 and §8, copied exactly) and the publish steps
 * for progress display. Shared with the browser: imports nothing but zod and
 * ./sites.ts.
 */
import { z } from "zod";

export const PUBLISH_MESSAGES = {
  selectSite: "Please select a WordPress site",
  siteNotFound: "Selected site not found",
  articleNotFound: "Article not found",
  uploadFeaturedImageFailed: "Failed to upload featured image",
  /** The images in the article's body could not all be moved to the site; nothing of the post was sent. */
  uploadBodyImagesFailed: "Failed to upload the images in the article",
  publishPostFailed: "Failed to publish post",
  updateArticleStatusFailed: "Failed to update article status",
  publishFailed: "Failed to publish to WordPress",
  published: "Article published successfully to WordPress",
  /** 409: another publish of this article to this site is under way (a second tab, a retry after a timeout). */
  alreadyPublishing: "This article is already being published to this site. Wait for that to finish, then try again.",
  /** 409: the scheduler is publishing this article to this site right now. */
  scheduledPublishing: "The scheduler is publishing this article to this site right now. Wait for it to finish, then try again.",
} as const;

export const POST_STATUSES = ["draft", "publish"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const POST_STATUS_LABELS: Readonly<Record<PostStatus, string>> = {
  draft: "Draft",
  publish: "Publish Immediately",
};

export const publishArticleRequestSchema = z.object({
  articleId: z.uuid({ error: PUBLISH_MESSAGES.articleNotFound }),
  siteId: z
    .string({ error: PUBLISH_MESSAGES.selectSite })
    .trim()
    .min(1, PUBLISH_MESSAGES.selectSite),
  status: z.enum(POST_STATUSES).optional().default("draft"),
});

/**
 * What happened to the meta description and focus keyword:
 * - written: every non-empty field was stored by the SEO plugin;
 * - partial: some were stored, some not (see seoMessage);
 * - not_supported: none could be stored (no SEO plugin, or it refused them);
 * - none: the article has neither field, so nothing was sent.
 */
export const SEO_RESULTS = ["written", "partial", "not_supported", "none"] as const;
export type SeoResult = (typeof SEO_RESULTS)[number];

/** 200 from `publish-article`. */
export const publishArticleResultSchema = z.object({
  link: z.string(),
  /** WordPress's post id (a number), or Ghost's (24 hex digits). */
  remotePostId: z.union([z.number(), z.string()]),
  status: z.enum(POST_STATUSES),
  /** true when an earlier publication's post was updated instead of a new post created. */
  updated: z.boolean(),
  seo: z.enum(SEO_RESULTS),
  /** Why the SEO fields were not (all) written; absent when seo is written or none. */
  seoMessage: z.string().optional(),
  /** Things WordPress changed silently (e.g. a filtered title); the publish still succeeded. */
  warnings: z.array(z.string()),
});
export type PublishArticleResult = z.infer<typeof publishArticleResultSchema>;

/**
 * The steps of a publish, in order, for a progress display. Terms, the
 * featured image and the images in the body run at the same time; the SEO step runs only when the
 * article has a meta description or focus keyword.
 */
export const PUBLISH_STEPS = [
  { id: "terms", label: "Resolving categories and tags" },
  { id: "featured_image", label: "Uploading featured image" },
  { id: "body_images", label: "Uploading images in the article" },
  { id: "post", label: "Creating the post" },
  { id: "seo", label: "Saving SEO fields" },
  { id: "article", label: "Updating article status" },
] as const;
export type PublishStep = (typeof PUBLISH_STEPS)[number]["id"];

/** Error bodies of `publish-article`: `error` is one of the spec's messages, `detail` says why. */
export const publishArticleFailureSchema = z.object({
  error: z.string(),
  detail: z.string().optional(),
  step: z.enum(PUBLISH_STEPS.map((step) => step.id) as [PublishStep, ...PublishStep[]]).optional(),
  field: z.string().optional(),
  link: z.string().optional(),
  remotePostId: z.union([z.number(), z.string()]).optional(),
});
