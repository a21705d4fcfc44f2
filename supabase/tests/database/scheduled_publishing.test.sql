-- Scheduled publishing bookkeeping (claim_due_scheduled_articles,
-- record_publication_success/failure): service_role only, and never across
-- users — an article scheduled onto another user's site is not claimed.
begin;
\ir _helpers.psql
select plan(16);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s blog', 'https://alice.example', 'alice', 'https://alice.example/wp-json/'),
  ('b1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s blog', 'https://bob.example', 'bob', 'https://bob.example/wp-json/');
-- Due: alice's article onto her own site AND bob's site (the schema does not
-- stop the uuid[] from naming another user's site). Not due: tomorrow's.
insert into public.articles (id, user_id, title, status, scheduled_for, scheduled_site_ids) values
  ('a2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Due', 'scheduled', now() - interval '1 minute',
   array['a1000000-0000-4000-8000-000000000001', 'b1000000-0000-4000-8000-000000000001']::uuid[]),
  ('a2000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Tomorrow', 'scheduled', now() + interval '1 day',
   array['a1000000-0000-4000-8000-000000000001']::uuid[]);

-- Only service_role may call them.
select ok(
  not has_function_privilege('authenticated', 'public.claim_due_scheduled_articles(integer, integer, integer)', 'execute')
    and not has_function_privilege('authenticated', 'public.record_publication_success(uuid, uuid, uuid, bigint, text, text, bigint, text, boolean, text, uuid)', 'execute')
    and not has_function_privilege('authenticated', 'public.record_publication_failure(uuid, uuid, uuid, text, boolean, bigint, text, bigint, text, text, text, uuid)', 'execute'),
  'authenticated cannot execute the publishing functions'
);
select ok(
  has_function_privilege('service_role', 'public.claim_due_scheduled_articles(integer, integer, integer)', 'execute')
    and has_function_privilege('service_role', 'public.record_publication_success(uuid, uuid, uuid, bigint, text, text, bigint, text, boolean, text, uuid)', 'execute')
    and has_function_privilege('service_role', 'public.record_publication_failure(uuid, uuid, uuid, text, boolean, bigint, text, bigint, text, text, text, uuid)', 'execute'),
  'service_role can execute them'
);
select tests.authenticate_as('alice');
select throws_ok(
  $$ select * from public.claim_due_scheduled_articles() $$,
  '42501', 'permission denied for function claim_due_scheduled_articles', 'a user cannot claim scheduled work'
);
select throws_ok(
  $$ select public.record_publication_success(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
       'a1000000-0000-4000-8000-000000000001', 1, 'https://alice.example/?p=1', 'publish') $$,
  '42501', 'permission denied for function record_publication_success', 'a user cannot record a publication'
);

-- Claims
select tests.authenticate_as_service_role();
select results_eq(
  $$ select article_id, site_id from public.claim_due_scheduled_articles(10, 600) $$,
  $$ values ('a2000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000001'::uuid) $$,
  'the due pair on the owner''s site is claimed; bob''s site and tomorrow''s article are not'
);
select is_empty(
  $$ select 1 from public.publications where site_id = 'b1000000-0000-4000-8000-000000000001' $$,
  'nothing is recorded against another user''s site'
);
select is_empty(
  $$ select * from public.claim_due_scheduled_articles(10, 600) $$,
  'a claimed pair is leased: a second claim gets nothing'
);
select throws_ok(
  $$ select * from public.claim_due_scheduled_articles(0, 600) $$,
  '22023', 'batch_size must be between 1 and 100', 'batch_size is validated'
);

-- Outcomes
select throws_ok(
  $$ select public.record_publication_success(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
       'b1000000-0000-4000-8000-000000000001', 7, 'https://bob.example/?p=7', 'publish', null, null, true) $$,
  'P0002', null, 'a publication onto another user''s site is refused'
);
select throws_ok(
  $$ select public.record_publication_failure(tests.get_supabase_uid('bob'), 'a2000000-0000-4000-8000-000000000001',
       'b1000000-0000-4000-8000-000000000001', 'boom') $$,
  'P0002', null, 'an outcome for another user''s article is refused'
);
select results_eq(
  $$ select * from public.record_publication_failure(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
       'a1000000-0000-4000-8000-000000000001', 'HTTP 502', true) $$,
  $$ values (1, now() + interval '1 minute') $$,
  'a failure counts the attempt and backs off 1 minute'
);
select results_eq(
  $$ select attempts, next_attempt_at from public.record_publication_failure(tests.get_supabase_uid('alice'),
       'a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000001', 'HTTP 502', true) $$,
  $$ values (2, now() + interval '5 minutes') $$,
  'then 5 minutes'
);
select is(
  public.record_publication_success(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
    'a1000000-0000-4000-8000-000000000001', 101, 'https://alice.example/?p=101', 'publish', null, null, true),
  'published',
  'success on every owned target site marks the scheduled article published'
);
select results_eq(
  $$ select status, scheduled_for, wordpress_site_ids from public.articles where id = 'a2000000-0000-4000-8000-000000000001' $$,
  $$ values ('published', null::timestamptz, array['a1000000-0000-4000-8000-000000000001']::uuid[]) $$,
  'the article records the site, and scheduled_for is cleared'
);
select results_eq(
  $$ select status, remote_post_id, attempts, last_error, next_attempt_at from public.publications
     where article_id = 'a2000000-0000-4000-8000-000000000001' $$,
  $$ values ('publish', 101::bigint, 0, null::text, null::timestamptz) $$,
  'the publication is reset to a clean success'
);

-- The owner reads the outcome.
select tests.authenticate_as('alice');
select results_eq(
  $$ select link from public.publications $$,
  $$ values ('https://alice.example/?p=101') $$,
  'the owner sees her publication'
);
select tests.clear_authentication();

select * from finish();
rollback;
