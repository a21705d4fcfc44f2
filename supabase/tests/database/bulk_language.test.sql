-- Bulk drafting in a language (migration 20261214000300): a batch keeps its
-- language and generation settings; the worker stores what the language check
-- found; a flagged draft is held for review (even in a batch without review)
-- and cannot be approved, nor so scheduled, before its owner confirms its
-- language; the owner may confirm, nobody else; RLS unchanged.
begin;
\ir _helpers.psql
select plan(13);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.assistants (id, user_id, name) values
  ('a3300000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s writer');

select tests.authenticate_as_service_role();
create temporary table batch on commit drop as
  select public.create_draft_batch(
    tests.get_supabase_uid('alice'), 'Spanish posts', 'a3300000-0000-4000-8000-000000000001', false, '{}',
    '[{"idea": "Tapas"}, {"idea": "Paella"}]'::jsonb, 'es', '{"wordTarget": 900, "elements": ["faq"]}'::jsonb
  ) as id;
grant select on batch to authenticated;

select results_eq(
  $$ select locale::text, generation_settings from public.draft_batches where id = (select id from batch) $$,
  $$ values ('es', '{"wordTarget": 900, "elements": ["faq"]}'::jsonb) $$,
  'a batch keeps its language and generation settings'
);
select throws_ok(
  $$ select public.create_draft_batch(tests.get_supabase_uid('alice'), 'X', 'a3300000-0000-4000-8000-000000000001', true, '{}',
       '[{"idea": "X"}]'::jsonb, 'xx') $$,
  '23514', null, 'a batch in an unknown language is refused'
);
select throws_ok(
  $$ select public.create_draft_batch(tests.get_supabase_uid('alice'), 'X', 'a3300000-0000-4000-8000-000000000001', true, '{}',
       '[{"idea": "X"}]'::jsonb, null, '[]'::jsonb) $$,
  '23514', null, 'generation settings must be an object'
);

create temporary table claimed on commit drop as select * from public.claim_draft_jobs(10, 5, 100, 300, 4);
select is((select count(*)::int from claimed), 2, 'both ideas are claimed');

create temporary table drafted on commit drop as
  select c.job_id, public.complete_draft_job(
    c.job_id, c.claim_id, j.idea, '<p>Text</p>', '', '', '', 'slug', '{}', '{}',
    'es', case when j.idea = 'Tapas' then 'es' else 'en' end, j.idea = 'Paella'
  ) as article_id
  from claimed c join public.draft_jobs j on j.id = c.job_id;
grant select on drafted to authenticated;

select results_eq(
  $$ select a.title, a.locale::text, a.detected_locale::text, a.language_mismatch, a.approval_required
     from public.articles a join drafted d on d.article_id = a.id order by a.title $$,
  $$ values ('Paella', 'es', 'en', true, true), ('Tapas', 'es', 'es', false, false) $$,
  'the check is stored; the drifted draft is held for review though its batch needs none'
);

create function pg_temp.draft(p_title text) returns uuid language sql as $$
  select id from public.articles where title = p_title and draft_batch_id = (select id from batch)
$$;
grant execute on function pg_temp.draft(text) to authenticated;

select tests.authenticate_as('alice');
select throws_ok(
  format($$ update public.articles set approved_at = now() where id = %L $$, pg_temp.draft('Paella')),
  '23514', null, 'a flagged draft cannot be approved before its language is confirmed'
);
select throws_ok(
  format($$ update public.articles set status = 'scheduled', scheduled_for = now() + interval '1 day' where id = %L $$,
    pg_temp.draft('Paella')),
  '23514', null, 'nor scheduled'
);
select results_eq(
  format($$ update public.articles set approved_at = now() where id = %L returning title $$, pg_temp.draft('Tapas')),
  $$ values ('Tapas') $$,
  'a draft in the right language is approved as before'
);
select throws_ok(
  format($$ update public.articles set language_mismatch = false where id = %L $$, pg_temp.draft('Paella')),
  '42501', 'permission denied for table articles', 'the owner cannot clear the flag itself'
);
select tests.authenticate_as('bob');
select is_empty(
  format($$ update public.articles set language_confirmed_at = now() where id = %L returning 1 $$, pg_temp.draft('Paella')),
  'bob cannot confirm alice''s draft'
);
select tests.authenticate_as('alice');
select results_eq(
  format($$ update public.articles set language_confirmed_at = now() where id = %L returning language_mismatch $$,
    pg_temp.draft('Paella')),
  $$ values (true) $$,
  'alice confirms the language (the flag stays, as a record)'
);
select results_eq(
  format($$ update public.articles set approved_at = now() where id = %L returning approved_at is not null $$,
    pg_temp.draft('Paella')),
  $$ values (true) $$,
  'once confirmed, the draft can be approved'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ update public.articles set language_confirmed_at = now() $$,
  '42501', 'permission denied for table articles', 'anon cannot confirm anything'
);

select * from finish();
rollback;
