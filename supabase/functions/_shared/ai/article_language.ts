/**
 * The language an article is written in, as its editor's AI help needs it
 * (edit-selection): the article's own locale, else its assistant's
 * (resolveLocale's order; no site is known while editing). Read as the
 * caller: row-level security hides another user's article, which is then
 * "not found", like a missing one.
 */
import { isSupportedLocale } from "../contracts/locales.ts";
import type { CallerClient } from "../platform/caller.ts";

/** The article's language tag, null when neither it nor its assistant has one, undefined when there is no such article of the caller's. */
export type FindArticleLanguage = (articleId: string) => Promise<string | null | undefined>;

export function articleLanguageFinder(client: CallerClient): FindArticleLanguage {
  return async (articleId) => {
    const { data, error } = await client
      .from("articles")
      .select("locale, assistant:assistants(locale)")
      .eq("id", articleId)
      .maybeSingle();
    if (error) throw new Error(`Could not read the article's language: ${error.message}`);
    if (!data) return undefined;
    const assistant = data.assistant as { locale: string | null } | null;
    const tag = data.locale ?? assistant?.locale ?? null;
    return tag && isSupportedLocale(tag) ? tag : null;
  };
}
