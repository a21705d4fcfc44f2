-- regenerate_draft_job (migration 20261208000100): the secret key only; the
-- owner's finished job is queued again and its unscheduled draft deleted;
-- another user's job is not found; a scheduled draft and a job still being
-- drafted are left alone.
begin;
\ir _helpers.psql
select plan(11);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.assistants (id, user_id, name, instructions) values
  ('a3000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s writer', 'Write well.');
insert into public.draft_batches (id, user_id, name, assistant_id, review_required) values
  ('a4000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Garden', 'a3000000-0000-4000-8000-000000000001', true);
insert into public.articles (id, user_id, title, status, draft_batch_id, approval_required) values
  ('a5000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Composting', 'draft', 'a4000000-0000-4000-8000-000000000001', true),
  ('a5000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Tomatoes', 'draft', 'a4000000-0000-4000-8000-000000000001', false);
update public.articles set status = 'scheduled', scheduled_for = now() + interval '1 day'
where id = 'a5000000-0000-4000-8000-000000000002';
insert into public.draft_jobs (id, batch_id, user_id, position, idea, status, attempts, article_id, finished_at) values
  ('a6000000-0000-4000-8000-000000000001', 'a4000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 0, 'Composting', 'done', 1, 'a5000000-0000-4000-8000-000000000001', now()),
  ('a6000000-0000-4000-8000-000000000002', 'a4000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 1, 'Tomatoes', 'done', 2, 'a5000000-0000-4000-8000-000000000002', now()),
  ('a6000000-0000-4000-8000-000000000003', 'a4000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 2, 'Worms', 'queued', 0, null, null),
  ('a6000000-0000-4000-8000-000000000004', 'a4000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 3, 'Beans', 'done', 1, null, now());

-- Who may call it
select ok(
  not has_function_privilege('authenticated', 'public.regenerate_draft_job(uuid,uuid)', 'execute')
    and not has_function_privilege('anon', 'public.regenerate_draft_job(uuid,uuid)', 'execute'),
  'neither a signed-in user nor anon may call it (it takes any user''s id; the function charges the rate limit)'
);
select tests.authenticate_as('alice');
select throws_ok(
  $$ select public.regenerate_draft_job(tests.get_supabase_uid('alice'), 'a6000000-0000-4000-8000-000000000001') $$,
  '42501', 'permission denied for function regenerate_draft_job', 'the owner cannot call it directly either'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ select public.regenerate_draft_job(gen_random_uuid(), 'a6000000-0000-4000-8000-000000000001') $$,
  '42501', 'permission denied for function regenerate_draft_job', 'anon cannot call it'
);

-- Another user's job
select tests.authenticate_as_service_role();
select is(
  public.regenerate_draft_job(tests.get_supabase_uid('bob'), 'a6000000-0000-4000-8000-000000000001'),
  'not_found', 'another user''s job is not found'
);
select is(
  (select status from public.draft_jobs where id = 'a6000000-0000-4000-8000-000000000001'),
  'done', 'and is left as it was'
);

-- The owner's finished job with an unscheduled draft
select is(
  public.regenerate_draft_job(tests.get_supabase_uid('alice'), 'a6000000-0000-4000-8000-000000000001'),
  'requeued', 'the owner''s finished job is queued again'
);
select row_eq(
  $$ select status, attempts, article_id, last_error, finished_at from public.draft_jobs where id = 'a6000000-0000-4000-8000-000000000001' $$,
  row('queued'::text, 0, null::uuid, null::text, null::timestamptz),
  'queued afresh, without its old draft'
);
select is_empty(
  $$ select 1 from public.articles where id = 'a5000000-0000-4000-8000-000000000001' $$,
  'the old draft is deleted'
);

-- A job whose draft was deleted (rejected) is drafted again
select is(
  public.regenerate_draft_job(tests.get_supabase_uid('alice'), 'a6000000-0000-4000-8000-000000000004'),
  'requeued', 'a job whose draft was deleted is queued again'
);

-- Left alone
select is(
  public.regenerate_draft_job(tests.get_supabase_uid('alice'), 'a6000000-0000-4000-8000-000000000002'),
  'not_a_draft', 'a scheduled draft is not redrafted (nor deleted)'
);
select is(
  public.regenerate_draft_job(tests.get_supabase_uid('alice'), 'a6000000-0000-4000-8000-000000000003'),
  'busy', 'a job still queued is left alone'
);

select * from finish();
rollback;
