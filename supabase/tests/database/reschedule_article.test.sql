-- reschedule_article(): the owner moves a scheduled article; its failed
-- publications start their back-off afresh; nobody else can move it.
begin;
\ir _helpers.psql
select plan(11);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Travel blog', 'https://travel.example', 'alice', 'https://travel.example/wp-json/'),
  ('a1000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Food blog', 'https://food.example', 'alice', 'https://food.example/wp-json/');
insert into public.articles (id, user_id, title, status, scheduled_for, scheduled_site_ids) values
  ('a2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Winter walks', 'scheduled', now() - interval '1 hour',
   array['a1000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000002']::uuid[]);
insert into public.articles (id, user_id, title) values
  ('a2000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'A draft');
insert into public.publications (user_id, article_id, site_id, status, last_error, attempts, next_attempt_at) values
  (tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000001',
   'failed', 'The site did not respond in time', 4, now() + interval '60 minutes'),
  (tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000002',
   'pending', null, 0, now() + interval '10 minutes');

select ok(
  has_function_privilege('authenticated', 'public.reschedule_article(uuid, timestamptz)', 'execute')
    and not has_function_privilege('anon', 'public.reschedule_article(uuid, timestamptz)', 'execute'),
  'signed-in users may call reschedule_article(), anon may not'
);
select ok(
  (select prosecdef and proconfig @> array['search_path=""'] from pg_proc
   where oid = 'public.reschedule_article(uuid, timestamptz)'::regprocedure),
  'it is security definer with an empty search_path'
);

select tests.authenticate_as('bob');
select throws_ok(
  $$ select public.reschedule_article('a2000000-0000-4000-8000-000000000001', '2030-01-01 09:00:00+00') $$,
  'P0002', null, 'bob cannot move alice''s article'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ select public.reschedule_article('a2000000-0000-4000-8000-000000000001', '2030-01-01 09:00:00+00') $$,
  '42501', null, 'anon cannot call it'
);
select tests.clear_authentication();
select results_eq(
  $$ select scheduled_for, (select attempts from public.publications where status = 'failed')
     from public.articles where id = 'a2000000-0000-4000-8000-000000000001' $$,
  $$ values (now() - interval '1 hour', 4) $$,
  'nothing changed'
);

select tests.authenticate_as('alice');
select throws_ok(
  $$ select public.reschedule_article('a2000000-0000-4000-8000-000000000002', '2030-01-01 09:00:00+00') $$,
  'P0002', null, 'a draft is not rescheduled (set a schedule in Edit Article)'
);
select throws_ok(
  $$ select public.reschedule_article('a2000000-0000-4000-8000-000000000001', null) $$,
  '22023', 'p_scheduled_for is required', 'a time is required'
);
select lives_ok(
  $$ select public.reschedule_article('a2000000-0000-4000-8000-000000000001', '2030-01-01 09:00:00+00') $$,
  'alice moves her scheduled article'
);
select results_eq(
  $$ select status, scheduled_for, scheduled_site_ids from public.articles where id = 'a2000000-0000-4000-8000-000000000001' $$,
  $$ values ('scheduled', '2030-01-01 09:00:00+00'::timestamptz,
             array['a1000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000002']::uuid[]) $$,
  'the article keeps its status and target sites, at the new time'
);
select tests.clear_authentication();
select results_eq(
  $$ select status, attempts, next_attempt_at, last_error from public.publications
     where site_id = 'a1000000-0000-4000-8000-000000000001' $$,
  $$ values ('failed', 0, null::timestamptz, 'The site did not respond in time') $$,
  'the failed publication starts its back-off afresh and keeps its reason'
);
select results_eq(
  $$ select status, next_attempt_at from public.publications where site_id = 'a1000000-0000-4000-8000-000000000002' $$,
  $$ values ('pending', now() + interval '10 minutes') $$,
  'a pair being published keeps its lease'
);

select * from finish();
rollback;
