-- A bulk draft held for its language (20261214000300: language_mismatch) is
-- released when its text is corrected: save-article checks the language of
-- a flagged article again after each save, and when the text now reads as
-- the article's language (or the person chose the language it is written
-- in), it settles the flag here. Confirming by hand (language_confirmed_at)
-- stays the way to keep a text the check disagrees with.
--
-- saved_article_json() (what a save returns) gains `language_mismatch`, so
-- save-article knows, without another read, which saves need the check, and
-- `detected_locale` and `language_confirmed_at`, so the editor shows the
-- flag (and its end) from the save's answer.
--
-- settle_article_language(user, article, version, locale): clears the flag
-- of the user's article when the check found `locale`, its language, in the
-- text of `version`, the version the save wrote (a save in between, whose
-- text was not checked, leaves the flag and its version as they are).
-- Returns the article's new version when it cleared the flag (the change
-- moves it, 20261204000300, and the editor's next save starts from it), null
-- when it cleared none. SECURITY DEFINER (users may not write the
-- flag), search_path '', executable by the secret key only.

create or replace function public.saved_article_json(p_article public.articles)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_article.id,
    'title', p_article.title,
    'content', p_article.content,
    'excerpt', p_article.excerpt,
    'status', p_article.status,
    'featured_image_url', p_article.featured_image_url,
    'meta_description', p_article.meta_description,
    'focus_keyword', p_article.focus_keyword,
    'slug', p_article.slug,
    'categories', p_article.categories,
    'tags', p_article.tags,
    'assistant_id', p_article.assistant_id,
    'scheduled_for', p_article.scheduled_for,
    'scheduled_site_ids', p_article.scheduled_site_ids,
    'created_at', p_article.created_at,
    'version', p_article.version,
    'locale', p_article.locale,
    'language_mismatch', p_article.language_mismatch,
    'detected_locale', p_article.detected_locale,
    'language_confirmed_at', p_article.language_confirmed_at
  );
$$;

create function public.settle_article_language(p_user_id uuid, p_article_id uuid, p_version bigint, p_locale text)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  new_version bigint;
begin
  update public.articles
  set language_mismatch = false, detected_locale = p_locale
  where id = p_article_id and user_id = p_user_id and version = p_version and language_mismatch
    and coalesce(locale, 'en') = p_locale
  returning version into new_version;
  return new_version;
end;
$$;

revoke execute on function public.saved_article_json(public.articles) from public, anon, authenticated;
grant execute on function public.saved_article_json(public.articles) to service_role;
revoke execute on function public.settle_article_language(uuid, uuid, bigint, text) from public, anon, authenticated;
grant execute on function public.settle_article_language(uuid, uuid, bigint, text) to service_role;
