-- reschedule_article(p_article_id, p_scheduled_for): the Calendar's
-- Reschedule, for the signed-in owner of a scheduled article.
--
-- Moves scheduled_for (the status stays scheduled, the target sites stay)
-- and, in the same transaction, starts the retry back-off of the article's
-- failed publications afresh (attempts 0, next_attempt_at null): a failure
-- at the old time must not hold the new time back. A pair the scheduler is
-- publishing at this moment ('pending') is left alone. SECURITY DEFINER
-- because publications are not writable by users; ownership is checked
-- against auth.uid(). Raises P0002 when the caller has no scheduled article
-- with this id, 22023 for a null time. Any time is accepted, as Edit Article
-- accepts it; the app asks for a future one.

create function public.reschedule_article(p_article_id uuid, p_scheduled_for timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_scheduled_for is null then
    raise exception 'p_scheduled_for is required' using errcode = '22023';
  end if;
  update public.articles
  set scheduled_for = p_scheduled_for
  where id = p_article_id and user_id = (select auth.uid()) and status = 'scheduled';
  if not found then
    raise exception 'No scheduled article % for this user', p_article_id using errcode = 'P0002';
  end if;
  update public.publications
  set next_attempt_at = null, attempts = 0
  where article_id = p_article_id and status = 'failed';
end;
$$;

revoke all on function public.reschedule_article(uuid, timestamptz) from public, anon;
grant execute on function public.reschedule_article(uuid, timestamptz) to authenticated;
