/**
 * Writing articles for save-article through public.save_article() (migrations
 * 20261127400200, 20261204000300 and 20261217000100) and settling a corrected
 * draft's language (20261219000200): the article and its revision in one
 * transaction, an update only from the version it started from. The
 * browser holds no INSERT or UPDATE grant on `content` (migration
 * 20261126000300) and none on article_revisions, so only this function
 * stores article HTML, and only after sanitising it: a system path
 * (SystemAccess.articleSaves). The secret key bypasses row-level security,
 * so ownership is explicit in save_article(): a new row gets the caller's
 * user_id, an update matches both the id and the caller's user_id (another
 * user's article is "not found"). The assistant must be one of the caller's
 * and a restored revision one of this article's: composite foreign keys
 * refuse others.
 */
import type { SystemClient } from "../_shared/platform/system_access.ts";
import type { SavedArticleRow } from "../_shared/contracts/article_save.ts";

/** The columns save-article writes. */
export interface ArticleFields {
  title: string;
  content: string;
  excerpt: string;
  status: "draft" | "scheduled" | "published";
  meta_description: string | null;
  focus_keyword: string | null;
  slug: string | null;
  categories: string[];
  tags: string[];
  scheduled_for: string | null;
  scheduled_site_ids: string[];
  assistant_id?: string | null;
  /** Absent: an update keeps the article's language (save_article() changes it only when named). */
  locale?: string | null;
}

/** The text a revision keeps (public.article_revisions). */
export interface RevisionText {
  title: string;
  content: string;
  excerpt: string;
  meta_description: string | null;
  focus_keyword: string | null;
  slug: string | null;
  categories: string[];
  tags: string[];
}

/** What one save writes: the article, and where its text came from. */
export interface ArticleSave {
  /** The caller's article to update; absent for a new one. */
  id?: string;
  /** For an update: the version it started from (a newer one is ArticleConflictError). */
  expectedVersion?: number;
  fields: ArticleFields;
  /** The revision restored (source 'restore'). */
  restoredFrom?: number;
  /** The AI draft this save follows, recorded first (source 'ai'). */
  generatedDraft?: RevisionText;
}

/** The database refused the row; `code` is PostgreSQL's SQLSTATE, `constraint` the constraint named. */
export class ArticleWriteError extends Error {
  override name = "ArticleWriteError";
  constructor(message: string, readonly code: string | undefined, readonly constraint: string | undefined) {
    super(message);
  }
}

/** The article changed since the version the save started from; `current` is how it is now. Nothing was written. */
export class ArticleConflictError extends Error {
  override name = "ArticleConflictError";
  constructor(readonly current: SavedArticleRow) {
    super("The article changed since the version the save started from");
  }
}

/** save_article()'s refusal of a stale save: SQLSTATE PT409, the current article as JSON in the detail. */
const CHANGED_ELSEWHERE = "PT409";

export interface ArticleStore {
  /** The saved row; null when an update names no article of the caller's. Throws ArticleConflictError, ArticleWriteError. */
  save(userId: string, save: ArticleSave): Promise<SavedArticleRow | null>;
  /**
   * Clears the language flag of the user's article whose text at `version`
   * (the one the save wrote) the check read as `locale`, its language
   * (settle_article_language, migration 20261219000200): its new version, or
   * null when nothing was cleared (another save came in between, unchecked).
   */
  settleLanguage(userId: string, articleId: string, version: number, locale: string): Promise<number | null>;
}

function writeError(error: { message: string; code?: string; details?: string | null }): ArticleWriteError {
  const constraint = /constraint "([^"]+)"/.exec(`${error.message} ${error.details ?? ""}`)?.[1];
  return new ArticleWriteError(error.message, error.code, constraint);
}

export function createArticleStore(articleSaves: SystemClient): ArticleStore {
  return {
    async save(userId, { id, expectedVersion, fields, restoredFrom, generatedDraft }) {
      const { data, error } = await articleSaves.rpc("save_article", {
        p_user_id: userId,
        p_article: { ...fields },
        p_article_id: id,
        p_restored_from: restoredFrom,
        p_generated_draft: generatedDraft ? { ...generatedDraft } : undefined,
        p_expected_version: expectedVersion,
      });
      if (error?.code === CHANGED_ELSEWHERE && error.details) {
        throw new ArticleConflictError(JSON.parse(error.details) as SavedArticleRow);
      }
      if (error) throw writeError(error);
      return (data ?? null) as SavedArticleRow | null;
    },
    async settleLanguage(userId, articleId, version, locale) {
      const { data, error } = await articleSaves.rpc("settle_article_language", {
        p_user_id: userId,
        p_article_id: articleId,
        p_version: version,
        p_locale: locale,
      });
      if (error) throw new Error(`settling the article's language: ${error.message}`);
      return data ?? null;
    },
  };
}
