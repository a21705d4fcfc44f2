-- api_keys: write-only secrets. The owner writes through save_api_keys() and
-- reads only the last four characters through api_key_status(); the table
-- itself is closed to every API role but service_role.
begin;
\ir _helpers.psql
select plan(29);

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
select ok(has_function_privilege('authenticated', 'public.save_api_keys(text, text)', 'execute'), 'authenticated can execute save_api_keys()');
select ok(has_function_privilege('authenticated', 'public.api_key_status()', 'execute'), 'authenticated can execute api_key_status()');

-- Saving and reading back
select tests.authenticate_as('alice');
select lives_ok(
  $$ select public.save_api_keys('sk-alice-FIXTURE-not-a-real-key-ABCD', 'fal-alice-key-0000WXYZ') $$,
  'alice saves both keys'
);
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
  $$ insert into public.api_keys (user_id, openai_key) values (tests.get_supabase_uid('alice'), 'sk-direct-insert') $$,
  '42501', 'permission denied for table api_keys', 'alice cannot insert into api_keys directly'
);
select throws_ok(
  $$ update public.api_keys set openai_key = 'sk-direct-update' $$,
  '42501', 'permission denied for table api_keys', 'alice cannot update api_keys directly'
);
select throws_ok($$ delete from public.api_keys $$, '42501', 'permission denied for table api_keys', 'alice cannot delete from api_keys directly');

-- null keeps, '' removes, whitespace is trimmed
select public.save_api_keys(null, 'fal-alice-key-1111NEW1');
select results_eq(
  $$ select openai_key_last4, falai_key_last4 from public.api_key_status() $$,
  $$ values ('ABCD', 'NEW1') $$,
  'a null key keeps the stored key'
);
select public.save_api_keys(falai_key => '');
select results_eq(
  $$ select openai_key_last4, falai_key_last4 from public.api_key_status() $$,
  $$ values ('ABCD', null::text) $$,
  'an empty string removes the key (and an omitted argument keeps the other)'
);
select public.save_api_keys(openai_key => '   ');
select results_eq(
  $$ select openai_key_last4, falai_key_last4 from public.api_key_status() $$,
  $$ values (null::text, null::text) $$,
  'a blank string removes the key too'
);
select public.save_api_keys('  sk-alice-openai-FIXTURE-not-a-real-key-TRIM  ', null);
select throws_ok(
  $$ select public.save_api_keys('short', null) $$,
  '23514', null, 'a key shorter than 8 characters is refused'
);
select tests.clear_authentication();
select results_eq(
  $$ select openai_key, falai_key, openai_key_last4 from public.api_keys where user_id = tests.get_supabase_uid('alice') $$,
  $$ values ('sk-alice-openai-FIXTURE-not-a-real-key-TRIM', null::text, 'TRIM') $$,
  'keys are stored trimmed, in one row per user'
);
select is(
  (select updated_at from public.api_keys where user_id = tests.get_supabase_uid('alice')), now(),
  'updated_at is maintained'
);

-- Other users
select tests.authenticate_as('bob');
select is_empty($$ select * from public.api_key_status() $$, 'bob sees no key status of alice');
select lives_ok($$ select public.save_api_keys('sk-bob-FIXTURE-not-a-real-key-BOB1', null) $$, 'bob saves his own key');
select results_eq(
  $$ select openai_key_last4 from public.api_key_status() $$,
  $$ values ('BOB1') $$,
  'bob sees only his own status'
);
select tests.clear_authentication();
select results_eq(
  $$ select split_part(u.email, '@', 1), k.openai_key
     from public.api_keys k join auth.users u on u.id = k.user_id order by 1 $$,
  $$ values ('alice', 'sk-alice-openai-FIXTURE-not-a-real-key-TRIM'), ('bob', 'sk-bob-FIXTURE-not-a-real-key-BOB1') $$,
  'bob''s save touched only his own row'
);

-- anon, and authenticated without a user
select tests.authenticate_as_anon();
select throws_ok(
  $$ select public.save_api_keys('sk-anon-openai-FIXTURE-not-a-real-key-0000', null) $$,
  '42501', 'permission denied for function save_api_keys', 'anon cannot execute save_api_keys()'
);
select throws_ok(
  $$ select * from public.api_key_status() $$,
  '42501', 'permission denied for function api_key_status', 'anon cannot execute api_key_status()'
);
select throws_ok($$ select * from public.api_keys $$, '42501', 'permission denied for table api_keys', 'anon cannot read api_keys');
select tests.clear_authentication();
set local role authenticated;
select throws_ok(
  $$ select public.save_api_keys('sk-nobody-openai-FIXTURE-not-a-real-key-0000', null) $$,
  '28000', 'User not authenticated', 'save_api_keys() refuses a request without a user id'
);
select tests.clear_authentication();

-- Edge functions read the keys with the secret key.
select tests.authenticate_as_service_role();
select results_eq(
  $$ select openai_key from public.api_keys where user_id = tests.get_supabase_uid('alice') $$,
  $$ values ('sk-alice-openai-FIXTURE-not-a-real-key-TRIM') $$,
  'service_role reads the full key'
);
select tests.clear_authentication();

-- Deleting the user deletes the keys.
delete from auth.users where id = tests.get_supabase_uid('alice');
select is((select count(*)::int from public.api_keys), 1, 'deleting the user deletes the keys');

select * from finish();
rollback;
