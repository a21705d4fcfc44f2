-- Bulk batches that follow a template (migration 20261218000200): a batch
-- keeps the template it named and the outline copied from it; another user's
-- template is refused; a malformed outline is refused; deleting the template
-- leaves the batch's outline; the owner reads them, another user does not.
begin;
\ir _helpers.psql
select plan(8);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.assistants (id, user_id, name) values
  ('a3400000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s writer');
insert into public.article_templates (id, user_id, name, sections) values
  ('a3500000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'How-to', array['Why', 'How', 'Next']),
  ('b3500000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s', array['Bob']);

select tests.authenticate_as_service_role();
create temporary table batch on commit drop as
  select public.create_draft_batch(
    tests.get_supabase_uid('alice'), 'How-tos', 'a3400000-0000-4000-8000-000000000001', true, '{}',
    '[{"idea": "Tapas"}]'::jsonb, null, '{}'::jsonb,
    'a3500000-0000-4000-8000-000000000001', array['Why', 'How', 'Next']
  ) as id;
grant select on batch to authenticated;

select results_eq(
  $$ select template_id, outline from public.draft_batches where id = (select id from batch) $$,
  $$ values ('a3500000-0000-4000-8000-000000000001'::uuid, array['Why', 'How', 'Next']) $$,
  'a batch keeps its template and the outline its drafts follow'
);
select throws_ok(
  $$ select public.create_draft_batch(tests.get_supabase_uid('alice'), 'X', 'a3400000-0000-4000-8000-000000000001', true, '{}',
       '[{"idea": "X"}]'::jsonb, null, '{}'::jsonb, 'b3500000-0000-4000-8000-000000000001', array['Bob']) $$,
  'P0002', 'template not found for this user', 'another user''s template is refused'
);
select throws_ok(
  $$ select public.create_draft_batch(tests.get_supabase_uid('alice'), 'X', 'a3400000-0000-4000-8000-000000000001', true, '{}',
       '[{"idea": "X"}]'::jsonb, null, '{}'::jsonb, null, array['One', E'Two\nlines']) $$,
  '23514', null, 'a heading with a line break is refused'
);
select throws_ok(
  $$ select public.create_draft_batch(tests.get_supabase_uid('alice'), 'X', 'a3400000-0000-4000-8000-000000000001', true, '{}',
       '[{"idea": "X"}]'::jsonb, null, '{}'::jsonb, null, array['   ']) $$,
  '23514', null, 'a blank heading is refused'
);
select throws_ok(
  $$ select public.create_draft_batch(tests.get_supabase_uid('alice'), 'X', 'a3400000-0000-4000-8000-000000000001', true, '{}',
       '[{"idea": "X"}]'::jsonb, null, '{}'::jsonb, null, '{}'::text[]) $$,
  '23514', null, 'an empty outline is refused (null means none)'
);

select tests.authenticate_as('bob');
select is_empty(
  $$ select outline from public.draft_batches where id = (select id from batch) $$,
  'bob does not see alice''s batch or its outline'
);

select tests.authenticate_as('alice');
delete from public.article_templates where id = 'a3500000-0000-4000-8000-000000000001';
select results_eq(
  $$ select template_id, outline from public.draft_batches where id = (select id from batch) $$,
  $$ values (null::uuid, array['Why', 'How', 'Next']) $$,
  'deleting the template leaves the batch''s outline'
);
select throws_ok(
  $$ select public.create_draft_batch(tests.get_supabase_uid('alice'), 'X', 'a3400000-0000-4000-8000-000000000001', true, '{}',
       '[{"idea": "X"}]'::jsonb) $$,
  '42501', null, 'a user cannot call create_draft_batch'
);

select * from finish();
rollback;
