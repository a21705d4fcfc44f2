-- Drafts of a bulk batch: the link to their batch and the review gate.
--
-- articles.draft_batch_id     the batch the draft came from (set only by the
--                             drafting worker; null once the batch is deleted)
-- articles.approval_required  whether someone must approve this draft before it
--                             may be scheduled: the batch's review_required when
--                             the draft was written, and kept in step with it
--                             when the owner turns the gate on or off (trigger
--                             below). Not writable by the browser.
-- articles.approved_at        when the owner approved it (the browser sets it:
--                             Approve / Approve all; clearing it withdraws the
--                             approval)
--
-- The gate is a CHECK on the row, so it holds whoever writes: the app, the
-- REST API, save-article, the drip rule. An unapproved draft of a gated batch
-- cannot become 'scheduled', and the approval of a scheduled article cannot be
-- withdrawn; the scheduler publishes only scheduled articles, so nothing is
-- published on a schedule that nobody approved.

alter table public.articles
  add column draft_batch_id uuid,
  add column approval_required boolean not null default false,
  add column approved_at timestamptz,
  add constraint articles_draft_batch_id_user_id_fkey
    foreign key (draft_batch_id, user_id) references public.draft_batches (id, user_id)
    on delete set null (draft_batch_id),
  add constraint articles_approved_before_scheduling
    check (status <> 'scheduled' or not approval_required or approved_at is not null);

create index articles_draft_batch_id_user_id_idx on public.articles (draft_batch_id, user_id)
  where draft_batch_id is not null;

grant update (approved_at) on table public.articles to authenticated;

-- Turning a batch's gate off releases its drafts; turning it on again holds
-- back those still waiting as drafts (scheduled or published ones were released
-- by the owner while the gate was off). SECURITY DEFINER because the browser
-- may not write approval_required; the rows are the batch owner's own.
create function public.sync_draft_batch_review_gate()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.articles a
  set approval_required = new.review_required
  where a.draft_batch_id = new.id
    and a.user_id = new.user_id
    and a.approval_required is distinct from new.review_required
    and (not new.review_required or a.status = 'draft');
  return null;
end;
$$;

revoke execute on function public.sync_draft_batch_review_gate() from public, anon, authenticated;

create trigger draft_batches_sync_review_gate
  after update of review_required on public.draft_batches
  for each row
  when (old.review_required is distinct from new.review_required)
  execute function public.sync_draft_batch_review_gate();
