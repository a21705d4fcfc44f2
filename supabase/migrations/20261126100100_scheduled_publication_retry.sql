-- Retrying a failed scheduled publication, by its owner.
--
-- claim_due_scheduled_articles() (same signature and claim rules) now also
-- sets a claimed pair's status to 'pending' for the length of its lease, so
-- "being published right now" is visible (the app shows Publishing…) and a
-- pair whose status is 'failed' is never leased: the failure ended its lease.
--
-- retry_scheduled_publication(p_article_id, p_site_id) → timestamptz
--   For the signed-in owner: a failed publication of a scheduled article that
--   is due, to one of its target sites, is queued for the scheduler's next run
--   (next_attempt_at = now(), cutting the back-off short). The scheduler stays
--   the only publisher of scheduled work, so a retry can never race a run that
--   holds the pair (a leased pair is 'pending', not 'failed'). Raises P0002
--   when there is no such publication of the caller's. Returns the time the
--   pair became due again.

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
      set next_attempt_at = excluded.next_attempt_at,
          status = 'pending'
      where p.next_attempt_at is null or p.next_attempt_at <= now()
    returning p.article_id, p.user_id, p.site_id
  )
  select claimed.article_id, claimed.user_id, claimed.site_id from claimed;
end;
$$;

create function public.retry_scheduled_publication(p_article_id uuid, p_site_id uuid)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  queued_at timestamptz;
begin
  update public.publications p
  set next_attempt_at = now()
  from public.articles a
  where p.article_id = p_article_id
    and p.site_id = p_site_id
    and p.user_id = (select auth.uid())
    and p.status = 'failed'
    and a.id = p.article_id
    and a.user_id = p.user_id
    and a.status = 'scheduled'
    and a.scheduled_for <= now()
    and p.site_id = any (a.scheduled_site_ids)
  returning p.next_attempt_at into queued_at;
  if queued_at is null then
    raise exception 'No failed scheduled publication of this article to this site' using errcode = 'P0002';
  end if;
  return queued_at;
end;
$$;

revoke all on function public.retry_scheduled_publication(uuid, uuid) from public, anon;
grant execute on function public.retry_scheduled_publication(uuid, uuid) to authenticated;
