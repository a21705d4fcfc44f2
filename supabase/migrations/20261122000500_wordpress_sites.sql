-- wordpress_sites: the user's connected WordPress sites. Sites are created by
-- an edge function after a successful connection test, so the browser has no
-- insert grant. The credentials live in wordpress_site_credentials.

create table public.wordpress_sites (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null check (length(name) between 1 and 200),
  site_url text not null check (site_url ~* '^https?://'),
  username text not null check (length(username) between 1 and 200),
  base_url text not null check (base_url ~* '^https?://'),
  seo_plugin text check (seo_plugin in ('yoast', 'rank_math')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index wordpress_sites_user_id_created_at_idx on public.wordpress_sites (user_id, created_at desc);

create trigger wordpress_sites_set_updated_at
  before update on public.wordpress_sites
  for each row execute function public.set_updated_at();

alter table public.wordpress_sites enable row level security;

revoke all on table public.wordpress_sites from anon, authenticated;
grant select on table public.wordpress_sites to authenticated;
grant update (name) on table public.wordpress_sites to authenticated;
grant delete on table public.wordpress_sites to authenticated;
grant all on table public.wordpress_sites to service_role;

create policy "Users can view their own sites"
  on public.wordpress_sites for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "Users can rename their own sites"
  on public.wordpress_sites for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

create policy "Users can remove their own sites"
  on public.wordpress_sites for delete to authenticated
  using ((select auth.uid()) = user_id);
