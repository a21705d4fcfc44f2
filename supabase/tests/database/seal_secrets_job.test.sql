-- The seal-secrets cron job (migration 20261209000100; pg_cron is real here,
-- net.http_post and Vault are the stand-ins of
-- scripts/testing/test-db/supabase-platform.sql): it runs every ten minutes,
-- sends nothing while every secret is sealed, calls the function with its own
-- secret key while plain text is left, and says what to do when a Vault
-- secret is missing.
begin;
\ir _helpers.psql
select plan(8);

select is(
  (select schedule from cron.job where jobname = 'seal-secrets'), '*/10 * * * *',
  'the seal-secrets job runs every ten minutes'
);
select is(
  (select command from cron.job where jobname = 'seal-secrets'), 'select private.invoke_seal_secrets()',
  'its command is private.invoke_seal_secrets()'
);

create function pg_temp.run_seal_secrets_job()
returns void
language plpgsql
as $$
begin
  execute (select command from cron.job where jobname = 'seal-secrets');
end;
$$;

-- Nothing in plain text, no secrets stored: nothing to do, and no failure.
select lives_ok($$ select pg_temp.run_seal_secrets_job() $$, 'with everything sealed the run does nothing, secrets or not');
select is_empty($$ select * from net.http_request_queue $$, 'and sends nothing');

-- A row from before the secrets migration (written when plain text was allowed).
select tests.create_supabase_user('alice');
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s blog', 'https://alice.example', 'alice', 'https://alice.example/wp-json/');
alter table public.wordpress_site_credentials disable trigger wordpress_site_credentials_refuse_plain_text;
insert into public.wordpress_site_credentials (site_id, user_id, application_password)
  values ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'abcd efgh ijkl mnop');
alter table public.wordpress_site_credentials enable trigger wordpress_site_credentials_refuse_plain_text;

select throws_ok(
  $$ select pg_temp.run_seal_secrets_job() $$,
  'P0002',
  'seal-secrets not called: Vault secret "project_url" is missing or empty. Create it once: select vault.create_secret(''https://<project-ref>.supabase.co'', ''project_url'');',
  'with plain text left and no project URL the run fails, saying what to do'
);

select vault.create_secret('https://abcdefghijklmnopqrst.supabase.co/', 'project_url');
select vault.create_secret('sb_secret_FIXTURE-seal-not-a-real-key', 'seal_secrets_secret_key');
select pg_temp.run_seal_secrets_job();
select results_eq(
  $$ select method, url, headers, convert_from(body, 'UTF8')::jsonb from net.http_request_queue $$,
  $$ values (
       'POST',
       'https://abcdefghijklmnopqrst.supabase.co/functions/v1/seal-secrets',
       '{"Content-Type": "application/json", "apikey": "sb_secret_FIXTURE-seal-not-a-real-key"}'::jsonb,
       '{}'::jsonb
     ) $$,
  'while plain text is left it posts to seal-secrets with its own secret key in apikey'
);

select ok(
  not has_function_privilege('anon', 'private.invoke_seal_secrets()', 'execute')
    and not has_function_privilege('authenticated', 'private.invoke_seal_secrets()', 'execute')
    and not has_function_privilege('service_role', 'private.invoke_seal_secrets()', 'execute'),
  'no API role can trigger it from the database'
);
select is(
  (select p.proconfig from pg_proc p where p.oid = 'private.invoke_seal_secrets()'::regprocedure),
  array['search_path=""'],
  'the function pins an empty search_path'
);

select * from finish();
rollback;
