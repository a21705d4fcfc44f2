-- The publish-scheduled cron job as hosted Supabase needs it. Replaces the job
-- of 20261122002100_publish_scheduled_cron.sql, which sent the secret key as
-- `Authorization: Bearer` (not a JWT: the Edge Runtime refuses it there) and
-- posted to a null URL every minute, unnoticed, when a Vault secret was missing.
--
-- private.invoke_publish_scheduled() is the job's whole command. It reads the
-- project URL and the secret key from Vault at run time (no secret in this
-- file or in cron.job) and posts `{}` with the key in the `apikey` header
-- only, as the platform's API gateway expects an `sb_secret_…` key. When a
-- secret is missing it raises an exception rather than a warning: pg_cron then
-- records the run as `failed` with that message in cron.job_run_details
-- (Dashboard → Integrations → Cron → History) and the Postgres logs carry it,
-- where a warning would leave every run marked `succeeded`.
--
-- Store the secrets once per project (SQL editor), with the project's values:
--
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--   select vault.create_secret('<sb_secret_... key>', 'publish_scheduled_secret_key');
--
-- The job is scheduled where pg_cron can be enabled and net.http_post exists
-- (hosted: pg_net, created here in the `extensions` schema). Elsewhere (PGlite,
-- a plain PostgreSQL) the migration raises a NOTICE and the project's local
-- scheduler calls the function instead.

create schema if not exists private;
revoke all on schema private from public;

create function private.invoke_publish_scheduled()
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
  from vault.decrypted_secrets s where s.name = 'publish_scheduled_secret_key';

  if project_url is null then
    raise exception 'publish-scheduled not called: Vault secret "project_url" is missing or empty. Create it once: select vault.create_secret(''https://<project-ref>.supabase.co'', ''project_url'');'
      using errcode = 'P0002';
  end if;
  if secret_key is null then
    raise exception 'publish-scheduled not called: Vault secret "publish_scheduled_secret_key" is missing or empty. Create it once: select vault.create_secret(''<sb_secret_... key>'', ''publish_scheduled_secret_key'');'
      using errcode = 'P0002';
  end if;

  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/publish-scheduled',
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'apikey', secret_key),
    timeout_milliseconds := 120000
  );
end;
$$;

-- Run by pg_cron as the job's owner (postgres); no API role may call it.
revoke all on function private.invoke_publish_scheduled() from public, anon, authenticated, service_role;

do $migration$
begin
  if exists (select from pg_available_extensions where name = 'pg_net') then
    -- The earlier migration created pg_net without a schema, so it landed in
    -- public (flagged by the Security Advisor); pg_net is not relocatable, so
    -- it is re-created in `extensions`. Its functions stay in schema `net`.
    if exists (
      select from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_net' and n.nspname = 'public'
    ) then
      begin
        drop extension pg_net;
      exception when others then
        raise warning 'pg_net is installed in schema public and could not be moved to extensions (%)', sqlerrm;
      end;
    end if;
    create extension if not exists pg_net with schema extensions;
  end if;

  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    raise notice 'pg_net is not available: publish-scheduled is not scheduled in this database';
    return;
  end if;
  if not exists (select from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available: publish-scheduled is not scheduled in this database';
    return;
  end if;

  begin
    create extension if not exists pg_cron with schema pg_catalog;
  exception when others then
    -- e.g. pg_cron installed but not in shared_preload_libraries.
    raise warning 'pg_cron could not be enabled (%): publish-scheduled is not scheduled', sqlerrm;
    return;
  end;

  -- Scheduling a job of the same name again replaces it.
  perform cron.schedule('publish-scheduled', '* * * * *', 'select private.invoke_publish_scheduled()');
end;
$migration$;
