/**
 * PublicationStore (and the scheduler's claims) on Supabase.
 *
 * `reads` reads the article, the site and the publication: the caller's
 * client for publish-article and sync-site-content (row-level security: only
 * the caller's rows exist), the system's scheduler path for
 * publish-scheduled, which acts without a user and is scoped by the claim's
 * user id; that is why the reads keep their user_id filters (redundant
 * under RLS). The site's credentials are stored secrets, read through the
 * system access. The claims and the outcome go through the system's
 * publicationRecords path, to the security-definer functions of migrations
 * 20261122002000_scheduled_publishing.sql and
 * 20261204000100_publication_claims.sql, which check ownership again.
 */
import type { CallerClient } from "../platform/caller.ts";
import type { SystemAccess, SystemClient } from "../platform/system_access.ts";
import { connectedSiteSchema } from "../contracts/sites.ts";
import { type PostStatus } from "../contracts/publishing.ts";
import {
  type PublicationClaim,
  PublicationClaimedError,
  type PublicationFailureRecord,
  type PublicationKey,
  type PublicationStore,
  type PublicationSuccess,
  type SiteRecord,
} from "./publication.ts";
import { ClaimLostError } from "./steps.ts";

/** One (article, site) pair claimed for publishing, with the claim's token. */
export interface ClaimedPublication {
  articleId: string;
  userId: string;
  siteId: string;
  claimToken: string;
  /** The WordPress status the article is scheduled to get (articles.scheduled_post_status). */
  postStatus: PostStatus;
}

export interface ScheduledPublicationStore {
  /**
   * Claims at most `batchSize` due pairs (FOR UPDATE SKIP LOCKED: concurrent
   * runs take disjoint pairs), never more than `perSite` live claims per site
   * in the whole installation; each is held for `leaseSeconds` unless renewed.
   */
  claimDue(options: { batchSize: number; leaseSeconds: number; perSite: number }): Promise<ClaimedPublication[]>;
  /** Scheduled articles due now (claimed or not): how much work the lead shares out. */
  countDue(): Promise<number>;
  /** Renews the claims still held for `leaseSeconds` more; the tokens renewed (others were recorded, released or overtaken). */
  renew(tokens: readonly string[], leaseSeconds: number): Promise<string[]>;
  /** Gives a claimed pair back unprocessed, so the next run takes it at once. */
  release(token: string): Promise<void>;
}

class StoreError extends Error {
  override name = "StoreError";
}

/** PostgREST's status for `raise sqlstate 'PT409'`: the claim is someone else's. */
const CLAIMED = "PT409";

function claimedError(error: { details?: string | null }): PublicationClaimedError {
  try {
    const holder = JSON.parse(error.details ?? "") as { claimed_by?: unknown; claimed_until?: unknown };
    return new PublicationClaimedError(
      typeof holder.claimed_by === "string" ? holder.claimed_by : null,
      typeof holder.claimed_until === "string" ? holder.claimed_until : null,
    );
  } catch {
    return new PublicationClaimedError(null, null);
  }
}

function check<T>(result: { data: T; error: { message: string } | null }, what: string): T {
  if (result.error) throw new StoreError(`${what}: ${result.error.message}`);
  return result.data;
}

/** The generated types leave out optional SQL arguments as `undefined`, never null: the SQL default applies. */
const orDefault = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/**
 * The generated types cannot say that a required SQL argument takes null; for
 * these arguments the SQL function stores null as "none" (a post link that was
 * not http(s) is never stored).
 */
const nullableArgument = <T>(value: T | null): T => value as T;

export function createPublicationStore(
  reads: CallerClient | SystemClient,
  system: SystemAccess,
): PublicationStore & ScheduledPublicationStore {
  return {
    async findArticle(userId, articleId) {
      return check(
        await reads
          .from("articles")
          .select(
            "id, title, content, excerpt, featured_image_url, meta_description, focus_keyword, slug, categories, tags",
          )
          .eq("id", articleId)
          .eq("user_id", userId)
          .maybeSingle(),
        "loading the article",
      );
    },

    async findSite(userId, siteId) {
      const site = check(
        await reads
          .from("wordpress_sites")
          .select("id, kind, base_url, username, seo_plugin")
          .eq("id", siteId)
          .eq("user_id", userId)
          .maybeSingle(),
        "loading the site",
      );
      if (!site) return null;
      if (site.kind === "ghost") {
        const adminApiKey = await system.readGhostAdminApiKey(userId, siteId);
        if (!adminApiKey) return null;
        return { kind: "ghost", id: site.id, base_url: site.base_url, admin_api_key: adminApiKey };
      }
      const applicationPassword = await system.readApplicationPassword(userId, siteId);
      // wordpress_sites_username_for_wordpress: a WordPress site always has a username.
      if (!applicationPassword || site.username === null) return null;
      return {
        kind: "wordpress",
        id: site.id,
        base_url: site.base_url,
        username: site.username,
        seo_plugin: connectedSiteSchema.shape.seo_plugin.parse(site.seo_plugin),
        application_password: applicationPassword,
      } satisfies SiteRecord;
    },

    async claim({ userId, articleId, siteId }: PublicationKey, { leaseSeconds, token }): Promise<PublicationClaim> {
      const { data, error } = await system.publicationRecords.rpc("claim_publication", {
        p_user_id: userId,
        p_article_id: articleId,
        p_site_id: siteId,
        p_lease_seconds: leaseSeconds,
        p_claim_token: token,
      });
      if (error?.code === CLAIMED) throw claimedError(error);
      const [row] = check({ data, error }, "claiming the publication") ?? [];
      if (!row) throw new StoreError("claiming the publication: no claim came back");
      const hasRemote = row.remote_post_id !== null || row.remote_post_ref !== null ||
        row.featured_media_id !== null || row.featured_media_source_url !== null;
      return {
        token: row.claim_token,
        marker: row.remote_marker,
        earlierCreateMayExist: row.remote_create_started,
        previous: hasRemote
          ? {
            remote_post_id: row.remote_post_id,
            remote_post_ref: row.remote_post_ref,
            featured_media_id: row.featured_media_id,
            featured_media_source_url: row.featured_media_source_url,
          }
          : null,
      };
    },

    async beginRemoteCreate(token, leaseSeconds) {
      const { error } = await system.publicationRecords.rpc("begin_remote_create", {
        p_claim_token: token,
        p_lease_seconds: leaseSeconds,
      });
      if (error?.code === CLAIMED) throw new ClaimLostError();
      check({ data: null, error }, "announcing the create");
    },

    async recordSuccess(success: PublicationSuccess) {
      check(
        await system.publicationRecords.rpc("record_publication_success", {
          p_user_id: success.userId,
          p_article_id: success.articleId,
          p_site_id: success.siteId,
          p_remote_post_id: nullableArgument(success.remotePostId),
          p_remote_post_ref: orDefault(success.remotePostRef),
          p_claim_token: success.claimToken,
          p_link: nullableArgument(success.link),
          p_status: success.status,
          p_featured_media_id: orDefault(success.featuredMediaId),
          p_featured_media_source_url: orDefault(success.featuredMediaSourceUrl),
          p_scheduled: success.scheduled,
        }),
        "recording the publication",
      );
    },

    async recordFailure(failure: PublicationFailureRecord) {
      check(
        await system.publicationRecords.rpc("record_publication_failure", {
          p_user_id: failure.userId,
          p_article_id: failure.articleId,
          p_site_id: failure.siteId,
          p_error: failure.error,
          p_retry: failure.retry,
          p_remote_post_id: orDefault(failure.remotePostId),
          p_link: orDefault(failure.link),
          p_featured_media_id: orDefault(failure.featuredMediaId),
          p_featured_media_source_url: orDefault(failure.featuredMediaSourceUrl),
          p_remote_status: orDefault(failure.remoteStatus),
          p_remote_post_ref: orDefault(failure.remotePostRef),
          p_claim_token: failure.claimToken,
        }),
        "recording the failed publication",
      );
    },

    async claimDue({ batchSize, leaseSeconds, perSite }) {
      const rows = check(
        await system.scheduler.rpc("claim_due_scheduled_articles", {
          batch_size: batchSize,
          lease_seconds: leaseSeconds,
          per_site: perSite,
        }),
        "claiming scheduled articles",
      );
      return (rows ?? []).map((row) => ({
        articleId: row.article_id,
        userId: row.user_id,
        siteId: row.site_id,
        claimToken: row.claim_token,
        postStatus: row.post_status === "draft" ? "draft" : "publish",
      }));
    },

    async countDue() {
      const { count, error } = await system.scheduler
        .from("articles")
        .select("id", { count: "exact", head: true })
        .eq("status", "scheduled")
        .lte("scheduled_for", new Date().toISOString());
      if (error) throw new StoreError(`counting due articles: ${error.message}`);
      return count ?? 0;
    },
    async renew(tokens, leaseSeconds) {
      if (tokens.length === 0) return [];
      const renewed = check(
        await system.scheduler.rpc("renew_publication_claims", { claim_tokens: [...tokens], lease_seconds: leaseSeconds }),
        "renewing claims",
      );
      return renewed ?? [];
    },
    async release(token) {
      check(await system.publicationRecords.rpc("release_publication_claim", { p_claim_token: token }), "releasing a claim");
    },
  };
}
