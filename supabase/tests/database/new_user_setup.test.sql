-- Sign-up: the after-insert trigger on auth.users creates the profile from the
-- sign-up metadata and three default assistants, even when the insert comes
-- from GoTrue's own role (supabase_auth_admin), which has no rights on public.
begin;
\ir _helpers.psql
select plan(19);

select has_trigger('auth', 'users', 'on_auth_user_created', 'auth.users has the sign-up trigger');
select is(
  (select prosecdef from pg_proc where oid = 'public.handle_new_user()'::regprocedure), true,
  'handle_new_user() runs as security definer'
);
select ok(
  not has_function_privilege('authenticated', 'public.handle_new_user()', 'execute')
    and not has_function_privilege('anon', 'public.handle_new_user()', 'execute'),
  'handle_new_user() cannot be called through the API'
);

select tests.create_supabase_user('alice', '{"first_name": "Alice", "last_name": "Liddell", "phone_number": "+44 20 7946 0958"}');
select tests.create_supabase_user('bob');

select results_eq(
  $$ select first_name, last_name, phone_number from public.profiles where id = tests.get_supabase_uid('alice') $$,
  $$ values ('Alice', 'Liddell', '+44 20 7946 0958') $$,
  'the profile is created from the sign-up metadata'
);
select results_eq(
  $$ select first_name, last_name, phone_number from public.profiles where id = tests.get_supabase_uid('bob') $$,
  $$ values ('', '', '') $$,
  'missing metadata gives empty names, not an error'
);
select results_eq(
  $$ select name from public.assistants where user_id = tests.get_supabase_uid('alice') order by name $$,
  $$ values ('Article Polisher'), ('How-To Guide Writer'), ('SEO Blog Writer') $$,
  'three default assistants are created'
);
select is_empty(
  $$ select name from public.assistants
     where user_id = tests.get_supabase_uid('alice') and (description = '' or instructions = '' or model is not null) $$,
  'default assistants have a description and instructions, and use the server default model'
);

-- GoTrue inserts as supabase_auth_admin, which has no grant on public.
set local role supabase_auth_admin;
insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
values ('c0000000-0000-4000-8000-000000000001', 'authenticated', 'authenticated', 'carol@example.test',
        '{"first_name": "Carol"}', now(), now());
reset role;
select results_eq(
  $$ select first_name from public.profiles where id = 'c0000000-0000-4000-8000-000000000001' $$,
  $$ values ('Carol') $$,
  'a sign-up inserted by GoTrue''s role (supabase_auth_admin) creates the profile'
);
select is(
  (select count(*)::int from public.assistants where user_id = 'c0000000-0000-4000-8000-000000000001'), 3,
  'and the default assistants'
);

-- Sign-up metadata is limited: the profile's three fields (within the
-- profiles limits) and the auth server's own identity claims, nothing else.
select lives_ok(
  $$ select tests.create_supabase_user('dave', jsonb_build_object(
       'first_name', repeat('d', 100), 'last_name', repeat('e', 100), 'phone_number', repeat('1', 30),
       'sub', gen_random_uuid()::text, 'email', 'dave@example.test', 'email_verified', false, 'phone_verified', false)) $$,
  'metadata at the limits, with the auth server''s identity claims, is accepted'
);
select throws_ok(
  $$ select tests.create_supabase_user('erin', jsonb_build_object('first_name', repeat('x', 101))) $$,
  '22023', 'Sign-up metadata "first_name" must be at most 100 characters',
  'a first name over 100 characters refuses the sign-up'
);
select throws_ok(
  $$ select tests.create_supabase_user('erin', jsonb_build_object('phone_number', repeat('1', 31))) $$,
  '22023', 'Sign-up metadata "phone_number" must be at most 30 characters',
  'a phone number over 30 characters refuses the sign-up'
);
select throws_ok(
  $$ select tests.create_supabase_user('erin', jsonb_build_object('first_name', 'Erin', 'padding', repeat('x', 2 * 1024 * 1024))) $$,
  '22023', 'Sign-up metadata may not contain "padding"',
  'an unknown key (2 MiB of padding) refuses the sign-up'
);
select throws_ok(
  $$ select tests.create_supabase_user('erin', '{"first_name": {"nested": "object"}}') $$,
  '22023', 'Sign-up metadata "first_name" must be text',
  'a non-text value refuses the sign-up'
);
select is_empty(
  $$ select 1 from auth.users where email = 'erin@example.test' $$,
  'no refused sign-up left a user behind'
);
select throws_ok(
  $$ update auth.users set raw_user_meta_data = raw_user_meta_data || jsonb_build_object('bio', repeat('x', 5000))
     where id = tests.get_supabase_uid('dave') $$,
  '22023', 'User metadata must be at most 4096 bytes',
  'metadata updated later is limited to 4 KiB'
);
select lives_ok(
  $$ update auth.users set raw_user_meta_data = raw_user_meta_data || '{"theme": "dark"}', last_sign_in_at = now()
     where id = tests.get_supabase_uid('dave') $$,
  'small metadata updates (and updates of other columns) still work'
);

-- Deleting the user removes everything they own.
delete from auth.users where id = tests.get_supabase_uid('alice');
select is_empty(
  $$ select 1 from public.profiles p where p.first_name = 'Alice' $$,
  'deleting the auth user deletes the profile'
);
select is(
  (select count(*)::int from public.assistants a where not exists (select from auth.users u where u.id = a.user_id)), 0,
  'deleting the auth user deletes their assistants'
);

select * from finish();
rollback;
