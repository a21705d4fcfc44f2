-- draft_batches: one row per bulk drafting request (the Bulk screen). The
-- ideas themselves are jobs in draft_jobs (next migration); the drafts they
-- become are ordinary articles linked back with articles.draft_batch_id.
--
-- A batch is created only by the draft-batches edge function (secret key),
-- which validates the ideas, checks the assistant and sites are the caller's
-- and charges the bulk-drafting rate limit; the browser may read its own
-- batches, turn the review gate on or off (review_required) and delete a
-- batch (its jobs go with it; its drafts stay, unlinked).
--
-- review_required: drafts of this batch must be approved (articles.approved_at)
-- before they can be scheduled; see 20261128000300_articles_review_gate.sql.
-- cancelled_at: when the owner cancelled the batch (its queued jobs were
-- cancelled with it).

create table public.draft_batches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null constraint draft_batches_name_length check (length(name) between 1 and 200),
  assistant_id uuid,
  review_required boolean not null default true,
  target_site_ids uuid[] not null default '{}'
    constraint draft_batches_target_site_ids_limits
      check (cardinality(target_site_ids) <= 20 and array_position(target_site_ids, null) is null),
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Jobs and articles reference (id, user_id), so they always belong to the batch's owner.
  constraint draft_batches_id_user_id_key unique (id, user_id),
  -- Only one of the owner's assistants; deleting it leaves the batch without one
  -- (its remaining jobs then fail with "Assistant not found").
  constraint draft_batches_assistant_id_user_id_fkey
    foreign key (assistant_id, user_id) references public.assistants (id, user_id) on delete set null (assistant_id)
);

-- The Batches screen: the owner's batches, newest first.
create index draft_batches_user_id_created_at_idx on public.draft_batches (user_id, created_at desc);
create index draft_batches_assistant_id_user_id_idx on public.draft_batches (assistant_id, user_id);

create trigger draft_batches_set_updated_at
  before update on public.draft_batches
  for each row execute function public.set_updated_at();

alter table public.draft_batches enable row level security;

revoke all on table public.draft_batches from anon, authenticated;
grant select, delete on table public.draft_batches to authenticated;
grant update (review_required) on table public.draft_batches to authenticated;
grant all on table public.draft_batches to service_role;

create policy "Users can view their own draft batches"
  on public.draft_batches for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "Users can update their own draft batches"
  on public.draft_batches for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

create policy "Users can delete their own draft batches"
  on public.draft_batches for delete to authenticated
  using ((select auth.uid()) = user_id);
