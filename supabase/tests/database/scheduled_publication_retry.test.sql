-- Retrying a failed scheduled publication: claims mark a pair pending for
-- their lease; retry_scheduled_publication() lets the owner (and nobody
-- else) queue a failed, due pair of a scheduled article for the next run.
begin;
\ir _helpers.psql
select plan(16);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s blog', 'https://alice.example', 'alice', 'https://alice.example/wp-json/'),
  ('a1000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Alice''s other blog', 'https://other.example', 'alice', 'https://other.example/wp-json/');
insert into public.articles (id, user_id, title, status, scheduled_for, scheduled_site_ids) values
  ('a2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Due', 'scheduled', now() - interval '1 minute',
   array['a1000000-0000-4000-8000-000000000001']::uuid[]),
  ('a2000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Tomorrow', 'scheduled', now() + interval '1 day',
   array['a1000000-0000-4000-8000-000000000001']::uuid[]);
insert into public.articles (id, user_id, title) values
  ('a2000000-0000-4000-8000-000000000003', tests.get_supabase_uid('alice'), 'A draft');

select ok(
  has_function_privilege('authenticated', 'public.retry_scheduled_publication(uuid, uuid)', 'execute')
    and not has_function_privilege('anon', 'public.retry_scheduled_publication(uuid, uuid)', 'execute'),
  'signed-in users may call retry_scheduled_publication(), anon may not'
);
select ok(
  (select prosecdef and proconfig @> array['search_path=""'] from pg_proc
   where oid = 'public.retry_scheduled_publication(uuid, uuid)'::regprocedure),
  'it is security definer with an empty search_path'
);

-- The scheduler claims the due pair: pending while it holds the lease.
select tests.authenticate_as_service_role();
select results_eq(
  $$ select article_id from public.claim_due_scheduled_articles(10, 600) $$,
  $$ values ('a2000000-0000-4000-8000-000000000001'::uuid) $$,
  'the due pair is claimed'
);
select results_eq(
  $$ select status, claimed_by, claimed_until, next_attempt_at from public.publications
     where article_id = 'a2000000-0000-4000-8000-000000000001' $$,
  $$ values ('pending', 'scheduler', now() + interval '600 seconds', null::timestamptz) $$,
  'a claimed pair is pending, held by the scheduler for its lease'
);
select tests.authenticate_as('alice');
select throws_ok(
  $$ select public.retry_scheduled_publication('a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000001') $$,
  'P0002', null, 'a pair being published cannot be retried (no race with the run that holds it)'
);

-- The attempt fails: back-off.
select tests.authenticate_as_service_role();
select lives_ok(
  $$ select * from public.record_publication_failure(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
       'a1000000-0000-4000-8000-000000000001', 'The site did not respond in time', true,
       p_claim_token => (select claim_token from public.publications where article_id = 'a2000000-0000-4000-8000-000000000001')) $$,
  'the failure is recorded with back-off, and gives the claim back'
);

-- Other users and anon cannot queue it.
select tests.authenticate_as('bob');
select throws_ok(
  $$ select public.retry_scheduled_publication('a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000001') $$,
  'P0002', null, 'bob cannot retry alice''s publication'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ select public.retry_scheduled_publication('a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000001') $$,
  '42501', null, 'anon cannot call it'
);
select tests.clear_authentication();
select results_eq(
  $$ select status, attempts, next_attempt_at from public.publications where article_id = 'a2000000-0000-4000-8000-000000000001' $$,
  $$ values ('failed', 1, now() + interval '1 minute') $$,
  'the publication is unchanged'
);

-- Nothing to retry: not scheduled, not due, not a target, never failed.
select tests.authenticate_as('alice');
select throws_ok(
  $$ select public.retry_scheduled_publication('a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000002') $$,
  'P0002', null, 'a site the article is not scheduled to cannot be retried'
);
select throws_ok(
  $$ select public.retry_scheduled_publication('a2000000-0000-4000-8000-000000000002', 'a1000000-0000-4000-8000-000000000001') $$,
  'P0002', null, 'an article that is not due yet has nothing to retry'
);
-- A failed manual publish of a draft is not the scheduler's work.
select tests.authenticate_as_service_role();
select * from public.record_publication_failure(tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000003',
  'a1000000-0000-4000-8000-000000000001', 'Failed to publish post');
select tests.authenticate_as('alice');
select throws_ok(
  $$ select public.retry_scheduled_publication('a2000000-0000-4000-8000-000000000003', 'a1000000-0000-4000-8000-000000000001') $$,
  'P0002', null, 'a failed manual publish of a draft cannot be queued for the scheduler'
);

-- The owner queues it: due now, and the next claim takes it.
select is(
  public.retry_scheduled_publication('a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000001'),
  now(),
  'the owner''s retry makes the pair due now'
);
select results_eq(
  $$ select status, attempts, next_attempt_at, last_error from public.publications
     where article_id = 'a2000000-0000-4000-8000-000000000001' $$,
  $$ values ('failed', 1, now(), 'The site did not respond in time') $$,
  'it stays failed with its reason until the scheduler tries again'
);
select tests.authenticate_as_service_role();
select results_eq(
  $$ select article_id, site_id from public.claim_due_scheduled_articles(10, 600) $$,
  $$ values ('a2000000-0000-4000-8000-000000000001'::uuid, 'a1000000-0000-4000-8000-000000000001'::uuid) $$,
  'the next run claims it'
);
select is(
  (select status from public.publications where article_id = 'a2000000-0000-4000-8000-000000000001'),
  'pending', 'and it is pending again'
);

select * from finish();
rollback;
