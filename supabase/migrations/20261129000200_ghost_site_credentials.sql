-- ghost_site_credentials: the Admin API key (`id:secret`, as Ghost Admin
-- shows it under Settings → Integrations) of each connected Ghost site. Kept
-- apart from wordpress_sites, exactly like wordpress_site_credentials, so it
-- is write-only for the browser: RLS is on with no policy for any API role,
-- and only service_role (edge functions, after authorising the caller) may
-- read or write it.

create table public.ghost_site_credentials (
  site_id uuid primary key references public.wordpress_sites (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  admin_api_key text not null
    constraint ghost_site_credentials_admin_api_key_check check (admin_api_key ~ '^[0-9a-f]{24}:[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index ghost_site_credentials_user_id_idx on public.ghost_site_credentials (user_id);

create trigger ghost_site_credentials_set_updated_at
  before update on public.ghost_site_credentials
  for each row execute function public.set_updated_at();

alter table public.ghost_site_credentials enable row level security;

revoke all on table public.ghost_site_credentials from anon, authenticated;
grant all on table public.ghost_site_credentials to service_role;
