/**
 * Publishing a stored article to one of the user's sites and recording the
 * outcome: shared by `publish-article` (a person clicks Publish) and
 * `publish-scheduled` (the scheduler). The site's kind picks the publisher
 * (WordPress REST API or Ghost Admin API); loading, recording and the errors
 * are the same for both. The database sits behind `PublicationStore`, so
 * tests need no backend.
 *
 * Exactly once: a publish first claims its (article, site) pair
 * (PublicationStore.claim, one claim shared by manual and scheduled
 * publishing: migration 20261204000100_publication_claims.sql). A second
 * publish of the same pair meanwhile is refused with 409 and never touches
 * the site. Every create is announced and marked (steps.ts
 * RemoteCreateGuard), so a publish that died between the site's answer and
 * our record is adopted by the next attempt instead of duplicated.
 *
 * Errors are PublishFailure: an HTTP status, one of the spec's messages, and
 * details (`detail`, `step`, and the remote post when one exists).
 */
import type { Tables } from "../contracts/database.types.ts";
import type { SeoPlugin } from "../contracts/sites.ts";
import { PUBLISH_MESSAGES } from "../contracts/publishing.ts";
import type { PostStatus, PublishArticleResult, PublishStep } from "../contracts/publishing.ts";
import { sanitizeArticleHtml, textAsHtml } from "../html/sanitize_article_html.ts";
import { privateHostAllowlistFromEnv } from "../net/host_allowlist.ts";
import { type GuardedFetch, guardedFetch, type GuardedFetchOptions } from "../net/ssrf.ts";
import type { CheckInternalLinks } from "../links/internal_link_check.ts";
import { isAuthenticationFailure, publishPost } from "./wordpress/publish_post.ts";
import {
  ClaimLostError,
  PublishStepError,
  type PublishStepListener,
  remoteCreateGuard,
  type RemoteCreateGuard,
  type RemoteState,
  stepReporter,
} from "./steps.ts";
import { createWordPressClient } from "./wordpress/rest.ts";
import { createGhostClient } from "./ghost/admin_api.ts";
import { isGhostAuthenticationFailure, publishGhostPost } from "./ghost/publish_post.ts";
import { GHOST_MESSAGES } from "../contracts/ghost_sites.ts";
import { storedImagePrefix } from "./body_images.ts";

/** What publishing reads of an `articles` row. */
export type ArticleRecord = Pick<
  Tables<"articles">,
  | "id"
  | "title"
  | "content"
  | "excerpt"
  | "featured_image_url"
  | "meta_description"
  | "focus_keyword"
  | "slug"
  | "categories"
  | "tags"
>;

/**
 * A WordPress `wordpress_sites` row with its application password (from
 * `wordpress_site_credentials`); `seo_plugin` is checked against the values
 * the table's check constraint allows, which the generated types cannot say.
 */
export type WordPressSiteRecord = Pick<Tables<"wordpress_sites">, "id" | "base_url"> & {
  kind: "wordpress";
  username: string;
  seo_plugin: SeoPlugin | null;
  application_password: Tables<"wordpress_site_credentials">["application_password"];
};

/** A Ghost site: base_url is its Admin API root; the key comes from `ghost_site_credentials`. */
export type GhostSiteRecord = Pick<Tables<"wordpress_sites">, "id" | "base_url"> & {
  kind: "ghost";
  admin_api_key: Tables<"ghost_site_credentials">["admin_api_key"];
};

export type SiteRecord = WordPressSiteRecord | GhostSiteRecord;

/** What a re-publish needs of the previous `publications` row. */
export type PublicationRecord = Pick<
  Tables<"publications">,
  "remote_post_id" | "remote_post_ref" | "featured_media_id" | "featured_media_source_url"
>;

export interface PublicationKey {
  userId: string;
  articleId: string;
  siteId: string;
}

/**
 * A claim on one (article, site) pair: held until it is recorded, released,
 * or its lease lapses (PUBLICATION_LEASE_SECONDS, renewed before a create).
 */
export interface PublicationClaim {
  token: string;
  /** The marker every post of this publication carries (a UUID). */
  marker: string;
  /** A create was sent and no remote post has been recorded since: look it up before creating. */
  earlierCreateMayExist: boolean;
  /** The previous publication's remote post and image; null when there is none. */
  previous: PublicationRecord | null;
}

/** Someone else holds the pair's claim (`claimedBy`: 'manual' or 'scheduler'). */
export class PublicationClaimedError extends Error {
  override name = "PublicationClaimedError";
  constructor(readonly claimedBy: string | null, readonly claimedUntil: string | null) {
    super("This article is being published to this site");
  }
}

/**
 * How long a claim lasts without its holder: long enough for a publish from
 * its start to its create request (featured image download and upload take
 * at most 60 s, the body's images as long per batch of
 * BODY_IMAGE_UPLOADS_AT_ONCE; should many large images outlast it, the
 * announcement is refused as below and the next publish reuses what was
 * uploaded only if the post shows it, so it uploads them again), renewed when the create is announced, so it then covers the
 * create (15 s) and the rest. A holder slower than that is overtaken safely:
 * its announcement is refused and it creates nothing.
 */
export const PUBLICATION_LEASE_SECONDS = 120;

export interface PublicationSuccess extends PublicationKey {
  /** WordPress's post id; null for a Ghost post (remotePostRef). */
  remotePostId: number | null;
  remotePostRef: string | null;
  /** Only an http(s) URL; null when WordPress answered anything else. */
  link: string | null;
  status: PostStatus;
  featuredMediaId: number | null;
  featuredMediaSourceUrl: string | null;
  /** Scheduled: the article becomes published once every target site is done. */
  scheduled: boolean;
  /** The claim this publish held; it is given back with the record. */
  claimToken?: string;
}

export interface PublicationFailureRecord extends PublicationKey, RemoteState {
  claimToken?: string;
  error: string;
  /** Set next_attempt_at with back-off (scheduled work is retried). */
  retry: boolean;
}

/** Reads are always filtered by the caller's user id. */
export interface PublicationStore {
  findArticle(userId: string, articleId: string): Promise<ArticleRecord | null>;
  /** The site with its application password. */
  findSite(userId: string, siteId: string): Promise<SiteRecord | null>;
  /**
   * Claims the pair for this publish, or (with `token`, the scheduler's
   * claim) renews it. Throws PublicationClaimedError when another publish
   * holds it or the token was overtaken.
   */
  claim(key: PublicationKey, options: { leaseSeconds: number; token?: string }): Promise<PublicationClaim>;
  /** Announces a create under the claim; throws ClaimLostError when the claim is no longer this publish's. */
  beginRemoteCreate(token: string, leaseSeconds: number): Promise<void>;
  /** Gives the claim back without a record. */
  release(token: string): Promise<void>;
  /** Upserts the publication and updates the article (status, wordpress_site_ids) in one transaction. */
  recordSuccess(success: PublicationSuccess): Promise<void>;
  recordFailure(failure: PublicationFailureRecord): Promise<void>;
}

export interface PublishRequest extends PublicationKey {
  status: PostStatus;
  scheduled: boolean;
  /** The scheduler's claim on the pair (claim_due_scheduled_articles); absent for a manual publish. */
  claimToken?: string;
  /**
   * The lease this publish sets on its claim when it starts and before a
   * create (PUBLICATION_LEASE_SECONDS when absent). The scheduler passes its
   * short lease, which its heartbeat renews while the run lives
   * (renew_publication_claims), so a dead run's pair is free within one lease.
   */
  leaseSeconds?: number;
  /** Told about each step as it happens (publish-article streams them to the browser). */
  onStep?: PublishStepListener;
}

export interface PublicationDependencies {
  store: PublicationStore;
  fetch: GuardedFetch;
  /** For requests to the WordPress site. */
  fetchOptions?: GuardedFetchOptions;
  /** For downloading the featured image and the body's images from Storage. */
  imageFetchOptions?: GuardedFetchOptions;
  /**
   * Images of the body under this URL prefix (./body_images.ts
   * storedImagePrefix) are moved to the site on publish; without it the
   * body is sent as it is.
   */
  storedImagePrefix?: string;
  /**
   * Warnings for links to the site that are not in its content index
   * (../links/internal_link_check.ts): reported, never a reason to fail.
   */
  checkInternalLinks?: CheckInternalLinks;
}

export class PublishFailure extends Error {
  override name = "PublishFailure";
  constructor(readonly status: number, message: string, readonly details: Record<string, unknown> = {}) {
    super(message);
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The publications.link check constraint's limit. */
const MAX_LINK_LENGTH = 2048;

/**
 * The post's link as WordPress answered it, if it is an http(s) URL: the app
 * renders it as a link, so a `javascript:` or `data:` "link" from a hostile
 * or broken site is never stored or returned (the database refuses it too).
 */
export function httpLinkOrNull(link: string | undefined | null): string | null {
  const trimmed = link?.trim() ?? "";
  return /^https?:\/\//i.test(trimmed) && trimmed.length <= MAX_LINK_LENGTH && URL.canParse(trimmed) ? trimmed : null;
}

const STEP_MESSAGES: Partial<Record<PublishStep, string>> = {
  featured_image: PUBLISH_MESSAGES.uploadFeaturedImageFailed,
  body_images: PUBLISH_MESSAGES.uploadBodyImagesFailed,
  post: PUBLISH_MESSAGES.publishPostFailed,
};

/** What either publisher left on the site, in the shape the publication is recorded in. */
interface RemotePublish {
  remotePostId: number | null;
  remotePostRef: string | null;
  link: string;
  updated: boolean;
  featuredMediaId: number | null;
  featuredMediaSourceUrl: string | null;
  seo: PublishArticleResult["seo"];
  seoMessage?: string;
  warnings: string[];
}

const PLATFORM_NAMES: Readonly<Record<SiteRecord["kind"], string>> = { wordpress: "WordPress", ghost: "Ghost" };

/** The general failure message for a site of this kind. */
function publishFailedMessage(site: SiteRecord): string {
  return site.kind === "ghost" ? GHOST_MESSAGES.publishFailed : PUBLISH_MESSAGES.publishFailed;
}

function isKeyRefused(site: SiteRecord, error: PublishStepError): boolean {
  return site.kind === "ghost" ? isGhostAuthenticationFailure(error) : isAuthenticationFailure(error);
}

/**
 * Sends the article (its content already sanitised) to the site with the
 * publisher of its kind; throws PublishStepError.
 */
async function publishToRemote(
  site: SiteRecord,
  article: ArticleRecord,
  previous: PublicationRecord | null,
  request: PublishRequest,
  deps: PublicationDependencies,
  guard: RemoteCreateGuard,
): Promise<RemotePublish> {
  const listeners = {
    fetch: deps.fetch,
    imageFetchOptions: deps.imageFetchOptions,
    storedImagePrefix: deps.storedImagePrefix,
    onStep: request.onStep,
  };
  if (site.kind === "ghost") {
    const published = await publishGhostPost(
      {
        client: createGhostClient(site.base_url, site.admin_api_key, deps.fetch, deps.fetchOptions),
        status: request.status,
        guard,
        previous: previous
          ? { remotePostRef: previous.remote_post_ref, featuredMediaSourceUrl: previous.featured_media_source_url }
          : null,
        // Ghost's title and excerpt are text.
        article: {
          title: article.title,
          html: article.content,
          excerpt: article.excerpt,
          slug: article.slug,
          categories: article.categories,
          tags: article.tags,
          featuredImageUrl: article.featured_image_url,
          metaDescription: article.meta_description,
        },
      },
      listeners,
    );
    return { ...published, remotePostId: null, featuredMediaId: null };
  }
  const published = await publishPost(
    {
      client: createWordPressClient(
        site.base_url,
        { username: site.username, applicationPassword: site.application_password },
        deps.fetch,
        deps.fetchOptions,
      ),
      seoPlugin: site.seo_plugin,
      status: request.status,
      guard,
      previous: previous
        ? {
          remotePostId: previous.remote_post_id,
          featuredMediaId: previous.featured_media_id,
          featuredMediaSourceUrl: previous.featured_media_source_url,
        }
        : null,
      // Title and excerpt are text to us but HTML to WordPress: escaped.
      article: {
        title: textAsHtml(article.title),
        content: article.content,
        excerpt: textAsHtml(article.excerpt),
        slug: article.slug,
        categories: article.categories,
        tags: article.tags,
        featuredImageUrl: article.featured_image_url,
        metaDescription: article.meta_description,
        focusKeyword: article.focus_keyword,
      },
    },
    listeners,
  );
  return { ...published, remotePostRef: null };
}

/**
 * Publishes the article to the site (creating or updating the remote post),
 * records the publication and updates the article. Throws PublishFailure:
 * 404 for an article or site that is not the caller's; 409 while another
 * publish of the same article to the same site is under way (nothing is
 * sent to the site; `claimedBy` says whether a person or the scheduler);
 * 502 when the site (or the image download) failed — recorded as a failed
 * publication — and 500 'Failed to update article status' when the post is
 * on the site but the database could not record it.
 */
export async function publishArticleToSite(
  request: PublishRequest,
  deps: PublicationDependencies,
): Promise<PublishArticleResult> {
  const { userId, articleId, siteId, scheduled } = request;
  if (!UUID.test(siteId)) throw new PublishFailure(404, PUBLISH_MESSAGES.siteNotFound, { field: "siteId" });
  if (!UUID.test(articleId)) throw new PublishFailure(404, PUBLISH_MESSAGES.articleNotFound, { field: "articleId" });

  const [article, site] = await Promise.all([
    deps.store.findArticle(userId, articleId),
    deps.store.findSite(userId, siteId),
  ]);
  if (!site) throw new PublishFailure(404, PUBLISH_MESSAGES.siteNotFound, { field: "siteId" });
  if (!article) throw new PublishFailure(404, PUBLISH_MESSAGES.articleNotFound, { field: "articleId" });

  let claim: PublicationClaim;
  try {
    claim = await deps.store.claim(
      { userId, articleId, siteId },
      { leaseSeconds: request.leaseSeconds ?? PUBLICATION_LEASE_SECONDS, token: request.claimToken },
    );
  } catch (error) {
    if (error instanceof PublicationClaimedError) throw claimedFailure(error);
    throw error;
  }
  // Settled once an outcome is recorded (which gives the claim back) or the claim was lost.
  let settled = false;
  try {
    return await publishUnderClaim(request, deps, article, site, claim);
  } catch (error) {
    if (error instanceof ClaimLostError) {
      settled = true;
      throw new PublishFailure(409, PUBLISH_MESSAGES.alreadyPublishing, { detail: error.message });
    }
    throw error;
  } finally {
    if (!settled) {
      await deps.store.release(claim.token).catch((releaseError) =>
        console.error(`publication ${articleId}/${siteId}: releasing the claim failed:`, describe(releaseError))
      );
    }
  }

  async function publishUnderClaim(
    request: PublishRequest,
    deps: PublicationDependencies,
    article: ArticleRecord,
    site: SiteRecord,
    claim: PublicationClaim,
  ): Promise<PublishArticleResult> {
    const { status } = request;
    const claimToken = claim.token;
    // Sanitised again on the way out: the article may predate server-side
    // sanitising, and WordPress keeps an administrator's HTML unfiltered.
    const content = sanitizeArticleHtml(article.content);
    // Checked while the post is being published; a failed check costs only its
    // warnings. Only WordPress sites have a content index (Ghost posts are not
    // indexed in this version), so links to a Ghost site are not checked.
    const linkWarnings = site.kind === "wordpress" && deps.checkInternalLinks
      ? deps.checkInternalLinks(userId, siteId, site.base_url, content).catch((error) => {
        console.error(`publication ${articleId}/${siteId}: checking internal links failed:`, describe(error));
        return [] as string[];
      })
      : Promise.resolve([] as string[]);
    const guard = remoteCreateGuard(
      claim.marker,
      claim.earlierCreateMayExist,
      () => deps.store.beginRemoteCreate(claimToken, request.leaseSeconds ?? PUBLICATION_LEASE_SECONDS),
    );

    let published: RemotePublish;
    try {
      published = await publishToRemote(site, { ...article, content }, claim.previous, request, deps, guard);
    } catch (error) {
      if (!(error instanceof PublishStepError)) throw error;
      await deps.store.recordFailure({
        userId,
        articleId,
        siteId,
        claimToken,
        error: error.message,
        retry: scheduled,
        ...error.remote,
        link: httpLinkOrNull(error.remote.link) ?? undefined,
      })
        .then(
          () => (settled = true),
          (recordError) =>
            console.error(`publication ${articleId}/${siteId}: recording the failure failed:`, describe(recordError)),
        );
      const remotePostId = error.remote.remotePostId ?? error.remote.remotePostRef;
      const link = httpLinkOrNull(error.remote.link) ?? undefined;
      // A refused password or key is not about the image or the post: the general message.
      const message = isKeyRefused(site, error)
        ? publishFailedMessage(site)
        : STEP_MESSAGES[error.step] ?? publishFailedMessage(site);
      throw new PublishFailure(502, message, {
        step: error.step,
        detail: error.message,
        ...(remotePostId ? { remotePostId, link } : {}),
      });
    }

    const link = httpLinkOrNull(published.link);
    const remotePostId = published.remotePostId ?? published.remotePostRef ?? "";
    const step = stepReporter(request.onStep);
    step.started("article");
    try {
      await deps.store.recordSuccess({
        userId,
        articleId,
        siteId,
        claimToken,
        remotePostId: published.remotePostId,
        remotePostRef: published.remotePostRef,
        link,
        status,
        featuredMediaId: published.featuredMediaId,
        featuredMediaSourceUrl: published.featuredMediaSourceUrl,
        scheduled,
      });
      settled = true;
    } catch (error) {
      console.error(`publication ${articleId}/${siteId}: recording success failed:`, describe(error));
      const detail = `The post is on ${PLATFORM_NAMES[site.kind]}, but the article could not be updated.`;
      step.failed("article", detail);
      // Best effort: keep the remote ids, so a retry updates this post instead of duplicating it
      // (and if this fails too, the post's marker finds it).
      await deps.store.recordFailure({
        userId,
        articleId,
        siteId,
        claimToken,
        error: "The post was published, but the article could not be updated",
        retry: scheduled,
        ...(published.remotePostId ? { remotePostId: published.remotePostId } : {}),
        ...(published.remotePostRef ? { remotePostRef: published.remotePostRef } : {}),
        link: link ?? undefined,
        remoteStatus: status,
        ...(published.featuredMediaId ? { featuredMediaId: published.featuredMediaId } : {}),
        ...(published.featuredMediaSourceUrl ? { featuredMediaSourceUrl: published.featuredMediaSourceUrl } : {}),
      }).then(() => (settled = true), () => {});
      throw new PublishFailure(500, PUBLISH_MESSAGES.updateArticleStatusFailed, {
        step: "article",
        detail,
        link: link ?? "",
        remotePostId,
      });
    }
    step.done("article");

    return {
      link: link ?? "",
      remotePostId,
      status,
      updated: published.updated,
      seo: published.seo,
      ...(published.seoMessage ? { seoMessage: published.seoMessage } : {}),
      warnings: [...published.warnings, ...(await linkWarnings)],
    };
  }
}

/** The 409 for a pair another publish holds. */
function claimedFailure(error: PublicationClaimedError): PublishFailure {
  return new PublishFailure(
    409,
    error.claimedBy === "scheduler" ? PUBLISH_MESSAGES.scheduledPublishing : PUBLISH_MESSAGES.alreadyPublishing,
    {
      detail: error.claimedUntil
        ? `Another publish holds it until ${error.claimedUntil} at the latest.`
        : "Another publish holds it.",
    },
  );
}

/**
 * Guard options for downloading featured images: PRIVATE_HOST_ALLOWLIST plus
 * our own Supabase host (SUPABASE_URL), which is on loopback in local
 * development. Only that host is trusted, not the article's URL as such.
 */
export function featuredImageFetchOptions(supabaseUrl = Deno.env.get("SUPABASE_URL")): GuardedFetchOptions {
  const allowlist = privateHostAllowlistFromEnv();
  if (supabaseUrl) {
    const url = new URL(supabaseUrl);
    allowlist.push(`${url.hostname}:${url.port || (url.protocol === "https:" ? "443" : "80")}`);
  }
  return { privateHostAllowlist: allowlist };
}

function storedImagePrefixFromEnv(supabaseUrl = Deno.env.get("SUPABASE_URL")): string | undefined {
  return supabaseUrl ? storedImagePrefix(supabaseUrl) : undefined;
}

/**
 * `publishArticleToSite` as the deployed functions run it: through the SSRF
 * guard, with PRIVATE_HOST_ALLOWLIST for WordPress and
 * `featuredImageFetchOptions()` for the images, both read at each publish;
 * body images are those in our own Storage's images bucket (SUPABASE_URL).
 */
export function guardedPublisher(
  store: PublicationStore,
  checkInternalLinks?: CheckInternalLinks,
): (request: PublishRequest) => Promise<PublishArticleResult> {
  return (request) =>
    publishArticleToSite(request, {
      store,
      checkInternalLinks,
      fetch: guardedFetch,
      fetchOptions: { privateHostAllowlist: privateHostAllowlistFromEnv() },
      imageFetchOptions: featuredImageFetchOptions(),
      storedImagePrefix: storedImagePrefixFromEnv(),
    });
}
