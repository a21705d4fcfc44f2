-- The review gate on articles (migration 20261128000300): a draft of a batch
-- under review cannot be scheduled until its owner approved it, whoever
-- writes the row; the owner approves (approved_at) but cannot lift the gate
-- on a single article (approval_required) nor relink a draft to a batch.
begin;
\ir _helpers.psql
select plan(14);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.draft_batches (id, user_id, name) values
  ('a5000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s ideas');
insert into public.articles (id, user_id, title, draft_batch_id, approval_required) values
  ('a2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Needs a look',
   'a5000000-0000-4000-8000-000000000001', true),
  ('a2000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Written by hand', null, false);

select ok(
  has_column_privilege('authenticated', 'public.articles', 'approved_at', 'update')
    and not has_column_privilege('authenticated', 'public.articles', 'approval_required', 'update')
    and not has_column_privilege('authenticated', 'public.articles', 'approval_required', 'insert')
    and not has_column_privilege('authenticated', 'public.articles', 'draft_batch_id', 'update')
    and not has_column_privilege('authenticated', 'public.articles', 'draft_batch_id', 'insert'),
  'the owner may approve, but not lift the gate or link a draft to a batch'
);
select has_index('public', 'articles', 'articles_draft_batch_id_user_id_idx', array['draft_batch_id', 'user_id'],
  'a batch''s drafts are found through an index');

select tests.authenticate_as('alice');
select throws_ok(
  $$ update public.articles set status = 'scheduled', scheduled_for = now() + interval '1 day'
     where id = 'a2000000-0000-4000-8000-000000000001' $$,
  '23514', 'new row for relation "articles" violates check constraint "articles_approved_before_scheduling"',
  'an unapproved draft of a batch under review cannot be scheduled'
);
select lives_ok(
  $$ update public.articles set status = 'scheduled', scheduled_for = now() + interval '1 day'
     where id = 'a2000000-0000-4000-8000-000000000002' $$,
  'an article written by hand is scheduled as before'
);
select throws_ok(
  $$ update public.articles set approval_required = false where id = 'a2000000-0000-4000-8000-000000000001' $$,
  '42501', 'permission denied for table articles', 'the gate cannot be lifted on one article'
);
select throws_ok(
  $$ update public.articles set draft_batch_id = null where id = 'a2000000-0000-4000-8000-000000000001' $$,
  '42501', 'permission denied for table articles', 'a draft cannot be unlinked from its batch by the browser'
);

select tests.authenticate_as('bob');
select is_empty(
  $$ update public.articles set approved_at = now() where id = 'a2000000-0000-4000-8000-000000000001' returning id $$,
  'bob cannot approve alice''s draft'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ update public.articles set approved_at = now() $$,
  '42501', 'permission denied for table articles', 'anon cannot approve'
);

select tests.authenticate_as('alice');
select lives_ok(
  $$ update public.articles set approved_at = now() where id = 'a2000000-0000-4000-8000-000000000001' $$,
  'alice approves her draft'
);
select lives_ok(
  $$ update public.articles set status = 'scheduled', scheduled_for = now() + interval '1 day'
     where id = 'a2000000-0000-4000-8000-000000000001' $$,
  'an approved draft can be scheduled'
);
select throws_ok(
  $$ update public.articles set approved_at = null where id = 'a2000000-0000-4000-8000-000000000001' $$,
  '23514', 'new row for relation "articles" violates check constraint "articles_approved_before_scheduling"',
  'the approval of a scheduled article cannot be withdrawn'
);
select lives_ok(
  $$ update public.articles set status = 'draft', scheduled_for = null, approved_at = null
     where id = 'a2000000-0000-4000-8000-000000000001' $$,
  'unscheduled, it can be withdrawn'
);

-- The gate holds for the secret key too (the drip rule, functions).
select tests.authenticate_as_service_role();
select throws_ok(
  $$ update public.articles set status = 'scheduled', scheduled_for = now() where id = 'a2000000-0000-4000-8000-000000000001' $$,
  '23514', 'new row for relation "articles" violates check constraint "articles_approved_before_scheduling"',
  'service_role cannot schedule an unapproved draft either'
);
select tests.clear_authentication();
select is(
  (select status from public.articles where id = 'a2000000-0000-4000-8000-000000000001'), 'draft',
  'the draft is still a draft'
);

select * from finish();
rollback;
