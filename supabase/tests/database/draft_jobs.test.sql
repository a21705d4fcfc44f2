-- draft_jobs: the bulk-drafting queue, written only by edge functions (the
-- queue functions with the secret key); the owner reads their own jobs, other
-- users and anon nothing. The row's rules: statuses, the claim token exactly
-- while drafting, the owner of the batch, the limits of what a user wrote.
begin;
\ir _helpers.psql
select plan(23);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.draft_batches (id, user_id, name) values
  ('a5000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s ideas'),
  ('b5000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s ideas');
insert into public.articles (id, user_id, title) values
  ('a2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Drafted');
insert into public.draft_jobs (id, batch_id, user_id, position, idea, status, article_id) values
  ('a6000000-0000-4000-8000-000000000001', 'a5000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 0,
   'Composting', 'done', 'a2000000-0000-4000-8000-000000000001'),
  ('b6000000-0000-4000-8000-000000000001', 'b5000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 0,
   'Woodwork', 'queued', null);

-- Grants and indexes
select table_privs_are('public', 'draft_jobs', 'authenticated', array['SELECT'], 'authenticated: SELECT only');
select table_privs_are('public', 'draft_jobs', 'anon', array[]::text[], 'anon: no privilege on draft_jobs');
select has_index('public', 'draft_jobs', 'draft_jobs_claimable_idx', array['user_id', 'next_attempt_at'],
  'the claim''s scan per user is indexed');
select has_index('public', 'draft_jobs', 'draft_jobs_batch_id_user_id_position_key', array['batch_id', 'user_id', '"position"'],
  'a batch''s jobs are listed in order through an index');

-- SELECT
select tests.authenticate_as('alice');
select results_eq(
  $$ select id, status, article_id from public.draft_jobs $$,
  $$ values ('a6000000-0000-4000-8000-000000000001'::uuid, 'done', 'a2000000-0000-4000-8000-000000000001'::uuid) $$,
  'alice sees exactly her own jobs'
);
select tests.authenticate_as('bob');
select is_empty(
  $$ select 1 from public.draft_jobs where id = 'a6000000-0000-4000-8000-000000000001' $$,
  'bob cannot see alice''s job'
);
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.draft_jobs $$, '42501', 'permission denied for table draft_jobs',
  'anon cannot read jobs');

-- INSERT / UPDATE / DELETE: nobody through the API, owner included.
select tests.authenticate_as('alice');
select throws_ok(
  $$ insert into public.draft_jobs (batch_id, user_id, position, idea)
     values ('a5000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 1, 'Free draft') $$,
  '42501', 'permission denied for table draft_jobs', 'alice cannot queue a job herself (no rate limit, no key check)'
);
select throws_ok(
  $$ update public.draft_jobs set status = 'queued', attempts = 0 $$,
  '42501', 'permission denied for table draft_jobs', 'alice cannot re-queue or finish a job herself'
);
select throws_ok(
  $$ delete from public.draft_jobs $$,
  '42501', 'permission denied for table draft_jobs', 'alice cannot delete a job'
);
select tests.authenticate_as('bob');
select throws_ok(
  $$ update public.draft_jobs set idea = 'Mine now' where id = 'a6000000-0000-4000-8000-000000000001' $$,
  '42501', 'permission denied for table draft_jobs', 'bob cannot update alice''s job'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ delete from public.draft_jobs $$,
  '42501', 'permission denied for table draft_jobs', 'anon cannot delete jobs'
);

-- The row's rules
select tests.clear_authentication();
select throws_ok(
  $$ insert into public.draft_jobs (batch_id, user_id, position, idea)
     values ('a5000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 1, 'Planted') $$,
  '23503', null, 'a job belongs to its batch''s owner'
);
select throws_ok(
  $$ insert into public.draft_jobs (batch_id, user_id, position, idea)
     values ('a5000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 0, 'Same place') $$,
  '23505', null, 'one job per place in a batch'
);
select throws_ok(
  $$ update public.draft_jobs set status = 'drafting' where id = 'b6000000-0000-4000-8000-000000000001' $$,
  '23514', null, 'a job being drafted has a claim token'
);
select throws_ok(
  $$ update public.draft_jobs set claim_id = gen_random_uuid() where id = 'b6000000-0000-4000-8000-000000000001' $$,
  '23514', null, 'only a job being drafted has a claim token'
);
select throws_ok(
  $$ update public.draft_jobs set status = 'paused' where id = 'b6000000-0000-4000-8000-000000000001' $$,
  '23514', null, 'status is queued, drafting, done, failed or cancelled'
);
select throws_ok(
  $$ update public.draft_jobs set idea = '   ' where id = 'b6000000-0000-4000-8000-000000000001' $$,
  '23514', null, 'an idea has text'
);
select throws_ok(
  $$ update public.draft_jobs set tags = array(select 't' || i from generate_series(1, 51) i)
     where id = 'b6000000-0000-4000-8000-000000000001' $$,
  '23514', null, 'at most 50 tags, as on articles'
);

-- Progress per batch, counted under the caller's row-level security.
select tests.authenticate_as('alice');
select results_eq(
  $$ select batch_id, queued, drafting, done, failed, cancelled, total from public.draft_batch_progress $$,
  $$ values ('a5000000-0000-4000-8000-000000000001'::uuid, 0, 0, 1, 0, 0, 1) $$,
  'alice counts only her own batches'' jobs'
);
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.draft_batch_progress $$, '42501', 'permission denied for view draft_batch_progress',
  'anon cannot read progress');
select tests.clear_authentication();

-- Deleting the draft keeps the job's history.
delete from public.articles where id = 'a2000000-0000-4000-8000-000000000001';
select results_eq(
  $$ select status, article_id from public.draft_jobs where id = 'a6000000-0000-4000-8000-000000000001' $$,
  $$ values ('done', null::uuid) $$,
  'deleting a draft leaves its job done, without an article'
);
delete from auth.users where id = tests.get_supabase_uid('bob');
select is_empty(
  $$ select 1 from public.draft_jobs where id = 'b6000000-0000-4000-8000-000000000001' $$,
  'deleting a user deletes their jobs'
);

select * from finish();
rollback;
