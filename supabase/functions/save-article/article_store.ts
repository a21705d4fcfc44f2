/**
 * Writing articles with the service client, for save-article. The browser
 * holds no INSERT or UPDATE grant on `content` (migration
 * 20261126000300), so only this function stores article HTML, and only
 * after sanitising it. The service client bypasses row-level security, so
 * ownership is explicit here: a new row gets the caller's user_id, and an
 * update matches both the id and the caller's user_id (another user's
 * article is "not found"). The assistant must be one of the caller's: the
 * composite foreign key (assistant_id, user_id) refuses any other.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { SAVED_ARTICLE_COLUMNS, type SavedArticleRow } from "../_shared/schemas/article_save.ts";

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
}

/** The database refused the row; `code` is PostgreSQL's SQLSTATE, `constraint` the constraint named. */
export class ArticleWriteError extends Error {
  override name = "ArticleWriteError";
  constructor(message: string, readonly code: string | undefined, readonly constraint: string | undefined) {
    super(message);
  }
}

export interface ArticleStore {
  insert(userId: string, fields: ArticleFields): Promise<SavedArticleRow>;
  /** null when the caller has no article with this id. */
  update(userId: string, id: string, fields: ArticleFields): Promise<SavedArticleRow | null>;
}

function writeError(error: { message: string; code?: string; details?: string | null }): ArticleWriteError {
  const constraint = /constraint "([^"]+)"/.exec(`${error.message} ${error.details ?? ""}`)?.[1];
  return new ArticleWriteError(error.message, error.code, constraint);
}

export function createArticleStore(service: SupabaseClient): ArticleStore {
  return {
    async insert(userId, fields) {
      const { data, error } = await service
        .from("articles")
        .insert({ ...fields, user_id: userId })
        .select(SAVED_ARTICLE_COLUMNS)
        .single();
      if (error) throw writeError(error);
      return data as SavedArticleRow;
    },
    async update(userId, id, fields) {
      const { data, error } = await service
        .from("articles")
        .update(fields)
        .eq("id", id)
        .eq("user_id", userId)
        .select(SAVED_ARTICLE_COLUMNS)
        .maybeSingle();
      if (error) throw writeError(error);
      return data as SavedArticleRow | null;
    },
  };
}
