-- Scheduled publishing keeps up with what is due (issue 24): runs of
-- publish-scheduled drain due pairs in small claims until their deadline,
-- several runs side by side, each site published to a few pairs at a time,
-- and the claims of a run that died are taken again within a minute or two.
--
-- claim_due_scheduled_articles(batch_size, lease_seconds, per_site)
--   Replaces the two-argument function of 20261204000100_publication_claims.sql
--   (same due pairs, same claim and lease, same SKIP LOCKED over articles) and
--   adds per_site: at most this many live claims (claimed_until in the future,
--   any holder: scheduler runs and manual publishes) per site in the whole
--   installation, so no site is sent more than per_site publishes at once
--   however many runs claim, and one slow site holds per_site claims, never a
--   run's whole batch. null: no limit per site (the earlier behaviour).
--   Sites are visited by their earliest due pair; each is locked for the
--   count and the claim (FOR NO KEY UPDATE SKIP LOCKED: a run claiming for
--   the same site meanwhile skips it, so two runs cannot both see room for
--   the same slot; the lock does not conflict with the key-share locks of
--   publication rows referencing the site). Returns at most batch_size pairs,
--   each with the post status its article is scheduled to get
--   (articles.scheduled_post_status), which the run read separately before.
--
-- renew_publication_claims(claim_tokens, lease_seconds) -> the tokens renewed
--   A run's heartbeat: every claim it holds (queued or publishing) gets
--   now() + lease_seconds again, so the lease can be short (a dead run's
--   pairs are free within one lease) while a live run keeps its pairs
--   however long a publish takes. Tokens no longer held (recorded, released,
--   taken over) are left alone and not returned. Never extends a claim past
--   now() + lease_seconds when it already reaches further (begin_remote_create
--   may have set a longer one for a create under way).

drop function public.claim_due_scheduled_articles(integer, integer);

create function public.claim_due_scheduled_articles(
  batch_size integer default 5,
  lease_seconds integer default 120,
  per_site integer default null
)
returns table (article_id uuid, user_id uuid, site_id uuid, claim_token uuid, post_status text)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  lease interval := public.publication_lease_interval(lease_seconds);
  remaining integer := batch_size;
  due_site record;
  room integer;
  taken integer;
begin
  if batch_size is null or batch_size < 1 or batch_size > 100 then
    raise exception 'batch_size must be between 1 and 100' using errcode = '22023';
  end if;
  if per_site is not null and (per_site < 1 or per_site > 100) then
    raise exception 'per_site must be between 1 and 100' using errcode = '22023';
  end if;

  for due_site in
    select s.id, s.user_id, min(a.scheduled_for) as first_due
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
    group by s.id, s.user_id
    order by first_due, s.id
  loop
    exit when remaining <= 0;
    perform 1 from public.wordpress_sites s where s.id = due_site.id for no key update skip locked;
    continue when not found;

    room := remaining;
    if per_site is not null then
      select per_site - count(*) into room
      from public.publications p
      where p.site_id = due_site.id and p.claimed_until > now();
      room := least(room, remaining);
    end if;
    continue when room <= 0;

    return query
    with due_articles as (
      select a.id, a.scheduled_post_status
      from public.articles a
      left join public.publications p on p.article_id = a.id and p.site_id = due_site.id
      where a.status = 'scheduled'
        and a.scheduled_for <= now()
        and due_site.id = any (a.scheduled_site_ids)
        and a.user_id = due_site.user_id
        and (
          p.id is null
          or (
            not (p.status = a.scheduled_post_status and p.published_at is not null and p.published_at >= a.scheduled_for)
            and (p.next_attempt_at is null or p.next_attempt_at <= now())
            and (p.claimed_until is null or p.claimed_until <= now())
          )
        )
      order by a.scheduled_for, a.id
      limit room
      for update of a skip locked
    ),
    claimed as (
      insert into public.publications as p (user_id, article_id, site_id, status, claim_token, claimed_until, claimed_by)
      select due_site.user_id, d.id, due_site.id, 'pending', gen_random_uuid(), now() + lease, 'scheduler'
      from due_articles d
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
    select claimed.article_id, claimed.user_id, claimed.site_id, claimed.claim_token, d.scheduled_post_status
    from claimed join due_articles d on d.id = claimed.article_id;
    get diagnostics taken = row_count;
    remaining := remaining - taken;
  end loop;
end;
$$;

revoke all on function public.claim_due_scheduled_articles(integer, integer, integer) from public, anon, authenticated;
grant execute on function public.claim_due_scheduled_articles(integer, integer, integer) to service_role;

-- The count of a site's live claims above.
create index publications_live_claims_by_site on public.publications (site_id) where claim_token is not null;

create function public.renew_publication_claims(claim_tokens uuid[], lease_seconds integer)
returns setof uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  lease interval := public.publication_lease_interval(lease_seconds);
begin
  if claim_tokens is null or cardinality(claim_tokens) > 1000 then
    raise exception 'claim_tokens must be a list of at most 1000 tokens' using errcode = '22023';
  end if;
  return query
  update public.publications p
  set claimed_until = greatest(p.claimed_until, now() + lease)
  where p.claim_token = any (claim_tokens)
  returning p.claim_token;
end;
$$;

revoke all on function public.renew_publication_claims(uuid[], integer) from public, anon, authenticated;
grant execute on function public.renew_publication_claims(uuid[], integer) to service_role;
