-- Calls the publish-scheduled edge function every minute with pg_cron and
-- pg_net, where both extensions exist (hosted Supabase). Elsewhere (PGlite,
-- a plain PostgreSQL) the migration only raises a NOTICE; locally the
-- project's scheduler calls the function instead.
--
-- The job reads the project URL and the secret key from Vault at run time,
-- so no secret is stored in this file or in cron.job. Store them once per
-- project (SQL editor), with the project's own values:
--
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--   select vault.create_secret('<sb_secret_... key>', 'publish_scheduled_secret_key');
--
-- To change one later: select vault.update_secret(id, '<new value>') using the
-- id from vault.secrets where name = '...'.

do $migration$
begin
  if (select count(*) from pg_available_extensions where name in ('pg_cron', 'pg_net')) < 2 then
    raise notice 'pg_cron and/or pg_net are not available: publish-scheduled is not scheduled in this database';
    return;
  end if;

  begin
    create extension if not exists pg_cron;
    create extension if not exists pg_net;
  exception when others then
    -- e.g. pg_cron installed but not in shared_preload_libraries.
    raise warning 'pg_cron / pg_net could not be enabled (%): publish-scheduled is not scheduled', sqlerrm;
    return;
  end;

  -- Scheduling a job of the same name again replaces it.
  perform cron.schedule(
    'publish-scheduled',
    '* * * * *',
    $job$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
        || '/functions/v1/publish-scheduled',
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'publish_scheduled_secret_key'),
        'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'publish_scheduled_secret_key')
      ),
      body := '{}'::jsonb,
      timeout_milliseconds := 120000
    );
    $job$
  );
end;
$migration$;
