-- Drip-feed publishing: a schedule rule that spreads articles over time and
-- fills their scheduled_for, so the existing scheduler publishes them.
--
-- drip_schedule_times(count, start_date, per_period, period, window_start,
--                     window_end, time_zone, not_before)
--   The first `count` times of the rule, in order. Each period ('day', or a
--   'week' of seven days from start_date) holds `per_period` slots. In a week
--   the slots are spread over the days (day of slot j = floor(j * 7 / n)); the
--   slots that share a day are spread evenly over the time window
--   [window_start, window_end), to the minute. A slot is a wall-clock time in
--   `time_zone` (an IANA name such as Europe/Berlin), turned into an instant
--   by PostgreSQL's time zone database, so 09:00 stays 09:00 local across a
--   DST change (the UTC instant moves by the hour). A local time that does not
--   exist (skipped by a spring-forward) is read as standard time, i.e. an hour
--   later on the clock; an ambiguous one (repeated by a fall-back) as the
--   later, standard-time instant. Slots before `not_before` (default now) are
--   skipped, so a rule that starts today never schedules into the past.
--   Pure: reads no table.
--
-- apply_drip_schedule(article_ids, start_date, per_period, period,
--                     window_start, window_end, time_zone, site_ids, post_status)
--   For the signed-in owner (SECURITY INVOKER: row-level security and the
--   column grants apply, so only the caller's rows are seen or written):
--   gives the articles, in the order given, the rule's
--   times as scheduled_for, status scheduled, the target sites and the
--   WordPress status ('publish' or 'draft'). Every article must be the
--   caller's draft or scheduled article, every site the caller's; an
--   unapproved draft of a batch under review is refused by the
--   articles_approved_before_scheduling check (the message says so first).
--   Returns each article's (article_id, scheduled_for).

create function public.drip_schedule_times(
  p_count integer,
  p_start_date date,
  p_per_period integer,
  p_period text,
  p_window_start time,
  p_window_end time,
  p_time_zone text,
  p_not_before timestamptz default now()
)
returns table (slot integer, scheduled_for timestamptz)
language plpgsql
stable
set search_path = ''
as $$
declare
  period_days integer;
  window_minutes integer;
  candidate bigint;
  period_index bigint;
  index_in_period integer;
  day_in_period integer;
  first_of_day integer;
  on_this_day integer;
  local_time timestamp;
  instant timestamptz;
  emitted integer := 0;
  today date;
begin
  if p_count is null or p_count < 1 or p_count > 500 then
    raise exception 'Schedule between 1 and 500 articles at a time' using errcode = '22023';
  end if;
  if p_period is null or p_period not in ('day', 'week') then
    raise exception 'The period must be day or week' using errcode = '22023';
  end if;
  if p_per_period is null or p_per_period < 1 or p_per_period > 100 then
    raise exception 'Publish between 1 and 100 articles per %', p_period using errcode = '22023';
  end if;
  if p_start_date is null or p_window_start is null or p_window_end is null or p_not_before is null then
    raise exception 'A start date, a time window and a time zone are required' using errcode = '22023';
  end if;
  if p_window_end <= p_window_start then
    raise exception 'The time window must end after it starts (a window past midnight is not supported)'
      using errcode = '22023';
  end if;
  begin
    today := (p_not_before at time zone p_time_zone)::date;
  exception when others then
    raise exception 'Unknown time zone: %', coalesce(p_time_zone, 'none') using errcode = '22023';
  end;

  period_days := case p_period when 'day' then 1 else 7 end;
  window_minutes := (extract(epoch from (p_window_end - p_window_start)) / 60)::integer;
  -- Whole periods that ended before today cannot hold a future slot: skip them.
  candidate := greatest(0, (today - p_start_date) / period_days - 1)::bigint * p_per_period;

  while emitted < p_count loop
    period_index := candidate / p_per_period;
    index_in_period := (candidate % p_per_period)::integer;
    day_in_period := index_in_period * period_days / p_per_period;
    -- Slots of this period that fall on the same day, and this slot's place among them.
    first_of_day := (day_in_period * p_per_period + period_days - 1) / period_days;
    on_this_day := ((day_in_period + 1) * p_per_period + period_days - 1) / period_days - first_of_day;
    local_time := (p_start_date + (period_index * period_days + day_in_period)::integer)
      + p_window_start
      + make_interval(mins => (index_in_period - first_of_day) * window_minutes / on_this_day);
    instant := local_time at time zone p_time_zone;
    if instant >= p_not_before then
      slot := emitted;
      scheduled_for := instant;
      return next;
      emitted := emitted + 1;
    end if;
    candidate := candidate + 1;
  end loop;
end;
$$;

create function public.apply_drip_schedule(
  p_article_ids uuid[],
  p_start_date date,
  p_per_period integer,
  p_period text,
  p_window_start time,
  p_window_end time,
  p_time_zone text,
  p_site_ids uuid[],
  p_post_status text default 'publish'
)
returns table (article_id uuid, scheduled_for timestamptz)
language plpgsql
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  article_count integer := cardinality(p_article_ids);
  unavailable integer;
  unapproved integer;
begin
  -- Row-level security scopes every read and write below to the caller's own
  -- rows (as in list_articles()); anon may not execute this function. Every
  -- refusal is invalid_parameter_value (22023): PostgREST answers 400 with the
  -- message as raised.
  if article_count is null or article_count = 0 then
    raise exception 'Choose the articles to schedule' using errcode = '22023';
  end if;
  if (select count(distinct id) from unnest(p_article_ids) as t(id) where id is not null) <> article_count then
    raise exception 'Each article may be scheduled only once' using errcode = '22023';
  end if;
  if p_site_ids is null or cardinality(p_site_ids) = 0 or cardinality(p_site_ids) > 20 then
    raise exception 'Choose between 1 and 20 sites to publish to' using errcode = '22023';
  end if;
  if p_post_status is null or p_post_status not in ('publish', 'draft') then
    raise exception 'The WordPress status must be publish or draft' using errcode = '22023';
  end if;
  if exists (
    select from unnest(p_site_ids) as t(id)
    where not exists (select from public.wordpress_sites s where s.id = t.id)
  ) then
    raise exception 'Site not found' using errcode = '22023';
  end if;

  select count(*)::integer into unavailable
  from unnest(p_article_ids) as t(id)
  where not exists (select from public.articles a where a.id = t.id and a.status in ('draft', 'scheduled'));
  if unavailable > 0 then
    raise exception '% of these articles cannot be scheduled (not found, or already published)', unavailable
      using errcode = '22023';
  end if;
  select count(*)::integer into unapproved
  from public.articles a
  where a.id = any (p_article_ids) and a.approval_required and a.approved_at is null;
  if unapproved > 0 then
    raise exception '% of these drafts are waiting for approval: approve them first, or turn the review off for their batch',
      unapproved using errcode = '22023';
  end if;

  return query
  with times as (
    select t.slot, t.scheduled_for
    from public.drip_schedule_times(article_count, p_start_date, p_per_period, p_period, p_window_start,
      p_window_end, p_time_zone) t
  ),
  ordered as (
    select o.id, (o.position - 1)::integer as slot
    from unnest(p_article_ids) with ordinality as o(id, position)
  )
  update public.articles a
  set status = 'scheduled',
      scheduled_for = times.scheduled_for,
      scheduled_site_ids = p_site_ids,
      scheduled_post_status = p_post_status
  from ordered join times on times.slot = ordered.slot
  where a.id = ordered.id
  returning a.id, a.scheduled_for;
end;
$$;

revoke all on function public.drip_schedule_times(integer, date, integer, text, time, time, text, timestamptz)
  from public, anon;
revoke all on function public.apply_drip_schedule(uuid[], date, integer, text, time, time, text, uuid[], text)
  from public, anon;
grant execute on function public.drip_schedule_times(integer, date, integer, text, time, time, text, timestamptz)
  to authenticated;
grant execute on function public.apply_drip_schedule(uuid[], date, integer, text, time, time, text, uuid[], text)
  to authenticated;
