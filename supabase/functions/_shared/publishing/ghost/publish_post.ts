/**
 * Publishing one article to one Ghost site through the Admin API, in two
 * sequential round trips to Ghost:
 *
 *   1. the featured image uploaded (`images/upload/`, after downloading it
 *      from Storage)  ∥  on a re-publish, the earlier post read for its
 *      current `updated_at` (and its feature image, when ours is unchanged,
 *      and its html)  ∥  images in the body that live in this app's storage
 *      uploaded the same way and their `src` rewritten (../body_images.ts;
 *      on a re-publish, once the post is read, images already in its html
 *      are reused). A failure here stops the publish before the post is
 *      sent, so no post points at half-moved images.
 *   2. the post created (`POST posts/?source=html`) or updated
 *      (`PUT posts/{id}/?source=html` with that `updated_at`); tags are sent
 *      by name and created with the post, the meta title and description go
 *      with it too. Ghost answers with the stored post, which is compared
 *      with what was sent.
 *
 * An edit with a stale `updated_at` (the post changed in Ghost between 1 and
 * 2) is refused by Ghost with 409 and changes nothing: it is tried once more
 * with the `updated_at` read again (updateWithFreshRetry), and a second
 * refusal is reported with a clear message, never answered by creating a
 * second post. An earlier post that
 * was deleted in Ghost (404) is published anew.
 *
 * Every post carries its publication's marker as an internal tag
 * (post_marker.ts), and a create goes through the guard (../steps.ts
 * RemoteCreateGuard): when an earlier create may have reached the site, the
 * post is looked up by its marker and updated instead of created again; a
 * create is announced before it is sent.
 *
 * Steps are reported as WordPress's are (publish_events.ts): `terms` and
 * `seo` are skipped with `tags_with_post` / `seo_with_post`, as they travel
 * with the post.
 */
import { downloadImage, FEATURED_IMAGE_LABEL, type ImageToDownload } from "../stored_image_download.ts";
import { BODY_IMAGE_REMEDY, type BodyImage, bodyImageLabel, publishBodyImages, uploadFileName } from "../body_images.ts";
import { GHOST_MESSAGES } from "../../contracts/ghost_sites.ts";
import type { PostStatus, SeoResult } from "../../contracts/publishing.ts";
import { type GuardedFetch, type GuardedFetchOptions, OutboundRequestError } from "../../net/ssrf.ts";
import {
  ClaimLostError,
  describeStepFailure,
  PublishStepError,
  type PublishStepListener,
  type RemoteCreateGuard,
  type RemoteState,
  type StepReporter,
  stepReporter,
} from "../steps.ts";
import type { GhostClient } from "./admin_api.ts";
import { GhostError } from "./admin_api.ts";
import { findMarkedPost, markerTagName } from "./post_marker.ts";

/** Sending up to 10 MiB to a slow host takes longer than the default 15 s. */
export const IMAGE_UPLOAD_TIMEOUT_MS = 30_000;

/** Ghost's column limits (a longer value is a 422 ValidationError). */
export const GHOST_LIMITS = { title: 255, customExcerpt: 300, metaTitle: 300, metaDescription: 500, imageAlt: 191 };

export interface GhostArticle {
  /** Plain text: Ghost's titles and excerpts are text, not HTML. */
  title: string;
  /** Sanitised HTML, converted by Ghost (`?source=html`). */
  html: string;
  excerpt: string;
  slug: string | null;
  /** Ghost has tags only: the categories go first (the first tag is the primary one), then the tags. */
  categories: readonly string[];
  tags: readonly string[];
  featuredImageUrl: string | null;
  metaDescription: string | null;
}

export interface PreviousGhostPublication {
  remotePostRef: string | null;
  /** The Storage URL of the image uploaded for the earlier publication. */
  featuredMediaSourceUrl: string | null;
}

export interface GhostPublishInput {
  client: GhostClient;
  article: GhostArticle;
  status: PostStatus;
  previous: PreviousGhostPublication | null;
  /** The publication's marker and create announcement (exactly-once creates). */
  guard: RemoteCreateGuard;
}

export interface GhostPublishDependencies {
  fetch: GuardedFetch;
  imageFetchOptions?: GuardedFetchOptions;
  /** Images of the body under this URL are uploaded to Ghost (../body_images.ts storedImagePrefix). */
  storedImagePrefix?: string;
  onStep?: PublishStepListener;
}

export interface PublishedGhostPost {
  remotePostRef: string;
  link: string;
  status: PostStatus;
  updated: boolean;
  featuredMediaSourceUrl: string | null;
  seo: SeoResult;
  seoMessage?: string;
  warnings: string[];
}

interface GhostPost {
  id?: unknown;
  url?: unknown;
  status?: unknown;
  title?: unknown;
  updated_at?: unknown;
  html?: unknown;
  feature_image?: unknown;
  meta_description?: unknown;
  tags?: Array<{ name?: unknown }>;
}

const GHOST_STATUS: Readonly<Record<PostStatus, string>> = { publish: "published", draft: "draft" };
const OBJECT_ID = /^[0-9a-f]{24}$/;

/** A one-line reason for a failed Ghost request, safe to show and to log. */
export function describeGhostFailure(error: unknown): string {
  if (error instanceof GhostError) {
    switch (error.kind) {
      case "unauthorized":
        return GHOST_MESSAGES.authenticationFailed;
      case "forbidden":
        return GHOST_MESSAGES.permissionDenied;
      case "collision":
        return GHOST_MESSAGES.updateCollision;
      case "not_json":
        return error.message;
      default:
        return error.message ? `Ghost answered ${error.status}: ${error.message}` : `Ghost answered ${error.status}`;
    }
  }
  return describeStepFailure(error);
}

/** Whether the key was refused (the general message then, not the step's). */
export function isGhostAuthenticationFailure(error: PublishStepError): boolean {
  return error.cause instanceof GhostError && (error.cause.kind === "unauthorized" || error.cause.kind === "forbidden");
}

function asStepError(step: "featured_image" | "body_images" | "post", error: unknown, remote: RemoteState): PublishStepError {
  if (error instanceof PublishStepError) {
    return new PublishStepError(error.step, error.message, { ...remote, ...error.remote }, { cause: error.cause });
  }
  if (!(error instanceof GhostError) && !(error instanceof OutboundRequestError)) throw error;
  return new PublishStepError(step, describeGhostFailure(error), remote, { cause: error });
}

function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const name of names.map((value) => value.trim()).filter(Boolean)) {
    if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()];
}

function shortened(text: string, limit: number, label: string, warnings: string[]): string {
  if (text.length <= limit) return text;
  warnings.push(`The ${label} was shortened to ${limit} characters, Ghost's limit`);
  return text.slice(0, limit - 1).trimEnd() + "…";
}

/** Downloads the image from Storage and uploads it to Ghost; answers its URL on the site. */
async function uploadImage(
  client: GhostClient,
  image: ImageToDownload,
  fileName: (extension: string) => string,
  deps: GhostPublishDependencies,
): Promise<string> {
  const { bytes, format } = await downloadImage(image, deps.fetch, deps.imageFetchOptions);
  const name = fileName(format.extension);
  const form = new FormData();
  form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type: format.contentType }), name);
  form.append("purpose", "image");
  form.append("ref", name);
  // Ghost answers 201 { images: [{ url, ref }] } (ghost/core/core/server/api/endpoints/images.js upload).
  const answer = await client.request<{ images?: Array<{ url?: unknown }> }>({
    method: "POST",
    path: "images/upload/",
    form,
    fetchOptions: { timeoutMs: IMAGE_UPLOAD_TIMEOUT_MS },
  });
  const url = answer.images?.[0]?.url;
  if (typeof url !== "string" || !/^https?:\/\//i.test(url)) {
    throw new PublishStepError(image.step, `Ghost did not return the address of ${image.label.replace(/^The/, "the")}`);
  }
  return url;
}

function uploadFeaturedImage(input: GhostPublishInput, imageUrl: string, deps: GhostPublishDependencies): Promise<string> {
  const baseName = (input.article.slug || "featured-image").replace(/[^a-z0-9-]+/gi, "-").replace(/^-+|-+$/g, "") ||
    "featured-image";
  return uploadImage(
    input.client,
    { url: imageUrl, step: "featured_image", label: FEATURED_IMAGE_LABEL },
    (extension) => `${baseName}.${extension}`,
    deps,
  );
}

/** One image of the body uploaded to Ghost (which has no alt text of its own: the `<img alt>` stays in the html). */
async function uploadBodyImage(input: GhostPublishInput, image: BodyImage, deps: GhostPublishDependencies): Promise<string> {
  const label = bodyImageLabel(image);
  try {
    return await uploadImage(
      input.client,
      { url: image.source, step: "body_images", label, remedy: BODY_IMAGE_REMEDY },
      (extension) => uploadFileName(input.article.slug, image.token, extension),
      deps,
    );
  } catch (error) {
    if (error instanceof PublishStepError) throw error;
    if (!(error instanceof GhostError) && !(error instanceof OutboundRequestError)) throw error;
    throw new PublishStepError("body_images", `${label} could not be uploaded: ${describeGhostFailure(error)}`, {}, {
      cause: error,
    });
  }
}

/**
 * The edit, retried once with the post's updated_at read again when Ghost
 * refuses it as stale (409): a post's updated_at can move between our read
 * and our edit without anyone editing it (the e2e suite saw it when five
 * publishes of one article ran at once: the one after the create got 409).
 * A re-publish replaces the post's content whatever it held at the read, so
 * a fresh read changes nothing of what is sent; a second refusal is
 * reported (someone keeps editing the post in Ghost).
 */
async function updateWithFreshRetry<T>(
  client: GhostClient,
  target: { id: string; updatedAt: string },
  update: (post: { id: string; updatedAt: string }) => Promise<T>,
): Promise<T> {
  try {
    return await update(target);
  } catch (error) {
    if (!(error instanceof GhostError && error.kind === "collision")) throw error;
    const fresh = await currentPost(client, target.id);
    if (!fresh) throw new GhostError("not_found", 404, "The post was deleted in Ghost");
    return await update({ id: target.id, updatedAt: fresh.updatedAt });
  }
}

/** The earlier post's current state, or null when it was deleted in Ghost. */
async function currentPost(
  client: GhostClient,
  id: string,
): Promise<{ updatedAt: string; featureImage: string | null; html: string | null } | null> {
  try {
    // `html` comes back only when asked for with formats=html (the Admin API's default format is lexical).
    const answer = await client.request<{ posts?: GhostPost[] }>({
      path: `posts/${id}/`,
      query: { fields: "id,updated_at,feature_image,html", formats: "html" },
    });
    const post = answer.posts?.[0];
    if (typeof post?.updated_at !== "string") throw new PublishStepError("post", "Ghost did not return the post's updated_at");
    return {
      updatedAt: post.updated_at,
      featureImage: typeof post.feature_image === "string" ? post.feature_image : null,
      html: typeof post.html === "string" ? post.html : null,
    };
  } catch (error) {
    if (error instanceof GhostError && error.kind === "not_found") return null;
    throw error;
  }
}

/** `html`: the article's HTML with its body images on the site. */
function payloadFor(input: GhostPublishInput, html: string, featureImage: string | null, warnings: string[]) {
  const { article } = input;
  const title = shortened(article.title.trim(), GHOST_LIMITS.title, "title", warnings);
  const metaDescription = article.metaDescription?.trim() || null;
  return {
    title,
    html,
    status: GHOST_STATUS[input.status],
    custom_excerpt: article.excerpt.trim()
      ? shortened(article.excerpt.trim(), GHOST_LIMITS.customExcerpt, "excerpt", warnings)
      : null,
    // The marker tag last: the first tag is the post's primary tag.
    tags: [...uniqueNames([...article.categories, ...article.tags]), markerTagName(input.guard.marker)].map((name) => ({
      name,
    })),
    feature_image: featureImage,
    feature_image_alt: featureImage ? title.slice(0, GHOST_LIMITS.imageAlt) : null,
    meta_title: title.slice(0, GHOST_LIMITS.metaTitle),
    meta_description: metaDescription
      ? shortened(metaDescription, GHOST_LIMITS.metaDescription, "meta description", warnings)
      : null,
    ...(article.slug?.trim() ? { slug: article.slug.trim() } : {}),
  };
}

type Payload = ReturnType<typeof payloadFor>;

function verifyPost(post: GhostPost, payload: Payload, remote: RemoteState): string[] {
  if (post.status !== payload.status) {
    throw new PublishStepError("post", `Ghost saved the post as "${String(post.status)}" instead of "${payload.status}"`, remote);
  }
  const warnings: string[] = [];
  if (typeof post.title === "string" && post.title.trim() !== payload.title.trim()) {
    warnings.push(`Ghost changed the title to "${post.title.slice(0, 200)}"`);
  }
  const storedTags = Array.isArray(post.tags) ? post.tags.map((tag) => String(tag.name).toLowerCase()) : null;
  if (storedTags && !payload.tags.every((tag) => storedTags.includes(tag.name.toLowerCase()))) {
    warnings.push("Ghost did not keep all tags");
  }
  if (post.feature_image !== undefined && (post.feature_image ?? null) !== payload.feature_image) {
    warnings.push("Ghost did not keep the featured image");
  }
  return warnings;
}

async function savePost(
  input: GhostPublishInput,
  payload: Payload,
  target: { id: string; updatedAt: string } | null,
  step: StepReporter,
): Promise<{ post: GhostPost; updated: boolean }> {
  const update = async (post: { id: string; updatedAt: string }) => {
    const answer = await input.client.request<{ posts?: GhostPost[] }>({
      method: "PUT",
      path: `posts/${post.id}/`,
      query: { source: "html" },
      json: { posts: [{ ...payload, updated_at: post.updatedAt }] },
    });
    return { post: answer.posts?.[0] ?? {}, updated: true };
  };
  if (target) {
    try {
      return await updateWithFreshRetry(input.client, target, update);
    } catch (error) {
      // Deleted in Ghost between the read and the edit: publish a new post.
      if (!(error instanceof GhostError && error.kind === "not_found")) throw error;
      step.started("post", "create");
    }
  }
  if (input.guard.mayExist()) {
    const found = await findMarkedPost(input.client, input.guard.marker);
    if (found) {
      // An interrupted earlier attempt created it: this one is that post's update.
      step.started("post", "update");
      return await update(found);
    }
  }
  await input.guard.beforeCreate();
  const answer = await input.client.request<{ posts?: GhostPost[] }>({
    method: "POST",
    path: "posts/",
    query: { source: "html" },
    json: { posts: [payload] },
  });
  return { post: answer.posts?.[0] ?? {}, updated: false };
}

export async function publishGhostPost(input: GhostPublishInput, deps: GhostPublishDependencies): Promise<PublishedGhostPost> {
  const { article, previous } = input;
  const step = stepReporter(deps.onStep, describeGhostFailure);
  const hasTags = uniqueNames([...article.categories, ...article.tags]).length > 0;
  step.skipped("terms", hasTags ? "tags_with_post" : "no_terms");

  const imageUrl = article.featuredImageUrl?.trim() || null;
  const previousId = previous?.remotePostRef && OBJECT_ID.test(previous.remotePostRef) ? previous.remotePostRef : null;
  const imageUnchanged = Boolean(imageUrl && previousId && previous?.featuredMediaSourceUrl === imageUrl);

  const readWork = previousId ? currentPost(input.client, previousId) : Promise.resolve(null);
  const uploadWork = (): Promise<string | null> => {
    if (!imageUrl) return Promise.resolve(null);
    step.started("featured_image");
    return uploadFeaturedImage(input, imageUrl, deps).then(
      (url) => {
        step.done("featured_image");
        return url;
      },
      (error) => {
        step.failed("featured_image", describeGhostFailure(error));
        throw error;
      },
    );
  };
  if (!imageUrl) step.skipped("featured_image", "no_featured_image");

  const bodyWork = publishBodyImages({
    html: article.html,
    storedPrefix: deps.storedImagePrefix,
    currentHtml: () =>
      readWork.then((post) => post?.html ?? null, (error) => {
        throw new PublishStepError(
          "body_images",
          `The post in Ghost could not be read to reuse its images: ${describeGhostFailure(error)}`,
          {},
          { cause: error },
        );
      }),
    upload: (image) => uploadBodyImage(input, image, deps),
    step,
  });

  // An unchanged image is reused from the post, known only once it is read; a new one is uploaded meanwhile.
  const [read, upload, body] = await Promise.allSettled([
    readWork,
    imageUnchanged ? Promise.resolve(null) : uploadWork(),
    bodyWork,
  ]);
  if (read.status === "rejected") throw asStepError("post", read.reason, {});
  if (upload.status === "rejected") throw asStepError("featured_image", upload.reason, {});
  // No post is sent with some images moved and others not.
  if (body.status === "rejected") throw asStepError("body_images", body.reason, {});
  const html = body.value;
  const current = read.value;
  let featureImage = upload.value;
  if (imageUnchanged) {
    if (current?.featureImage) {
      featureImage = current.featureImage;
      step.skipped("featured_image", "featured_image_on_site");
    } else {
      try {
        featureImage = await uploadWork();
      } catch (error) {
        throw asStepError("featured_image", error, {});
      }
    }
  }

  const target = previousId && current ? { id: previousId, updatedAt: current.updatedAt } : null;
  const remote: RemoteState = featureImage && imageUrl ? { featuredMediaSourceUrl: imageUrl } : {};
  if (target) remote.remotePostRef = target.id;
  const warnings: string[] = [];
  const payload = payloadFor(input, html, featureImage, warnings);
  step.started("post", target ? "update" : "create");
  let saved: { post: GhostPost; updated: boolean };
  try {
    saved = await savePost(input, payload, target, step);
    if (typeof saved.post.id !== "string" || !OBJECT_ID.test(saved.post.id)) {
      throw new PublishStepError("post", "Ghost did not return the post", remote);
    }
    remote.remotePostRef = saved.post.id;
    remote.link = typeof saved.post.url === "string" ? saved.post.url : "";
    if (saved.post.status === "published" || saved.post.status === "draft") {
      remote.remoteStatus = saved.post.status === "published" ? "publish" : "draft";
    }
    warnings.push(...verifyPost(saved.post, payload, remote));
  } catch (error) {
    if (error instanceof ClaimLostError) {
      step.failed("post", error.message);
      throw error;
    }
    const failure = asStepError("post", error, remote);
    step.failed("post", failure.message);
    throw failure;
  }
  step.done("post");

  let seo: SeoResult = "none";
  let seoMessage: string | undefined;
  if (!payload.meta_description) {
    step.skipped("seo", "no_seo_fields");
  } else {
    step.skipped("seo", "seo_with_post");
    const stored = saved.post.meta_description;
    seo = stored === undefined || stored === payload.meta_description ? "written" : "not_supported";
    if (seo === "not_supported") seoMessage = "Ghost did not save the meta description. Enter it in Ghost.";
  }

  return {
    remotePostRef: remote.remotePostRef,
    link: remote.link ?? "",
    status: input.status,
    updated: saved.updated,
    featuredMediaSourceUrl: featureImage ? imageUrl : null,
    seo,
    ...(seoMessage ? { seoMessage } : {}),
    warnings,
  };
}
