/**
 * Create New Post opened with an idea, a focus keyword and a language filled
 * in (/articles/create?idea=…&keyword=…&locale=…), as Keyword Phrases' "Write
 * article" opens it. Each value is trimmed and cut to what its field
 * accepts; a language that is not offered is left out.
 */
import { ARTICLE_IDEA_MAX_LENGTH } from "@contracts/article";
import { isSupportedLocale } from "@contracts/locales";
import { ARTICLE_LIMITS } from "@contracts/text_limits";

export type ArticlePrefill = { idea: string; focusKeyword: string; locale: string };

export function articlePrefill(search: string): ArticlePrefill {
  const params = new URLSearchParams(search);
  const locale = params.get("locale") ?? "";
  return {
    idea: (params.get("idea") ?? "").trim().slice(0, ARTICLE_IDEA_MAX_LENGTH),
    focusKeyword: (params.get("keyword") ?? "").trim().slice(0, ARTICLE_LIMITS.focusKeyword),
    locale: isSupportedLocale(locale) ? locale : "",
  };
}

/** Where "Write article" for a keyword leads: its idea and focus keyword filled in, in the research's language if it had one. */
export function writeArticleHref(keyword: string, locale?: string | null): string {
  return `/articles/create?${new URLSearchParams({ idea: keyword, keyword, ...(locale ? { locale } : {}) })}`;
}
