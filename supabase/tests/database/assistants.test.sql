-- assistants: full CRUD for the owner (user_id fixed at insert), nothing for
-- other users or anon.
begin;
\ir _helpers.psql
select plan(24);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.assistants (id, user_id, name) values
  ('a3000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s writer'),
  ('b3000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s writer');

-- Grants
select table_privs_are('public', 'assistants', 'authenticated', array['SELECT', 'DELETE'], 'authenticated: table-wide SELECT and DELETE');
select table_privs_are('public', 'assistants', 'anon', array[]::text[], 'anon: no privilege on assistants');
select ok(
  not has_column_privilege('authenticated', 'public.assistants', 'user_id', 'update')
    and not has_column_privilege('authenticated', 'public.assistants', 'id', 'update')
    and not has_column_privilege('authenticated', 'public.assistants', 'id', 'insert')
    and not has_column_privilege('authenticated', 'public.assistants', 'created_at', 'insert')
    and has_column_privilege('authenticated', 'public.assistants', 'name', 'update'),
  'authenticated cannot set id, created_at or change user_id'
);

-- SELECT
select tests.authenticate_as('alice');
select is(
  (select count(*)::int from public.assistants), 4,
  'alice sees her own assistants (3 defaults + 1)'
);
select is_empty(
  $$ select 1 from public.assistants where user_id <> tests.get_supabase_uid('alice') $$,
  'alice sees no assistant of another user'
);
select tests.authenticate_as('bob');
select is_empty(
  $$ select 1 from public.assistants where id = 'a3000000-0000-4000-8000-000000000001' $$,
  'bob cannot see alice''s assistant'
);
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.assistants $$, '42501', 'permission denied for table assistants', 'anon cannot read assistants');

-- INSERT
select tests.authenticate_as('alice');
select results_eq(
  $$ insert into public.assistants (user_id, name, description, instructions, model)
     values (tests.get_supabase_uid('alice'), 'Poet', 'Writes verse', 'Write in verse.', 'gpt-4o-mini')
     returning name, model $$,
  $$ values ('Poet', 'gpt-4o-mini') $$,
  'alice can create an assistant for herself'
);
select throws_ok(
  $$ insert into public.assistants (user_id, name) values (tests.get_supabase_uid('bob'), 'Planted') $$,
  '42501', 'new row violates row-level security policy for table "assistants"',
  'alice cannot create an assistant for bob'
);
select throws_ok(
  $$ insert into public.assistants (user_id, name, created_at) values (tests.get_supabase_uid('alice'), 'Backdated', '2000-01-01') $$,
  '42501', 'permission denied for table assistants', 'alice cannot set created_at'
);
select throws_ok(
  $$ insert into public.assistants (user_id, name) values (tests.get_supabase_uid('alice'), '') $$,
  '23514', null, 'an empty name is refused'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ insert into public.assistants (user_id, name) values (tests.get_supabase_uid('alice'), 'Anon') $$,
  '42501', 'permission denied for table assistants', 'anon cannot create assistants'
);

-- UPDATE
select tests.clear_authentication();
update public.assistants set updated_at = '2000-01-01' where id = 'a3000000-0000-4000-8000-000000000001';
select tests.authenticate_as('alice');
select results_eq(
  $$ update public.assistants set name = 'Alice''s editor', instructions = 'Edit.'
     where id = 'a3000000-0000-4000-8000-000000000001' returning name $$,
  $$ values ('Alice''s editor') $$,
  'alice can edit her assistant'
);
select throws_ok(
  $$ update public.assistants set user_id = tests.get_supabase_uid('bob') where id = 'a3000000-0000-4000-8000-000000000001' $$,
  '42501', 'permission denied for table assistants', 'alice cannot hand her assistant to bob'
);
select is_empty(
  $$ update public.assistants set name = 'Stolen' where id = 'b3000000-0000-4000-8000-000000000001' returning 1 $$,
  'alice''s update of bob''s assistant touches no row'
);
select tests.authenticate_as('bob');
select is_empty(
  $$ update public.assistants set name = 'Mallory' where id = 'a3000000-0000-4000-8000-000000000001' returning 1 $$,
  'bob''s update of alice''s assistant touches no row'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ update public.assistants set name = 'Anon' $$,
  '42501', 'permission denied for table assistants', 'anon cannot update assistants'
);
select tests.clear_authentication();
select results_eq(
  $$ select id, name from public.assistants
     where id in ('a3000000-0000-4000-8000-000000000001', 'b3000000-0000-4000-8000-000000000001') order by id $$,
  $$ values ('a3000000-0000-4000-8000-000000000001'::uuid, 'Alice''s editor'), ('b3000000-0000-4000-8000-000000000001'::uuid, 'Bob''s writer') $$,
  'only alice''s own update was applied'
);
select is(
  (select updated_at from public.assistants where id = 'a3000000-0000-4000-8000-000000000001'), now(),
  'updated_at is set by the trigger on update'
);

-- DELETE
select tests.authenticate_as('bob');
select is_empty(
  $$ delete from public.assistants where id = 'a3000000-0000-4000-8000-000000000001' returning 1 $$,
  'bob''s delete of alice''s assistant touches no row'
);
select tests.authenticate_as_anon();
select throws_ok($$ delete from public.assistants $$, '42501', 'permission denied for table assistants', 'anon cannot delete assistants');
select tests.authenticate_as('alice');
select results_eq(
  $$ delete from public.assistants where id = 'a3000000-0000-4000-8000-000000000001' returning id $$,
  $$ values ('a3000000-0000-4000-8000-000000000001'::uuid) $$,
  'alice can delete her assistant'
);
select tests.clear_authentication();
select is(
  (select count(*)::int from public.assistants where user_id = tests.get_supabase_uid('bob')), 4,
  'bob''s assistants are untouched'
);

-- An article keeps existing when its assistant is deleted.
insert into public.articles (id, user_id, title, assistant_id)
values ('a2000000-0000-4000-8000-000000000009', tests.get_supabase_uid('bob'), 'Uses an assistant', 'b3000000-0000-4000-8000-000000000001');
delete from public.assistants where id = 'b3000000-0000-4000-8000-000000000001';
select results_eq(
  $$ select assistant_id from public.articles where id = 'a2000000-0000-4000-8000-000000000009' $$,
  $$ values (null::uuid) $$,
  'deleting an assistant clears articles.assistant_id'
);

select * from finish();
rollback;
