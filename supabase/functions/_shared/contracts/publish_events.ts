/**
 * The event stream of `publish-article`, for a browser that asks for it
 * (`Accept: text/event-stream`): the server's real steps as they happen,
 * then the outcome. Shared with the browser: imports nothing but zod and the
 * WordPress schemas.
 *
 *   event: step    data: PublishStepEvent        (any number, in the order they happen)
 *   event: result  data: PublishArticleResult    (last event of a success)
 *   event: error   data: PublishErrorEvent       (last event of a failure)
 *
 * Every step that starts ends with exactly one `done` or `failed`; a step
 * that does not apply to this article is `skipped` (with a reason) instead.
 * Terms, the featured image and the images in the body run at the same
 * time, so their events interleave. The post step may start twice: an update of a post deleted on
 * the site since is followed by `started` with `action: "create"`. Steps
 * never reached have no event. Lines starting with `:` are keep-alive
 * comments.
 */
import { z } from "zod";
import { PUBLISH_STEPS, publishArticleFailureSchema, type PublishStep } from "./publishing.ts";

export const PUBLISH_EVENTS = { step: "step", result: "result", error: "error" } as const;

export const PUBLISH_STEP_STATES = ["started", "done", "skipped", "failed"] as const;

/**
 * Why a step was skipped:
 * - no_featured_image: the article has none;
 * - featured_image_on_site: the same image was uploaded for an earlier publication and is reused;
 * - no_body_images: the body has no image in this app's storage;
 * - body_images_on_site: every such image is already on the site (in the post this publish updates);
 * - no_terms: the article has no categories and no tags;
 * - no_seo_fields: it has no meta description and no focus keyword;
 * - no_seo_plugin: the site had no SEO plugin when it was connected;
 * - tags_with_post: a Ghost site creates the tags with the post (no request of their own);
 * - seo_with_post: a Ghost site saves the meta title and description with the post.
 */
export const PUBLISH_SKIP_REASONS = [
  "no_featured_image",
  "featured_image_on_site",
  "no_body_images",
  "body_images_on_site",
  "no_terms",
  "no_seo_fields",
  "no_seo_plugin",
  "tags_with_post",
  "seo_with_post",
] as const;
export type PublishSkipReason = (typeof PUBLISH_SKIP_REASONS)[number];

/** The post step creates a new post, or updates the one this article published to the site before. */
export const POST_ACTIONS = ["create", "update"] as const;
export type PostAction = (typeof POST_ACTIONS)[number];

const stepIds = PUBLISH_STEPS.map((step) => step.id) as [PublishStep, ...PublishStep[]];

export const publishStepEventSchema = z.object({
  name: z.enum(stepIds),
  state: z.enum(PUBLISH_STEP_STATES),
  /** Post step, `started`: create or update. */
  action: z.enum(POST_ACTIONS).optional(),
  /** `skipped`: why. */
  reason: z.enum(PUBLISH_SKIP_REASONS).optional(),
  /** `failed`: why, in words a blogger can act on. */
  detail: z.string().optional(),
});
export type PublishStepEvent = z.infer<typeof publishStepEventSchema>;

/** The JSON error body `publish-article` would have answered, with its HTTP status. */
export const publishErrorEventSchema = publishArticleFailureSchema.extend({ status: z.number().int() });
export type PublishErrorEvent = z.infer<typeof publishErrorEventSchema>;
