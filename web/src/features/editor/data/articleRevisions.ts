import type { QueryData } from "@supabase/supabase-js";
import { parseTimestamp } from "../../../lib/dates";
import { ARTICLE_STATUSES, getArticle, saveArticle, toArticle, type Article, type ArticleStatus, type ArticleText } from "../../articles/index";
import { supabase } from "../../../backend/supabase";

/**
 * An article's revisions (public.article_revisions): written only by the
 * save-article function, with each save, and read by their owner under RLS.
 * Only the newest REVISIONS_KEPT of an article are kept.
 */

export const REVISION_SOURCES = ["manual", "ai", "restore"] as const;
export type RevisionSource = (typeof REVISION_SOURCES)[number];

export const REVISIONS_KEPT = 50;

/** A row of the History list: when, where from, and the title then. */
export type RevisionSummary = {
  id: number;
  source: RevisionSource;
  /** The revision a restore brought back, while it is kept. */
  restoredFrom: number | null;
  createdAt: Date;
  title: string;
};

/**
 * The article's state a revision kept with its text (migration
 * 20261204000300), which a restore brings back. Revisions saved before
 * that, and AI drafts, kept none.
 */
export type RevisionState = {
  status: string;
  scheduledFor: Date | null;
  scheduledSiteIds: string[];
  /** The WordPress status a scheduled publish gives the post. */
  scheduledPostStatus: "publish" | "draft";
  featuredImageUrl: string | null;
  assistantId: string | null;
};

/** A revision: its summary, the text it holds (content sanitised by save-article) and its state, if it kept one. */
export type Revision = RevisionSummary & ArticleText & { state: RevisionState | null };

const SUMMARY_COLUMNS = "id, source, restored_from, created_at, title";
const REVISION_COLUMNS =
  `${SUMMARY_COLUMNS}, content, excerpt, meta_description, focus_keyword, slug, categories, tags, status, scheduled_for, scheduled_site_ids, scheduled_post_status, featured_image_url, assistant_id` as const;

const selectSummaries = () => supabase.from("article_revisions").select(SUMMARY_COLUMNS);
const selectRevisions = () => supabase.from("article_revisions").select(REVISION_COLUMNS);
type SummaryRow = QueryData<ReturnType<typeof selectSummaries>>[number];
type RevisionRow = QueryData<ReturnType<typeof selectRevisions>>[number];

const isSource = (source: string): source is RevisionSource => (REVISION_SOURCES as readonly string[]).includes(source);

function toSummary(row: SummaryRow): RevisionSummary {
  return {
    id: row.id,
    // The table's check constraint allows only these; anything else reads as a manual save.
    source: isSource(row.source) ? row.source : "manual",
    restoredFrom: row.restored_from,
    createdAt: parseTimestamp(row.created_at),
    title: row.title,
  };
}

function toRevision(row: RevisionRow): Revision {
  return {
    ...toSummary(row),
    content: row.content,
    excerpt: row.excerpt,
    metaDescription: row.meta_description ?? "",
    focusKeyword: row.focus_keyword ?? "",
    slug: row.slug ?? "",
    categories: row.categories,
    tags: row.tags,
    state: row.status
      ? {
        status: row.status,
        scheduledFor: row.scheduled_for ? parseTimestamp(row.scheduled_for) : null,
        scheduledSiteIds: row.scheduled_site_ids ?? [],
        scheduledPostStatus: row.scheduled_post_status === "draft" ? "draft" : "publish",
        featuredImageUrl: row.featured_image_url,
        assistantId: row.assistant_id,
      }
      : null,
  };
}

/** The article's revisions, newest first (without their text). */
export async function listArticleRevisions(articleId: string): Promise<RevisionSummary[]> {
  const { data, error } = await selectSummaries()
    .eq("article_id", articleId)
    .order("id", { ascending: false })
    .limit(REVISIONS_KEPT);
  if (error) throw new Error(error.message);
  return data.map(toSummary);
}

/** One revision of the article with its text, or null when the user has no such revision. */
export async function getArticleRevision(articleId: string, revisionId: number): Promise<Revision | null> {
  const { data, error } = await selectRevisions().eq("article_id", articleId).eq("id", revisionId).maybeSingle();
  if (error) throw new Error(error.message);
  return data ? toRevision(data) : null;
}

export const REVISION_NOT_FOUND = "Revision not found";

/**
 * Saves the revision's text as the article's text again, through
 * save-article (a new revision, source 'restore'), over the article as it is
 * now (its current version). When the revision kept the article's state,
 * save-article brings that back too: status, schedule and target sites (a
 * schedule whose time has passed as a draft), featured image and assistant
 * (while it exists); without one, they stay as they are now. The excerpt
 * stays when the revision has none (an AI draft may lack one; an article
 * needs one). Returns the saved article. Throws "Revision not found" or
 * "Article not found" when either is gone, or save-article's message.
 */
export async function restoreArticleRevision(articleId: string, revisionId: number): Promise<Article> {
  const [revision, article] = await Promise.all([getArticleRevision(articleId, revisionId), getArticle(articleId)]);
  if (!article) throw new Error("Article not found");
  if (!revision) throw new Error(REVISION_NOT_FOUND);
  const scheduled = article.status === "scheduled";
  const saved = await saveArticle({
    id: articleId,
    expectedVersion: article.version,
    restoredFrom: revisionId,
    title: revision.title,
    content: revision.content,
    excerpt: revision.excerpt.trim() ? revision.excerpt : article.excerpt,
    metaDescription: revision.metaDescription,
    focusKeyword: revision.focusKeyword,
    slug: revision.slug,
    categories: revision.categories,
    tags: revision.tags,
    status: isStatus(article.status) ? article.status : "draft",
    scheduledFor: scheduled ? (article.scheduledFor?.toISOString() ?? null) : null,
    scheduledSiteIds: scheduled ? article.scheduledSiteIds : [],
  });
  return toArticle(saved);
}

const isStatus = (status: string): status is ArticleStatus => (ARTICLE_STATUSES as readonly string[]).includes(status);
