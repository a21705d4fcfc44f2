-- regenerate_draft_job(p_user_id, p_job_id): Regenerate on a batch's review
-- (issue 21): the idea is drafted again. The job's current draft, if it is
-- still an unscheduled draft, is deleted; a job whose draft was deleted
-- (Reject deletes it) is drafted again likewise. The job goes back to the
-- queue (attempts 0, due now), so draft-batch-worker drafts it anew, under
-- the batch's review rule.
--
-- Like the other queue functions (20261128000400_draft_queue.sql) it takes
-- the owner's id explicitly, is executable by the secret key only (the
-- draft-batches function charges the bulk-drafting rate limit first), and
-- checks the owner on every row. The job and its article are locked, so a
-- draft scheduled or approved-and-scheduled meanwhile is never deleted.
--
-- Returns 'requeued'; 'not_found' when the user has no such job; 'busy'
-- when the job is queued or being drafted; 'not_a_draft' when its article
-- was scheduled or published (those are changed in the editor, not redrafted).

create function public.regenerate_draft_job(p_user_id uuid, p_job_id uuid)
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
  if job.status in ('queued', 'drafting') then
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

revoke all on function public.regenerate_draft_job(uuid, uuid) from public, anon, authenticated;
grant execute on function public.regenerate_draft_job(uuid, uuid) to service_role;
