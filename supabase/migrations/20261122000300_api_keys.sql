-- api_keys: one row per user holding their AI-provider keys.
-- Security: the keys are write-only for the browser. Owners learn only
-- whether each key is set and its last four characters (api_key_status());
-- edge functions read the keys with the secret key.

create table public.api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users (id) on delete cascade,
  openai_key text check (openai_key is null or length(openai_key) between 8 and 512),
  falai_key text check (falai_key is null or length(falai_key) between 8 and 512),
  openai_key_last4 text generated always as (right(openai_key, 4)) stored,
  falai_key_last4 text generated always as (right(falai_key, 4)) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger api_keys_set_updated_at
  before update on public.api_keys
  for each row execute function public.set_updated_at();

alter table public.api_keys enable row level security;

-- No policy for authenticated: the browser can neither read nor write rows
-- directly (this holds even where a local stack grants every table to the API
-- roles). save_api_keys() and api_key_status() are its only interface.
revoke all on table public.api_keys from anon, authenticated;
grant all on table public.api_keys to service_role;

-- Upserts the caller's keys. A null argument keeps the stored key; an empty
-- string removes it. Runs as definer because the caller has no write grant
-- on the key columns; it only ever touches the caller's own row.
create function public.save_api_keys(openai_key text default null, falai_key text default null)
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
  insert into public.api_keys as stored (user_id, openai_key, falai_key)
  values (caller, nullif(btrim(save_api_keys.openai_key), ''), nullif(btrim(save_api_keys.falai_key), ''))
  on conflict (user_id) do update set
    openai_key = case
      when save_api_keys.openai_key is null then stored.openai_key
      else nullif(btrim(save_api_keys.openai_key), '') end,
    falai_key = case
      when save_api_keys.falai_key is null then stored.falai_key
      else nullif(btrim(save_api_keys.falai_key), '') end;
end;
$$;

revoke execute on function public.save_api_keys(text, text) from public, anon;
grant execute on function public.save_api_keys(text, text) to authenticated;

-- The caller's key status: last four characters of each stored key (null when
-- not set). Never returns a key.
create function public.api_key_status()
returns table (openai_key_last4 text, falai_key_last4 text, updated_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select k.openai_key_last4, k.falai_key_last4, k.updated_at
  from public.api_keys k
  where k.user_id = (select auth.uid());
$$;

revoke execute on function public.api_key_status() from public, anon;
grant execute on function public.api_key_status() to authenticated;
