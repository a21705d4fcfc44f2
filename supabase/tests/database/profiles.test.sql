-- profiles: owner may read and edit their names and phone number; nobody
-- inserts or deletes through the API (the sign-up trigger and the cascade from
-- auth.users do); other users and anon see nothing.
begin;
\ir _helpers.psql
select plan(20);

select tests.create_supabase_user('alice', '{"first_name": "Alice", "last_name": "Liddell", "phone_number": "+1 555 0100"}');
select tests.create_supabase_user('bob', '{"first_name": "Bob"}');

-- Grants: read the row, update three columns, nothing else.
select table_privs_are('public', 'profiles', 'authenticated', array['SELECT'], 'authenticated: table-wide SELECT only');
select table_privs_are('public', 'profiles', 'anon', array[]::text[], 'anon: no privilege on profiles');
select ok(
  has_column_privilege('authenticated', 'public.profiles', 'first_name', 'update')
    and has_column_privilege('authenticated', 'public.profiles', 'last_name', 'update')
    and has_column_privilege('authenticated', 'public.profiles', 'phone_number', 'update')
    and not has_column_privilege('authenticated', 'public.profiles', 'id', 'update')
    and not has_column_privilege('authenticated', 'public.profiles', 'created_at', 'update')
    and not has_column_privilege('authenticated', 'public.profiles', 'updated_at', 'update'),
  'authenticated may update first_name, last_name and phone_number only'
);

-- SELECT
select tests.authenticate_as('alice');
select results_eq(
  $$ select id, first_name from public.profiles $$,
  $$ values (tests.get_supabase_uid('alice'), 'Alice') $$,
  'alice sees exactly her own profile'
);
select tests.authenticate_as('bob');
select is_empty(
  $$ select 1 from public.profiles where id = tests.get_supabase_uid('alice') $$,
  'bob cannot see alice''s profile'
);
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.profiles $$, '42501', 'permission denied for table profiles', 'anon cannot read profiles');

-- INSERT: nobody through the API.
select tests.authenticate_as('alice');
select throws_ok(
  $$ insert into public.profiles (id, first_name) values (tests.get_supabase_uid('alice'), 'Again') $$,
  '42501', 'permission denied for table profiles', 'alice cannot insert a profile'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ insert into public.profiles (id) values (gen_random_uuid()) $$,
  '42501', 'permission denied for table profiles', 'anon cannot insert a profile'
);

-- UPDATE
select tests.clear_authentication();
update public.profiles set updated_at = '2000-01-01' where id = tests.get_supabase_uid('alice');
select tests.authenticate_as('alice');
select results_eq(
  $$ update public.profiles set first_name = 'Alicia', phone_number = '+1 555 0199'
     where id = tests.get_supabase_uid('alice') returning first_name, phone_number $$,
  $$ values ('Alicia', '+1 555 0199') $$,
  'alice can update her names and phone number'
);
select throws_ok(
  $$ update public.profiles set id = gen_random_uuid() where id = tests.get_supabase_uid('alice') $$,
  '42501', 'permission denied for table profiles', 'alice cannot change her profile id'
);
select throws_ok(
  $$ update public.profiles set created_at = now() - interval '1 year' $$,
  '42501', 'permission denied for table profiles', 'alice cannot change created_at'
);
select tests.authenticate_as('bob');
select is_empty(
  $$ update public.profiles set first_name = 'Mallory' where id = tests.get_supabase_uid('alice') returning 1 $$,
  'bob''s update of alice''s profile touches no row'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ update public.profiles set first_name = 'Mallory' $$,
  '42501', 'permission denied for table profiles', 'anon cannot update profiles'
);
select tests.clear_authentication();
select results_eq(
  $$ select first_name, phone_number from public.profiles where id = tests.get_supabase_uid('alice') $$,
  $$ values ('Alicia', '+1 555 0199') $$,
  'alice''s profile holds her own update only'
);
select is(
  (select updated_at from public.profiles where id = tests.get_supabase_uid('alice')), now(),
  'updated_at is set by the trigger on update'
);

-- DELETE: nobody through the API.
select tests.authenticate_as('alice');
select throws_ok(
  $$ delete from public.profiles where id = tests.get_supabase_uid('alice') $$,
  '42501', 'permission denied for table profiles', 'alice cannot delete her profile'
);
select tests.authenticate_as('bob');
select throws_ok(
  $$ delete from public.profiles $$,
  '42501', 'permission denied for table profiles', 'bob cannot delete profiles'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ delete from public.profiles $$,
  '42501', 'permission denied for table profiles', 'anon cannot delete profiles'
);
select tests.clear_authentication();
select is((select count(*)::int from public.profiles), 2, 'both profiles are still there');

-- service_role (edge functions) can read every profile.
select tests.authenticate_as_service_role();
select is((select count(*)::int from public.profiles), 2, 'service_role reads every profile');

select * from finish();
rollback;
