-- An article made on Create or edited in the editor stores its language
-- (issue 26: a BCP-47 locale per article, the article's wins over its
-- assistant's and its site's).
--
-- save_article(user, fields, article id, restored_from, generated_draft,
--              expected_version): same signature, same security (invoker,
--   search_path '', callable by the secret key only: the grants of
--   migration 20261204000300 stay, create or replace keeps them). As before,
--   plus `locale` among the fields:
--   - a new article stores fields.locale (null: not chosen);
--   - an update changes the locale only when the fields name `locale`
--     (null clears it); otherwise the article keeps its own;
--   - the domain public.locale_tag refuses a tag that is not offered
--     (SQLSTATE 23514, constraint locale_tag_supported).
--   A revision does not record the locale: a restore leaves it as it is.
--   detected_locale and language_mismatch (the drafting worker's check)
--   are not touched.
--
-- saved_article_json() (what a save returns and a conflict reports) gains
-- `locale`.

create or replace function public.save_article(
  p_user_id uuid,
  p_article jsonb,
  p_article_id uuid default null,
  p_restored_from bigint default null,
  p_generated_draft jsonb default null,
  p_expected_version bigint default null
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  fields public.articles;
  draft public.article_revisions;
  restored public.article_revisions;
  saved public.articles;
  current_row public.articles;
  newest public.article_revisions;
  revision_source text := case when p_restored_from is null then 'manual' else 'restore' end;
  article_json jsonb;
begin
  if p_user_id is null or jsonb_typeof(p_article) is distinct from 'object'
     or (p_generated_draft is not null and jsonb_typeof(p_generated_draft) <> 'object') then
    raise exception 'save_article: a user and the article''s fields as an object are required' using errcode = '22023';
  end if;
  if p_restored_from is not null and (p_article_id is null or p_generated_draft is not null) then
    raise exception 'save_article: a restore updates an existing article and follows no AI draft' using errcode = '22023';
  end if;
  fields := jsonb_populate_record(null::public.articles, p_article);

  if p_article_id is null then
    insert into public.articles (
      user_id, title, content, excerpt, status, meta_description, focus_keyword, slug, categories, tags,
      scheduled_for, scheduled_site_ids, assistant_id, locale
    ) values (
      p_user_id, fields.title, fields.content, coalesce(fields.excerpt, ''), coalesce(fields.status, 'draft'),
      fields.meta_description, fields.focus_keyword, fields.slug, coalesce(fields.categories, '{}'),
      coalesce(fields.tags, '{}'), fields.scheduled_for, coalesce(fields.scheduled_site_ids, '{}'),
      fields.assistant_id, fields.locale
    )
    returning * into saved;
  else
    -- The row is locked for the check and the update: a save and a change elsewhere never interleave.
    select * into current_row from public.articles a where a.id = p_article_id and a.user_id = p_user_id for update;
    if not found then
      return null;
    end if;
    if p_expected_version is not null and current_row.version <> p_expected_version then
      raise exception 'This article was changed elsewhere since version %', p_expected_version
        using errcode = 'PT409', detail = public.saved_article_json(current_row)::text;
    end if;

    if p_restored_from is not null then
      select * into restored from public.article_revisions r
      where r.id = p_restored_from and r.article_id = p_article_id and r.user_id = p_user_id;
      if restored.status is not null then
        fields.status := case
          when restored.status = 'scheduled' and restored.scheduled_for <= now() then 'draft'
          else restored.status
        end;
        fields.scheduled_for := case when fields.status = 'scheduled' then restored.scheduled_for end;
        fields.scheduled_site_ids := case when fields.status = 'scheduled' then restored.scheduled_site_ids else '{}' end;
        fields.scheduled_post_status := restored.scheduled_post_status;
        fields.featured_image_url := restored.featured_image_url;
        fields.assistant_id := (
          select s.id from public.assistants s where s.id = restored.assistant_id and s.user_id = p_user_id
        );
      end if;
    end if;

    update public.articles a set
      title = fields.title,
      content = fields.content,
      excerpt = coalesce(fields.excerpt, ''),
      status = coalesce(fields.status, 'draft'),
      meta_description = fields.meta_description,
      focus_keyword = fields.focus_keyword,
      slug = fields.slug,
      categories = coalesce(fields.categories, '{}'),
      tags = coalesce(fields.tags, '{}'),
      scheduled_for = fields.scheduled_for,
      scheduled_site_ids = coalesce(fields.scheduled_site_ids, '{}'),
      scheduled_post_status = case when restored.status is not null then fields.scheduled_post_status
                                   else a.scheduled_post_status end,
      featured_image_url = case when restored.status is not null then fields.featured_image_url
                                else a.featured_image_url end,
      assistant_id = case
        when restored.status is not null then fields.assistant_id
        when p_article ? 'assistant_id' then fields.assistant_id
        else a.assistant_id
      end,
      -- The article's language: changed only when the save names one (null clears it).
      locale = case when p_article ? 'locale' then fields.locale else a.locale end
    where a.id = p_article_id and a.user_id = p_user_id
    returning a.* into saved;
  end if;

  if p_generated_draft is not null then
    draft := jsonb_populate_record(null::public.article_revisions, p_generated_draft);
    insert into public.article_revisions (
      article_id, user_id, source, title, content, excerpt, meta_description, focus_keyword, slug, categories, tags
    ) values (
      saved.id, p_user_id, 'ai', draft.title, draft.content, coalesce(draft.excerpt, ''), draft.meta_description,
      draft.focus_keyword, draft.slug, coalesce(draft.categories, '{}'), coalesce(draft.tags, '{}')
    );
  end if;

  select * into newest
  from public.article_revisions r
  where r.user_id = p_user_id and r.article_id = saved.id
  order by r.id desc
  limit 1;

  -- A new revision unless the newest one already holds what was saved: its
  -- text, and its state when it recorded one (else: the state did not change
  -- with this save).
  if revision_source = 'restore' or newest.id is null
     or (newest.title, newest.content, newest.excerpt, newest.meta_description, newest.focus_keyword, newest.slug,
         newest.categories, newest.tags)
        is distinct from
        (saved.title, saved.content, saved.excerpt, saved.meta_description, saved.focus_keyword, saved.slug,
         saved.categories, saved.tags)
     or (newest.status is not null
         and (newest.status, newest.scheduled_for, newest.scheduled_site_ids, newest.scheduled_post_status,
              newest.featured_image_url, newest.assistant_id)
             is distinct from
             (saved.status, saved.scheduled_for, saved.scheduled_site_ids, saved.scheduled_post_status,
              saved.featured_image_url, saved.assistant_id))
     or (newest.status is null and current_row.id is not null
         and (current_row.status, current_row.scheduled_for, current_row.scheduled_site_ids,
              current_row.scheduled_post_status, current_row.featured_image_url, current_row.assistant_id)
             is distinct from
             (saved.status, saved.scheduled_for, saved.scheduled_site_ids, saved.scheduled_post_status,
              saved.featured_image_url, saved.assistant_id)) then
    insert into public.article_revisions (
      article_id, user_id, source, restored_from, title, content, excerpt, meta_description, focus_keyword, slug,
      categories, tags, status, scheduled_for, scheduled_site_ids, scheduled_post_status, featured_image_url,
      assistant_id
    ) values (
      saved.id, p_user_id, revision_source, p_restored_from, saved.title, saved.content, saved.excerpt,
      saved.meta_description, saved.focus_keyword, saved.slug, saved.categories, saved.tags, saved.status,
      saved.scheduled_for, saved.scheduled_site_ids, saved.scheduled_post_status, saved.featured_image_url,
      saved.assistant_id
    );
  end if;

  return public.saved_article_json(saved);
end;
$$;

-- The article as save_article() returns it (and as its conflict reports it).
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
    'locale', p_article.locale
  );
$$;

-- Unchanged grants, restated: the secret key only.
revoke execute on function public.saved_article_json(public.articles) from public, anon, authenticated;
grant execute on function public.saved_article_json(public.articles) to service_role;
revoke execute on function public.save_article(uuid, jsonb, uuid, bigint, jsonb, bigint) from public, anon, authenticated;
grant execute on function public.save_article(uuid, jsonb, uuid, bigint, jsonb, bigint) to service_role;
