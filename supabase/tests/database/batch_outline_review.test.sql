-- Outline review in bulk (migration 20261219000100): a batch under review
-- with a template starts every idea at outline_ready with the template's
-- headings; without one, the worker's claim proposes them
-- (store_draft_job_outline, current claim only); nothing waiting for review is
-- claimed; the owner approves one (as edited) or all, which queues them with
-- the approved headings; another user can do neither; Cancel cancels outlines
-- waiting, and an outline proposed after its batch was cancelled; an outline
-- of a cancelled batch cannot be approved, nor an idea whose outline waits
-- drafted again; the progress view counts them; none of it is callable by a
-- user.
begin;
\ir _helpers.psql
select plan(24);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.assistants (id, user_id, name) values
  ('a3600000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s writer');

select tests.authenticate_as_service_role();
create temporary table batches on commit drop as
  select 'template' as kind, public.create_draft_batch(
    tests.get_supabase_uid('alice'), 'With template', 'a3600000-0000-4000-8000-000000000001', true, '{}',
    '[{"idea": "Tapas"}, {"idea": "Paella"}]'::jsonb, null, '{}'::jsonb, null, array['Why', 'How'], true
  ) as id
  union all
  select 'model', public.create_draft_batch(
    tests.get_supabase_uid('alice'), 'Model''s outlines', 'a3600000-0000-4000-8000-000000000001', true, '{}',
    '[{"idea": "Gazpacho"}]'::jsonb, null, '{}'::jsonb, null, null, true
  )
  union all
  select 'cancel', public.create_draft_batch(
    tests.get_supabase_uid('alice'), 'To cancel', 'a3600000-0000-4000-8000-000000000001', true, '{}',
    '[{"idea": "Churros"}]'::jsonb, null, '{}'::jsonb, null, array['Dough'], true
  );
grant select on batches to authenticated;
create function pg_temp.batch(p_kind text) returns uuid language sql as $$ select id from batches where kind = p_kind $$;
create function pg_temp.job(p_idea text) returns uuid language sql as $$ select id from public.draft_jobs where idea = p_idea $$;

select results_eq(
  $$ select idea, status, outline, outline_approved_at is null from public.draft_jobs order by idea $$,
  $$ values ('Churros', 'outline_ready', array['Dough'], true),
            ('Gazpacho', 'queued', null::text[], true),
            ('Paella', 'outline_ready', array['Why', 'How'], true),
            ('Tapas', 'outline_ready', array['Why', 'How'], true) $$,
  'with a template, every idea waits for review with its headings; without one, it is queued for the model to propose'
);
select is(
  (select outline_review from public.draft_batches where id = pg_temp.batch('model')), true,
  'the batch records that its outlines are reviewed'
);

create temporary table claimed on commit drop as select * from public.claim_draft_jobs(5, 5, 32, 300, 4);
select results_eq(
  $$ select idea from claimed $$, $$ values ('Gazpacho') $$,
  'outlines waiting for review are not claimed'
);
select is(
  public.store_draft_job_outline(pg_temp.job('Gazpacho'), gen_random_uuid(), array['Stale']), false,
  'a lapsed claim stores no outline'
);
select is(
  public.store_draft_job_outline(pg_temp.job('Gazpacho'), (select claim_id from claimed), array['Tomatoes', 'Bread', 'Serving']),
  true, 'the current claim stores the proposed outline'
);
select results_eq(
  $$ select status, outline, claim_id is null from public.draft_jobs where id = pg_temp.job('Gazpacho') $$,
  $$ values ('outline_ready', array['Tomatoes', 'Bread', 'Serving'], true) $$,
  'the job waits for review with the proposed headings, unclaimed'
);
select results_eq(
  $$ select queued, drafting, outline_ready, total from public.draft_batch_progress where batch_id = pg_temp.batch('template') $$,
  $$ values (0, 0, 2, 2) $$,
  'the progress view counts the outlines waiting for review'
);

select is(
  public.approve_draft_job_outline(tests.get_supabase_uid('bob'), pg_temp.job('Gazpacho'), array['Bob''s']), 'not_found',
  'another user cannot approve alice''s outline'
);
select throws_ok(
  $$ select public.approve_draft_job_outline(tests.get_supabase_uid('alice'), pg_temp.job('Gazpacho'), array['One', '']) $$,
  '23514', null, 'an edited outline with a blank heading is refused'
);
select is(
  public.approve_draft_job_outline(tests.get_supabase_uid('alice'), pg_temp.job('Gazpacho'), array['Serving', 'Tomatoes']),
  'queued', 'the owner approves the outline as edited'
);
select results_eq(
  $$ select status, outline, outline_approved_at is not null, attempts, started_at from public.draft_jobs where id = pg_temp.job('Gazpacho') $$,
  $$ values ('queued', array['Serving', 'Tomatoes'], true, 0, null::timestamptz) $$,
  'the job is queued to be drafted with the approved headings, its attempts and drafting time counted afresh'
);
select is(
  public.approve_draft_job_outline(tests.get_supabase_uid('alice'), pg_temp.job('Gazpacho'), null), 'not_ready',
  'an outline approved already is not approved again'
);

select is(
  public.approve_draft_batch_outlines(tests.get_supabase_uid('bob'), pg_temp.batch('template')), null::integer,
  'another user cannot approve alice''s batch'
);
select is(
  public.approve_draft_batch_outlines(tests.get_supabase_uid('alice'), pg_temp.batch('template')), 2,
  'Approve all queues every outline of the batch waiting for review'
);
select results_eq(
  $$ select idea, status, outline from public.draft_jobs where batch_id = pg_temp.batch('template') order by idea $$,
  $$ values ('Paella', 'queued', array['Why', 'How']), ('Tapas', 'queued', array['Why', 'How']) $$,
  'approved as they stand'
);
select is(
  public.regenerate_draft_job(tests.get_supabase_uid('alice'), pg_temp.job('Churros')), 'busy',
  'an idea whose outline waits for review is not drafted again (its outline would be replaced unasked)'
);
select is(
  public.cancel_draft_batch(tests.get_supabase_uid('alice'), pg_temp.batch('cancel')), 1,
  'cancelling a batch cancels the outlines waiting for review'
);
select is(
  public.approve_draft_batch_outlines(tests.get_supabase_uid('alice'), pg_temp.batch('cancel')), 0,
  'cancelled outlines are not approved'
);

-- A batch cancelled while the model writes an idea's outline: the proposal
-- arrives after the cancel, and the idea is cancelled, not left to approve.
create temporary table late on commit drop as
  select public.create_draft_batch(
    tests.get_supabase_uid('alice'), 'Late', 'a3600000-0000-4000-8000-000000000001', true, '{}',
    '[{"idea": "Turron"}]'::jsonb, null, '{}'::jsonb, null, null, true
  ) as id;
create temporary table late_claim on commit drop as select * from public.claim_draft_jobs(5, 5, 32, 300, 4);
select is(
  public.cancel_draft_batch(tests.get_supabase_uid('alice'), (select id from late)), 0,
  'an idea being proposed for is not cancelled under its worker'
);
select is(
  public.store_draft_job_outline(pg_temp.job('Turron'), (select claim_id from late_claim where job_id = pg_temp.job('Turron')), array['Almonds']), true,
  'the worker stores its proposal'
);
select results_eq(
  $$ select status, finished_at is not null from public.draft_jobs where id = pg_temp.job('Turron') $$,
  $$ values ('cancelled', true) $$,
  'the idea of a cancelled batch is cancelled, not left waiting for review'
);
update public.draft_jobs set status = 'outline_ready', finished_at = null where id = pg_temp.job('Turron');
select is(
  public.approve_draft_job_outline(tests.get_supabase_uid('alice'), pg_temp.job('Turron'), null), 'not_ready',
  'an outline of a cancelled batch cannot be approved'
);

select tests.authenticate_as('alice');
select throws_ok(
  $$ select public.approve_draft_job_outline(tests.get_supabase_uid('alice'), gen_random_uuid(), null) $$,
  '42501', null, 'a user cannot call approve_draft_job_outline (it takes any user''s id)'
);
select throws_ok(
  $$ select public.store_draft_job_outline(gen_random_uuid(), gen_random_uuid(), array['X']) $$,
  '42501', null, 'a user cannot store an outline on a job'
);

select * from finish();
rollback;
