-- ai_provider_settings: one row per user saying which OpenAI-compatible
-- service their text-generation key belongs to, and which of its models each
-- operation uses.
-- - provider: 'openai' (the default: the deployment's OPENAI_BASE_URL),
--   'openrouter', or 'custom' (any OpenAI-compatible server by base_url, e.g.
--   a local Ollama or LM Studio; edge functions reach it only through the
--   SSRF guard, private hosts only where the operator's PRIVATE_HOST_ALLOWLIST
--   allows them);
-- - drafting_model (assistants without a model of their own), keywords_model,
--   seo_model: null means the provider's default for that operation;
-- - models, models_fetched_at: the provider's model list (GET /models with the
--   user's key), cached by the ai-provider function; written with the secret
--   key only.
-- Security: the key itself stays in api_keys (write-only). A key belongs to
-- one provider: save_ai_provider() removes the stored text key when the
-- provider or base URL changes, so a key is never sent to a service it was
-- not made for (a mistyped base URL must not receive the user's OpenAI key).

create table public.ai_provider_settings (
  user_id uuid primary key references auth.users (id) on delete cascade,
  provider text not null default 'openai' check (provider in ('openai', 'openrouter', 'custom')),
  base_url text check (
    base_url is null
    or (length(base_url) <= 300 and base_url ~ '^https?://[^/@?#\s]+(/[^?#\s]*)?$')
  ),
  drafting_model text check (drafting_model ~ '^[A-Za-z0-9~][A-Za-z0-9._:/@+~-]{0,199}$'),
  keywords_model text check (keywords_model ~ '^[A-Za-z0-9~][A-Za-z0-9._:/@+~-]{0,199}$'),
  seo_model text check (seo_model ~ '^[A-Za-z0-9~][A-Za-z0-9._:/@+~-]{0,199}$'),
  models jsonb check (models is null or jsonb_typeof(models) = 'array'),
  models_fetched_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint ai_provider_settings_base_url_for_custom_only check ((provider = 'custom') = (base_url is not null))
);

create trigger ai_provider_settings_set_updated_at
  before update on public.ai_provider_settings
  for each row execute function public.set_updated_at();

alter table public.ai_provider_settings enable row level security;

-- The owner reads the row and picks models; provider and base_url change only
-- through save_ai_provider() (it removes the key with them), the model cache
-- only through the edge functions.
revoke all on table public.ai_provider_settings from anon, authenticated;
grant select on table public.ai_provider_settings to authenticated;
grant insert (user_id, drafting_model, keywords_model, seo_model) on table public.ai_provider_settings to authenticated;
grant update (drafting_model, keywords_model, seo_model) on table public.ai_provider_settings to authenticated;
grant all on table public.ai_provider_settings to service_role;

create policy "Users can view their own AI provider settings"
  on public.ai_provider_settings for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "Users can create their own AI provider settings"
  on public.ai_provider_settings for insert to authenticated
  with check ((select auth.uid()) = user_id);

create policy "Users can update their own AI provider settings"
  on public.ai_provider_settings for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

-- Chooses the caller's provider. base_url is trimmed (and loses a trailing
-- slash); it is required for 'custom' and refused otherwise (the table's
-- check). When the provider or base URL differs from what was stored (no row
-- counts as OpenAI), the stored text-generation key, the model choices
-- (embeddings included) and the cached model list are removed: they belonged
-- to the other service. Returns whether a stored key was removed.
create function public.save_ai_provider(provider text, base_url text default null)
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
    update public.api_keys k set openai_key = null where k.user_id = caller and k.openai_key is not null;
    key_removed := found;
  end if;
  return key_removed;
end;
$$;

revoke execute on function public.save_ai_provider(text, text) from public, anon;
grant execute on function public.save_ai_provider(text, text) to authenticated;
