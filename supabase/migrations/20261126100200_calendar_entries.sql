-- The Calendar screen: what is scheduled and what was published in a range
-- of time, one bounded, index-backed query per visible month or week.
--
-- calendar_entries(range_start, range_end) → at most 1,000 rows, ordered by time
--   kind 'scheduled':   a scheduled article whose scheduled_for is in the
--                       range; one row per target site that exists (site
--                       columns null when it has none), with that pair's
--                       publication if there is one (a failed attempt's
--                       last_error and next_attempt_at, or pending while the
--                       scheduler holds it);
--   kind 'publication': a publication whose published_at (the last success)
--                       is in the range, with the remote status.
--   The range is [range_start, range_end) and may span at most 43 days (six
--   weeks of a month view, plus a daylight-saving day). SECURITY INVOKER:
--   the caller's row-level security applies, so a user only ever sees their
--   own articles, sites and publications; anon cannot call it.
--
-- The caller's rows are chosen by the tables' policies ((select auth.uid())
-- = user_id), which the planner uses as index conditions, so each half is a
-- range scan of its own index:
--   articles_user_id_scheduled_for_idx    (user_id, scheduled_for) of scheduled articles
--   publications_user_id_published_at_idx (user_id, published_at)

create index articles_user_id_scheduled_for_idx on public.articles (user_id, scheduled_for) where status = 'scheduled';
create index publications_user_id_published_at_idx on public.publications (user_id, published_at);

create function public.calendar_entries(range_start timestamptz, range_end timestamptz)
returns table (
  kind text,
  article_id uuid,
  title text,
  article_status text,
  occurs_at timestamptz,
  site_id uuid,
  site_name text,
  publication_status text,
  remote_status text,
  link text,
  last_error text,
  next_attempt_at timestamptz
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  if range_start is null or range_end is null or range_end <= range_start then
    raise exception 'range_end must be after range_start' using errcode = '22023';
  end if;
  if range_end - range_start > interval '43 days' then
    raise exception 'the range may span at most 43 days' using errcode = '22023';
  end if;

  return query
  select entries.*
  from (
    select 'scheduled'::text, a.id, a.title, a.status, a.scheduled_for, target.id, target.name, p.status,
           p.remote_status, p.link, p.last_error, p.next_attempt_at
    from public.articles a
    left join lateral (
      select s.id, s.name
      from public.wordpress_sites s
      where s.id = any (a.scheduled_site_ids) and s.user_id = a.user_id
    ) target on true
    left join public.publications p on p.article_id = a.id and p.site_id = target.id
    where a.status = 'scheduled'
      and a.scheduled_for >= range_start
      and a.scheduled_for < range_end
    union all
    select 'publication'::text, a.id, a.title, a.status, p.published_at, s.id, s.name, p.status,
           p.remote_status, p.link, p.last_error, p.next_attempt_at
    from public.publications p
    join public.articles a on a.id = p.article_id
    join public.wordpress_sites s on s.id = p.site_id
    where p.published_at >= range_start
      and p.published_at < range_end
  ) as entries (kind, article_id, title, article_status, occurs_at, site_id, site_name, publication_status,
                remote_status, link, last_error, next_attempt_at)
  order by entries.occurs_at, entries.title, entries.article_id, entries.kind, entries.site_name
  limit 1000;
end;
$$;

revoke all on function public.calendar_entries(timestamptz, timestamptz) from public, anon;
grant execute on function public.calendar_entries(timestamptz, timestamptz) to authenticated;
