-- The publish-scheduled cron job (pg_cron is real here; net.http_post and
-- Vault are the stand-ins of scripts/testing/test-db/supabase-platform.sql, with the
-- real signatures): it exists with its schedule, its command sends exactly the
-- request the Edge Runtime accepts from the platform scheduler, and a missing
-- Vault secret fails the run with a message that says what to do.
begin;
\ir _helpers.psql
select plan(14);

select is(
  (select schedule from cron.job where jobname = 'publish-scheduled'), '* * * * *',
  'the publish-scheduled job runs every minute'
);
select is(
  (select command from cron.job where jobname = 'publish-scheduled'), 'select private.invoke_publish_scheduled()',
  'its command is private.invoke_publish_scheduled()'
);
select ok((select active from cron.job where jobname = 'publish-scheduled'), 'the job is active');
select is((select count(*)::int from cron.job where jobname = 'publish-scheduled'), 1, 'there is exactly one publish-scheduled job');

-- Runs the job's command as pg_cron does (as postgres, in this database).
create function pg_temp.run_publish_scheduled_job()
returns void
language plpgsql
as $$
begin
  execute (select command from cron.job where jobname = 'publish-scheduled');
end;
$$;

-- With both secrets in Vault
select vault.create_secret('https://abcdefghijklmnopqrst.supabase.co/', 'project_url');
select vault.create_secret('sb_secret_FIXTURE-publish-not-a-real-key', 'publish_scheduled_secret_key');
select lives_ok($$ select pg_temp.run_publish_scheduled_job() $$, 'the command runs when both secrets are stored');
select results_eq(
  $$ select method, url, headers, convert_from(body, 'UTF8')::jsonb, timeout_milliseconds from net.http_request_queue $$,
  $$ values (
       'POST',
       'https://abcdefghijklmnopqrst.supabase.co/functions/v1/publish-scheduled',
       '{"Content-Type": "application/json", "apikey": "sb_secret_FIXTURE-publish-not-a-real-key"}'::jsonb,
       '{}'::jsonb,
       120000
     ) $$,
  'it posts {} to the function URL with the secret key in apikey and JSON content type'
);
select ok(
  not exists (select from net.http_request_queue q, jsonb_object_keys(q.headers) k where lower(k) = 'authorization'),
  'no Authorization header: an sb_secret_ key is not a JWT'
);

-- A missing or empty secret: the run fails with a message naming the secret and the fix.
delete from net.http_request_queue;
update vault.secrets set secret = '  ' where name = 'publish_scheduled_secret_key';
select throws_ok(
  $$ select pg_temp.run_publish_scheduled_job() $$,
  'P0002',
  'publish-scheduled not called: Vault secret "publish_scheduled_secret_key" is missing or empty. Create it once: select vault.create_secret(''<sb_secret_... key>'', ''publish_scheduled_secret_key'');',
  'an empty secret key fails the run with a message that names the secret and how to create it'
);
delete from vault.secrets where name = 'project_url';
select throws_ok(
  $$ select pg_temp.run_publish_scheduled_job() $$,
  'P0002',
  'publish-scheduled not called: Vault secret "project_url" is missing or empty. Create it once: select vault.create_secret(''https://<project-ref>.supabase.co'', ''project_url'');',
  'a missing project URL fails the run with a message that names the secret and how to create it'
);
select is_empty($$ select * from net.http_request_queue $$, 'nothing is sent without the secrets');

-- No API role may trigger the scheduler itself.
select ok(
  not has_function_privilege('anon', 'private.invoke_publish_scheduled()', 'execute')
  and not has_function_privilege('authenticated', 'private.invoke_publish_scheduled()', 'execute')
  and not has_function_privilege('service_role', 'private.invoke_publish_scheduled()', 'execute'),
  'anon, authenticated and service_role cannot execute private.invoke_publish_scheduled()'
);
select ok(
  not has_schema_privilege('anon', 'private', 'usage') and not has_schema_privilege('authenticated', 'private', 'usage'),
  'the API roles cannot use schema private'
);
select is(
  (select p.proconfig from pg_proc p where p.oid = 'private.invoke_publish_scheduled()'::regprocedure),
  array['search_path=""'],
  'the function pins an empty search_path'
);
select isnt(
  (select n.nspname::text from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_cron'),
  'public',
  'pg_cron is not installed in schema public'
);

select * from finish();
rollback;
