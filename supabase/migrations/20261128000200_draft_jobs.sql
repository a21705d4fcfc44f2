-- draft_jobs: the bulk-drafting queue, one row per idea of a batch. Also what
-- the Batches screen shows per item (status, attempts, the reason of a
-- failure, the draft it became).
--
-- Why a table and not Supabase Queues (pgmq): the local backend runs on
-- PGlite, which has no pgmq, and the Batches screen needs every job's state
-- anyway (pgmq deletes or archives a message once read). The draft-batch-worker
-- function claims jobs with claim_draft_jobs() (next migration): FOR UPDATE
-- SKIP LOCKED plus a lease, as publish-scheduled claims due articles.
--
-- status:
--   queued     waiting; claimable once next_attempt_at has passed (back-off)
--   drafting   claimed by a worker: claim_id is its lease token and
--              next_attempt_at the end of the lease (a worker that died
--              leaves the job claimable again after it)
--   done       drafted: article_id is the draft (null once the user deleted it)
--   failed     gave up: last_error says why
--   cancelled  the batch was cancelled before the job was drafted
--
-- Only the edge functions (secret key) write jobs; the owner reads them.

create table public.draft_jobs (
  id uuid primary key default gen_random_uuid(),
  batch_id uuid not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  position integer not null constraint draft_jobs_position_check check (position >= 0),
  idea text not null constraint draft_jobs_idea_length check (length(btrim(idea)) between 1 and 2000),
  focus_keyword text constraint draft_jobs_focus_keyword_length check (length(focus_keyword) <= 100),
  categories text[] not null default '{}' constraint draft_jobs_categories_limits check (
    cardinality(categories) <= 20
    and array_position(categories, null) is null
    and array_position(categories, '') is null
    and array_to_string(categories, '') !~ '\n'
    and array_to_string(categories, E'\n') !~ '[^\n]{101}'
  ),
  tags text[] not null default '{}' constraint draft_jobs_tags_limits check (
    cardinality(tags) <= 50
    and array_position(tags, null) is null
    and array_position(tags, '') is null
    and array_to_string(tags, '') !~ '\n'
    and array_to_string(tags, E'\n') !~ '[^\n]{101}'
  ),
  status text not null default 'queued'
    constraint draft_jobs_status_check check (status in ('queued', 'drafting', 'done', 'failed', 'cancelled')),
  attempts integer not null default 0 constraint draft_jobs_attempts_check check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  claim_id uuid,
  last_error text constraint draft_jobs_last_error_length check (length(last_error) <= 1000),
  article_id uuid constraint draft_jobs_article_id_key unique references public.articles (id) on delete set null,
  started_at timestamptz,
  finished_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- One job per place in its batch. (user_id is the batch's owner, so it adds
  -- nothing to uniqueness; leading with (batch_id, user_id) makes this index
  -- also serve the foreign key below and the screen's row-level-secured list.)
  constraint draft_jobs_batch_id_user_id_position_key unique (batch_id, user_id, position),
  constraint draft_jobs_batch_id_user_id_fkey
    foreign key (batch_id, user_id) references public.draft_batches (id, user_id) on delete cascade,
  constraint draft_jobs_claim_iff_drafting check ((status = 'drafting') = (claim_id is not null))
);

-- The claim: jobs that are ready (queued, or drafting with a lapsed lease) by
-- time, per user; and each user's live claims (the per-user limit).
create index draft_jobs_claimable_idx on public.draft_jobs (user_id, next_attempt_at)
  where status in ('queued', 'drafting');
create index draft_jobs_ready_at_idx on public.draft_jobs (next_attempt_at)
  where status in ('queued', 'drafting');
-- Row-level security filters on user_id; the screen lists a batch's jobs by
-- position (the unique key above) and the Batches list counts them per batch.
create index draft_jobs_user_id_idx on public.draft_jobs (user_id);

create trigger draft_jobs_set_updated_at
  before update on public.draft_jobs
  for each row execute function public.set_updated_at();

alter table public.draft_jobs enable row level security;

revoke all on table public.draft_jobs from anon, authenticated;
grant select on table public.draft_jobs to authenticated;
grant all on table public.draft_jobs to service_role;

create policy "Users can view their own draft jobs"
  on public.draft_jobs for select to authenticated
  using ((select auth.uid()) = user_id);

-- Each batch's progress for the Batches screen: jobs by status. A view with
-- security_invoker, so the caller's row-level security on draft_jobs applies
-- (a user counts only their own jobs).
create view public.draft_batch_progress
with (security_invoker = true)
as
select
  j.batch_id,
  count(*) filter (where j.status = 'queued')::integer as queued,
  count(*) filter (where j.status = 'drafting')::integer as drafting,
  count(*) filter (where j.status = 'done')::integer as done,
  count(*) filter (where j.status = 'failed')::integer as failed,
  count(*) filter (where j.status = 'cancelled')::integer as cancelled,
  count(*)::integer as total
from public.draft_jobs j
group by j.batch_id;

revoke all on public.draft_batch_progress from anon, authenticated;
grant select on public.draft_batch_progress to authenticated, service_role;
