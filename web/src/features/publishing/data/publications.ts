/**
 * Where articles are published (the publications table) and the retry of a
 * failed scheduled one: what the article cards read, kept apart from
 * publishing itself so the cards load no publish code or schemas.
 */
import { supabase } from "../../../backend/supabase";

/** The values of publications.status (its check constraint): how our last attempt went. */
const PUBLICATION_STATUSES = ["pending", "draft", "publish", "failed"] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

/** Where an article is (or failed to be) published: one per site. */
export type Publication = {
  siteId: string;
  siteName: string;
  link: string | null;
  /** Our last attempt: pending (the scheduler is publishing it now), draft, publish or failed. */
  status: PublicationStatus;
  /** What WordPress has (publish, draft, future, pending, private, …); null when no post is known. */
  remoteStatus: string | null;
  /** The last successful publish. */
  publishedAt: string | null;
  /** When the row last changed (for a failure: when it failed). */
  updatedAt: string;
  lastError: string | null;
  /** A scheduled publication that failed: when the scheduler tries again (null: it does not). */
  nextAttemptAt: string | null;
  /**
   * While a publish holds the pair: until when (its lease). A `pending`
   * publication whose claim is gone or has lapsed was interrupted.
   */
  claimedUntil?: string | null;
};

function publicationStatus(status: string): PublicationStatus {
  const known = PUBLICATION_STATUSES.find((value) => value === status);
  if (!known) throw new Error(`Unexpected publication status ${status}`);
  return known;
}

/** The publications of many articles in one query, keyed by article id (every id present). */
export async function loadPublications(articleIds: readonly string[]): Promise<Map<string, Publication[]>> {
  const byArticle = new Map<string, Publication[]>(articleIds.map((id) => [id, []]));
  if (articleIds.length === 0) return byArticle;
  const { data, error } = await supabase
    .from("publications")
    .select(
      "article_id, site_id, link, status, remote_status, published_at, updated_at, last_error, next_attempt_at, claimed_until, wordpress_sites(name)",
    )
    .in("article_id", [...articleIds])
    .order("created_at", { ascending: true });
  if (error) throw new Error(error.message);
  for (const row of data) {
    byArticle.get(row.article_id)?.push({
      siteId: row.site_id,
      siteName: row.wordpress_sites?.name ?? "WordPress site",
      link: row.link,
      status: publicationStatus(row.status),
      remoteStatus: row.remote_status,
      publishedAt: row.published_at,
      updatedAt: row.updated_at,
      lastError: row.last_error,
      nextAttemptAt: row.next_attempt_at,
      claimedUntil: row.claimed_until,
    });
  }
  return byArticle;
}

/**
 * Queues a failed scheduled publication for the scheduler's next run
 * (retry_scheduled_publication). The scheduler stays the only publisher of
 * scheduled work, so a retry never races a run that is publishing it.
 */
export async function retryScheduledPublication(articleId: string, siteId: string): Promise<void> {
  const { error } = await supabase.rpc("retry_scheduled_publication", { p_article_id: articleId, p_site_id: siteId });
  if (error) throw new Error(error.message);
}
