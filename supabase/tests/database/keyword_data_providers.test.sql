-- keyword_data_providers: write-only provider credentials. The owner saves
-- through save_keyword_data_provider() and reads only the last four
-- characters, location and language through keyword_data_provider_status();
-- the table is closed to every API role but service_role; another user's
-- status is never visible; anon can call nothing.
begin;
\ir _helpers.psql
select plan(22);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

-- Grants
select table_privs_are('public', 'keyword_data_providers', 'authenticated', array[]::text[], 'authenticated: no privilege on keyword_data_providers');
select table_privs_are('public', 'keyword_data_providers', 'anon', array[]::text[], 'anon: no privilege on keyword_data_providers');
select ok(
  not has_any_column_privilege('authenticated', 'public.keyword_data_providers', 'select, insert, update'),
  'authenticated has no column privilege either (not even the last-four columns)'
);
select is(
  pg_get_function_result('public.keyword_data_provider_status()'::regprocedure),
  'TABLE(provider text, login_last4 text, password_last4 text, location_code integer, language_code text, updated_at timestamp with time zone)',
  'the status gives last-four columns, location and language, never a credential'
);

-- The owner
select tests.authenticate_as('alice');
select is_empty($$ select * from public.keyword_data_provider_status() $$, 'no provider at first');
select throws_ok(
  $$ select public.save_keyword_data_provider('dataforseo', 'alice@example.test', null) $$,
  '22023', 'The provider''s login and password are required', 'a new account needs a password'
);
select lives_ok(
  $$ select public.save_keyword_data_provider('dataforseo', ' alice@example.test ', ' FIXTURE-dfs-password-WXYZ ', 2276, 'de') $$,
  'alice saves her DataForSEO account for Germany, in German'
);
select results_eq(
  $$ select provider, login_last4, password_last4, location_code, language_code, updated_at is not null
     from public.keyword_data_provider_status() $$,
  $$ values ('dataforseo', 'test', 'WXYZ', 2276, 'de', true) $$,
  'the status shows the last four characters, location and language (trimmed)'
);
select throws_ok($$ select * from public.keyword_data_providers $$, '42501', 'permission denied for table keyword_data_providers', 'alice cannot read the table');
select throws_ok(
  $$ update public.keyword_data_providers set password = 'x' $$,
  '42501', 'permission denied for table keyword_data_providers', 'nor update it directly'
);
select lives_ok(
  $$ select public.save_keyword_data_provider('dataforseo', location_code => 2826, language_code => 'en') $$,
  'a change of location keeps the credentials'
);
select results_eq(
  $$ select login_last4, password_last4, location_code, language_code from public.keyword_data_provider_status() $$,
  $$ values ('test', 'WXYZ', 2826, 'en') $$,
  'credentials kept, location and language changed'
);
select throws_ok(
  $$ select public.save_keyword_data_provider('serpapi', null, null) $$,
  '23514', null, 'an unknown provider is refused'
);
select throws_ok(
  $$ select public.save_keyword_data_provider('dataforseo', null, null, 2840, 'English') $$,
  '23514', null, 'a language must be a code'
);

-- Another user
select tests.authenticate_as('bob');
select is_empty($$ select * from public.keyword_data_provider_status() $$, 'bob sees no provider (not alice''s)');
select lives_ok($$ select public.remove_keyword_data_provider() $$, 'bob''s removal is his own');
select tests.clear_authentication();
select results_eq(
  $$ select login, password from public.keyword_data_providers where user_id = tests.get_supabase_uid('alice') $$,
  $$ values ('alice@example.test', 'FIXTURE-dfs-password-WXYZ') $$,
  'alice''s credentials are stored trimmed, untouched by bob'
);

-- anon
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.keyword_data_provider_status() $$, '42501', null, 'anon cannot read a status');
select throws_ok($$ select public.save_keyword_data_provider('dataforseo', 'a', 'b') $$, '42501', null, 'anon cannot save');
select throws_ok($$ select public.remove_keyword_data_provider() $$, '42501', null, 'anon cannot remove');

-- Removal
select tests.authenticate_as('alice');
select public.remove_keyword_data_provider();
select is_empty($$ select * from public.keyword_data_provider_status() $$, 'alice removes her provider');
select tests.authenticate_as_service_role();
select is_empty($$ select 1 from public.keyword_data_providers $$, 'and the row is gone');

select * from finish();
rollback;
