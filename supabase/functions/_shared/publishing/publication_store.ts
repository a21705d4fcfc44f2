/**
 * PublicationStore (and the scheduler's claims) on Supabase.
 *
 * `reads` reads the article, the site and the publication: the caller's
 * client for publish-article and sync-site-content (row-level security: only
 * the caller's rows exist), the system's scheduler path for
 * publish-scheduled, which acts without a user and is scoped by the claim's
 * user id; that is why the reads keep their user_id filters (redundant
 * under RLS). The site's credentials are stored secrets, read through the
 * system access. The outcome is recorded on the system's publicationRecords
 * path by the security-definer functions of migration
 * 20261122002000_scheduled_publishing.sql, which check ownership again.
 */
import type { CallerClient } from "../platform/caller.ts";
import type { SystemAccess, SystemClient } from "../platform/system_access.ts";
import { connectedSiteSchema } from "../contracts/sites.ts";
import { type PostStatus } from "../contracts/publishing.ts";
import type {
  PublicationFailureRecord,
  PublicationKey,
  PublicationStore,
  PublicationSuccess,
  SiteRecord,
} from "./publication.ts";

/** One (article, site) pair claimed for publishing. */
export interface ClaimedPublication {
  articleId: string;
  userId: string;
  siteId: string;
}

export interface ScheduledPublicationStore {
  /** Claims due pairs; each is leased (not claimable again) for `leaseSeconds`. */
  claimDue(batchSize: number, leaseSeconds: number): Promise<ClaimedPublication[]>;
  /** Gives a claimed pair back unprocessed, so the next run takes it at once. */
  release(claim: ClaimedPublication): Promise<void>;
  /** The WordPress status each claimed article is scheduled to get (articles.scheduled_post_status). */
  scheduledPostStatuses(claims: readonly ClaimedPublication[]): Promise<Map<string, PostStatus>>;
}

class StoreError extends Error {
  override name = "StoreError";
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

    async findPublication({ userId, articleId, siteId }: PublicationKey) {
      return check(
        await reads
          .from("publications")
          .select("remote_post_id, remote_post_ref, featured_media_id, featured_media_source_url")
          .eq("article_id", articleId)
          .eq("site_id", siteId)
          .eq("user_id", userId)
          .maybeSingle(),
        "loading the publication",
      );
    },

    async recordSuccess(success: PublicationSuccess) {
      check(
        await system.publicationRecords.rpc("record_publication_success", {
          p_user_id: success.userId,
          p_article_id: success.articleId,
          p_site_id: success.siteId,
          p_remote_post_id: nullableArgument(success.remotePostId),
          p_remote_post_ref: orDefault(success.remotePostRef),
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
        }),
        "recording the failed publication",
      );
    },

    async claimDue(batchSize, leaseSeconds) {
      const rows = check(
        await system.scheduler.rpc("claim_due_scheduled_articles", { batch_size: batchSize, lease_seconds: leaseSeconds }),
        "claiming scheduled articles",
      );
      return (rows ?? []).map((row) => ({ articleId: row.article_id, userId: row.user_id, siteId: row.site_id }));
    },

    async scheduledPostStatuses(claims) {
      const statuses = new Map<string, PostStatus>();
      if (claims.length === 0) return statuses;
      const rows = check(
        await system.scheduler
          .from("articles")
          .select("id, user_id, scheduled_post_status")
          .in("id", [...new Set(claims.map((claim) => claim.articleId))]),
        "reading the scheduled post statuses",
      );
      for (const row of rows ?? []) {
        const owned = claims.some((claim) => claim.articleId === row.id && claim.userId === row.user_id);
        if (owned) statuses.set(row.id, row.scheduled_post_status === "draft" ? "draft" : "publish");
      }
      return statuses;
    },
    async release({ articleId, siteId, userId }) {
      check(
        await system.scheduler
          .from("publications")
          .update({ next_attempt_at: new Date().toISOString() })
          .eq("article_id", articleId)
          .eq("site_id", siteId)
          .eq("user_id", userId),
        "releasing a claim",
      );
    },
  };
}
