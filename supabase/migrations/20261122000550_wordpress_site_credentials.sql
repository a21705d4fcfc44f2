-- wordpress_site_credentials: the application password and webhook secret of
-- each connected site, kept apart from wordpress_sites so that they are
-- write-only for the browser: RLS is on with no policy for any API role but
-- service_role, which edge functions use after authorising the caller.

create table public.wordpress_site_credentials (
  site_id uuid primary key references public.wordpress_sites (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  application_password text not null check (length(application_password) between 1 and 200),
  webhook_secret text check (webhook_secret is null or length(webhook_secret) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index wordpress_site_credentials_user_id_idx on public.wordpress_site_credentials (user_id);

create trigger wordpress_site_credentials_set_updated_at
  before update on public.wordpress_site_credentials
  for each row execute function public.set_updated_at();

alter table public.wordpress_site_credentials enable row level security;

revoke all on table public.wordpress_site_credentials from anon, authenticated;
grant all on table public.wordpress_site_credentials to service_role;
