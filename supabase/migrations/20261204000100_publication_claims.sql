-- Exactly-once publishing: one claim per (article, site), shared by manual
-- publishes (publish-article), the scheduler and drip (publish-scheduled),
-- and a marker on every remote create so that a publish interrupted between
-- the site's answer and our record adopts the post instead of making another.
--
-- publications gains
--   claim_token     the current holder's fencing token (null: nobody holds it)
--   claimed_until   when the claim lapses if its holder died; a holder renews
--                   it when it starts a publish and when it is about to create
--   claimed_by      'manual' or 'scheduler': who holds it (for the refusal)
--   remote_marker   a random id written into every post this publication
--                   creates (WordPress: an HTML comment in the content; Ghost:
--                   an internal tag), never changed
--   remote_create_started_at
--                   set just before a create is sent, cleared once a remote
--                   post is recorded: while it is set, a post may exist on
--                   the site that we have no id for, and the next attempt
--                   looks it up by the marker before creating anything.
--
-- The protocol (functions, service_role only):
--
-- claim_publication(user, article, site, lease_seconds, claim_token)
--   Without a token: takes the pair for a manual publish if nobody holds it
--   (or the holder's lease has lapsed); inserts the row for a new pair.
--   With a token (the scheduler's, from claim_due_scheduled_articles): renews
--   it. Either way returns the token, the marker, whether an earlier create
--   may have reached the site, and the previous publication's remote ids.
--   Refuses with SQLSTATE PT409 (HTTP 409 through PostgREST) when someone
--   else holds the pair or the token was taken over; the detail is JSON
--   {"claimed_by", "claimed_until"}. P0002 for an article or site that is not
--   the user's.
--
-- begin_remote_create(claim_token, lease_seconds) -> remote_marker
--   Called right before a create is sent: records that one is under way and
--   extends the lease so that it covers the request. PT409 when the token no
--   longer holds the pair (it lapsed and someone else took it): the caller
--   must not create. This is the fence that makes the lease safe to keep
--   short: a holder that was overtaken can never create afterwards, and the
--   one that overtook it looks the post up by the marker first.
--
-- release_publication_claim(claim_token)
--   Gives the pair back unprocessed (the scheduler's deadline, a publish that
--   stopped before recording anything).
--
-- claim_due_scheduled_articles(batch_size, lease_seconds)
--   As before (FOR UPDATE SKIP LOCKED over due articles, so concurrent runs
--   take disjoint work, and a run can take many due pairs at once), now
--   leasing each pair with the claim above instead of next_attempt_at, and
--   returning its claim_token. A pair held by a manual publish is skipped.
--   The default lease is 120 s (was 600 s): it only has to cover a publish
--   from its start to its create request (then begin_remote_create renews
--   it); anything slower is overtaken safely.
--
-- record_publication_success(..., p_claim_token) /
-- record_publication_failure(..., p_claim_token)
--   As before, plus: they give the claim back when p_claim_token holds it.
--   A success clears remote_create_started_at (the remote post is known now);
--   so does a failure that reports a remote post. A failure whose token was
--   taken over records nothing but the remote ids it learnt, so it never
--   overwrites the state of the publish that holds the pair now.

alter table public.publications
  add column claim_token uuid,
  add column claimed_until timestamptz,
  add column claimed_by text
    constraint publications_claimed_by_check check (claimed_by in ('manual', 'scheduler')),
  add column remote_marker uuid not null default gen_random_uuid(),
  add column remote_create_started_at timestamptz,
  add constraint publications_claim_complete check ((claim_token is null) = (claimed_until is null));

create unique index publications_claim_token_key on public.publications (claim_token) where claim_token is not null;

-- The lease every function applies; kept in one place.
create function public.publication_lease_interval(p_lease_seconds integer)
returns interval
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_lease_seconds is null or p_lease_seconds < 30 or p_lease_seconds > 3600 then
    raise exception 'lease_seconds must be between 30 and 3600' using errcode = '22023';
  end if;
  return make_interval(secs => p_lease_seconds);
end;
$$;

-- Used only inside the security-definer functions below (which run as its owner).
revoke all on function public.publication_lease_interval(integer) from public, anon, authenticated, service_role;

create function public.claim_publication(
  p_user_id uuid,
  p_article_id uuid,
  p_site_id uuid,
  p_lease_seconds integer default 120,
  p_claim_token uuid default null
)
returns table (
  claim_token uuid,
  remote_marker uuid,
  remote_create_started boolean,
  remote_post_id bigint,
  remote_post_ref text,
  featured_media_id bigint,
  featured_media_source_url text
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  lease interval := public.publication_lease_interval(p_lease_seconds);
  holder record;
begin
  perform 1 from public.articles where id = p_article_id and user_id = p_user_id;
  if not found then
    raise exception 'article % not found for this user', p_article_id using errcode = 'P0002';
  end if;
  perform 1 from public.wordpress_sites where id = p_site_id and user_id = p_user_id;
  if not found then
    raise exception 'site % not found for this user', p_site_id using errcode = 'P0002';
  end if;

  if p_claim_token is not null then
    return query
    update public.publications p
    set claimed_until = now() + lease
    where p.article_id = p_article_id and p.site_id = p_site_id and p.user_id = p_user_id
      and p.claim_token = p_claim_token
    returning p.claim_token, p.remote_marker, p.remote_create_started_at is not null, p.remote_post_id,
      p.remote_post_ref, p.featured_media_id, p.featured_media_source_url;
  else
    return query
    insert into public.publications as p (user_id, article_id, site_id, claim_token, claimed_until, claimed_by)
    values (p_user_id, p_article_id, p_site_id, gen_random_uuid(), now() + lease, 'manual')
    on conflict (article_id, site_id) do update
      set claim_token = excluded.claim_token,
          claimed_until = excluded.claimed_until,
          claimed_by = excluded.claimed_by
      where p.claimed_until is null or p.claimed_until <= now()
    returning p.claim_token, p.remote_marker, p.remote_create_started_at is not null, p.remote_post_id,
      p.remote_post_ref, p.featured_media_id, p.featured_media_source_url;
  end if;
  if found then
    return;
  end if;

  select p.claimed_by, p.claimed_until into holder
  from public.publications p
  where p.article_id = p_article_id and p.site_id = p_site_id;
  raise exception 'This article is being published to this site'
    using errcode = 'PT409',
          detail = jsonb_build_object('claimed_by', holder.claimed_by, 'claimed_until', holder.claimed_until)::text;
end;
$$;

create function public.begin_remote_create(p_claim_token uuid, p_lease_seconds integer default 120)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  lease interval := public.publication_lease_interval(p_lease_seconds);
  marker uuid;
begin
  update public.publications p
  set remote_create_started_at = coalesce(p.remote_create_started_at, now()),
      claimed_until = greatest(p.claimed_until, now() + lease)
  where p.claim_token = p_claim_token
  returning p.remote_marker into marker;
  if marker is null then
    raise exception 'This publish no longer holds its claim' using errcode = 'PT409';
  end if;
  return marker;
end;
$$;

create function public.release_publication_claim(p_claim_token uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.publications p
  set claim_token = null, claimed_until = null, claimed_by = null
  where p.claim_token = p_claim_token;
$$;

drop function public.claim_due_scheduled_articles(integer, integer);

create function public.claim_due_scheduled_articles(batch_size integer default 5, lease_seconds integer default 120)
returns table (article_id uuid, user_id uuid, site_id uuid, claim_token uuid)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  lease interval := public.publication_lease_interval(lease_seconds);
begin
  if batch_size is null or batch_size < 1 or batch_size > 100 then
    raise exception 'batch_size must be between 1 and 100' using errcode = '22023';
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
          and (p.claimed_until is null or p.claimed_until <= now())
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
    insert into public.publications as p (user_id, article_id, site_id, status, claim_token, claimed_until, claimed_by)
    select d.user_id, d.article_id, d.site_id, 'pending', gen_random_uuid(), now() + lease, 'scheduler'
    from due_pairs d
    where d.article_id in (select locked_articles.id from locked_articles)
    on conflict (article_id, site_id) do update
      set claim_token = excluded.claim_token,
          claimed_until = excluded.claimed_until,
          claimed_by = excluded.claimed_by,
          status = 'pending',
          next_attempt_at = null
      -- Re-checked on the latest row version: a claim taken meanwhile (a
      -- manual publish, another run) or a back-off set meanwhile wins.
      where (p.next_attempt_at is null or p.next_attempt_at <= now())
        and (p.claimed_until is null or p.claimed_until <= now())
    returning p.article_id, p.user_id, p.site_id, p.claim_token
  )
  select claimed.article_id, claimed.user_id, claimed.site_id, claimed.claim_token from claimed;
end;
$$;

drop function public.record_publication_success(uuid, uuid, uuid, bigint, text, text, bigint, text, boolean, text);
drop function public.record_publication_failure(uuid, uuid, uuid, text, boolean, bigint, text, bigint, text, text, text);

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
  p_remote_post_ref text default null,
  p_claim_token uuid default null
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
    featured_media_source_url = excluded.featured_media_source_url,
    remote_create_started_at = null,
    claim_token = case when p.claim_token = p_claim_token then null else p.claim_token end,
    claimed_until = case when p.claim_token = p_claim_token then null else p.claimed_until end,
    claimed_by = case when p.claim_token = p_claim_token then null else p.claimed_by end;

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
  p_remote_post_ref text default null,
  p_claim_token uuid default null
)
returns table (attempts integer, next_attempt_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  holder uuid;
  reports_remote boolean := p_remote_post_id is not null or p_remote_post_ref is not null;
begin
  perform 1 from public.articles where id = p_article_id and user_id = p_user_id;
  if not found then
    raise exception 'article % not found for this user', p_article_id using errcode = 'P0002';
  end if;
  perform 1 from public.wordpress_sites where id = p_site_id and user_id = p_user_id;
  if not found then
    raise exception 'site % not found for this user', p_site_id using errcode = 'P0002';
  end if;

  select p.claim_token into holder
  from public.publications p
  where p.article_id = p_article_id and p.site_id = p_site_id
  for update;
  if p_claim_token is not null and holder is not null and holder <> p_claim_token then
    -- Overtaken: the holder's state stays; only what this attempt learnt about the site is kept.
    return query
    update public.publications p set
      remote_post_id = coalesce(p_remote_post_id, p.remote_post_id),
      remote_post_ref = coalesce(p_remote_post_ref, p.remote_post_ref),
      link = coalesce(p_link, p.link)
    where p.article_id = p_article_id and p.site_id = p_site_id
    returning p.attempts, p.next_attempt_at;
    return;
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
    featured_media_source_url = coalesce(excluded.featured_media_source_url, p.featured_media_source_url),
    remote_create_started_at = case when reports_remote then null else p.remote_create_started_at end,
    claim_token = case when p.claim_token = p_claim_token then null else p.claim_token end,
    claimed_until = case when p.claim_token = p_claim_token then null else p.claimed_until end,
    claimed_by = case when p.claim_token = p_claim_token then null else p.claimed_by end
  returning p.attempts, p.next_attempt_at;
end;
$$;

revoke all on function public.claim_publication(uuid, uuid, uuid, integer, uuid) from public, anon, authenticated;
revoke all on function public.begin_remote_create(uuid, integer) from public, anon, authenticated;
revoke all on function public.release_publication_claim(uuid) from public, anon, authenticated;
revoke all on function public.claim_due_scheduled_articles(integer, integer) from public, anon, authenticated;
revoke all on function public.record_publication_success(uuid, uuid, uuid, bigint, text, text, bigint, text, boolean, text, uuid)
  from public, anon, authenticated;
revoke all on function public.record_publication_failure(uuid, uuid, uuid, text, boolean, bigint, text, bigint, text, text, text, uuid)
  from public, anon, authenticated;
grant execute on function public.claim_publication(uuid, uuid, uuid, integer, uuid) to service_role;
grant execute on function public.begin_remote_create(uuid, integer) to service_role;
grant execute on function public.release_publication_claim(uuid) to service_role;
grant execute on function public.claim_due_scheduled_articles(integer, integer) to service_role;
grant execute on function public.record_publication_success(uuid, uuid, uuid, bigint, text, text, bigint, text, boolean, text, uuid)
  to service_role;
grant execute on function public.record_publication_failure(uuid, uuid, uuid, text, boolean, bigint, text, bigint, text, text, text, uuid)
  to service_role;
