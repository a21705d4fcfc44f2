-- keyword_data_providers: write-only provider credentials. The keyword-data
-- edge function saves them (the password sealed: 20261204000400's
-- trigger refuses it in plain text) with the secret key; the owner reads
-- only the last four characters, location and language through
-- keyword_data_provider_status() and may remove the account; the table is
-- closed to every API role but service_role; another user's status is never
-- visible; anon can call nothing.
begin;
\ir _helpers.psql
select plan(20);

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
select hasnt_function('public', 'save_keyword_data_provider', 'no SQL save: the password would arrive in plain text');

-- The owner
select tests.authenticate_as('alice');
select is_empty($$ select * from public.keyword_data_provider_status() $$, 'no provider at first');

-- What the keyword-data function writes with the secret key.
select tests.authenticate_as_service_role();
select throws_ok(
  $$ insert into public.keyword_data_providers (user_id, provider, login, password, password_last4)
     values (tests.get_supabase_uid('alice'), 'dataforseo', 'alice@example.test', 'FIXTURE-dfs-password-WXYZ', 'WXYZ') $$,
  '22023', 'keyword_data_providers.password must be sealed by a function, never stored in plain text',
  'a plain password is refused, from the secret key too'
);
select lives_ok(
  $$ insert into public.keyword_data_providers (user_id, provider, login, password, password_last4, location_code, language_code)
     values (tests.get_supabase_uid('alice'), 'dataforseo', 'alice@example.test', tests.sealed('dfs'), 'WXYZ', 2276, 'de') $$,
  'a sealed password is stored, its last four beside it'
);
select throws_ok(
  $$ update public.keyword_data_providers set password = 'FIXTURE-plain' where user_id = tests.get_supabase_uid('alice') $$,
  '22023', null, 'nor can an update put plain text in'
);
select throws_ok(
  $$ insert into public.keyword_data_providers (user_id, provider, login, password)
     values (tests.get_supabase_uid('bob'), 'serpapi', 'bob@example.test', tests.sealed('b')) $$,
  '23514', null, 'an unknown provider is refused'
);
select throws_ok(
  $$ update public.keyword_data_providers set language_code = 'English' where user_id = tests.get_supabase_uid('alice') $$,
  '23514', null, 'a language must be a code'
);

select tests.authenticate_as('alice');
select results_eq(
  $$ select provider, login_last4, password_last4, location_code, language_code, updated_at is not null
     from public.keyword_data_provider_status() $$,
  $$ values ('dataforseo', 'test', 'WXYZ', 2276, 'de', true) $$,
  'the status shows the last four characters, location and language'
);
select throws_ok($$ select * from public.keyword_data_providers $$, '42501', 'permission denied for table keyword_data_providers', 'alice cannot read the table');
select throws_ok(
  $$ update public.keyword_data_providers set password = 'x' $$,
  '42501', 'permission denied for table keyword_data_providers', 'nor update it directly'
);

-- Another user
select tests.authenticate_as('bob');
select is_empty($$ select * from public.keyword_data_provider_status() $$, 'bob sees no provider (not alice''s)');
select lives_ok($$ select public.remove_keyword_data_provider() $$, 'bob''s removal is his own');
select tests.authenticate_as_service_role();
select isnt_empty(
  $$ select 1 from public.keyword_data_providers where user_id = tests.get_supabase_uid('alice') $$,
  'alice''s account is untouched by bob'
);

-- anon
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.keyword_data_provider_status() $$, '42501', null, 'anon cannot read a status');
select throws_ok($$ select public.remove_keyword_data_provider() $$, '42501', null, 'anon cannot remove');

-- Removal
select tests.authenticate_as('alice');
select public.remove_keyword_data_provider();
select is_empty($$ select * from public.keyword_data_provider_status() $$, 'alice removes her provider');

select * from finish();
rollback;
