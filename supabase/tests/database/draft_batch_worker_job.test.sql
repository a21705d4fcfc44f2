-- The draft-batch-worker cron job (pg_cron is real here; net.http_post and
-- Vault are the stand-ins of scripts/testing/test-db/supabase-platform.sql, with the
-- real signatures): it exists with its schedule, its command sends exactly the
-- request the function accepts from the scheduler, and a missing Vault secret
-- fails the run with a message that says what to do.
begin;
\ir _helpers.psql
select plan(9);

select is(
  (select schedule from cron.job where jobname = 'draft-batch-worker'), '* * * * *',
  'the draft-batch-worker job runs every minute'
);
select is(
  (select command from cron.job where jobname = 'draft-batch-worker'), 'select private.invoke_draft_batch_worker()',
  'its command is private.invoke_draft_batch_worker()'
);

create function pg_temp.run_draft_batch_worker_job()
returns void
language plpgsql
as $$
begin
  execute (select command from cron.job where jobname = 'draft-batch-worker');
end;
$$;

select vault.create_secret('https://abcdefghijklmnopqrst.supabase.co/', 'project_url');
select vault.create_secret('sb_secret_FIXTURE-drafts-not-a-real-key', 'draft_batch_worker_secret_key');
select lives_ok($$ select pg_temp.run_draft_batch_worker_job() $$, 'the command runs when both secrets are stored');
select results_eq(
  $$ select method, url, headers, convert_from(body, 'UTF8')::jsonb, timeout_milliseconds from net.http_request_queue $$,
  $$ values (
       'POST',
       'https://abcdefghijklmnopqrst.supabase.co/functions/v1/draft-batch-worker',
       '{"Content-Type": "application/json", "apikey": "sb_secret_FIXTURE-drafts-not-a-real-key"}'::jsonb,
       '{}'::jsonb,
       150000
     ) $$,
  'it posts {} to the function with its own secret key in apikey, waiting as long as a run may last'
);

delete from net.http_request_queue;
delete from vault.secrets where name = 'draft_batch_worker_secret_key';
select throws_ok(
  $$ select pg_temp.run_draft_batch_worker_job() $$,
  'P0002',
  'draft-batch-worker not called: Vault secret "draft_batch_worker_secret_key" is missing or empty. Create it once: select vault.create_secret(''<sb_secret_... key>'', ''draft_batch_worker_secret_key'');',
  'a missing secret key fails the run with a message that names the secret and how to create it'
);
select vault.create_secret('sb_secret_FIXTURE-drafts-not-a-real-key', 'draft_batch_worker_secret_key');
update vault.secrets set secret = '' where name = 'project_url';
select throws_ok(
  $$ select pg_temp.run_draft_batch_worker_job() $$,
  'P0002',
  'draft-batch-worker not called: Vault secret "project_url" is missing or empty. Create it once: select vault.create_secret(''https://<project-ref>.supabase.co'', ''project_url'');',
  'an empty project URL fails the run likewise'
);
select is_empty($$ select * from net.http_request_queue $$, 'nothing is sent without the secrets');

select ok(
  not has_function_privilege('anon', 'private.invoke_draft_batch_worker()', 'execute')
    and not has_function_privilege('authenticated', 'private.invoke_draft_batch_worker()', 'execute')
    and not has_function_privilege('service_role', 'private.invoke_draft_batch_worker()', 'execute'),
  'no API role can trigger the worker from the database'
);
select is(
  (select p.proconfig from pg_proc p where p.oid = 'private.invoke_draft_batch_worker()'::regprocedure),
  array['search_path=""'],
  'the function pins an empty search_path'
);

select * from finish();
rollback;
