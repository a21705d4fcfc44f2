import type { QueryData } from "@supabase/supabase-js";
import type {
  GeneratedDraft,
  SaveArticleRequest,
  SavedArticleRow,
} from "@contracts/article_save";
import { ARTICLE_LIMITS } from "@contracts/text_limits";
import { DEFAULT_LOCALE } from "@contracts/locales";
import { parseTimestamp } from "../../../lib/dates";
import {
  ARTICLE_DELETE_MESSAGES,
  deleteArticleResultSchema,
  remoteRemovalFailureSchema,
  type RemoteRemovalFailure,
  type RemovedPost,
} from "@contracts/article_delete";
import { functionErrorMessage, readFunctionError, readFunctionErrorResponse } from "../../../backend/functionErrors";
import { supabase } from "../../../backend/supabase";

export const ARTICLE_STATUSES = ["draft", "scheduled", "published"] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/**
 * An article's text and SEO fields: what a person writes, what a revision
 * keeps and what History compares. Every other article shape is built on it.
 */
export type ArticleText = {
  title: string;
  /** HTML; sanitise before rendering. */
  content: string;
  excerpt: string;
  metaDescription: string;
  focusKeyword: string;
  slug: string;
  categories: string[];
  tags: string[];
};

/** In the form (text fields only): categories and tags as typed, comma separated. */
export type ArticleTextInForm = Omit<ArticleText, "categories" | "tags"> & { categories: string; tags: string };

export type Article = ArticleText & {
  id: string;
  status: string;
  featuredImageUrl: string | null;
  assistantId: string | null;
  scheduledFor: Date | null;
  /** The connected sites a scheduled article will be published to. */
  scheduledSiteIds: string[];
  createdAt: Date;
  /**
   * Moves with every change to the article, wherever it is made; a save says
   * which version it started from, and is refused when the article has moved
   * on since (ArticleConflictError).
   */
  version: number;
  /** The language it is written in, a tag of LOCALES; null: its assistant's (else its site's, else English) applies. */
  locale: string | null;
  /**
   * A bulk draft the language check read as another language (`detected`,
   * null: it could not tell which) than its own, `expected`, and whose owner
   * has not confirmed it: it is held in its batch's review until its text is
   * corrected (save-article checks it again) or its language confirmed.
   */
  languageFlag: { expected: string; detected: string | null } | null;
};

/** A new article, always saved as a draft. */
export type NewArticle = ArticleText & {
  assistantId: string | null;
  /** The language the article is written in (the one its draft was generated in); absent: none of its own. */
  locale?: string | null;
  /**
   * The AI draft the form was filled with, as the model wrote it: kept as
   * the article's first revision (source 'ai') before the text saved.
   */
  generatedDraft?: GeneratedDraft;
};

export type ArticleChanges = ArticleText & {
  status: ArticleStatus;
  /** Required when the status is scheduled (the database enforces it). */
  scheduledFor: Date | null;
  scheduledSiteIds: string[];
  /** The article's language (null: none of its own); absent: the article keeps the one it has. */
  locale?: string | null;
  /**
   * The article as an accepted AI suggestion (AI on a selection) left it:
   * kept as a revision of source 'ai' before the text saved.
   */
  generatedDraft?: GeneratedDraft;
};

/** A connected WordPress site a scheduled article can target. */
export type ScheduleTarget = { id: string; name: string };

const ARTICLE_COLUMNS =
  "id, title, content, excerpt, status, featured_image_url, meta_description, focus_keyword, slug, categories, tags, assistant_id, scheduled_for, scheduled_site_ids, created_at, version, locale, language_mismatch, detected_locale, language_confirmed_at";

const selectArticles = () => supabase.from("articles").select(ARTICLE_COLUMNS);
type ArticleRow = QueryData<ReturnType<typeof selectArticles>>[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toArticle(row: ArticleRow | SavedArticleRow): Article {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    excerpt: row.excerpt,
    status: row.status,
    featuredImageUrl: row.featured_image_url,
    metaDescription: row.meta_description ?? "",
    focusKeyword: row.focus_keyword ?? "",
    slug: row.slug ?? "",
    categories: row.categories,
    tags: row.tags,
    assistantId: row.assistant_id,
    scheduledFor: row.scheduled_for ? parseTimestamp(row.scheduled_for) : null,
    scheduledSiteIds: row.scheduled_site_ids,
    createdAt: parseTimestamp(row.created_at),
    version: row.version,
    locale: row.locale,
    languageFlag: row.language_mismatch && !row.language_confirmed_at
      ? { expected: row.locale ?? DEFAULT_LOCALE, detected: row.detected_locale }
      : null,
  };
}

/**
 * The article changed since the version a save started from (another tab,
 * another device, the scheduler, a drip rule): nothing was saved. `current`
 * is the article as it is now.
 */
export class ArticleConflictError extends Error {
  override name = "ArticleConflictError";
  constructor(readonly current: Article) {
    super("This article was changed elsewhere since you opened it");
  }
}


/** One article, or null when there is none with this id for the user. */
export async function getArticle(id: string): Promise<Article | null> {
  if (!UUID.test(id)) return null;
  const { data, error } = await selectArticles().eq("id", id).maybeSingle();
  if (error) throw new Error(error.message);
  return data ? toArticle(data) : null;
}

/**
 * Article HTML is stored only by the save-article function, which sanitises
 * it with the preview's allow-list first (the browser may not write
 * `content` itself). Throws ArticleConflictError when an update started from
 * an older version than the article's, else an Error with the function's
 * message, e.g. "title: Title must be at most 500 characters" or "Article
 * not found".
 */
export async function saveArticle(request: SaveArticleRequest): Promise<SavedArticleRow> {
  const { data, error } = await supabase.functions.invoke<{ article: SavedArticleRow }>("save-article", {
    body: request,
  });
  if (error) {
    const answer = await readFunctionErrorResponse(error);
    const current = answer?.body?.current as SavedArticleRow | undefined;
    if (answer?.body?.field === "expectedVersion" && typeof current?.id === "string") {
      throw new ArticleConflictError(toArticle(current));
    }
    throw new Error(await functionErrorMessage(error, SAVE_ARTICLE_FAILURE));
  }
  if (typeof data?.article?.id !== "string") throw new Error(SAVE_ARTICLE_FAILURE);
  return data.article;
}

const SAVE_ARTICLE_FAILURE = "Failed to save article";

const within = (text: string | undefined, maxLength: number) => (text ?? "").trim().length <= maxLength;
const termsWithin = (terms: string[] | undefined, limits: { count: number; itemLength: number }) =>
  (terms ?? []).length <= limits.count && (terms ?? []).every((term) => within(term, limits.itemLength));

/**
 * A revision holds what an article may (save-article's generatedDraft
 * schema): a draft over one of the article's limits, which the form then
 * had the user fix, is left out rather than failing the save.
 */
function keptDraft(draft: GeneratedDraft | undefined): { generatedDraft?: GeneratedDraft } {
  if (!draft || !draft.title.trim() || !draft.content.trim()) return {};
  const fits =
    within(draft.title, ARTICLE_LIMITS.title) &&
    within(draft.content, ARTICLE_LIMITS.content) &&
    within(draft.excerpt, ARTICLE_LIMITS.excerpt) &&
    within(draft.metaDescription, ARTICLE_LIMITS.metaDescription) &&
    within(draft.focusKeyword, ARTICLE_LIMITS.focusKeyword) &&
    within(draft.slug, ARTICLE_LIMITS.slug) &&
    termsWithin(draft.categories, ARTICLE_LIMITS.categories) &&
    termsWithin(draft.tags, ARTICLE_LIMITS.tags);
  return fits ? { generatedDraft: draft } : {};
}

/** Saves a new draft for the signed-in user; returns it as saved. */
export async function createArticle(article: NewArticle): Promise<Article> {
  const saved = await saveArticle({
    title: article.title,
    content: article.content,
    excerpt: article.excerpt,
    metaDescription: article.metaDescription,
    focusKeyword: article.focusKeyword,
    slug: article.slug,
    categories: article.categories,
    tags: article.tags,
    assistantId: article.assistantId,
    ...(article.locale !== undefined ? { locale: article.locale } : {}),
    ...keptDraft(article.generatedDraft),
  });
  return toArticle(saved);
}

/**
 * Saves the changes over version `expectedVersion` of the article; returns
 * the saved article. The schedule (time and target sites) is kept only for a
 * scheduled article and cleared otherwise. Throws ArticleConflictError when
 * the article changed since that version (nothing is saved then).
 */
export async function updateArticle(id: string, expectedVersion: number, changes: ArticleChanges): Promise<Article> {
  const scheduled = changes.status === "scheduled";
  const saved = await saveArticle({
    id,
    expectedVersion,
    title: changes.title,
    content: changes.content,
    excerpt: changes.excerpt,
    status: changes.status,
    metaDescription: changes.metaDescription,
    focusKeyword: changes.focusKeyword,
    slug: changes.slug,
    categories: changes.categories,
    tags: changes.tags,
    scheduledFor: scheduled ? (changes.scheduledFor?.toISOString() ?? null) : null,
    scheduledSiteIds: scheduled ? changes.scheduledSiteIds : [],
    ...(changes.locale !== undefined ? { locale: changes.locale } : {}),
    ...keptDraft(changes.generatedDraft),
  });
  return toArticle(saved);
}

export async function deleteArticle(id: string): Promise<void> {
  const { error, count } = await supabase.from("articles").delete({ count: "exact" }).eq("id", id);
  if (error) throw new Error(error.message);
  if (count === 0) throw new Error("Article not found");
}

/** The sites that refused to remove an article's post: the article was kept. */
export class RemoteRemovalError extends Error {
  constructor(message: string, readonly failures: RemoteRemovalFailure[]) {
    super(message);
    this.name = "RemoteRemovalError";
  }
}

/**
 * Removes the article's posts from the sites it was published to
 * (WordPress: to the trash), then deletes the article (delete-article).
 * Throws RemoteRemovalError naming each site that refused (the article is
 * kept), or an Error with the function's message.
 */
export async function deleteArticleWithRemotePosts(id: string): Promise<RemovedPost[]> {
  const { data, error } = await supabase.functions.invoke("delete-article", { body: { articleId: id } });
  if (error) {
    const body = await readFunctionError(error);
    const failures = remoteRemovalFailureSchema.array().safeParse(body?.failures);
    const message = typeof body?.error === "string" && body.error ? body.error : ARTICLE_DELETE_MESSAGES.deleteFailed;
    if (failures.success && failures.data.length > 0) throw new RemoteRemovalError(message, failures.data);
    throw new Error(message);
  }
  return deleteArticleResultSchema.parse(data).removed;
}

/** The user's connected WordPress sites, by name, as targets for a scheduled article. */
export async function listScheduleTargets(): Promise<ScheduleTarget[]> {
  const { data, error } = await supabase
    .from("wordpress_sites")
    .select("id, name")
    .order("name", { ascending: true });
  if (error) throw new Error(error.message);
  return data;
}
