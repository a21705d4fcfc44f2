-- keyword_data_providers: the user's keyword-data provider account (issue
-- 25), DataForSEO first: its API login and password, and the location and
-- language keyword data is asked for. One row per user.
--
-- Security: the credentials are account-wide (they spend the user's
-- DataForSEO balance), so they are write-only for the browser, like the AI
-- keys (20261122000300_api_keys.sql): the owner learns only the last four
-- characters of each (keyword_data_provider_status()). The password is a
-- stored secret, sealed at rest like the others (20261204000400): the
-- keyword-data edge function seals it (its `save` action, with
-- INKPRESS_SECRETS_KEY: _shared/platform/secret_box.ts) and writes its last
-- four characters beside it, and opens it with the secret key; the table
-- refuses a password written in plain text. The login is the account's
-- e-mail address, not a secret. Location and language are not secret and
-- come back whole.

create table public.keyword_data_providers (
  user_id uuid primary key references auth.users (id) on delete cascade,
  provider text not null constraint keyword_data_providers_provider_known check (provider in ('dataforseo')),
  login text not null constraint keyword_data_providers_login_length check (length(login) between 1 and 200),
  -- Sealed (`inkpress:v1:…`); the plain password's limits are the save request's (contracts/keyword_data.ts).
  password text not null constraint keyword_data_providers_password_length check (length(password) <= 1024),
  -- DataForSEO location codes (2840 United States) and language codes ("en", "zh-TW").
  location_code integer not null default 2840
    constraint keyword_data_providers_location_code_range check (location_code between 1 and 99999999),
  language_code text not null default 'en'
    constraint keyword_data_providers_language_code_form check (language_code ~ '^[a-z]{2,3}(-[A-Za-z]{2,4})?$'),
  login_last4 text generated always as (right(login, 4)) stored,
  -- Written by the function that seals the password, from the plain one.
  password_last4 text constraint keyword_data_providers_password_last4_length check (length(password_last4) <= 4),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger keyword_data_providers_set_updated_at
  before update on public.keyword_data_providers
  for each row execute function public.set_updated_at();

alter table public.keyword_data_providers enable row level security;

-- No policy for any API role: the functions below and the keyword-data edge
-- function are the browser's only interface.
revoke all on table public.keyword_data_providers from anon, authenticated;
grant all on table public.keyword_data_providers to service_role;

-- The password is sealed by a function, never stored in plain text (the
-- trigger function of 20261204000400).
create trigger keyword_data_providers_refuse_plain_text
  before insert or update on public.keyword_data_providers
  for each row execute function public.refuse_plain_text_secrets('password');

-- plain_text_secrets() (20261204000400) counts this column too: its body
-- there, with keyword_data_providers.password added.
create or replace function public.plain_text_secrets()
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
    where not public.is_sealed_secret(admin_api_key)
  union all
  select 'keyword_data_providers.password', count(*) from public.keyword_data_providers
    where not public.is_sealed_secret(password);
$$;

revoke all on function public.plain_text_secrets() from public, anon, authenticated;
grant execute on function public.plain_text_secrets() to service_role;

-- Removes the caller's provider account (keyword research goes back to AI estimates).
create function public.remove_keyword_data_provider()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.keyword_data_providers where user_id = (select auth.uid());
$$;

revoke execute on function public.remove_keyword_data_provider() from public, anon;
grant execute on function public.remove_keyword_data_provider() to authenticated;

-- What the browser may know of the caller's provider account: never the credentials.
create function public.keyword_data_provider_status()
returns table (
  provider text,
  login_last4 text,
  password_last4 text,
  location_code integer,
  language_code text,
  updated_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select k.provider, k.login_last4, k.password_last4, k.location_code, k.language_code, k.updated_at
  from public.keyword_data_providers k
  where k.user_id = (select auth.uid());
$$;

revoke execute on function public.keyword_data_provider_status() from public, anon;
grant execute on function public.keyword_data_provider_status() to authenticated;
