-- Secrets at rest (migrations 20261204000400, 20261206000300): no secret
-- column holds plain text. The users' provider keys, WordPress application
-- passwords and webhook secrets, Ghost Admin API keys and DataForSEO
-- passwords are sealed by the functions
-- (AES-256-GCM, a key the database never sees: secret_box.ts); the database
-- refuses a value written in plain text by anyone, the secret key included.
-- Rows from before the migration stay readable, are counted by
-- plain_text_secrets(), and are sealed by the functions (seal-secrets).
begin;
\ir _helpers.psql
select plan(19);

select tests.create_supabase_user('alice');

select tests.clear_authentication();
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s blog', 'https://alice.example', 'alice', 'https://alice.example/wp-json/');
insert into public.wordpress_sites (id, user_id, name, site_url, base_url, kind) values
  ('a1000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), 'Alice''s Ghost', 'https://ghost.alice.example/', 'https://ghost.alice.example/', 'ghost');

-- Plain text is refused in every secret column, from the secret key too.
select tests.authenticate_as_service_role();
select throws_ok(
  $$ insert into public.api_keys (user_id, openai_key) values (tests.get_supabase_uid('alice'), 'sk-FIXTURE-not-a-real-key-0000') $$,
  '22023', 'api_keys.openai_key must be sealed by a function, never stored in plain text', 'a plain provider key'
);
select throws_ok(
  $$ insert into public.api_keys (user_id, falai_key) values (tests.get_supabase_uid('alice'), 'fal-FIXTURE-not-a-real-key') $$,
  '22023', null, 'a plain fal.ai key'
);
select throws_ok(
  $$ insert into public.wordpress_site_credentials (site_id, user_id, application_password)
     values ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'abcd efgh ijkl mnop') $$,
  '22023', null, 'a plain application password'
);
select throws_ok(
  $$ insert into public.wordpress_site_credentials (site_id, user_id, application_password, webhook_secret)
     values ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), tests.sealed('pw'), 'whsec_plain') $$,
  '22023', null, 'a plain webhook secret'
);
select throws_ok(
  $$ insert into public.ghost_site_credentials (site_id, user_id, admin_api_key)
     values ('a1000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), '6a1b2c3d4e5f60718293a4b5:' || repeat('ab', 32)) $$,
  '22023', null, 'a plain Ghost Admin API key'
);
select throws_ok(
  $$ insert into public.keyword_data_providers (user_id, provider, login, password)
     values (tests.get_supabase_uid('alice'), 'dataforseo', 'alice@example.test', 'FIXTURE-dfs-password') $$,
  '22023', null, 'a plain DataForSEO password'
);
select throws_ok(
  $$ insert into public.api_keys (user_id, openai_key) values (tests.get_supabase_uid('alice'), 'inkpress:v1:nothex00:short:x') $$,
  '22023', null, 'something that only starts like a sealed value'
);

-- Sealed values go in.
select lives_ok(
  $$ insert into public.api_keys (user_id, openai_key, openai_key_last4) values (tests.get_supabase_uid('alice'), tests.sealed('sk'), '0000');
     insert into public.wordpress_site_credentials (site_id, user_id, application_password, webhook_secret)
       values ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), tests.sealed('pw'), tests.sealed('wh'));
     insert into public.ghost_site_credentials (site_id, user_id, admin_api_key)
       values ('a1000000-0000-4000-8000-000000000002', tests.get_supabase_uid('alice'), tests.sealed('ghost'));
     insert into public.keyword_data_providers (user_id, provider, login, password, password_last4)
       values (tests.get_supabase_uid('alice'), 'dataforseo', 'alice@example.test', tests.sealed('dfs'), 'word') $$,
  'sealed values are stored'
);
select throws_ok(
  $$ update public.api_keys set falai_key = 'fal-FIXTURE-not-a-real-key' where user_id = tests.get_supabase_uid('alice') $$,
  '22023', null, 'nor can an update put plain text in'
);
select throws_ok(
  $$ update public.api_keys set openai_key = 'inkpress:v1:0123abcd:AAAAAAAAAAAAAAAA:' || repeat('a', 1000) $$,
  '23514', null, 'a stored secret is bounded'
);

-- The secret columns hold no plain text.
select is(
  (select sum(plain_rows)::int from public.plain_text_secrets()), 0,
  'no secret column holds plain text'
);

-- A row from before the migration (written in plain text when that was allowed).
select tests.clear_authentication();
alter table public.wordpress_site_credentials disable trigger wordpress_site_credentials_refuse_plain_text;
update public.wordpress_site_credentials set application_password = 'abcd efgh ijkl mnop';
alter table public.wordpress_site_credentials enable trigger wordpress_site_credentials_refuse_plain_text;
select tests.authenticate_as_service_role();
select results_eq(
  $$ select secret_column, plain_rows::int from public.plain_text_secrets() where plain_rows > 0 $$,
  $$ values ('wordpress_site_credentials.application_password', 1) $$,
  'plain_text_secrets() counts it, per column'
);
select lives_ok(
  $$ update public.wordpress_site_credentials set webhook_secret = tests.sealed('wh2') $$,
  'an update that leaves its plain value as it is goes through (it stays readable until sealed)'
);
select lives_ok(
  $$ update public.wordpress_site_credentials set application_password = tests.sealed('abcd efgh ijkl mnop') $$,
  'the functions seal it'
);
select is((select sum(plain_rows)::int from public.plain_text_secrets()), 0, 'then nothing is left in plain text');
select is(
  (select array_agg(secret_column order by secret_column) from public.plain_text_secrets()),
  array['api_keys.falai_key', 'api_keys.openai_key', 'ghost_site_credentials.admin_api_key',
        'keyword_data_providers.password', 'wordpress_site_credentials.application_password',
        'wordpress_site_credentials.webhook_secret'],
  'plain_text_secrets() counts every secret column'
);

-- Who may ask
select ok(
  has_function_privilege('service_role', 'public.plain_text_secrets()', 'execute')
    and not has_function_privilege('authenticated', 'public.plain_text_secrets()', 'execute')
    and not has_function_privilege('anon', 'public.plain_text_secrets()', 'execute'),
  'only the secret key counts plain-text secrets'
);
select ok(
  not has_function_privilege('authenticated', 'public.is_sealed_secret(text)', 'execute')
    and not has_function_privilege('service_role', 'public.is_sealed_secret(text)', 'execute'),
  'is_sealed_secret() is the database''s own'
);
select is(
  (select count(*)::int from information_schema.triggers
   where trigger_name in ('api_keys_refuse_plain_text', 'wordpress_site_credentials_refuse_plain_text',
                          'ghost_site_credentials_refuse_plain_text', 'keyword_data_providers_refuse_plain_text')
     and event_manipulation in ('INSERT', 'UPDATE')),
  8,
  'every secret table refuses plain text on insert and on update'
);

select tests.clear_authentication();
select * from finish();
rollback;
