-- draft_batches: created only by the draft-batches function (secret key); the
-- owner reads them, turns the review gate on or off and deletes them; other
-- users and anon nothing. Turning the gate off releases the batch's drafts.
begin;
\ir _helpers.psql
select plan(25);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.assistants (id, user_id, name) values
  ('a3000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s writer'),
  ('b3000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s writer');
insert into public.draft_batches (id, user_id, name, assistant_id) values
  ('a5000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s ideas', 'a3000000-0000-4000-8000-000000000001'),
  ('b5000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s ideas', 'b3000000-0000-4000-8000-000000000001');
insert into public.draft_jobs (batch_id, user_id, position, idea) values
  ('a5000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 0, 'Composting');
insert into public.articles (id, user_id, title, draft_batch_id, approval_required, status, scheduled_for) values
  ('a2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Waiting draft',
   'a5000000-0000-4000-8000-000000000001', true, 'draft', null);

-- Grants
select table_privs_are('public', 'draft_batches', 'authenticated', array['SELECT', 'DELETE'],
  'authenticated: table-wide SELECT and DELETE');
select table_privs_are('public', 'draft_batches', 'anon', array[]::text[], 'anon: no privilege on draft_batches');
select ok(
  has_column_privilege('authenticated', 'public.draft_batches', 'review_required', 'update')
    and not has_column_privilege('authenticated', 'public.draft_batches', 'name', 'update')
    and not has_column_privilege('authenticated', 'public.draft_batches', 'assistant_id', 'update')
    and not has_column_privilege('authenticated', 'public.draft_batches', 'cancelled_at', 'update')
    and not has_column_privilege('authenticated', 'public.draft_batches', 'user_id', 'update')
    and not has_column_privilege('authenticated', 'public.draft_batches', 'name', 'insert'),
  'authenticated may update only review_required, and insert nothing (batches come from draft-batches)'
);
select has_index('public', 'draft_batches', 'draft_batches_user_id_created_at_idx', array['user_id', 'created_at'],
  'the Batches screen''s list is indexed');

-- SELECT
select tests.authenticate_as('alice');
select results_eq(
  $$ select id from public.draft_batches $$,
  $$ values ('a5000000-0000-4000-8000-000000000001'::uuid) $$,
  'alice sees exactly her own batches'
);
select tests.authenticate_as('bob');
select is_empty(
  $$ select 1 from public.draft_batches where id = 'a5000000-0000-4000-8000-000000000001' $$,
  'bob cannot see alice''s batch'
);
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.draft_batches $$, '42501', 'permission denied for table draft_batches',
  'anon cannot read batches');

-- INSERT: nobody through the API (the bulk rate limit is charged by draft-batches).
select tests.authenticate_as('alice');
select throws_ok(
  $$ insert into public.draft_batches (user_id, name) values (tests.get_supabase_uid('alice'), 'Sneaky') $$,
  '42501', 'permission denied for table draft_batches', 'alice cannot insert a batch herself'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ insert into public.draft_batches (user_id, name) values (gen_random_uuid(), 'Anon') $$,
  '42501', 'permission denied for table draft_batches', 'anon cannot insert a batch'
);

-- UPDATE: the review gate only, own batches only.
select tests.authenticate_as('alice');
select throws_ok(
  $$ update public.draft_batches set name = 'Renamed' $$,
  '42501', 'permission denied for table draft_batches', 'alice cannot rename a batch (column not granted)'
);
select tests.authenticate_as('bob');
select is_empty(
  $$ update public.draft_batches set review_required = false where id = 'a5000000-0000-4000-8000-000000000001' returning id $$,
  'bob cannot turn off alice''s review gate'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ update public.draft_batches set review_required = false $$,
  '42501', 'permission denied for table draft_batches', 'anon cannot update batches'
);
select tests.clear_authentication();
select is(
  (select review_required from public.draft_batches where id = 'a5000000-0000-4000-8000-000000000001'), true,
  'alice''s gate is still on'
);

-- The gate follows the batch: off releases its drafts, on holds back those still drafts.
select tests.authenticate_as('alice');
select lives_ok(
  $$ update public.draft_batches set review_required = false where id = 'a5000000-0000-4000-8000-000000000001' $$,
  'alice turns her batch''s review off'
);
select is(
  (select approval_required from public.articles where id = 'a2000000-0000-4000-8000-000000000001'), false,
  'its drafts no longer wait for approval'
);
select lives_ok(
  $$ update public.articles set status = 'scheduled', scheduled_for = now() + interval '1 day'
     where id = 'a2000000-0000-4000-8000-000000000001' $$,
  'so an unapproved draft of it can be scheduled'
);
select tests.clear_authentication();
insert into public.articles (id, user_id, title, draft_batch_id) values
  ('a2000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Second draft', 'a5000000-0000-4000-8000-000000000001');
select tests.authenticate_as('alice');
select lives_ok(
  $$ update public.draft_batches set review_required = true where id = 'a5000000-0000-4000-8000-000000000001' $$,
  'alice turns the review on again'
);
select results_eq(
  $$ select id, approval_required from public.articles where draft_batch_id = 'a5000000-0000-4000-8000-000000000001' order by id $$,
  $$ values ('a2000000-0000-4000-8000-000000000001'::uuid, false), ('a2000000-0000-4000-8000-000000000002'::uuid, true) $$,
  'drafts wait for approval again; the article she scheduled meanwhile stays released'
);

-- Constraints
select tests.clear_authentication();
select throws_ok(
  $$ insert into public.draft_batches (user_id, name) values (tests.get_supabase_uid('alice'), '') $$,
  '23514', null, 'a batch has a name'
);
select throws_ok(
  $$ insert into public.draft_batches (user_id, name, target_site_ids)
     values (tests.get_supabase_uid('alice'), 'Many', array(select gen_random_uuid() from generate_series(1, 21))) $$,
  '23514', null, 'at most 20 target sites'
);
select throws_ok(
  $$ insert into public.draft_batches (user_id, name, assistant_id)
     values (tests.get_supabase_uid('alice'), 'Borrowed', 'b3000000-0000-4000-8000-000000000001') $$,
  '23503', null, 'a batch cannot use another user''s assistant'
);

-- DELETE
select tests.authenticate_as('bob');
select is_empty(
  $$ delete from public.draft_batches where id = 'a5000000-0000-4000-8000-000000000001' returning id $$,
  'bob cannot delete alice''s batch'
);
select tests.authenticate_as('alice');
select results_eq(
  $$ delete from public.draft_batches where id = 'a5000000-0000-4000-8000-000000000001' returning id $$,
  $$ values ('a5000000-0000-4000-8000-000000000001'::uuid) $$,
  'alice deletes her batch'
);
select tests.clear_authentication();
select is(
  (select count(*)::int from public.draft_jobs where batch_id = 'a5000000-0000-4000-8000-000000000001'), 0,
  'its jobs go with it'
);
select results_eq(
  $$ select count(*)::int from public.articles where id in ('a2000000-0000-4000-8000-000000000001', 'a2000000-0000-4000-8000-000000000002') and draft_batch_id is null $$,
  $$ values (2) $$,
  'its drafts stay, no longer linked'
);

select * from finish();
rollback;
