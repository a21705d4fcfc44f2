-- api_keys: write-only secrets. The owner writes them through the
-- save-api-keys function (which seals them and writes the last four
-- characters beside them, with the secret key) and reads only those last
-- four characters through api_key_status(); the table itself is closed to
-- every API role but service_role. That the keys are stored sealed is
-- secrets_at_rest.test.sql.
begin;
\ir _helpers.psql
select plan(20);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

-- Grants
select table_privs_are('public', 'api_keys', 'authenticated', array[]::text[], 'authenticated: no privilege on api_keys');
select table_privs_are('public', 'api_keys', 'anon', array[]::text[], 'anon: no privilege on api_keys');
select ok(
  not has_any_column_privilege('authenticated', 'public.api_keys', 'select, insert, update'),
  'authenticated has no column privilege on api_keys (not even the last4 columns)'
);
select is(
  pg_get_function_result('public.api_key_status()'::regprocedure),
  'TABLE(openai_key_last4 text, falai_key_last4 text, updated_at timestamp with time zone)',
  'api_key_status() returns last-four columns and a timestamp, never a key'
);
select ok(has_function_privilege('authenticated', 'public.api_key_status()', 'execute'), 'authenticated can execute api_key_status()');
select is_empty(
  $$ select 1 from pg_proc where proname = 'save_api_keys' $$,
  'save_api_keys() is gone: the browser no longer writes keys (in plain text) itself'
);

-- Saved as save-api-keys saves them (the secret key, sealed values, the last four beside them)
select tests.authenticate_as_service_role();
insert into public.api_keys (user_id, openai_key, openai_key_last4, falai_key, falai_key_last4) values
  (tests.get_supabase_uid('alice'), tests.sealed('sk-alice'), 'ABCD', tests.sealed('fal-alice'), 'WXYZ'),
  (tests.get_supabase_uid('bob'), tests.sealed('sk-bob'), 'BOB1', null, null);

select tests.authenticate_as('alice');
select results_eq(
  $$ select openai_key_last4, falai_key_last4, updated_at is not null from public.api_key_status() $$,
  $$ values ('ABCD', 'WXYZ', true) $$,
  'api_key_status() gives the last four characters'
);
select throws_ok($$ select * from public.api_keys $$, '42501', 'permission denied for table api_keys', 'alice cannot select her api_keys row');
select throws_ok(
  $$ select openai_key_last4 from public.api_keys $$,
  '42501', 'permission denied for table api_keys', 'alice cannot select even the last4 columns directly'
);
select throws_ok(
  $$ insert into public.api_keys (user_id, openai_key) values (tests.get_supabase_uid('alice'), tests.sealed('x')) $$,
  '42501', 'permission denied for table api_keys', 'alice cannot insert into api_keys directly'
);
select throws_ok(
  $$ update public.api_keys set openai_key = tests.sealed('y') $$,
  '42501', 'permission denied for table api_keys', 'alice cannot update api_keys directly'
);
select throws_ok($$ delete from public.api_keys $$, '42501', 'permission denied for table api_keys', 'alice cannot delete from api_keys directly');

-- Other users
select tests.authenticate_as('bob');
select results_eq(
  $$ select openai_key_last4, falai_key_last4 from public.api_key_status() $$,
  $$ values ('BOB1', null::text) $$,
  'bob sees only his own status'
);

-- anon
select tests.authenticate_as_anon();
select throws_ok(
  $$ select * from public.api_key_status() $$,
  '42501', 'permission denied for function api_key_status', 'anon cannot execute api_key_status()'
);
select throws_ok($$ select * from public.api_keys $$, '42501', 'permission denied for table api_keys', 'anon cannot read api_keys');

-- Edge functions read (and write) the rows with the secret key; the last four stay short.
select tests.authenticate_as_service_role();
select results_eq(
  $$ select openai_key from public.api_keys where user_id = tests.get_supabase_uid('alice') $$,
  $$ values (tests.sealed('sk-alice')) $$,
  'service_role reads the stored (sealed) key'
);
select throws_ok(
  $$ update public.api_keys set openai_key_last4 = 'WXYZ1' where user_id = tests.get_supabase_uid('bob') $$,
  '23514', null, 'the last four are at most four characters'
);
select tests.clear_authentication();
update public.api_keys set updated_at = '2000-01-01' where user_id = tests.get_supabase_uid('alice');
update public.api_keys set falai_key = null, falai_key_last4 = null where user_id = tests.get_supabase_uid('alice');
select is(
  (select updated_at from public.api_keys where user_id = tests.get_supabase_uid('alice')), now(),
  'updated_at is maintained'
);

-- Deleting the user deletes the keys.
delete from auth.users where id = tests.get_supabase_uid('alice');
select is((select count(*)::int from public.api_keys), 1, 'deleting the user deletes the keys');
select is((select count(*)::int from public.api_keys where user_id = tests.get_supabase_uid('bob')), 1, 'bob''s keys stay');

select * from finish();
rollback;
