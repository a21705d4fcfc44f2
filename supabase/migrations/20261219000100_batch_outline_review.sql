-- Outline review in bulk (issue 26, "Templates and outlines"): a batch may
-- ask for each idea's outline to be reviewed before its draft is written.
--
-- draft_batches.outline_review  each idea's headings wait for the owner's
--                               approval before drafting (set at creation)
-- draft_jobs.outline            the idea's own headings: proposed (by the
--                               model, or copied from the batch's template),
--                               then as the owner approved them
-- draft_jobs.outline_approved_at when the owner approved them; the draft then
--                               follows them as its H2s, in order
--
-- A new job status, between two claims of the worker:
--   outline_ready  the outline is on the job, waiting for the owner; no
--                  worker claims it (claims take queued and drafting only)
-- A batch under review with a template starts its jobs there (the template's
-- headings, no model call); without one, the worker's first claim proposes
-- the headings (store_draft_job_outline) and its next, after the approval,
-- writes the draft.
--
-- Row-level security is unchanged: owners read their batches and jobs, only
-- the functions write them. The new functions are executable by the secret
-- key only and take the owner's id explicitly, like the queue's others
-- (20261128000400); cancelling a batch now also cancels outlines waiting for
-- review (and one being proposed, once it is stored), an outline of a
-- cancelled batch cannot be approved, an idea whose outline waits cannot be
-- drafted again (regenerate_draft_job: 'busy'), and the progress view counts
-- them.

alter table public.draft_batches
  add column outline_review boolean not null default false;

alter table public.draft_jobs
  add column outline text[] constraint draft_jobs_outline_shape check (
    cardinality(outline) between 1 and 12
    and array_position(outline, null) is null
    and cardinality(outline) = cardinality(string_to_array(array_to_string(outline, E'\n'), E'\n'))
    and array_to_string(outline, E'\n') !~ '(^|\n)[[:space:]]*(\n|$)'
    and array_to_string(outline, E'\n') !~ '[^\n]{151}'
  ),
  add column outline_approved_at timestamptz,
  add constraint draft_jobs_approved_outline_present check (outline_approved_at is null or outline is not null),
  drop constraint draft_jobs_status_check,
  add constraint draft_jobs_status_check
    check (status in ('queued', 'drafting', 'outline_ready', 'done', 'failed', 'cancelled')),
  add constraint draft_jobs_outline_ready_has_outline check (status <> 'outline_ready' or outline is not null);

-- The batch page's count of outlines to review (columns added at the end keep
-- the view's existing ones where they were).
create or replace view public.draft_batch_progress
with (security_invoker = true)
as
select
  j.batch_id,
  count(*) filter (where j.status = 'queued')::integer as queued,
  count(*) filter (where j.status = 'drafting')::integer as drafting,
  count(*) filter (where j.status = 'done')::integer as done,
  count(*) filter (where j.status = 'failed')::integer as failed,
  count(*) filter (where j.status = 'cancelled')::integer as cancelled,
  count(*)::integer as total,
  count(*) filter (where j.status = 'outline_ready')::integer as outline_ready
from public.draft_jobs j
group by j.batch_id;

drop function public.create_draft_batch(uuid, text, uuid, boolean, uuid[], jsonb, text, jsonb, uuid, text[]);

create function public.create_draft_batch(
  p_user_id uuid,
  p_name text,
  p_assistant_id uuid,
  p_review_required boolean,
  p_target_site_ids uuid[],
  p_items jsonb,
  p_locale text default null,
  p_generation_settings jsonb default '{}'::jsonb,
  p_template_id uuid default null,
  p_outline text[] default null,
  p_outline_review boolean default false
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  batch_id uuid;
begin
  if p_user_id is null or p_assistant_id is null or p_review_required is null or p_target_site_ids is null
    or p_outline_review is null then
    raise exception 'user, assistant, review_required, outline_review and target sites are required' using errcode = '22023';
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
  if p_template_id is not null
    and not exists (select from public.article_templates t where t.id = p_template_id and t.user_id = p_user_id) then
    raise exception 'template not found for this user' using errcode = 'P0002';
  end if;

  insert into public.draft_batches (
    user_id, name, assistant_id, review_required, target_site_ids, locale, generation_settings, template_id, outline,
    outline_review
  )
  values (
    p_user_id, p_name, p_assistant_id, p_review_required, p_target_site_ids, p_locale,
    coalesce(p_generation_settings, '{}'::jsonb), p_template_id, p_outline, p_outline_review
  )
  returning id into batch_id;

  -- Under review with an outline given, every idea starts from it, waiting for the owner.
  insert into public.draft_jobs (batch_id, user_id, position, idea, focus_keyword, categories, tags, status, outline)
  select
    batch_id,
    p_user_id,
    (item.ordinality - 1)::integer,
    item.value ->> 'idea',
    nullif(item.value ->> 'focus_keyword', ''),
    coalesce(array(select jsonb_array_elements_text(item.value -> 'categories')), '{}'),
    coalesce(array(select jsonb_array_elements_text(item.value -> 'tags')), '{}'),
    case when p_outline_review and p_outline is not null then 'outline_ready' else 'queued' end,
    case when p_outline_review then p_outline end
  from jsonb_array_elements(p_items) with ordinality as item(value, ordinality);

  return batch_id;
end;
$$;

-- The worker's proposal for a job it holds (its current claim): the job
-- waits for the owner with these headings; a batch cancelled while the
-- proposal was written cancels the job instead. false when the claim was lost.
create function public.store_draft_job_outline(p_job_id uuid, p_claim_id uuid, p_outline text[])
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.draft_jobs j
  set status = case when b.cancelled_at is null then 'outline_ready' else 'cancelled' end,
      outline = p_outline, outline_approved_at = null, claim_id = null, last_error = null,
      finished_at = case when b.cancelled_at is null then null else now() end
  from public.draft_batches b
  where j.id = p_job_id and j.status = 'drafting' and j.claim_id = p_claim_id
    and b.id = j.batch_id and b.user_id = j.user_id;
  return found;
end;
$$;

-- The owner's approval of one idea's outline, as edited (p_outline), or as
-- it stands (null): the job is queued to be drafted following it (its
-- attempts and its drafting time counted afresh). Returns 'queued';
-- 'not_found' when the user has no such job; 'not_ready' when its outline is
-- not waiting for review (approved already, or cancelled with its batch).
create function public.approve_draft_job_outline(p_user_id uuid, p_job_id uuid, p_outline text[] default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  job_status text;
  batch_cancelled boolean;
begin
  select j.status, b.cancelled_at is not null into job_status, batch_cancelled
  from public.draft_jobs j
  join public.draft_batches b on b.id = j.batch_id and b.user_id = j.user_id
  where j.id = p_job_id and j.user_id = p_user_id
  for update of j;
  if not found then
    return 'not_found';
  end if;
  if job_status <> 'outline_ready' or batch_cancelled then
    return 'not_ready';
  end if;
  update public.draft_jobs
  set status = 'queued', outline = coalesce(p_outline, outline), outline_approved_at = now(), attempts = 0,
      next_attempt_at = now(), last_error = null, started_at = null, finished_at = null
  where id = p_job_id;
  return 'queued';
end;
$$;

-- Approve all: every outline of the batch waiting for review, as it stands.
-- The number approved (none in a cancelled batch); null when the user has no
-- such batch.
create function public.approve_draft_batch_outlines(p_user_id uuid, p_batch_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  approved integer;
begin
  perform 1 from public.draft_batches where id = p_batch_id and user_id = p_user_id;
  if not found then
    return null;
  end if;
  update public.draft_jobs j
  set status = 'queued', outline_approved_at = now(), attempts = 0, next_attempt_at = now(), last_error = null,
      started_at = null, finished_at = null
  from public.draft_batches b
  where j.batch_id = p_batch_id and j.user_id = p_user_id and j.status = 'outline_ready'
    and b.id = j.batch_id and b.cancelled_at is null;
  get diagnostics approved = row_count;
  return approved;
end;
$$;

-- Drafting an idea again (20261208000100) while its outline waits for review
-- would replace the outline unasked: such a job is 'busy' like one queued.
create or replace function public.regenerate_draft_job(p_user_id uuid, p_job_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  job public.draft_jobs;
  draft_status text;
begin
  select * into job from public.draft_jobs where id = p_job_id and user_id = p_user_id for update;
  if not found then
    return 'not_found';
  end if;
  if job.status in ('queued', 'drafting', 'outline_ready') then
    return 'busy';
  end if;
  if job.article_id is not null then
    select a.status into draft_status
    from public.articles a
    where a.id = job.article_id and a.user_id = p_user_id
    for update;
    if draft_status is distinct from 'draft' then
      return 'not_a_draft';
    end if;
    delete from public.articles where id = job.article_id and user_id = p_user_id;
  end if;
  update public.draft_jobs
  set status = 'queued', attempts = 0, next_attempt_at = now(), last_error = null, finished_at = null,
      claim_id = null, article_id = null
  where id = p_job_id;
  return 'requeued';
end;
$$;

create or replace function public.cancel_draft_batch(p_user_id uuid, p_batch_id uuid)
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
  -- Queued jobs, outlines waiting for review, and claimed jobs whose worker is gone (lapsed lease).
  update public.draft_jobs
  set status = 'cancelled', claim_id = null, finished_at = now()
  where batch_id = p_batch_id and user_id = p_user_id
    and (status in ('queued', 'outline_ready') or (status = 'drafting' and next_attempt_at <= now()));
  get diagnostics cancelled = row_count;
  return cancelled;
end;
$$;

revoke all on function public.create_draft_batch(uuid, text, uuid, boolean, uuid[], jsonb, text, jsonb, uuid, text[], boolean)
  from public, anon, authenticated;
revoke all on function public.store_draft_job_outline(uuid, uuid, text[]) from public, anon, authenticated;
revoke all on function public.approve_draft_job_outline(uuid, uuid, text[]) from public, anon, authenticated;
revoke all on function public.approve_draft_batch_outlines(uuid, uuid) from public, anon, authenticated;
grant execute on function public.create_draft_batch(uuid, text, uuid, boolean, uuid[], jsonb, text, jsonb, uuid, text[], boolean)
  to service_role;
grant execute on function public.store_draft_job_outline(uuid, uuid, text[]) to service_role;
grant execute on function public.approve_draft_job_outline(uuid, uuid, text[]) to service_role;
grant execute on function public.approve_draft_batch_outlines(uuid, uuid) to service_role;
-- Replaced functions keep their grants; restated: the secret key only.
revoke all on function public.regenerate_draft_job(uuid, uuid) from public, anon, authenticated;
revoke all on function public.cancel_draft_batch(uuid, uuid) from public, anon, authenticated;
grant execute on function public.regenerate_draft_job(uuid, uuid) to service_role;
grant execute on function public.cancel_draft_batch(uuid, uuid) to service_role;
