-- Articles are saved with their revision in one transaction: save_article()
-- is what the save-article edge function (secret key) calls instead of
-- writing public.articles itself, so every save keeps a revision
-- (20261127400100_article_revisions.sql) or, when the revision cannot be
-- written, nothing is saved at all.

-- save_article(user, fields, article id, restored_from, generated_draft)
--   Creates (no article id) or updates the user's article and records its
--   revision in one transaction; returns the saved row's columns as JSON, or
--   null when the user has no article with that id.
--   p_article: the article's columns as JSON (title, content, excerpt,
--     status, meta_description, focus_keyword, slug, categories, tags,
--     scheduled_for, scheduled_site_ids, and assistant_id when it is to be
--     set); the caller has validated and sanitised them.
--   p_restored_from: the revision whose text this save restores (source
--     'restore', always a new revision); it must belong to this article, or
--     the foreign key refuses the save.
--   p_generated_draft: the AI draft this save follows (same JSON columns as
--     a revision), recorded first as an 'ai' revision.
--   A manual save whose text equals the article's newest revision adds none.
-- Execute: service_role only. Security invoker: the secret key's role
-- bypasses RLS, so ownership is explicit (user_id on insert; id AND user_id
-- on update; the revision's composite foreign key).
create function public.save_article(
  p_user_id uuid,
  p_article jsonb,
  p_article_id uuid default null,
  p_restored_from bigint default null,
  p_generated_draft jsonb default null
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  fields public.articles;
  draft public.article_revisions;
  saved public.articles;
  newest public.article_revisions;
  revision_source text := case when p_restored_from is null then 'manual' else 'restore' end;
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
      scheduled_for, scheduled_site_ids, assistant_id
    ) values (
      p_user_id, fields.title, fields.content, coalesce(fields.excerpt, ''), coalesce(fields.status, 'draft'),
      fields.meta_description, fields.focus_keyword, fields.slug, coalesce(fields.categories, '{}'),
      coalesce(fields.tags, '{}'), fields.scheduled_for, coalesce(fields.scheduled_site_ids, '{}'),
      fields.assistant_id
    )
    returning * into saved;
  else
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
      assistant_id = case when p_article ? 'assistant_id' then fields.assistant_id else a.assistant_id end
    where a.id = p_article_id and a.user_id = p_user_id
    returning a.* into saved;
    if not found then
      return null;
    end if;
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

  if revision_source = 'restore' or newest.id is null
     or (newest.title, newest.content, newest.excerpt, newest.meta_description, newest.focus_keyword, newest.slug,
         newest.categories, newest.tags)
        is distinct from
        (saved.title, saved.content, saved.excerpt, saved.meta_description, saved.focus_keyword, saved.slug,
         saved.categories, saved.tags) then
    insert into public.article_revisions (
      article_id, user_id, source, restored_from, title, content, excerpt, meta_description, focus_keyword, slug,
      categories, tags
    ) values (
      saved.id, p_user_id, revision_source, p_restored_from, saved.title, saved.content, saved.excerpt,
      saved.meta_description, saved.focus_keyword, saved.slug, saved.categories, saved.tags
    );
  end if;

  return jsonb_build_object(
    'id', saved.id,
    'title', saved.title,
    'content', saved.content,
    'excerpt', saved.excerpt,
    'status', saved.status,
    'featured_image_url', saved.featured_image_url,
    'meta_description', saved.meta_description,
    'focus_keyword', saved.focus_keyword,
    'slug', saved.slug,
    'categories', saved.categories,
    'tags', saved.tags,
    'assistant_id', saved.assistant_id,
    'scheduled_for', saved.scheduled_for,
    'scheduled_site_ids', saved.scheduled_site_ids,
    'created_at', saved.created_at
  );
end;
$$;

revoke execute on function public.save_article(uuid, jsonb, uuid, bigint, jsonb) from public, anon, authenticated;
grant execute on function public.save_article(uuid, jsonb, uuid, bigint, jsonb) to service_role;
