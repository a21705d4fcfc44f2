-- Scheduled publishing and publication bookkeeping, used only by edge
-- functions with the secret key (service_role):
--
-- claim_due_scheduled_articles(batch_size, lease_seconds)
--   Claims the (article, site) pairs that are due: the article is scheduled
--   and its time has come, the site is one of its scheduled_site_ids AND
--   belongs to the article's owner, the pair was not already published for
--   this schedule, and its next_attempt_at (back-off or lease) has passed.
--   A claim is a lease written into publications.next_attempt_at (a new pair
--   gets a 'pending' row). Article rows are taken FOR UPDATE SKIP LOCKED, and
--   the upsert only takes a pair whose next_attempt_at has passed, re-checked
--   on the latest row version, so two concurrent calls never claim the same
--   pair, and a worker that dies mid-publish only delays the pair until its
--   lease runs out.
--
-- record_publication_success(...) / record_publication_failure(...)
--   Record the outcome on publications (one row per article and site) and, on
--   success, update the article in the same transaction: the site id is added
--   to wordpress_site_ids without duplicates; a manual publish sets the status
--   (publish -> published, draft -> draft, scheduled_for cleared); a scheduled
--   publish marks the article published once every target site is done.
--   A failure increments attempts and, for scheduled work, sets the back-off:
--   1, 5, 15, then every 60 minutes.
--
-- Also: publications remember the featured image uploaded to the site, so a
-- re-publish with the same image reuses it instead of uploading a duplicate.

alter table public.publications
  add column featured_media_id bigint,
  add column featured_media_source_url text;

-- The claim's scan of pairs that are waiting (back-off or lease).
create index publications_next_attempt_at_idx on public.publications (next_attempt_at) where next_attempt_at is not null;

create function public.claim_due_scheduled_articles(batch_size integer default 5, lease_seconds integer default 600)
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
          not (p.status = 'publish' and p.published_at is not null and p.published_at >= a.scheduled_for)
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
      set next_attempt_at = excluded.next_attempt_at
      where p.next_attempt_at is null or p.next_attempt_at <= now()
    returning p.article_id, p.user_id, p.site_id
  )
  select claimed.article_id, claimed.user_id, claimed.site_id from claimed;
end;
$$;

create function public.record_publication_success(
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
  -- the last one to finish marks the article published.
  perform 1 from public.articles where id = p_article_id and user_id = p_user_id for update;
  if not found then
    raise exception 'article % not found for this user', p_article_id using errcode = 'P0002';
  end if;
  perform 1 from public.wordpress_sites where id = p_site_id and user_id = p_user_id;
  if not found then
    raise exception 'site % not found for this user', p_site_id using errcode = 'P0002';
  end if;

  insert into public.publications as p (
    user_id, article_id, site_id, remote_post_id, link, status, published_at, last_error, attempts, next_attempt_at,
    featured_media_id, featured_media_source_url
  )
  values (
    p_user_id, p_article_id, p_site_id, p_remote_post_id, p_link, p_status, now(), null, 0, null,
    p_featured_media_id, p_featured_media_source_url
  )
  on conflict (article_id, site_id) do update set
    remote_post_id = excluded.remote_post_id,
    link = excluded.link,
    status = excluded.status,
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
          and not (p.status is not distinct from 'publish' and p.published_at >= a.scheduled_for)
      ) then 'published'
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
  p_featured_media_source_url text default null
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
    user_id, article_id, site_id, remote_post_id, link, status, last_error, attempts, next_attempt_at,
    featured_media_id, featured_media_source_url
  )
  values (
    p_user_id, p_article_id, p_site_id, p_remote_post_id, p_link, 'failed', left(p_error, 1000), 1,
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
    link = coalesce(excluded.link, p.link),
    featured_media_id = coalesce(excluded.featured_media_id, p.featured_media_id),
    featured_media_source_url = coalesce(excluded.featured_media_source_url, p.featured_media_source_url)
  returning p.attempts, p.next_attempt_at;
end;
$$;

revoke all on function public.claim_due_scheduled_articles(integer, integer) from public, anon, authenticated;
revoke all on function public.record_publication_success(uuid, uuid, uuid, bigint, text, text, bigint, text, boolean)
  from public, anon, authenticated;
revoke all on function public.record_publication_failure(uuid, uuid, uuid, text, boolean, bigint, text, bigint, text)
  from public, anon, authenticated;
grant execute on function public.claim_due_scheduled_articles(integer, integer) to service_role;
grant execute on function public.record_publication_success(uuid, uuid, uuid, bigint, text, text, bigint, text, boolean)
  to service_role;
grant execute on function public.record_publication_failure(uuid, uuid, uuid, text, boolean, bigint, text, bigint, text)
  to service_role;
