-- keyword_data_providers: the user's keyword-data provider account (issue
-- 25), DataForSEO first: its API login and password, and the location and
-- language keyword data is asked for. One row per user.
--
-- Security: the credentials are account-wide (they spend the user's
-- DataForSEO balance), so they are write-only for the browser, like the AI
-- keys (20261122000300_api_keys.sql): the owner learns only the last four
-- characters of each (keyword_data_provider_status()); the keyword-data
-- edge function reads them with the secret key. Location and language are
-- not secret and come back whole.

create table public.keyword_data_providers (
  user_id uuid primary key references auth.users (id) on delete cascade,
  provider text not null constraint keyword_data_providers_provider_known check (provider in ('dataforseo')),
  login text not null constraint keyword_data_providers_login_length check (length(login) between 1 and 200),
  password text not null constraint keyword_data_providers_password_length check (length(password) between 1 and 200),
  -- DataForSEO location codes (2840 United States) and language codes ("en", "zh-TW").
  location_code integer not null default 2840
    constraint keyword_data_providers_location_code_range check (location_code between 1 and 99999999),
  language_code text not null default 'en'
    constraint keyword_data_providers_language_code_form check (language_code ~ '^[a-z]{2,3}(-[A-Za-z]{2,4})?$'),
  login_last4 text generated always as (right(login, 4)) stored,
  password_last4 text generated always as (right(password, 4)) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger keyword_data_providers_set_updated_at
  before update on public.keyword_data_providers
  for each row execute function public.set_updated_at();

alter table public.keyword_data_providers enable row level security;

-- No policy for any API role: the functions below are the browser's only interface.
revoke all on table public.keyword_data_providers from anon, authenticated;
grant all on table public.keyword_data_providers to service_role;

-- Stores the caller's provider account. A null argument keeps the stored
-- value; a new account needs a login and a password. Runs as definer
-- because the caller has no grant on the table; it only ever touches the
-- caller's own row.
create function public.save_keyword_data_provider(
  provider text,
  login text default null,
  password text default null,
  location_code integer default null,
  language_code text default null
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    raise exception 'User not authenticated' using errcode = '28000';
  end if;
  update public.keyword_data_providers as stored set
    provider = save_keyword_data_provider.provider,
    login = coalesce(nullif(btrim(save_keyword_data_provider.login), ''), stored.login),
    password = coalesce(nullif(btrim(save_keyword_data_provider.password), ''), stored.password),
    location_code = coalesce(save_keyword_data_provider.location_code, stored.location_code),
    language_code = coalesce(save_keyword_data_provider.language_code, stored.language_code)
  where stored.user_id = caller;
  if found then
    return;
  end if;
  if nullif(btrim(save_keyword_data_provider.login), '') is null
     or nullif(btrim(save_keyword_data_provider.password), '') is null then
    raise exception 'The provider''s login and password are required' using errcode = '22023';
  end if;
  insert into public.keyword_data_providers (user_id, provider, login, password, location_code, language_code)
  values (
    caller,
    save_keyword_data_provider.provider,
    btrim(save_keyword_data_provider.login),
    btrim(save_keyword_data_provider.password),
    coalesce(save_keyword_data_provider.location_code, 2840),
    coalesce(save_keyword_data_provider.language_code, 'en')
  );
end;
$$;

revoke execute on function public.save_keyword_data_provider(text, text, text, integer, text) from public, anon;
grant execute on function public.save_keyword_data_provider(text, text, text, integer, text) to authenticated;

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
