-- Fair bulk drafting: drafts in flight grow with the backlog up to an
-- installation-wide limit and each user's own limits, and users take turns.
--
-- draft_queue_users: one row per user who has been served, for the queue's
-- own bookkeeping (no API role reads or writes it):
--   last_claimed_at  when the user last got a job: among users with as many
--                    drafts in flight, the one served longest ago goes first
--                    (round-robin), whatever the size of anyone's backlog;
--   paused_until     the user's provider answered 429 (their key's rate
--                    limit): none of their jobs is claimed before this;
--   in_flight_limit  their own limit learned from those answers: halved by a
--                    rate limit, one more after each stored draft, null when
--                    it is back at (or above) the worker's per-user limit.
--
-- claim_draft_jobs(max_jobs, per_user, max_in_flight, lease_seconds,
-- max_attempts) replaces the four-argument claim of migration
-- 20261128000400. One claim runs at a time in the installation (a
-- transaction-scoped advisory lock; a claim is one short statement), so the
-- counts it reads, drafts in flight in the installation and per user, include
-- every committed claim: never more than max_in_flight drafts in flight
-- across every worker, never more than per_user (or the user's learned
-- in_flight_limit, if lower) for one user. Jobs are ranked by turn: a job's
-- turn is its user's drafts in flight plus its place in the user's ready jobs,
-- so every user with work gets a first draft going before anyone gets a
-- second; within a turn the user served longest ago goes first, then the
-- oldest waiting job. Paused users are skipped. Job rows are still taken FOR
-- UPDATE SKIP LOCKED (a Cancel may hold one) and re-checked on their latest
-- version.
--
-- draft_queue_demand(per_user, max_in_flight) → (in_flight, claimable):
-- drafts in flight now, and how many more could be claimed at once under the
-- same limits; the worker starts helpers from it.
--
-- record_draft_rate_limit(user, retry_after_seconds, per_user): the user's
-- provider refused with a rate limit: pause the user for retry_after_seconds
-- (never shortening a pause) and halve their in-flight limit (at least 1).
--
-- complete_draft_job: as before, and a draft stored once the user's pause is
-- over raises their learned limit by one (additive increase after the
-- multiplicative decrease; drafts that were under way when the provider
-- refused are no evidence that it would take more).
--
-- Why our own table and not Supabase Queues (pgmq): pgmq's read() is one
-- global FIFO (ORDER BY msg_id ... SKIP LOCKED), with no turn-taking across
-- users and no per-user cap; the Batches screen needs every job's state,
-- which draft_jobs already is; and the local backend's PGlite has no pgmq.

create table public.draft_queue_users (
  user_id uuid primary key references auth.users (id) on delete cascade,
  last_claimed_at timestamptz,
  paused_until timestamptz,
  in_flight_limit integer constraint draft_queue_users_in_flight_limit_check check (in_flight_limit between 1 and 20),
  updated_at timestamptz not null default now()
);

create trigger draft_queue_users_set_updated_at
  before update on public.draft_queue_users
  for each row execute function public.set_updated_at();

-- The queue's bookkeeping: the secret key only (through the functions below).
alter table public.draft_queue_users enable row level security;
revoke all on table public.draft_queue_users from anon, authenticated;
grant select, insert, update, delete on table public.draft_queue_users to service_role;

-- The installation's drafts in flight (the claim's limit), found without scanning finished jobs.
create index draft_jobs_drafting_idx on public.draft_jobs (next_attempt_at) where status = 'drafting';

drop function public.claim_draft_jobs(integer, integer, integer, integer);

create function public.claim_draft_jobs(
  p_max_jobs integer default 1,
  p_per_user integer default 2,
  p_max_in_flight integer default 32,
  p_lease_seconds integer default 300,
  p_max_attempts integer default 4
)
returns table (
  job_id uuid,
  claim_id uuid,
  user_id uuid,
  batch_id uuid,
  assistant_id uuid,
  idea text,
  focus_keyword text,
  categories text[],
  tags text[],
  attempts integer
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  in_flight integer;
  free integer;
begin
  if p_max_jobs is null or p_max_jobs < 1 or p_max_jobs > 50 then
    raise exception 'p_max_jobs must be between 1 and 50' using errcode = '22023';
  end if;
  if p_per_user is null or p_per_user < 1 or p_per_user > 20 then
    raise exception 'p_per_user must be between 1 and 20' using errcode = '22023';
  end if;
  if p_max_in_flight is null or p_max_in_flight < 1 or p_max_in_flight > 1000 then
    raise exception 'p_max_in_flight must be between 1 and 1000' using errcode = '22023';
  end if;
  if p_lease_seconds is null or p_lease_seconds < 30 or p_lease_seconds > 3600 then
    raise exception 'p_lease_seconds must be between 30 and 3600' using errcode = '22023';
  end if;
  if p_max_attempts is null or p_max_attempts < 1 or p_max_attempts > 10 then
    raise exception 'p_max_attempts must be between 1 and 10' using errcode = '22023';
  end if;

  -- One claim at a time: the counts below then include every committed claim.
  perform pg_advisory_xact_lock(hashtextextended('draft_jobs:claim', 0));

  update public.draft_jobs j
  set status = 'failed',
      claim_id = null,
      finished_at = now(),
      last_error = 'Drafting was interrupted ' || j.attempts || ' times (the worker ran out of time or stopped). Use Retry failed to try again.'
  where j.id in (
    select l.id from public.draft_jobs l
    where l.status = 'drafting' and l.next_attempt_at <= now() and l.attempts >= p_max_attempts
    for update skip locked
  );

  select count(*)::integer into in_flight
  from public.draft_jobs d
  where d.status = 'drafting' and d.next_attempt_at > now();
  free := least(p_max_jobs, p_max_in_flight - in_flight);
  if free < 1 then
    return;
  end if;

  return query
  with live as (
    select d.user_id, count(*)::integer as claims
    from public.draft_jobs d
    where d.status = 'drafting' and d.next_attempt_at > now()
    group by d.user_id
  ),
  ranked as (
    select
      r.id,
      r.user_id,
      coalesce(live.claims, 0)
        + row_number() over (partition by r.user_id order by r.next_attempt_at, r.batch_id, r.position) as turn,
      least(p_per_user, coalesce(q.in_flight_limit, p_per_user)) as user_limit,
      q.last_claimed_at,
      min(r.next_attempt_at) over (partition by r.user_id) as waiting_since
    from public.draft_jobs r
    left join live on live.user_id = r.user_id
    left join public.draft_queue_users q on q.user_id = r.user_id
    where r.status in ('queued', 'drafting') and r.next_attempt_at <= now()
      and (q.paused_until is null or q.paused_until <= now())
  ),
  picked as (
    select p.id
    from ranked c
    join public.draft_jobs p on p.id = c.id
    where c.turn <= c.user_limit
      and p.status in ('queued', 'drafting') and p.next_attempt_at <= now()
    order by c.turn, c.last_claimed_at nulls first, c.waiting_since, c.user_id
    limit free
    for update of p skip locked
  ),
  claimed as (
    update public.draft_jobs j
    set status = 'drafting',
        claim_id = gen_random_uuid(),
        attempts = j.attempts + 1,
        next_attempt_at = now() + make_interval(secs => p_lease_seconds),
        started_at = coalesce(j.started_at, now())
    from picked, public.draft_batches b
    where j.id = picked.id and b.id = j.batch_id
    returning j.id, j.claim_id, j.user_id, j.batch_id, b.assistant_id, j.idea, j.focus_keyword, j.categories,
      j.tags, j.attempts
  ),
  turns as (
    insert into public.draft_queue_users as q (user_id, last_claimed_at)
    select u.user_id, clock_timestamp() from (select distinct c.user_id from claimed c) u
    on conflict on constraint draft_queue_users_pkey do update set last_claimed_at = excluded.last_claimed_at
  )
  select c.id, c.claim_id, c.user_id, c.batch_id, c.assistant_id, c.idea, c.focus_keyword, c.categories, c.tags,
    c.attempts
  from claimed c;
end;
$$;

create function public.draft_queue_demand(p_per_user integer default 2, p_max_in_flight integer default 32)
returns table (in_flight integer, claimable integer)
language sql
stable
security definer
set search_path = ''
as $$
  with live as (
    select d.user_id, count(*)::integer as claims
    from public.draft_jobs d
    where d.status = 'drafting' and d.next_attempt_at > now()
    group by d.user_id
  ),
  ready as (
    select r.user_id, count(*)::integer as jobs
    from public.draft_jobs r
    where r.status in ('queued', 'drafting') and r.next_attempt_at <= now()
    group by r.user_id
  ),
  per_user as (
    select greatest(0, least(ready.jobs,
      least(p_per_user, coalesce(q.in_flight_limit, p_per_user)) - coalesce(live.claims, 0))) as more
    from ready
    left join live on live.user_id = ready.user_id
    left join public.draft_queue_users q on q.user_id = ready.user_id
    where q.paused_until is null or q.paused_until <= now()
  ),
  totals as (select coalesce(sum(claims), 0)::integer as in_flight from live)
  select totals.in_flight,
    greatest(0, least(p_max_in_flight - totals.in_flight, (select coalesce(sum(more), 0) from per_user)))::integer
  from totals
$$;

create function public.record_draft_rate_limit(p_user_id uuid, p_retry_after_seconds integer, p_per_user integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_user_id is null then
    raise exception 'p_user_id is required' using errcode = '22023';
  end if;
  if p_retry_after_seconds is null or p_retry_after_seconds < 0 or p_retry_after_seconds > 86400 then
    raise exception 'p_retry_after_seconds must be between 0 and 86400' using errcode = '22023';
  end if;
  if p_per_user is null or p_per_user < 1 or p_per_user > 20 then
    raise exception 'p_per_user must be between 1 and 20' using errcode = '22023';
  end if;
  insert into public.draft_queue_users as q (user_id, paused_until, in_flight_limit)
  values (p_user_id, now() + make_interval(secs => p_retry_after_seconds), greatest(1, p_per_user / 2))
  on conflict on constraint draft_queue_users_pkey do update
  set paused_until = greatest(coalesce(q.paused_until, now()), excluded.paused_until),
      in_flight_limit = greatest(1, least(p_per_user, coalesce(q.in_flight_limit, p_per_user)) / 2);
end;
$$;

create or replace function public.complete_draft_job(
  p_job_id uuid,
  p_claim_id uuid,
  p_title text,
  p_content text,
  p_excerpt text,
  p_meta_description text,
  p_focus_keyword text,
  p_slug text,
  p_categories text[],
  p_tags text[]
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  job public.draft_jobs;
  batch public.draft_batches;
  draft_id uuid;
begin
  select * into job from public.draft_jobs where id = p_job_id for update;
  if not found or job.status <> 'drafting' or job.claim_id is distinct from p_claim_id then
    return null;
  end if;
  select * into batch from public.draft_batches where id = job.batch_id;

  insert into public.articles (
    user_id, title, content, excerpt, status, meta_description, focus_keyword, slug, categories, tags,
    assistant_id, draft_batch_id, approval_required
  )
  values (
    job.user_id, p_title, p_content, coalesce(p_excerpt, ''), 'draft', nullif(p_meta_description, ''),
    nullif(p_focus_keyword, ''), nullif(p_slug, ''), coalesce(p_categories, '{}'), coalesce(p_tags, '{}'),
    batch.assistant_id, batch.id, batch.review_required
  )
  returning id into draft_id;

  update public.draft_jobs
  set status = 'done', claim_id = null, article_id = draft_id, last_error = null, finished_at = now(),
      next_attempt_at = now()
  where id = p_job_id;

  -- The provider took one more: the user's learned limit grows back by one
  -- (not by drafts that were already under way when it refused).
  update public.draft_queue_users
  set in_flight_limit = case when in_flight_limit >= 19 then null else in_flight_limit + 1 end
  where user_id = job.user_id and in_flight_limit is not null and (paused_until is null or paused_until <= now());
  return draft_id;
end;
$$;

revoke all on function public.claim_draft_jobs(integer, integer, integer, integer, integer) from public, anon, authenticated;
revoke all on function public.draft_queue_demand(integer, integer) from public, anon, authenticated;
revoke all on function public.record_draft_rate_limit(uuid, integer, integer) from public, anon, authenticated;
grant execute on function public.claim_draft_jobs(integer, integer, integer, integer, integer) to service_role;
grant execute on function public.draft_queue_demand(integer, integer) to service_role;
grant execute on function public.record_draft_rate_limit(uuid, integer, integer) to service_role;
