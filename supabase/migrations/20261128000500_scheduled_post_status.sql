-- A scheduled article may go out as a WordPress draft instead of a live post
-- (the drip rule's "WordPress draft": the posts wait on the site for a last
-- look there).
--
-- articles.scheduled_post_status  'publish' (default, as before) or 'draft':
--   the WordPress status the scheduler gives the post.
--
-- claim_due_scheduled_articles() and record_publication_success() keep their
-- signatures and rules (as last defined by 20261126100100 and 20261126100000:
-- a claimed pair is 'pending', remote_status records what the site holds),
-- with "done" meaning "stored on the site with the scheduled status" instead
-- of "published": a pair whose post was stored as
-- the draft it should be is not claimed again, and once every target site
-- holds its post the article leaves the schedule as 'published' (live posts)
-- or 'draft' (WordPress drafts: nothing of it is live anywhere).

alter table public.articles
  add column scheduled_post_status text not null default 'publish'
    constraint articles_scheduled_post_status_check check (scheduled_post_status in ('publish', 'draft'));

-- The drip rule (run as the signed-in owner) sets it.
grant update (scheduled_post_status) on table public.articles to authenticated;

create or replace function public.claim_due_scheduled_articles(batch_size integer default 5, lease_seconds integer default 600)
returns table (article_id uuid, user_id uuid, site_id uuid)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  if batch_size is null or batch_size < 1 or batch_size > 100 then
    raise exception 'batch_size must be between 1 and 100' using errcode = '22023';
  end if;
  if lease_seconds is null or lease_seconds < 30 or lease_seconds > 3600 then
    raise exception 'lease_seconds must be between 30 and 3600' using errcode = '22023';
  end if;

  return query
  with due_pairs as (
    select a.id as article_id, a.user_id, s.id as site_id, a.scheduled_for
    from public.articles a
    join public.wordpress_sites s on s.id = any (a.scheduled_site_ids) and s.user_id = a.user_id
    left join public.publications p on p.article_id = a.id and p.site_id = s.id
    where a.status = 'scheduled'
      and a.scheduled_for <= now()
      and (
        p.id is null
        or (
          not (p.status = a.scheduled_post_status and p.published_at is not null and p.published_at >= a.scheduled_for)
          and (p.next_attempt_at is null or p.next_attempt_at <= now())
        )
      )
  ),
  locked_articles as (
    select a.id
    from public.articles a
    where a.id in (select due_pairs.article_id from due_pairs)
      and a.status = 'scheduled'
      and a.scheduled_for <= now()
    order by a.scheduled_for, a.id
    limit batch_size
    for update of a skip locked
  ),
  claimed as (
    insert into public.publications as p (user_id, article_id, site_id, status, next_attempt_at)
    select d.user_id, d.article_id, d.site_id, 'pending', now() + make_interval(secs => lease_seconds)
    from due_pairs d
    where d.article_id in (select locked_articles.id from locked_articles)
    on conflict (article_id, site_id) do update
      set next_attempt_at = excluded.next_attempt_at,
          status = 'pending'
      where p.next_attempt_at is null or p.next_attempt_at <= now()
    returning p.article_id, p.user_id, p.site_id
  )
  select claimed.article_id, claimed.user_id, claimed.site_id from claimed;
end;
$$;

create or replace function public.record_publication_success(
  p_user_id uuid,
  p_article_id uuid,
  p_site_id uuid,
  p_remote_post_id bigint,
  p_link text,
  p_status text,
  p_featured_media_id bigint default null,
  p_featured_media_source_url text default null,
  p_scheduled boolean default false
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
    user_id, article_id, site_id, remote_post_id, link, status, remote_status, published_at, last_error, attempts,
    next_attempt_at, featured_media_id, featured_media_source_url
  )
  values (
    p_user_id, p_article_id, p_site_id, p_remote_post_id, p_link, p_status, p_status, now(), null, 0,
    null, p_featured_media_id, p_featured_media_source_url
  )
  on conflict (article_id, site_id) do update set
    remote_post_id = excluded.remote_post_id,
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
