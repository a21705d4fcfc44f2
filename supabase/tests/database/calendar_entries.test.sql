-- calendar_entries(): scheduled articles and publications in a bounded range
-- of time, the caller's only (security invoker: RLS applies), each half a
-- range scan of its index.
begin;
\ir _helpers.psql
select plan(14);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Travel blog', 'https://travel.example', 'alice', 'https://travel.example/wp-json/'),
  ('a1000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Food blog', 'https://food.example', 'alice', 'https://food.example/wp-json/'),
  ('b1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s blog', 'https://bob.example', 'bob', 'https://bob.example/wp-json/');
insert into public.articles (id, user_id, title, status, scheduled_for, scheduled_site_ids) values
  -- In December: two of alice's sites and, wrongly, bob's (never shown).
  ('a2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Winter walks', 'scheduled', '2026-12-03 09:30:00+00',
   array['a1000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000002', 'b1000000-0000-4000-8000-000000000001']::uuid[]),
  -- In December, no target site.
  ('a2000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Nowhere yet', 'scheduled', '2026-12-10 18:00:00+00', '{}'),
  -- At the range's end (excluded) and in January.
  ('a2000000-0000-4000-8000-000000000003', tests.get_supabase_uid('alice'), 'New year', 'scheduled', '2027-01-01 00:00:00+00',
   array['a1000000-0000-4000-8000-000000000001']::uuid[]),
  ('b2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob in December', 'scheduled', '2026-12-05 12:00:00+00',
   array['b1000000-0000-4000-8000-000000000001']::uuid[]);
insert into public.articles (id, user_id, title, status) values
  ('a2000000-0000-4000-8000-000000000004', tests.get_supabase_uid('alice'), 'Autumn harvest', 'published'),
  ('a2000000-0000-4000-8000-000000000005', tests.get_supabase_uid('alice'), 'Marked published by hand', 'published');
insert into public.publications (user_id, article_id, site_id, remote_post_id, link, status, remote_status, published_at,
                                 last_error, attempts, next_attempt_at) values
  (tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000004', 'a1000000-0000-4000-8000-000000000001', 7,
   'https://travel.example/?p=7', 'publish', 'publish', '2026-12-01 08:00:00+00', null, 0, null),
  -- Published in November: outside the range.
  (tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000004', 'a1000000-0000-4000-8000-000000000002', 8,
   'https://food.example/?p=8', 'publish', 'publish', '2026-11-20 08:00:00+00', null, 0, null),
  -- The December article's failed attempt on the food blog.
  (tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000002', null,
   null, 'failed', null, null, 'The site did not respond in time', 2, '2026-12-03 09:40:00+00');

select ok(
  (select not prosecdef from pg_proc where oid = 'public.calendar_entries(timestamptz, timestamptz)'::regprocedure),
  'calendar_entries runs with the caller''s rights (security invoker)'
);
select ok(
  has_function_privilege('authenticated', 'public.calendar_entries(timestamptz, timestamptz)', 'execute')
    and not has_function_privilege('anon', 'public.calendar_entries(timestamptz, timestamptz)', 'execute'),
  'signed-in users may call it, anon may not'
);
select has_index('public', 'articles', 'articles_user_id_scheduled_for_idx', array['user_id', 'scheduled_for'],
  'scheduled articles are indexed by user and time');
select has_index('public', 'publications', 'publications_user_id_published_at_idx', array['user_id', 'published_at'],
  'publications are indexed by user and time');

select tests.authenticate_as('alice');
select results_eq(
  $$ select kind, title, occurs_at, site_name, publication_status, remote_status, last_error
     from public.calendar_entries('2026-12-01 00:00:00+00', '2027-01-01 00:00:00+00') $$,
  $$ values
       ('publication', 'Autumn harvest', '2026-12-01 08:00:00+00'::timestamptz, 'Travel blog', 'publish', 'publish', null::text),
       ('scheduled', 'Winter walks', '2026-12-03 09:30:00+00'::timestamptz, 'Food blog', 'failed', null, 'The site did not respond in time'),
       ('scheduled', 'Winter walks', '2026-12-03 09:30:00+00'::timestamptz, 'Travel blog', null, null, null),
       ('scheduled', 'Nowhere yet', '2026-12-10 18:00:00+00'::timestamptz, null, null, null, null) $$,
  'the range holds alice''s scheduled articles (one row per target site of hers) and publications, in time order'
);
select is_empty(
  $$ select 1 from public.calendar_entries('2026-12-01 00:00:00+00', '2027-01-01 00:00:00+00')
     where site_id = 'b1000000-0000-4000-8000-000000000001' or title = 'Marked published by hand' $$,
  'another user''s site never appears, and an article published by hand only has no publication time'
);
select results_eq(
  $$ select title from public.calendar_entries('2026-12-31 00:00:00+00', '2027-01-01 00:00:00.000001+00') $$,
  $$ values ('New year') $$,
  'the range includes its start and excludes its end'
);

select tests.authenticate_as('bob');
select results_eq(
  $$ select title from public.calendar_entries('2026-12-01 00:00:00+00', '2027-01-01 00:00:00+00') $$,
  $$ values ('Bob in December') $$,
  'bob sees only his own'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ select * from public.calendar_entries('2026-12-01 00:00:00+00', '2027-01-01 00:00:00+00') $$,
  '42501', null, 'anon cannot call it'
);

select tests.authenticate_as('alice');
select throws_ok(
  $$ select * from public.calendar_entries('2026-12-01 00:00:00+00', '2026-12-01 00:00:00+00') $$,
  '22023', 'range_end must be after range_start', 'an empty range is refused'
);
select throws_ok(
  $$ select * from public.calendar_entries(null, '2026-12-01 00:00:00+00') $$,
  '22023', 'range_end must be after range_start', 'an open range is refused'
);
select throws_ok(
  $$ select * from public.calendar_entries('2026-01-01 00:00:00+00', '2027-01-01 00:00:00+00') $$,
  '22023', 'the range may span at most 43 days', 'a range longer than a month view is refused'
);

-- The two halves, as the function runs them under the user's RLS (the
-- policies' user_id condition), scan their indexes (sequential scans off: the
-- tables are tiny here).
select tests.clear_authentication();
create function tests.plan_of(statement text) returns text
language plpgsql
as $$
declare
  line text;
  plan text := '';
begin
  for line in execute 'explain (costs off) ' || statement loop
    plan := plan || line || E'\n';
  end loop;
  return plan;
end;
$$;
grant execute on function tests.plan_of(text) to authenticated;
set local enable_seqscan = off;
select tests.authenticate_as('alice');
select matches(
  tests.plan_of($$ select a.id from public.articles a
                   where a.status = 'scheduled'
                     and a.scheduled_for >= '2026-12-01' and a.scheduled_for < '2027-01-01' $$),
  'articles_user_id_scheduled_for_idx',
  'scheduled articles in a range: a scan of articles_user_id_scheduled_for_idx'
);
select matches(
  tests.plan_of($$ select p.id from public.publications p
                   where p.published_at >= '2026-12-01' and p.published_at < '2027-01-01' $$),
  'publications_user_id_published_at_idx',
  'publications in a range: a scan of publications_user_id_published_at_idx'
);

select * from finish();
rollback;
