/**
 * Publishing one article to one WordPress site, in as few sequential round
 * trips as the data allows (the REST root was found at connect time):
 *
 *   1. categories and tags resolved  ∥  featured image downloaded, then uploaded
 *      ∥  images in the body that live in this app's storage uploaded to the
 *      media library and their `src` rewritten (../body_images.ts; on an
 *      update the post's current content is read first, and images already
 *      in it are reused). A failure here stops the publish before the post
 *      is sent, so no post points at half-moved images.
 *   2. post created (or the earlier post updated); WordPress answers with the
 *      post re-read from its database (`context=edit`), which is the read-back
 *      we compare with what we sent
 *   3. SEO fields written (only with a meta description or focus keyword):
 *      Yoast keys through the post's `meta`, or Rank Math's `updateMeta` route
 *
 * The SEO fields go in their own request because WordPress saves the post
 * BEFORE it applies `meta`: a refused meta key would fail the create call
 * after the post exists, leaving us without its id. Separately, a refusal
 * costs nothing but the SEO fields, and is reported as such.
 *
 * Every post carries its publication's marker (post_marker.ts), and a create
 * goes through the guard (../steps.ts RemoteCreateGuard): when an earlier
 * create may have reached the site, the post is looked up by its marker and
 * updated instead of created again; a create is announced before it is sent.
 *
 * No write follows a redirect (the SSRF guard refuses it).
 *
 * Each step is reported to `onStep` as it happens (see
 * `_shared/contracts/publish_events.ts`): started, then done or failed; or
 * skipped when it does not apply to this article.
 */
import { downloadImage, FEATURED_IMAGE_LABEL, type ImageToDownload } from "../stored_image_download.ts";
import {
  BODY_IMAGE_REMEDY,
  type BodyImage,
  bodyImageLabel,
  publishBodyImages,
  uploadFileName,
} from "../body_images.ts";
import type { SeoPlugin } from "../../contracts/sites.ts";
import type { PostStatus, PublishStep, SeoResult } from "../../contracts/publishing.ts";
import { WORDPRESS_MESSAGES } from "../../contracts/sites.ts";
import { type GuardedFetch, type GuardedFetchOptions, OutboundRequestError } from "../../net/ssrf.ts";
import { decodeEntities, plainText, type WordPressClient, WordPressError } from "./rest.ts";
import { findMarkedPost, markedContent } from "./post_marker.ts";
import {
  type ArticleContent,
  describeStepFailure,
  PublishStepError,
  type PublishStepListener,
  type RemoteCreateGuard,
  type RemoteState,
  type StepReporter,
  stepReporter,
} from "../steps.ts";

/** Sending up to 10 MiB to a slow host takes longer than the default 15 s. */
export const MEDIA_UPLOAD_TIMEOUT_MS = 30_000;

/** What an earlier publication of this article to this site left behind. */
export interface PreviousPublication {
  remotePostId: number | null;
  featuredMediaId: number | null;
  featuredMediaSourceUrl: string | null;
}

export interface PublishedPost extends Required<Pick<RemoteState, "remotePostId" | "link">> {
  status: PostStatus;
  updated: boolean;
  featuredMediaId: number | null;
  featuredMediaSourceUrl: string | null;
  seo: SeoResult;
  seoMessage?: string;
  warnings: string[];
}

export interface PublishPostInput {
  client: WordPressClient;
  seoPlugin: SeoPlugin | null;
  article: ArticleContent;
  status: PostStatus;
  previous: PreviousPublication | null;
  /** The publication's marker and create announcement (exactly-once creates). */
  guard: RemoteCreateGuard;
}

export interface PublishPostDependencies {
  fetch: GuardedFetch;
  /** Options for downloading the featured image (its host may need to be allowlisted locally). */
  imageFetchOptions?: GuardedFetchOptions;
  /** Images of the body under this URL are moved to the media library (../body_images.ts storedImagePrefix). */
  storedImagePrefix?: string;
  /** Told about every step as it starts, ends or is skipped. */
  onStep?: PublishStepListener;
}

interface WordPressPost {
  id?: unknown;
  link?: unknown;
  status?: unknown;
  title?: { raw?: unknown };
  categories?: unknown;
  tags?: unknown;
  featured_media?: unknown;
  meta?: unknown;
}

// ---------------------------------------------------------------- errors in words

/** Whether a step failed because WordPress refused the user name or application password. */
export function isAuthenticationFailure(error: PublishStepError): boolean {
  return error.cause instanceof WordPressError && error.cause.status === 401;
}

/** A one-line reason for a failed request, safe to show and to log. */
export function describeFailure(error: unknown): string {
  if (error instanceof WordPressError) {
    if (error.status === 401) return WORDPRESS_MESSAGES.authenticationFailed;
    return error.message
      ? `WordPress answered ${error.status}: ${error.message}`
      : `WordPress answered ${error.status}`;
  }
  return describeStepFailure(error);
}

// ---------------------------------------------------------------- terms

type Taxonomy = "categories" | "tags";

function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const name of names.map((value) => value.trim()).filter(Boolean)) {
    if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()];
}

/**
 * One term id for `name`. Creating first costs one round trip whether the
 * term exists or not: WordPress compares names case-insensitively and answers
 * 400 `term_exists` with `data.term_id` for an existing one. Accounts that may
 * not create terms (403) fall back to a case-insensitive search.
 */
async function resolveTerm(client: WordPressClient, taxonomy: Taxonomy, name: string): Promise<number> {
  try {
    const created = await client.request<{ id?: unknown }>({
      method: "POST",
      route: `wp/v2/${taxonomy}`,
      json: { name },
    });
    if (typeof created.id === "number") return created.id;
    throw new PublishStepError("terms", `WordPress did not return an id for the ${taxonomyLabel(taxonomy)} "${name}"`);
  } catch (error) {
    if (
      error instanceof WordPressError && error.code === "term_exists" && Number.isInteger(Number(error.data.term_id))
    ) {
      return Number(error.data.term_id);
    }
    if (error instanceof WordPressError && error.status === 403) return await findTerm(client, taxonomy, name);
    throw error;
  }
}

async function findTerm(client: WordPressClient, taxonomy: Taxonomy, name: string): Promise<number> {
  const terms = await client.request<Array<{ id?: unknown; name?: unknown }>>({
    route: `wp/v2/${taxonomy}`,
    query: { search: name, per_page: 100, _fields: "id,name" },
  });
  const match = Array.isArray(terms)
    ? terms.find((term) =>
      typeof term.id === "number" && decodeEntities(String(term.name)).toLowerCase() === name.toLowerCase()
    )
    : undefined;
  if (match) return match.id as number;
  throw new PublishStepError(
    "terms",
    `The ${taxonomyLabel(taxonomy)} "${name}" does not exist and this WordPress account may not create it`,
  );
}

const taxonomyLabel = (taxonomy: Taxonomy) => (taxonomy === "categories" ? "category" : "tag");

export async function resolveTerms(
  client: WordPressClient,
  taxonomy: Taxonomy,
  names: readonly string[],
): Promise<number[]> {
  const ids = await Promise.all(uniqueNames(names).map((name) => resolveTerm(client, taxonomy, name)));
  return [...new Set(ids)];
}

// ---------------------------------------------------------------- featured image

/** Downloads the image from Storage and uploads it to the media library; answers the new media item. */
async function uploadImage(
  client: WordPressClient,
  image: ImageToDownload,
  media: { fileBase: (extension: string) => string; title: string; alt: string },
  deps: PublishPostDependencies,
): Promise<{ id?: unknown; source_url?: unknown }> {
  const { bytes, format } = await downloadImage(image, deps.fetch, deps.imageFetchOptions);
  const upload = () => {
    const form = new FormData();
    form.append(
      "file",
      new Blob([bytes as Uint8Array<ArrayBuffer>], { type: format.contentType }),
      media.fileBase(format.extension),
    );
    form.append("title", media.title);
    form.append("alt_text", media.alt);
    return client.request<{ id?: unknown; source_url?: unknown }>({
      method: "POST",
      route: "wp/v2/media",
      form,
      fetchOptions: { timeoutMs: MEDIA_UPLOAD_TIMEOUT_MS },
    });
  };
  try {
    return await upload();
  } catch (error) {
    if (!lostUploadsFolderRace(error)) throw error;
    // The folder another upload of this publish was making at the same moment is there now.
    return await upload();
  }
}

/**
 * WordPress's refusal of an upload that met another one making the month's
 * uploads folder (a new site, or a month's first uploads, sent together as
 * the featured and body images are): wp_mkdir_p() fails when the folder
 * appears between its file_exists() and its mkdir(), and the attachments
 * controller answers 500 rest_upload_unknown_error "Unable to create
 * directory … Is its parent directory writable by the server?"
 * (wp-includes/functions.php wp_upload_dir(); class-wp-rest-attachments-controller.php).
 * One more try finds the folder made. A folder that really cannot be made
 * refuses the second try the same way, and that refusal is reported.
 */
function lostUploadsFolderRace(error: unknown): boolean {
  return error instanceof WordPressError && error.code === "rest_upload_unknown_error" &&
    /Unable to create directory/i.test(error.message);
}

async function uploadFeaturedImage(
  client: WordPressClient,
  article: ArticleContent,
  imageUrl: string,
  deps: PublishPostDependencies,
): Promise<number> {
  const baseName = (article.slug || "featured-image").replace(/[^a-z0-9-]+/gi, "-").replace(/^-+|-+$/g, "") ||
    "featured-image";
  const media = await uploadImage(
    client,
    { url: imageUrl, step: "featured_image", label: FEATURED_IMAGE_LABEL },
    { fileBase: (extension) => `${baseName}.${extension}`, title: article.title, alt: article.title },
    deps,
  );
  if (typeof media.id !== "number") {
    throw new PublishStepError("featured_image", "WordPress did not return the uploaded image's id");
  }
  return media.id;
}

// ---------------------------------------------------------------- images in the body

/**
 * One image of the body in the media library: its `source_url` (the full
 * size file's URL) goes into the post. Titled by its alt text (or the
 * article's title), which also becomes the media item's alt text.
 */
async function uploadBodyImage(
  client: WordPressClient,
  article: ArticleContent,
  image: BodyImage,
  deps: PublishPostDependencies,
): Promise<string> {
  const label = bodyImageLabel(image);
  try {
    const media = await uploadImage(
      client,
      { url: image.source, step: "body_images", label, remedy: BODY_IMAGE_REMEDY },
      {
        fileBase: (extension) => uploadFileName(article.slug, image.token, extension),
        title: image.alt || plainText(article.title, 200),
        alt: image.alt,
      },
      deps,
    );
    if (typeof media.source_url !== "string" || !/^https?:\/\//i.test(media.source_url)) {
      throw new PublishStepError("body_images", `WordPress did not return the address of ${label.replace(/^The/, "the")}`);
    }
    return media.source_url;
  } catch (error) {
    if (error instanceof PublishStepError) throw error;
    if (!(error instanceof WordPressError) && !(error instanceof OutboundRequestError)) throw error;
    throw new PublishStepError("body_images", `${label} could not be uploaded: ${describeFailure(error)}`, {}, {
      cause: error,
    });
  }
}

/** The raw content of the post this publish updates, or null when there is none (or it was deleted). */
async function currentContent(client: WordPressClient, postId: number | null): Promise<string | null> {
  if (!postId) return null;
  try {
    const post = await client.request<{ content?: { raw?: unknown } }>({
      route: `wp/v2/posts/${postId}`,
      query: { context: "edit", _fields: "content" },
    });
    return typeof post.content?.raw === "string" ? post.content.raw : null;
  } catch (error) {
    if (error instanceof WordPressError && error.code === "rest_post_invalid_id") return null;
    if (!(error instanceof WordPressError) && !(error instanceof OutboundRequestError)) throw error;
    throw new PublishStepError(
      "body_images",
      `The post on WordPress could not be read to reuse its images: ${describeFailure(error)}`,
      {},
      { cause: error },
    );
  }
}

interface FeaturedMedia {
  id: number | null;
  sourceUrl: string | null;
  reused: boolean;
}

/** The featured image's media id: none, the one uploaded for an earlier publication, or a new upload. */
function featuredMediaFor(
  input: PublishPostInput,
  deps: PublishPostDependencies,
  step: StepReporter,
): Promise<FeaturedMedia> {
  const imageUrl = input.article.featuredImageUrl?.trim() || null;
  if (!imageUrl) {
    step.skipped("featured_image", "no_featured_image");
    return Promise.resolve({ id: null, sourceUrl: null, reused: false });
  }
  const previous = input.previous;
  if (previous?.featuredMediaId && previous.featuredMediaSourceUrl === imageUrl) {
    step.skipped("featured_image", "featured_image_on_site");
    return Promise.resolve({ id: previous.featuredMediaId, sourceUrl: imageUrl, reused: true });
  }
  return step.run("featured_image", async () => ({
    id: await uploadFeaturedImage(input.client, input.article, imageUrl, deps),
    sourceUrl: imageUrl,
    reused: false,
  }));
}

// ---------------------------------------------------------------- post

/** `content`: the article's HTML with its body images on the site; the marker always ends it. */
function postPayload(
  input: PublishPostInput,
  content: string,
  categories: number[],
  tags: number[],
  mediaId: number | null,
) {
  const { article } = input;
  return {
    title: article.title,
    content: markedContent(content, input.guard.marker),
    excerpt: article.excerpt,
    status: input.status,
    categories,
    tags,
    featured_media: mediaId ?? 0,
    ...(article.slug?.trim() ? { slug: article.slug.trim() } : {}),
  };
}

/** The post to update: the earlier publication's, until the site says it is gone. */
interface PostTarget {
  remotePostId: number | null;
}

async function savePost(
  input: PublishPostInput,
  payload: ReturnType<typeof postPayload>,
  target: PostTarget,
  step: StepReporter,
): Promise<{ post: WordPressPost; updated: boolean }> {
  const update = (id: number) =>
    input.client.request<WordPressPost>({ method: "POST", route: `wp/v2/posts/${id}`, json: payload });
  if (target.remotePostId) {
    try {
      return { post: await update(target.remotePostId), updated: true };
    } catch (error) {
      // The earlier post was deleted (permanently) on the site: publish a new one.
      if (!(error instanceof WordPressError && error.code === "rest_post_invalid_id")) throw error;
      target.remotePostId = null;
      step.started("post", "create");
    }
  }
  if (input.guard.mayExist()) {
    const found = await findMarkedPost(input.client, input.guard.marker);
    if (found !== null) {
      // An interrupted earlier attempt created it: this one is that post's update.
      target.remotePostId = found;
      step.started("post", "update");
      return { post: await update(found), updated: true };
    }
  }
  await input.guard.beforeCreate();
  const post = await input.client.request<WordPressPost>({ method: "POST", route: "wp/v2/posts", json: payload });
  return { post, updated: false };
}

const sameIds = (sent: number[], stored: unknown) =>
  Array.isArray(stored) && stored.length === sent.length && sent.every((id) => stored.includes(id));

const STATUS_NAME = /^[a-z0-9_-]{1,20}$/;

/** A post status as WordPress names them (publish, draft, future, pending, private, a plugin's own), or undefined. */
function statusName(status: unknown): string | undefined {
  return typeof status === "string" && STATUS_NAME.test(status) ? status : undefined;
}

/** Compares the post WordPress stored with what was sent; a wrong status is an error, the rest are warnings. */
function verifyPost(post: WordPressPost, payload: ReturnType<typeof postPayload>, remote: RemoteState): string[] {
  if (post.status !== payload.status) {
    throw new PublishStepError(
      "post",
      `WordPress saved the post as "${String(post.status)}" instead of "${payload.status}"`,
      remote,
    );
  }
  const warnings: string[] = [];
  const storedTitle = post.title?.raw;
  if (typeof storedTitle === "string" && storedTitle.trim() !== payload.title.trim()) {
    warnings.push(`WordPress changed the title to "${plainText(storedTitle, 200)}"`);
  }
  if (post.categories !== undefined && !sameIds(payload.categories, post.categories)) {
    warnings.push("WordPress did not keep all categories");
  }
  if (post.tags !== undefined && !sameIds(payload.tags, post.tags)) warnings.push("WordPress did not keep all tags");
  if (post.featured_media !== undefined && post.featured_media !== payload.featured_media) {
    warnings.push("WordPress did not keep the featured image");
  }
  return warnings;
}

// ---------------------------------------------------------------- SEO fields

const YOAST_KEYS = { description: "_yoast_wpseo_metadesc", keyword: "_yoast_wpseo_focuskw" } as const;
const RANK_MATH_KEYS = { description: "rank_math_description", keyword: "rank_math_focus_keyword" } as const;
const FIELD_LABELS = { description: "meta description", keyword: "focus keyword" } as const;
type SeoField = keyof typeof FIELD_LABELS;

function listFields(fields: SeoField[]): string {
  return fields.map((field) => FIELD_LABELS[field]).join(" and ");
}

/** The SEO step: skipped without fields or plugin; failed when the plugin stored none of them (the publish still succeeds). */
async function seoStep(
  client: WordPressClient,
  seoPlugin: SeoPlugin | null,
  postId: number,
  article: ArticleContent,
  step: StepReporter,
): Promise<{ seo: SeoResult; seoMessage?: string }> {
  const hasFields = Boolean(article.metaDescription?.trim() || article.focusKeyword?.trim());
  if (!hasFields || !seoPlugin) {
    step.skipped("seo", hasFields ? "no_seo_plugin" : "no_seo_fields");
    return await writeSeoFields(client, seoPlugin, postId, article);
  }
  step.started("seo");
  const outcome = await writeSeoFields(client, seoPlugin, postId, article);
  if (outcome.seo === "not_supported") step.failed("seo", outcome.seoMessage ?? "The SEO fields were not saved");
  else step.done("seo");
  return outcome;
}

async function writeSeoFields(
  client: WordPressClient,
  seoPlugin: SeoPlugin | null,
  postId: number,
  article: ArticleContent,
): Promise<{ seo: SeoResult; seoMessage?: string }> {
  const values: Partial<Record<SeoField, string>> = {};
  if (article.metaDescription?.trim()) values.description = article.metaDescription.trim();
  if (article.focusKeyword?.trim()) values.keyword = article.focusKeyword.trim();
  const wanted = Object.keys(values) as SeoField[];
  if (wanted.length === 0) return { seo: "none" };
  if (!seoPlugin) {
    return {
      seo: "not_supported",
      seoMessage: `No SEO plugin (Yoast SEO or Rank Math) was found when this site was connected, so the ${
        listFields(wanted)
      } ${wanted.length > 1 ? "were" : "was"} not sent. After installing one, remove and reconnect the site.`,
    };
  }

  const pluginName = seoPlugin === "yoast" ? "Yoast SEO" : "Rank Math";
  const keys = seoPlugin === "yoast" ? YOAST_KEYS : RANK_MATH_KEYS;
  const meta = Object.fromEntries(wanted.map((field) => [keys[field], values[field]]));
  let stored: SeoField[] = [];
  let reason = "";
  try {
    if (seoPlugin === "yoast") {
      const post = await client.request<WordPressPost>({
        method: "POST",
        route: `wp/v2/posts/${postId}`,
        json: { meta },
      });
      const storedMeta = (post.meta && typeof post.meta === "object" ? post.meta : {}) as Record<string, unknown>;
      stored = wanted.filter((field) => storedMeta[keys[field]] === values[field]);
      if (stored.length < wanted.length) reason = "the site does not accept them through the REST API";
    } else {
      await client.request({
        method: "POST",
        route: "rankmath/v1/updateMeta",
        json: { objectType: "post", objectID: postId, meta },
      });
      stored = wanted;
    }
  } catch (error) {
    reason = describeFailure(error);
  }

  if (stored.length === wanted.length) return { seo: "written" };
  const missing = wanted.filter((field) => !stored.includes(field));
  const message = `${pluginName} did not save the ${listFields(missing)} (${reason}). Enter ${
    missing.length > 1 ? "them" : "it"
  } in WordPress.`;
  return { seo: stored.length > 0 ? "partial" : "not_supported", seoMessage: message };
}

// ---------------------------------------------------------------- the whole publish

function hasTerms(article: ArticleContent): boolean {
  return uniqueNames(article.categories).length + uniqueNames(article.tags).length > 0;
}

/**
 * Publishes (creates or updates) the post. Throws PublishStepError naming the
 * step that failed and, in `remote`, anything already created on the site.
 * SEO problems never fail the publish: they are reported in `seo`.
 */
export async function publishPost(input: PublishPostInput, deps: PublishPostDependencies): Promise<PublishedPost> {
  const { client, article } = input;
  const step = stepReporter(deps.onStep, describeFailure);
  let termsWork: Promise<[number[], number[]]>;
  if (hasTerms(article)) {
    termsWork = step.run(
      "terms",
      () =>
        Promise.all([
          resolveTerms(client, "categories", article.categories),
          resolveTerms(client, "tags", article.tags),
        ]),
    );
  } else {
    step.skipped("terms", "no_terms");
    termsWork = Promise.resolve([[], []]);
  }
  const bodyWork = publishBodyImages({
    html: article.content,
    storedPrefix: deps.storedImagePrefix,
    currentHtml: () => currentContent(client, input.previous?.remotePostId ?? null),
    upload: (image) => uploadBodyImage(client, article, image, deps),
    step,
  });
  const [media, terms, body] = await Promise.allSettled([featuredMediaFor(input, deps, step), termsWork, bodyWork]);
  // Several may fail for one reason (a revoked password, say): the terms'
  // error is then the one reported, as it is not about an image.
  if (terms.status === "rejected" && (media.status === "rejected" || body.status === "rejected")) {
    throw asStepError("terms", terms.reason, {});
  }
  if (media.status === "rejected") throw asStepError("featured_image", media.reason, {});
  const remote: RemoteState = media.value.id
    ? { featuredMediaId: media.value.id, featuredMediaSourceUrl: media.value.sourceUrl ?? undefined }
    : {};
  if (terms.status === "rejected") throw asStepError("terms", terms.reason, remote);
  // No post is sent with some images moved and others not.
  if (body.status === "rejected") throw asStepError("body_images", body.reason, remote);
  const [categories, tags] = terms.value;
  const content = body.value;

  let featured = media.value;
  let payload = postPayload(input, content, categories, tags, featured.id);
  let saved: { post: WordPressPost; updated: boolean };
  let postId: number;
  const target: PostTarget = { remotePostId: input.previous?.remotePostId ?? null };
  step.started("post", target.remotePostId ? "update" : "create");
  try {
    try {
      saved = await savePost(input, payload, target, step);
    } catch (error) {
      const mediaWasDeleted = featured.reused && error instanceof WordPressError &&
        error.code === "rest_invalid_featured_media";
      if (!mediaWasDeleted) throw asStepError("post", error, remote);
      // The image uploaded for an earlier publication was deleted on the site: upload it again.
      try {
        featured = {
          id: await step.run(
            "featured_image",
            () => uploadFeaturedImage(client, article, featured.sourceUrl as string, deps),
          ),
          sourceUrl: featured.sourceUrl,
          reused: false,
        };
      } catch (uploadError) {
        throw asStepError("featured_image", uploadError, {});
      }
      Object.assign(remote, { featuredMediaId: featured.id });
      payload = postPayload(input, content, categories, tags, featured.id);
      try {
        saved = await savePost(input, payload, target, step);
      } catch (retryError) {
        throw asStepError("post", retryError, remote);
      }
    }
    const { post } = saved;
    if (typeof post.id !== "number") throw new PublishStepError("post", "WordPress did not return the post", remote);
    postId = post.id;
    remote.remotePostId = post.id;
    remote.link = typeof post.link === "string" ? post.link : "";
    const remoteStatus = statusName(post.status);
    if (remoteStatus) remote.remoteStatus = remoteStatus;
  } catch (error) {
    step.failed(
      "post",
      error instanceof PublishStepError && error.step === "featured_image"
        ? "The post was not saved: its featured image could not be uploaded again"
        : describeFailure(error),
    );
    throw error;
  }

  let warnings: string[];
  try {
    warnings = verifyPost(saved.post, payload, remote);
  } catch (error) {
    step.failed("post", describeFailure(error));
    throw error;
  }
  step.done("post");
  const seo = await seoStep(client, input.seoPlugin, postId, article, step);

  return {
    remotePostId: postId,
    link: remote.link ?? "",
    status: input.status,
    updated: saved.updated,
    featuredMediaId: featured.id,
    featuredMediaSourceUrl: featured.sourceUrl,
    ...seo,
    warnings,
  };
}

function asStepError(step: PublishStep, error: unknown, remote: RemoteState): PublishStepError {
  if (error instanceof PublishStepError) {
    return new PublishStepError(error.step, error.message, { ...remote, ...error.remote }, { cause: error.cause });
  }
  if (!(error instanceof WordPressError) && !(error instanceof OutboundRequestError)) throw error;
  return new PublishStepError(step, describeFailure(error), remote, { cause: error });
}
