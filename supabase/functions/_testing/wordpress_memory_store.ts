/**
 * Test support: PublicationStore and ScheduledPublicationStore in memory,
 * following the SQL functions of 20261122002000_scheduled_publishing.sql and
 * 20261124300000/300100 (remote_status; a claim marks the pair pending and
 * leases it in next_attempt_at, back-off 1/5/15/60 minutes, the article
 * published once every scheduled target is done). The clock is injectable.
 *
 * A mirror of SQL, kept only until integration tests drive wordpress-publish
 * and publish-scheduled through the functions runtime against the local
 * backend; then it goes (issue 13). New tests should use call-recording
 * stubs of the store interfaces instead.
 */
import type { PostStatus, SeoPlugin } from "../_shared/schemas/wordpress.ts";
import type {
  ArticleRecord,
  PublicationFailureRecord,
  PublicationKey,
  PublicationStore,
  PublicationSuccess,
} from "../_shared/wordpress/publication.ts";
import type { ScheduledPublicationStore } from "../_shared/wordpress/publication_store.ts";

export interface MemoryArticle extends ArticleRecord {
  user_id: string;
  status: "draft" | "scheduled" | "published";
  scheduled_for: number | null;
  scheduled_site_ids: string[];
  wordpress_site_ids: string[];
}

export interface MemorySite {
  id: string;
  user_id: string;
  base_url: string;
  username: string;
  seo_plugin: SeoPlugin | null;
  application_password: string;
}

export interface MemoryPublication {
  user_id: string;
  article_id: string;
  site_id: string;
  remote_post_id: number | null;
  link: string | null;
  status: "pending" | PostStatus | "failed";
  remote_status: string | null;
  published_at: number | null;
  last_error: string | null;
  attempts: number;
  next_attempt_at: number | null;
  featured_media_id: number | null;
  featured_media_source_url: string | null;
}

export interface MemoryStore extends PublicationStore, ScheduledPublicationStore {
  articles: Map<string, MemoryArticle>;
  sites: Map<string, MemorySite>;
  publications: Map<string, MemoryPublication>;
  publication(articleId: string, siteId: string): MemoryPublication | undefined;
}

const MINUTE = 60_000;
const BACK_OFF_MINUTES = [1, 5, 15, 60];
const keyOf = (articleId: string, siteId: string) => `${articleId}/${siteId}`;

export function createMemoryStore(
  seed: { articles?: MemoryArticle[]; sites?: MemorySite[] },
  now: () => number = Date.now,
): MemoryStore {
  const articles = new Map((seed.articles ?? []).map((article) => [article.id, structuredClone(article)]));
  const sites = new Map((seed.sites ?? []).map((site) => [site.id, { ...site }]));
  const publications = new Map<string, MemoryPublication>();

  const owned = (userId: string, articleId: string, siteId: string) => {
    const article = articles.get(articleId);
    const site = sites.get(siteId);
    if (article?.user_id !== userId || site?.user_id !== userId) {
      throw new Error("article or site not found for this user");
    }
    return article;
  };
  const upsert = (key: PublicationKey, change: (existing: MemoryPublication) => MemoryPublication) => {
    const existing = publications.get(keyOf(key.articleId, key.siteId)) ?? {
      user_id: key.userId,
      article_id: key.articleId,
      site_id: key.siteId,
      remote_post_id: null,
      link: null,
      status: "pending",
      remote_status: null,
      published_at: null,
      last_error: null,
      attempts: 0,
      next_attempt_at: null,
      featured_media_id: null,
      featured_media_source_url: null,
    };
    publications.set(keyOf(key.articleId, key.siteId), change(existing));
  };
  const targetsOf = (article: MemoryArticle) =>
    article.scheduled_site_ids.filter((siteId) => sites.get(siteId)?.user_id === article.user_id);
  const doneForSchedule = (article: MemoryArticle, siteId: string) => {
    const publication = publications.get(keyOf(article.id, siteId));
    return publication?.status === "publish" && publication.published_at !== null &&
      publication.published_at >= (article.scheduled_for ?? Infinity);
  };

  return {
    articles,
    sites,
    publications,
    publication: (articleId, siteId) => publications.get(keyOf(articleId, siteId)),

    findArticle: (userId, articleId) => {
      const article = articles.get(articleId);
      return Promise.resolve(article?.user_id === userId ? structuredClone(article) : null);
    },
    findSite: (userId, siteId) => {
      const site = sites.get(siteId);
      return Promise.resolve(site?.user_id === userId ? { ...site } : null);
    },
    findPublication: ({ userId, articleId, siteId }) => {
      const publication = publications.get(keyOf(articleId, siteId));
      return Promise.resolve(publication?.user_id === userId ? { ...publication } : null);
    },

    recordSuccess(success: PublicationSuccess) {
      const article = owned(success.userId, success.articleId, success.siteId);
      upsert(success, (existing) => ({
        ...existing,
        remote_post_id: success.remotePostId,
        link: success.link,
        status: success.status,
        remote_status: success.status,
        published_at: now(),
        last_error: null,
        attempts: 0,
        next_attempt_at: null,
        featured_media_id: success.featuredMediaId,
        featured_media_source_url: success.featuredMediaSourceUrl,
      }));
      if (!article.wordpress_site_ids.includes(success.siteId)) article.wordpress_site_ids.push(success.siteId);
      if (!success.scheduled) {
        article.status = success.status === "publish" ? "published" : "draft";
      } else if (
        article.status === "scheduled" && targetsOf(article).every((siteId) => doneForSchedule(article, siteId))
      ) {
        article.status = "published";
      }
      if (article.status !== "scheduled") article.scheduled_for = null;
      return Promise.resolve();
    },

    recordFailure(failure: PublicationFailureRecord) {
      owned(failure.userId, failure.articleId, failure.siteId);
      upsert(failure, (existing) => {
        const attempts = existing.attempts + 1;
        return {
          ...existing,
          status: "failed",
          last_error: failure.error.slice(0, 1000),
          attempts,
          next_attempt_at: failure.retry ? now() + BACK_OFF_MINUTES[Math.min(attempts, 4) - 1] * MINUTE : null,
          remote_post_id: failure.remotePostId ?? existing.remote_post_id,
          link: failure.link ?? existing.link,
          remote_status: failure.remoteStatus ?? existing.remote_status,
          featured_media_id: failure.featuredMediaId ?? existing.featured_media_id,
          featured_media_source_url: failure.featuredMediaSourceUrl ?? existing.featured_media_source_url,
        };
      });
      return Promise.resolve();
    },

    claimDue(batchSize, leaseSeconds) {
      const due = [...articles.values()]
        .filter((article) => article.status === "scheduled" && (article.scheduled_for ?? Infinity) <= now())
        .sort((a, b) => (a.scheduled_for ?? 0) - (b.scheduled_for ?? 0))
        .map((article) => ({
          article,
          siteIds: targetsOf(article).filter((siteId) => {
            const publication = publications.get(keyOf(article.id, siteId));
            return !doneForSchedule(article, siteId) && (publication?.next_attempt_at ?? 0) <= now();
          }),
        }))
        .filter(({ siteIds }) => siteIds.length > 0)
        .slice(0, batchSize);
      const claims = due.flatMap(({ article, siteIds }) =>
        siteIds.map((siteId) => ({ articleId: article.id, userId: article.user_id, siteId }))
      );
      for (const claim of claims) {
        upsert(claim, (existing) => ({ ...existing, status: "pending", next_attempt_at: now() + leaseSeconds * 1000 }));
      }
      return Promise.resolve(claims);
    },

    release(claim) {
      upsert(claim, (existing) => ({ ...existing, next_attempt_at: now() }));
      return Promise.resolve();
    },
  };
}

/** An article with sensible content for tests. */
export function memoryArticle(fields: Partial<MemoryArticle> & { id: string; user_id: string }): MemoryArticle {
  return {
    title: "Ten SEO tips",
    content: "<p>Write well.</p>",
    excerpt: "Tips for better rankings",
    featured_image_url: null,
    meta_description: "Ten tips to rank better",
    focus_keyword: "seo tips",
    slug: "ten-seo-tips",
    categories: ["News"],
    tags: ["tips"],
    status: "draft",
    scheduled_for: null,
    scheduled_site_ids: [],
    wordpress_site_ids: [],
    ...fields,
  };
}
