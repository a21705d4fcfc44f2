/**
 * Create New Post opened with an idea and a focus keyword filled in
 * (/articles/create?idea=…&keyword=…), as Keyword Phrases' "Write article"
 * opens it. Each value is trimmed and cut to what its field accepts.
 */
import { ARTICLE_IDEA_MAX_LENGTH } from "@contracts/article";
import { ARTICLE_LIMITS } from "@contracts/text_limits";

export type ArticlePrefill = { idea: string; focusKeyword: string };

export function articlePrefill(search: string): ArticlePrefill {
  const params = new URLSearchParams(search);
  return {
    idea: (params.get("idea") ?? "").trim().slice(0, ARTICLE_IDEA_MAX_LENGTH),
    focusKeyword: (params.get("keyword") ?? "").trim().slice(0, ARTICLE_LIMITS.focusKeyword),
  };
}

/** Where "Write article" for a keyword leads: its idea and focus keyword filled in. */
export function writeArticleHref(keyword: string): string {
  return `/articles/create?${new URLSearchParams({ idea: keyword, keyword })}`;
}
