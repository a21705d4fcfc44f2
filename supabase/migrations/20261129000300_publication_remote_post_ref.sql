-- publications.remote_post_ref: the remote post of a Ghost site, whose post
-- ids are 24-digit hex object ids, not WordPress's integers
-- (publications.remote_post_id stays null for those). Re-publishing to a
-- Ghost site updates the post named here.
--
-- record_publication_success() and record_publication_failure() gain
-- p_remote_post_ref (default null), stored like p_remote_post_id: a success
-- replaces it, a failure keeps the known one unless it names another. Their
-- other arguments and behaviour are unchanged; being new signatures, they are
-- dropped and created with their grants again.

alter table public.publications
  add column remote_post_ref text
    constraint publications_remote_post_ref_check check (remote_post_ref ~ '^[0-9a-f]{24}$');

drop function public.record_publication_success(uuid, uuid, uuid, bigint, text, text, bigint, text, boolean);
drop function public.record_publication_failure(uuid, uuid, uuid, text, boolean, bigint, text, bigint, text, text);

create function public.record_publication_success(
  p_user_id uuid,
  p_article_id uuid,
  p_site_id uuid,
  p_remote_post_id bigint,
  p_link text,
  p_status text,
  p_featured_media_id bigint default null,
  p_featured_media_source_url text default null,
  p_scheduled boolean default false,
  p_remote_post_ref text default null
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  article_status text;
begin
  if p_status not in ('draft', 'publish') then
    raise exception 'p_status must be draft or publish' using errcode = '22023';
  end if;
  -- Locking the article first serialises the publications of one article to
  -- several sites: each later statement sees the others' committed rows, so
  -- the last one to finish takes the article off the schedule.
  perform 1 from public.articles where id = p_article_id and user_id = p_user_id for update;
  if not found then
    raise exception 'article % not found for this user', p_article_id using errcode = 'P0002';
  end if;
  perform 1 from public.wordpress_sites where id = p_site_id and user_id = p_user_id;
  if not found then
    raise exception 'site % not found for this user', p_site_id using errcode = 'P0002';
  end if;

  insert into public.publications as p (
    user_id, article_id, site_id, remote_post_id, remote_post_ref, link, status, remote_status, published_at, last_error, attempts,
    next_attempt_at, featured_media_id, featured_media_source_url
  )
  values (
    p_user_id, p_article_id, p_site_id, p_remote_post_id, p_remote_post_ref, p_link, p_status, p_status, now(), null, 0,
    null, p_featured_media_id, p_featured_media_source_url
  )
  on conflict (article_id, site_id) do update set
    remote_post_id = excluded.remote_post_id,
    remote_post_ref = excluded.remote_post_ref,
    link = excluded.link,
    status = excluded.status,
    remote_status = excluded.remote_status,
    published_at = excluded.published_at,
    last_error = null,
    attempts = 0,
    next_attempt_at = null,
    featured_media_id = excluded.featured_media_id,
    featured_media_source_url = excluded.featured_media_source_url;

  -- The new status first: status and scheduled_for must change in one
  -- statement (articles_scheduled_for_iff_scheduled).
  select case
      when not p_scheduled then (case p_status when 'publish' then 'published' else 'draft' end)
      when a.status = 'scheduled' and not exists (
        select 1
        from public.wordpress_sites s
        left join public.publications p on p.article_id = a.id and p.site_id = s.id
        where s.id = any (a.scheduled_site_ids)
          and s.user_id = a.user_id
          and not (p.status is not distinct from a.scheduled_post_status and p.published_at >= a.scheduled_for)
      ) then (case a.scheduled_post_status when 'publish' then 'published' else 'draft' end)
      else a.status
    end
  into article_status
  from public.articles a
  where a.id = p_article_id;

  update public.articles a set
    wordpress_site_ids = case
      when p_site_id = any (a.wordpress_site_ids) then a.wordpress_site_ids
      else array_append(a.wordpress_site_ids, p_site_id)
    end,
    status = article_status,
    scheduled_for = case when article_status = 'scheduled' then a.scheduled_for end
  where a.id = p_article_id;

  return article_status;
end;
$$;

create function public.record_publication_failure(
  p_user_id uuid,
  p_article_id uuid,
  p_site_id uuid,
  p_error text,
  p_retry boolean default false,
  p_remote_post_id bigint default null,
  p_link text default null,
  p_featured_media_id bigint default null,
  p_featured_media_source_url text default null,
  p_remote_status text default null,
  p_remote_post_ref text default null
)
returns table (attempts integer, next_attempt_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform 1 from public.articles where id = p_article_id and user_id = p_user_id;
  if not found then
    raise exception 'article % not found for this user', p_article_id using errcode = 'P0002';
  end if;
  perform 1 from public.wordpress_sites where id = p_site_id and user_id = p_user_id;
  if not found then
    raise exception 'site % not found for this user', p_site_id using errcode = 'P0002';
  end if;

  return query
  insert into public.publications as p (
    user_id, article_id, site_id, remote_post_id, remote_post_ref, link, status, remote_status, last_error, attempts, next_attempt_at,
    featured_media_id, featured_media_source_url
  )
  values (
    p_user_id, p_article_id, p_site_id, p_remote_post_id, p_remote_post_ref, p_link, 'failed', p_remote_status, left(p_error, 1000), 1,
    case when p_retry then now() + interval '1 minute' end,
    p_featured_media_id, p_featured_media_source_url
  )
  on conflict (article_id, site_id) do update set
    status = 'failed',
    last_error = excluded.last_error,
    attempts = p.attempts + 1,
    next_attempt_at = case
      when not p_retry then null
      else now() + case p.attempts + 1
        when 1 then interval '1 minute'
        when 2 then interval '5 minutes'
        when 3 then interval '15 minutes'
        else interval '60 minutes'
      end
    end,
    remote_post_id = coalesce(excluded.remote_post_id, p.remote_post_id),
    remote_post_ref = coalesce(excluded.remote_post_ref, p.remote_post_ref),
    link = coalesce(excluded.link, p.link),
    remote_status = coalesce(excluded.remote_status, p.remote_status),
    featured_media_id = coalesce(excluded.featured_media_id, p.featured_media_id),
    featured_media_source_url = coalesce(excluded.featured_media_source_url, p.featured_media_source_url)
  returning p.attempts, p.next_attempt_at;
end;
$$;

revoke all on function public.record_publication_success(uuid, uuid, uuid, bigint, text, text, bigint, text, boolean, text)
  from public, anon, authenticated;
grant execute on function public.record_publication_success(uuid, uuid, uuid, bigint, text, text, bigint, text, boolean, text)
  to service_role;
revoke all on function public.record_publication_failure(uuid, uuid, uuid, text, boolean, bigint, text, bigint, text, text, text)
  from public, anon, authenticated;
grant execute on function public.record_publication_failure(uuid, uuid, uuid, text, boolean, bigint, text, bigint, text, text, text)
  to service_role;
