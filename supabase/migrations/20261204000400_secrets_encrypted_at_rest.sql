-- Secrets encrypted at rest: the users' provider keys (api_keys), WordPress
-- application passwords and webhook secrets (wordpress_site_credentials) and
-- Ghost Admin API keys (ghost_site_credentials) are stored sealed, with
-- AES-256-GCM under a key the database never sees: the functions' secret
-- INKPRESS_SECRETS_KEY (supabase/functions/_shared/platform/secret_box.ts).
-- A sealed value reads `inkpress:v1:<key id>:<iv>:<ciphertext>`; what it
-- opens to is bound to its column and row.
--
-- This migration cannot seal the rows already stored (it has no key), so:
-- - a trigger on each table refuses a secret written in plain text (a
--   value set or changed that is not sealed); rows from before stay readable,
--   and an update that leaves an old plain value as it is goes through;
-- - the functions seal what they still find in plain text: every reader
--   seals a plain value it opens (system_access.ts), and the seal-secrets
--   function seals all of them at once (run it once after deploying, with
--   the secret key; docs/deploying.md). plain_text_secrets() counts what is
--   left: 0 everywhere means a database dump holds no secret in plain text;
-- - the plain-text limits (key and password lengths, the Admin API key's
--   shape) move to the functions' request schemas, which check a value
--   before it is sealed; the columns keep a bound on the sealed length.

-- The browser kept writing its provider keys through save_api_keys() in
-- plain text: that function is dropped, and keys are saved through the
-- save-api-keys edge function, which seals them. The last four characters the
-- Profile shows are written by that function beside the sealed key (they
-- were generated from the plain key; now they are plain columns).

alter table public.api_keys
  drop constraint api_keys_openai_key_check,
  drop constraint api_keys_falai_key_check;
alter table public.api_keys
  alter column openai_key_last4 drop expression,
  alter column falai_key_last4 drop expression;
alter table public.api_keys
  add constraint api_keys_openai_key_length check (length(openai_key) <= 1024),
  add constraint api_keys_falai_key_length check (length(falai_key) <= 1024),
  add constraint api_keys_last4_length check (length(openai_key_last4) <= 4 and length(falai_key_last4) <= 4);

drop function public.save_api_keys(text, text);

-- save_ai_provider() (20261202000200) removes the text key when the provider
-- changes; the last four characters are no longer generated from the key, so
-- it removes them too.
create or replace function public.save_ai_provider(provider text, base_url text default null)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  new_base_url text := nullif(rtrim(btrim(save_ai_provider.base_url), '/'), '');
  old_provider text;
  old_base_url text;
  key_removed boolean := false;
begin
  if caller is null then
    raise exception 'User not authenticated' using errcode = '28000';
  end if;
  select s.provider, s.base_url into old_provider, old_base_url
  from public.ai_provider_settings s where s.user_id = caller for update;

  insert into public.ai_provider_settings as stored (user_id, provider, base_url)
  values (caller, save_ai_provider.provider, new_base_url)
  on conflict (user_id) do update set provider = excluded.provider, base_url = excluded.base_url;

  if (coalesce(old_provider, 'openai'), old_base_url) is distinct from (save_ai_provider.provider, new_base_url) then
    update public.ai_provider_settings s
      set drafting_model = null, keywords_model = null, seo_model = null, models = null, models_fetched_at = null
      where s.user_id = caller;
    update public.profiles p set embeddings_model = null where p.id = caller;
    update public.api_keys k set openai_key = null, openai_key_last4 = null where k.user_id = caller and k.openai_key is not null;
    key_removed := found;
  end if;
  return key_removed;
end;
$$;


alter table public.wordpress_site_credentials
  drop constraint wordpress_site_credentials_application_password_check,
  drop constraint wordpress_site_credentials_webhook_secret_check,
  add constraint wordpress_site_credentials_application_password_length check (length(application_password) <= 1024),
  add constraint wordpress_site_credentials_webhook_secret_length check (length(webhook_secret) <= 1024);

alter table public.ghost_site_credentials
  drop constraint ghost_site_credentials_admin_api_key_check,
  add constraint ghost_site_credentials_admin_api_key_length check (length(admin_api_key) <= 1024);

-- Whether a stored value is sealed (the shape secret_box.ts writes).
create function public.is_sealed_secret(p_value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_value ~ '^inkpress:v1:[0-9a-f]{8}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$';
$$;

revoke all on function public.is_sealed_secret(text) from public, anon, authenticated, service_role;

-- Refuses a secret set or changed in plain text; the columns are the trigger's
-- arguments. Security definer only to call is_sealed_secret(), which no API
-- role may execute.
create function public.refuse_plain_text_secrets()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  secret_column text;
  new_value text;
  old_value text;
begin
  foreach secret_column in array tg_argv loop
    new_value := to_jsonb(new) ->> secret_column;
    old_value := case when tg_op = 'UPDATE' then to_jsonb(old) ->> secret_column end;
    if new_value is not null and new_value is distinct from old_value and not public.is_sealed_secret(new_value) then
      raise exception '%.% must be sealed by a function, never stored in plain text', tg_table_name, secret_column
        using errcode = '22023';
    end if;
  end loop;
  return new;
end;
$$;

revoke all on function public.refuse_plain_text_secrets() from public, anon, authenticated;

create trigger api_keys_refuse_plain_text
  before insert or update on public.api_keys
  for each row execute function public.refuse_plain_text_secrets('openai_key', 'falai_key');
create trigger wordpress_site_credentials_refuse_plain_text
  before insert or update on public.wordpress_site_credentials
  for each row execute function public.refuse_plain_text_secrets('application_password', 'webhook_secret');
create trigger ghost_site_credentials_refuse_plain_text
  before insert or update on public.ghost_site_credentials
  for each row execute function public.refuse_plain_text_secrets('admin_api_key');

-- How many stored secrets are still in plain text, per column (the seal-secrets
-- function's report, and the check before validating the constraints above).
create function public.plain_text_secrets()
returns table (secret_column text, plain_rows bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select 'api_keys.openai_key', count(*) from public.api_keys
    where openai_key is not null and not public.is_sealed_secret(openai_key)
  union all
  select 'api_keys.falai_key', count(*) from public.api_keys
    where falai_key is not null and not public.is_sealed_secret(falai_key)
  union all
  select 'wordpress_site_credentials.application_password', count(*) from public.wordpress_site_credentials
    where not public.is_sealed_secret(application_password)
  union all
  select 'wordpress_site_credentials.webhook_secret', count(*) from public.wordpress_site_credentials
    where webhook_secret is not null and not public.is_sealed_secret(webhook_secret)
  union all
  select 'ghost_site_credentials.admin_api_key', count(*) from public.ghost_site_credentials
    where not public.is_sealed_secret(admin_api_key);
$$;

revoke all on function public.plain_text_secrets() from public, anon, authenticated;
grant execute on function public.plain_text_secrets() to service_role;
