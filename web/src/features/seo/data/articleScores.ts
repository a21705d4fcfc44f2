import { supabase } from "../../../backend/supabase";

/**
 * Stored SEO scores (article_seo_scores, 20261206000200): the score of each
 * article's current text, for the cards and bulk review. The database
 * forgets a score when the scored text changes, so any score read here is
 * the score of the text as it is.
 */

/** Scores of the given articles that have one, by article id. */
export async function loadArticleScores(articleIds: readonly string[]): Promise<Map<string, number>> {
  if (articleIds.length === 0) return new Map();
  const { data, error } = await supabase.from("article_seo_scores").select("article_id, score").in("article_id", [...articleIds]);
  if (error) throw new Error(error.message);
  return new Map(data.map((row) => [row.article_id, row.score]));
}

export async function storeArticleScore(userId: string, articleId: string, score: number): Promise<void> {
  const { error } = await supabase
    .from("article_seo_scores")
    .upsert({ article_id: articleId, user_id: userId, score, scored_at: new Date().toISOString() }, { onConflict: "article_id" });
  if (error) throw new Error(error.message);
}

/** What the checks read of an article. */
export type ScoredFields = {
  id: string;
  title: string;
  content: string;
  metaDescription: string;
  focusKeyword: string;
  slug: string;
};

/** The scored fields of the given articles (one request). */
export async function loadArticlesForScoring(articleIds: readonly string[]): Promise<ScoredFields[]> {
  if (articleIds.length === 0) return [];
  const { data, error } = await supabase
    .from("articles")
    .select("id, title, content, meta_description, focus_keyword, slug")
    .in("id", [...articleIds]);
  if (error) throw new Error(error.message);
  return data.map((row) => ({
    id: row.id,
    title: row.title,
    content: row.content,
    metaDescription: row.meta_description ?? "",
    focusKeyword: row.focus_keyword ?? "",
    slug: row.slug ?? "",
  }));
}
