-- The draft-batch-worker cron job, as hosted Supabase needs it (the twin of
-- publish-scheduled's, migration 20261124000100_publish_scheduled_job.sql).
--
-- Every minute pg_cron runs private.invoke_draft_batch_worker(), which reads
-- the project URL and a secret key from Vault at run time (no secret in this
-- file or in cron.job) and posts `{}` to the function with the key in the
-- `apikey` header only. A missing secret raises an exception, so the run is
-- `failed` in cron.job_run_details with a message that says what to do.
--
-- A worker run drafts for at most about two minutes (it stops taking jobs
-- early enough to finish within the Edge Runtime's 150 s wall clock), so runs
-- may overlap by a minute: claim_draft_jobs() keeps each user's live claims
-- within the per-user limit across all of them.
--
-- Store the secrets once per project (SQL editor), with the project's values;
-- project_url is shared with the publish-scheduled job:
--
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--   select vault.create_secret('<sb_secret_... key>', 'draft_batch_worker_secret_key');
--
-- Where pg_cron or pg_net is missing (PGlite, a plain PostgreSQL) the
-- migration raises a NOTICE and the project's local scheduler calls the
-- function instead.

create function private.invoke_draft_batch_worker()
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  project_url text;
  secret_key text;
begin
  select nullif(btrim(s.decrypted_secret), '') into project_url
  from vault.decrypted_secrets s where s.name = 'project_url';
  select nullif(btrim(s.decrypted_secret), '') into secret_key
  from vault.decrypted_secrets s where s.name = 'draft_batch_worker_secret_key';

  if project_url is null then
    raise exception 'draft-batch-worker not called: Vault secret "project_url" is missing or empty. Create it once: select vault.create_secret(''https://<project-ref>.supabase.co'', ''project_url'');'
      using errcode = 'P0002';
  end if;
  if secret_key is null then
    raise exception 'draft-batch-worker not called: Vault secret "draft_batch_worker_secret_key" is missing or empty. Create it once: select vault.create_secret(''<sb_secret_... key>'', ''draft_batch_worker_secret_key'');'
      using errcode = 'P0002';
  end if;

  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/draft-batch-worker',
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'apikey', secret_key),
    timeout_milliseconds := 150000
  );
end;
$$;

-- Run by pg_cron as the job's owner (postgres); no API role may call it.
revoke all on function private.invoke_draft_batch_worker() from public, anon, authenticated, service_role;

do $migration$
begin
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    raise notice 'pg_net is not available: draft-batch-worker is not scheduled in this database';
    return;
  end if;
  if not exists (select from pg_extension where extname = 'pg_cron') then
    raise notice 'pg_cron is not enabled: draft-batch-worker is not scheduled in this database';
    return;
  end if;
  -- Scheduling a job of the same name again replaces it.
  perform cron.schedule('draft-batch-worker', '* * * * *', 'select private.invoke_draft_batch_worker()');
end;
$migration$;
