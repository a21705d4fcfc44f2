-- Secrets stored before 20261204000400_secrets_encrypted_at_rest.sql are
-- sealed without anyone remembering to run seal-secrets: a cron job (the
-- pattern of 20261128000700_draft_batch_worker_job.sql) calls the function
-- every ten minutes while public.plain_text_secrets() counts any plain text,
-- and sends nothing once everything is sealed. A migration cannot seal them
-- itself: the key lives in the functions' secrets, not in the database.
--
-- Store the secret once per project (SQL editor); project_url is shared with
-- the other jobs:
--
--   select vault.create_secret('<sb_secret_... key>', 'seal_secrets_secret_key');
--
-- A missing secret fails the run (cron.job_run_details) with a message that
-- says what to do, but only while there is plain text left to seal. Where
-- pg_cron or pg_net is missing (PGlite, a plain PostgreSQL) the migration
-- raises a NOTICE; there every function seals a secret when it reads one.

create function private.invoke_seal_secrets()
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  project_url text;
  secret_key text;
begin
  if not exists (select from public.plain_text_secrets() s where s.plain_rows > 0) then
    return null;
  end if;

  select nullif(btrim(s.decrypted_secret), '') into project_url
  from vault.decrypted_secrets s where s.name = 'project_url';
  select nullif(btrim(s.decrypted_secret), '') into secret_key
  from vault.decrypted_secrets s where s.name = 'seal_secrets_secret_key';

  if project_url is null then
    raise exception 'seal-secrets not called: Vault secret "project_url" is missing or empty. Create it once: select vault.create_secret(''https://<project-ref>.supabase.co'', ''project_url'');'
      using errcode = 'P0002';
  end if;
  if secret_key is null then
    raise exception 'seal-secrets not called: Vault secret "seal_secrets_secret_key" is missing or empty. Create it once: select vault.create_secret(''<sb_secret_... key>'', ''seal_secrets_secret_key'');'
      using errcode = 'P0002';
  end if;

  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/seal-secrets',
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'apikey', secret_key),
    timeout_milliseconds := 150000
  );
end;
$$;

-- Run by pg_cron as the job's owner (postgres); no API role may call it.
revoke all on function private.invoke_seal_secrets() from public, anon, authenticated, service_role;

do $migration$
begin
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    raise notice 'pg_net is not available: seal-secrets is not scheduled in this database';
    return;
  end if;
  if not exists (select from pg_extension where extname = 'pg_cron') then
    raise notice 'pg_cron is not enabled: seal-secrets is not scheduled in this database';
    return;
  end if;
  perform cron.schedule('seal-secrets', '*/10 * * * *', 'select private.invoke_seal_secrets()');
end;
$migration$;
