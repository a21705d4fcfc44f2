import { parseTimestamp } from "../../../lib/dates";
import { supabase } from "../../../backend/supabase";

const RECENT_ARTICLES_LIMIT = 5;

export type RecentArticle = {
  id: string;
  title: string;
  status: string;
  createdAt: Date;
};

export type Dashboard = {
  totalArticles: number;
  connectedSites: number;
  draftArticles: number;
  recentArticles: RecentArticle[];
};

function countOf(result: { count: number | null; error: { message: string } | null }): number {
  if (result.error) throw new Error(result.error.message);
  return result.count ?? 0;
}

export async function loadDashboard(userId: string): Promise<Dashboard> {
  const [articles, sites, drafts, recent] = await Promise.all([
    supabase.from("articles").select("id", { count: "exact", head: true }).eq("user_id", userId),
    supabase.from("wordpress_sites").select("id", { count: "exact", head: true }).eq("user_id", userId),
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
  ]);
  if (recent.error) throw new Error(recent.error.message);
  return {
    totalArticles: countOf(articles),
    connectedSites: countOf(sites),
    draftArticles: countOf(drafts),
    recentArticles: recent.data.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      createdAt: parseTimestamp(row.created_at),
    })),
  };
}
