-- The bulk-drafting queue's operations. All are SECURITY DEFINER, executable by
-- the secret key only (service_role: the draft-batches and draft-batch-worker
-- edge functions), and take the owner's id explicitly.
--
-- create_draft_batch(user, name, assistant, review_required, sites, items)
--   One batch and its jobs in one transaction. The sites must be the user's;
--   the assistant is checked by the batch's composite foreign key.
--
-- claim_draft_jobs(max_jobs, per_user, lease_seconds, max_attempts)
--   Claims up to max_jobs ready jobs (queued with next_attempt_at passed, or
--   drafting with a lapsed lease), never more than per_user live claims per
--   user counting those of every other worker. Users are served oldest waiting
--   job first. For each user a transaction-scoped advisory lock is TRIED: a
--   user whose jobs another worker is claiming at this moment is skipped
--   (never waited for), and the count of live claims is taken after the lock,
--   so it includes every committed claim. Job rows are taken FOR UPDATE SKIP
--   LOCKED and re-checked on their latest version, so two workers never claim
--   the same job. Each claim gets a fresh claim_id (the lease token),
--   attempts + 1 and a lease of lease_seconds. A job whose lease lapsed after
--   max_attempts is failed instead of claimed again: the workers that took it
--   kept dying (the wall-clock limit, a crash).
--
-- complete_draft_job(job, claim, article fields...)
--   Inserts the draft (status draft, linked to the batch, approval_required
--   from the batch) and marks the job done, in one transaction, only while the
--   caller's claim is current: a worker whose lease lapsed (and whose job
--   another worker took) writes nothing, so no idea becomes two drafts.
--   Returns the article id, or null when the claim was lost.
--
-- fail_draft_job(job, claim, error, retry_after_seconds)
--   Records a failed attempt: back to queued, not before retry_after_seconds,
--   or (retry_after_seconds null) failed for good. Returns the new status, or
--   null when the claim was lost.
--
-- release_draft_job(job, claim)
--   Gives a claimed job back unprocessed (the worker is out of time), without
--   counting the attempt. Returns whether the claim was still current.
--
-- cancel_draft_batch(user, batch) / retry_failed_draft_jobs(user, batch)
--   The owner's Cancel (queued jobs, and claimed ones whose lease lapsed,
--   become cancelled; jobs being drafted finish) and Retry failed (failed jobs
--   are queued again with their attempts reset). Each returns how many jobs it
--   changed, or null when the user has no such batch.

create function public.create_draft_batch(
  p_user_id uuid,
  p_name text,
  p_assistant_id uuid,
  p_review_required boolean,
  p_target_site_ids uuid[],
  p_items jsonb
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  batch_id uuid;
begin
  if p_user_id is null or p_assistant_id is null or p_review_required is null or p_target_site_ids is null then
    raise exception 'user, assistant, review_required and target sites are required' using errcode = '22023';
  end if;
  if jsonb_typeof(p_items) is distinct from 'array' or jsonb_array_length(p_items) = 0 then
    raise exception 'p_items must be a non-empty array' using errcode = '22023';
  end if;
  if exists (
    select from unnest(p_target_site_ids) as t(site_id)
    where not exists (select from public.wordpress_sites s where s.id = t.site_id and s.user_id = p_user_id)
  ) then
    raise exception 'site not found for this user' using errcode = 'P0002';
  end if;

  insert into public.draft_batches (user_id, name, assistant_id, review_required, target_site_ids)
  values (p_user_id, p_name, p_assistant_id, p_review_required, p_target_site_ids)
  returning id into batch_id;

  insert into public.draft_jobs (batch_id, user_id, position, idea, focus_keyword, categories, tags)
  select
    batch_id,
    p_user_id,
    (item.ordinality - 1)::integer,
    item.value ->> 'idea',
    nullif(item.value ->> 'focus_keyword', ''),
    coalesce(array(select jsonb_array_elements_text(item.value -> 'categories')), '{}'),
    coalesce(array(select jsonb_array_elements_text(item.value -> 'tags')), '{}')
  from jsonb_array_elements(p_items) with ordinality as item(value, ordinality);

  return batch_id;
end;
$$;

create function public.claim_draft_jobs(
  p_max_jobs integer default 4,
  p_per_user integer default 2,
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
  owner_id uuid;
  live_claims integer;
  wanted integer;
  claimed integer := 0;
  taken integer;
begin
  if p_max_jobs is null or p_max_jobs < 1 or p_max_jobs > 50 then
    raise exception 'p_max_jobs must be between 1 and 50' using errcode = '22023';
  end if;
  if p_per_user is null or p_per_user < 1 or p_per_user > 20 then
    raise exception 'p_per_user must be between 1 and 20' using errcode = '22023';
  end if;
  if p_lease_seconds is null or p_lease_seconds < 30 or p_lease_seconds > 3600 then
    raise exception 'p_lease_seconds must be between 30 and 3600' using errcode = '22023';
  end if;
  if p_max_attempts is null or p_max_attempts < 1 or p_max_attempts > 10 then
    raise exception 'p_max_attempts must be between 1 and 10' using errcode = '22023';
  end if;

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

  for owner_id in
    select r.user_id
    from public.draft_jobs r
    where r.status in ('queued', 'drafting') and r.next_attempt_at <= now()
    group by r.user_id
    order by min(r.next_attempt_at), r.user_id
  loop
    exit when claimed >= p_max_jobs;
    continue when not pg_try_advisory_xact_lock(hashtextextended('draft_jobs:' || owner_id::text, 0));

    select count(*)::integer into live_claims
    from public.draft_jobs d
    where d.user_id = owner_id and d.status = 'drafting' and d.next_attempt_at > now();
    wanted := least(p_per_user - live_claims, p_max_jobs - claimed);
    continue when wanted < 1;

    return query
    with picked as (
      select p.id
      from public.draft_jobs p
      where p.user_id = owner_id
        and p.status in ('queued', 'drafting')
        and p.next_attempt_at <= now()
      order by p.next_attempt_at, p.batch_id, p.position
      limit wanted
      for update skip locked
    )
    update public.draft_jobs j
    set status = 'drafting',
        claim_id = gen_random_uuid(),
        attempts = j.attempts + 1,
        next_attempt_at = now() + make_interval(secs => p_lease_seconds),
        started_at = coalesce(j.started_at, now())
    from picked, public.draft_batches b
    where j.id = picked.id and b.id = j.batch_id
    returning j.id, j.claim_id, j.user_id, j.batch_id, b.assistant_id, j.idea, j.focus_keyword, j.categories,
      j.tags, j.attempts;
    get diagnostics taken = row_count;
    claimed := claimed + taken;
  end loop;
end;
$$;

create function public.complete_draft_job(
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
  return draft_id;
end;
$$;

create function public.fail_draft_job(
  p_job_id uuid,
  p_claim_id uuid,
  p_error text,
  p_retry_after_seconds integer default null
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  new_status text;
begin
  if p_error is null or btrim(p_error) = '' then
    raise exception 'p_error is required' using errcode = '22023';
  end if;
  if p_retry_after_seconds is not null and (p_retry_after_seconds < 0 or p_retry_after_seconds > 86400) then
    raise exception 'p_retry_after_seconds must be between 0 and 86400' using errcode = '22023';
  end if;
  update public.draft_jobs j
  set status = case when p_retry_after_seconds is null then 'failed' else 'queued' end,
      claim_id = null,
      last_error = left(p_error, 1000),
      next_attempt_at = now() + make_interval(secs => coalesce(p_retry_after_seconds, 0)),
      finished_at = case when p_retry_after_seconds is null then now() end
  where j.id = p_job_id and j.status = 'drafting' and j.claim_id = p_claim_id
  returning j.status into new_status;
  return new_status;
end;
$$;

create function public.release_draft_job(p_job_id uuid, p_claim_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.draft_jobs j
  set status = 'queued', claim_id = null, attempts = greatest(j.attempts - 1, 0), next_attempt_at = now()
  where j.id = p_job_id and j.status = 'drafting' and j.claim_id = p_claim_id;
  return found;
end;
$$;

create function public.cancel_draft_batch(p_user_id uuid, p_batch_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  cancelled integer;
begin
  update public.draft_batches
  set cancelled_at = coalesce(cancelled_at, now())
  where id = p_batch_id and user_id = p_user_id;
  if not found then
    return null;
  end if;
  -- Queued jobs, and claimed ones whose worker is gone (lapsed lease).
  update public.draft_jobs
  set status = 'cancelled', claim_id = null, finished_at = now()
  where batch_id = p_batch_id and user_id = p_user_id
    and (status = 'queued' or (status = 'drafting' and next_attempt_at <= now()));
  get diagnostics cancelled = row_count;
  return cancelled;
end;
$$;

create function public.retry_failed_draft_jobs(p_user_id uuid, p_batch_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  requeued integer;
begin
  perform 1 from public.draft_batches where id = p_batch_id and user_id = p_user_id;
  if not found then
    return null;
  end if;
  update public.draft_jobs
  set status = 'queued', attempts = 0, next_attempt_at = now(), last_error = null, finished_at = null
  where batch_id = p_batch_id and user_id = p_user_id and status = 'failed';
  get diagnostics requeued = row_count;
  return requeued;
end;
$$;

revoke all on function public.create_draft_batch(uuid, text, uuid, boolean, uuid[], jsonb) from public, anon, authenticated;
revoke all on function public.claim_draft_jobs(integer, integer, integer, integer) from public, anon, authenticated;
revoke all on function public.complete_draft_job(uuid, uuid, text, text, text, text, text, text, text[], text[])
  from public, anon, authenticated;
revoke all on function public.fail_draft_job(uuid, uuid, text, integer) from public, anon, authenticated;
revoke all on function public.release_draft_job(uuid, uuid) from public, anon, authenticated;
revoke all on function public.cancel_draft_batch(uuid, uuid) from public, anon, authenticated;
revoke all on function public.retry_failed_draft_jobs(uuid, uuid) from public, anon, authenticated;
grant execute on function public.create_draft_batch(uuid, text, uuid, boolean, uuid[], jsonb) to service_role;
grant execute on function public.claim_draft_jobs(integer, integer, integer, integer) to service_role;
grant execute on function public.complete_draft_job(uuid, uuid, text, text, text, text, text, text, text[], text[])
  to service_role;
grant execute on function public.fail_draft_job(uuid, uuid, text, integer) to service_role;
grant execute on function public.release_draft_job(uuid, uuid) to service_role;
grant execute on function public.cancel_draft_batch(uuid, uuid) to service_role;
grant execute on function public.retry_failed_draft_jobs(uuid, uuid) to service_role;
