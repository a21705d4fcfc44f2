-- No silent overwrites: every article has a version, and a save says which
-- version it started from; status, schedule, target sites, featured image
-- and assistant are part of revisions.
--
-- articles.version
--   1 for a new article, one more for every update that changes the row,
--   whoever makes it (a save, the scheduler or a publish recording its
--   outcome, a drip rule, a reschedule, a featured image chosen in the list,
--   an approval): trigger articles_bump_version. Not writable by users.
--
-- article_revisions gains the article's state as it was saved: status,
--   scheduled_for, scheduled_site_ids, scheduled_post_status,
--   featured_image_url, assistant_id. Null status: not recorded (revisions
--   written before this migration, and AI drafts, which have no state of
--   their own). The assistant is kept as an id without a foreign key: a
--   revision outlives the assistant; a restore brings it back only while it
--   exists.
--
-- save_article(user, fields, article id, restored_from, generated_draft,
--              expected_version) (replaces the five-argument one)
--   As before, plus:
--   - p_expected_version: for an update, the version the save started from.
--     When the article is at another version now, nothing is written and
--     SQLSTATE PT409 (HTTP 409 through PostgREST) is raised, its detail the
--     article as it is now (the same JSON object a save returns), so the
--     caller can show what changed elsewhere. Null skips the check (creates).
--   - every revision it writes records the saved state, and a save adds no
--     revision only when the newest one holds its text and its state (a
--     newest revision without a recorded state: when this save did not change
--     the state);
--   - a restore brings the revision's state back when the revision recorded
--     one: status, schedule and target sites (a schedule whose time has
--     passed comes back as a draft with no schedule, so restoring never
--     publishes at once), the WordPress post status of a schedule, the
--     featured image, and the assistant while it still exists. Without a
--     recorded state, the state is what p_article says (as before).
--   - the returned JSON has `version`.

alter table public.articles
  add column version bigint not null default 1;

create function public.bump_article_version()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  -- Generated columns (search_vector) are not computed yet in a BEFORE trigger; updated_at always moves.
  if (to_jsonb(new) - array['version', 'updated_at', 'search_vector'])
     is distinct from (to_jsonb(old) - array['version', 'updated_at', 'search_vector']) then
    new.version := old.version + 1;
  else
    new.version := old.version;
  end if;
  return new;
end;
$$;

revoke execute on function public.bump_article_version() from public, anon, authenticated;

create trigger articles_bump_version
  before update on public.articles
  for each row execute function public.bump_article_version();

alter table public.article_revisions
  add column status text
    constraint article_revisions_status_check check (status in ('draft', 'scheduled', 'published')),
  add column scheduled_for timestamptz,
  add column scheduled_site_ids uuid[],
  add column scheduled_post_status text
    constraint article_revisions_scheduled_post_status_check check (scheduled_post_status in ('publish', 'draft')),
  add column featured_image_url text
    constraint article_revisions_featured_image_url_http
      check (featured_image_url ~* '^https?://' and length(featured_image_url) <= 2048),
  add column assistant_id uuid,
  add constraint article_revisions_state_complete check (
    (status is null and scheduled_for is null and scheduled_site_ids is null and scheduled_post_status is null
      and featured_image_url is null and assistant_id is null)
    or (status is not null and scheduled_site_ids is not null and scheduled_post_status is not null)
  );

drop function public.save_article(uuid, jsonb, uuid, bigint, jsonb);

create function public.save_article(
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
      scheduled_for, scheduled_site_ids, assistant_id
    ) values (
      p_user_id, fields.title, fields.content, coalesce(fields.excerpt, ''), coalesce(fields.status, 'draft'),
      fields.meta_description, fields.focus_keyword, fields.slug, coalesce(fields.categories, '{}'),
      coalesce(fields.tags, '{}'), fields.scheduled_for, coalesce(fields.scheduled_site_ids, '{}'),
      fields.assistant_id
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
      end
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
create function public.saved_article_json(p_article public.articles)
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
    'version', p_article.version
  );
$$;

revoke execute on function public.saved_article_json(public.articles) from public, anon, authenticated;
grant execute on function public.saved_article_json(public.articles) to service_role;
revoke execute on function public.save_article(uuid, jsonb, uuid, bigint, jsonb, bigint) from public, anon, authenticated;
grant execute on function public.save_article(uuid, jsonb, uuid, bigint, jsonb, bigint) to service_role;
