import { parseTimestamp } from "../../../lib/dates";
import { supabase } from "../../../backend/supabase";

const RECENT_ARTICLES_LIMIT = 5;
/** Scheduled posts and failures the dashboard lists (the Calendar has them all). */
export const DASHBOARD_LIST_LIMIT = 5;

export type RecentArticle = {
  id: string;
  title: string;
  status: string;
  createdAt: Date;
};

/** Where a new account stands on the way to its first post (the first-run checklist). */
export type Setup = {
  /**
   * Drafting can run: a text-generation key is stored, or the provider is a
   * server of the user's own, which may need none (as requireKey allows).
   */
  hasTextKey: boolean;
  assistants: number;
  /** Articles published to a site. */
  published: number;
};

export type UpcomingPost = { id: string; title: string; at: Date; siteNames: string[] };

/** A publication that failed: the article, the site, why, and whether the scheduler can be asked to retry. */
export type PublishFailure = {
  articleId: string;
  title: string;
  siteId: string;
  siteName: string;
  error: string | null;
  failedAt: Date;
  /** A scheduled article's failure waits for its next attempt (null: none is planned). */
  nextAttemptAt: Date | null;
};

export type FailedBatch = { id: string; name: string; failed: number };

export type Dashboard = {
  totalArticles: number;
  connectedSites: number;
  draftArticles: number;
  recentArticles: RecentArticle[];
  setup: Setup;
  upcoming: UpcomingPost[];
  failures: PublishFailure[];
  failedBatches: FailedBatch[];
};

function countOf(result: { count: number | null; error: { message: string } | null }): number {
  if (result.error) throw new Error(result.error.message);
  return result.count ?? 0;
}

function rowsOf<T>(result: { data: T[] | null; error: { message: string } | null }): T[] {
  if (result.error) throw new Error(result.error.message);
  return result.data ?? [];
}

export async function loadDashboard(userId: string, now = new Date()): Promise<Dashboard> {
  const [articles, sites, drafts, recent, published, keys, provider, assistants, upcoming, failures, failedJobs] = await Promise.all([
    supabase.from("articles").select("id", { count: "exact", head: true }).eq("user_id", userId),
    supabase.from("wordpress_sites").select("id, name", { count: "exact" }).eq("user_id", userId),
    supabase
      .from("articles")
      .select("id", { count: "exact", head: true })
      .eq("user_id", userId)
      .eq("status", "draft"),
    supabase
      .from("articles")
      .select("id,title,status,created_at")
      .eq("user_id", userId)
      .order("created_at", { ascending: false })
      .limit(RECENT_ARTICLES_LIMIT),
    supabase
      .from("articles")
      .select("id", { count: "exact", head: true })
      .eq("user_id", userId)
      .eq("status", "published"),
    supabase.rpc("api_key_status").maybeSingle(),
    supabase.from("ai_provider_settings").select("provider").eq("user_id", userId).maybeSingle(),
    supabase.from("assistants").select("id", { count: "exact", head: true }).eq("user_id", userId),
    supabase
      .from("articles")
      .select("id, title, scheduled_for, scheduled_site_ids")
      .eq("user_id", userId)
      .eq("status", "scheduled")
      .gte("scheduled_for", now.toISOString())
      .order("scheduled_for", { ascending: true })
      .limit(DASHBOARD_LIST_LIMIT),
    supabase
      .from("publications")
      .select("article_id, site_id, last_error, updated_at, next_attempt_at, articles(title), wordpress_sites(name)")
      .eq("user_id", userId)
      .eq("status", "failed")
      .order("updated_at", { ascending: false })
      .limit(DASHBOARD_LIST_LIMIT),
    supabase.from("draft_batch_progress").select("batch_id, failed").gt("failed", 0).limit(DASHBOARD_LIST_LIMIT),
  ]);
  if (keys.error) throw new Error(keys.error.message);
  if (provider.error) throw new Error(provider.error.message);
  const siteRows = rowsOf(sites);
  const siteNames = new Map(siteRows.map((site) => [site.id, site.name]));
  const failedBatches = rowsOf(failedJobs).filter((row) => row.batch_id !== null);
  const batchNames = new Map<string, string>();
  if (failedBatches.length > 0) {
    const names = rowsOf(
      await supabase.from("draft_batches").select("id, name").in("id", failedBatches.map((row) => row.batch_id as string)),
    );
    for (const batch of names) batchNames.set(batch.id, batch.name);
  }
  return {
    totalArticles: countOf(articles),
    connectedSites: countOf(sites),
    draftArticles: countOf(drafts),
    recentArticles: rowsOf(recent).map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      createdAt: parseTimestamp(row.created_at),
    })),
    setup: {
      hasTextKey: Boolean(keys.data?.openai_key_last4) || provider.data?.provider === "custom",
      assistants: countOf(assistants),
      published: countOf(published),
    },
    upcoming: rowsOf(upcoming).map((row) => ({
      id: row.id,
      title: row.title,
      at: parseTimestamp(row.scheduled_for as string),
      siteNames: row.scheduled_site_ids.map((id) => siteNames.get(id)).filter((name): name is string => Boolean(name)),
    })),
    failures: rowsOf(failures).map((row) => ({
      articleId: row.article_id,
      title: row.articles?.title ?? "An article",
      siteId: row.site_id,
      siteName: row.wordpress_sites?.name ?? "a site",
      error: row.last_error,
      failedAt: parseTimestamp(row.updated_at),
      nextAttemptAt: row.next_attempt_at ? parseTimestamp(row.next_attempt_at) : null,
    })),
    failedBatches: failedBatches.map((row) => ({
      id: row.batch_id as string,
      name: batchNames.get(row.batch_id as string) ?? "A batch",
      failed: row.failed ?? 0,
    })),
  };
}
