-- publications: one row per (article, site) pair with the remote post, so
-- re-publishing updates the same WordPress post. Written only by edge
-- functions (secret key); owners may read their own.

create table public.publications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  article_id uuid not null references public.articles (id) on delete cascade,
  site_id uuid not null references public.wordpress_sites (id) on delete cascade,
  remote_post_id bigint,
  link text,
  status text not null default 'pending' check (status in ('pending', 'draft', 'publish', 'failed')),
  published_at timestamptz,
  last_error text,
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (article_id, site_id)
);

create index publications_user_id_idx on public.publications (user_id);
create index publications_site_id_idx on public.publications (site_id);

create trigger publications_set_updated_at
  before update on public.publications
  for each row execute function public.set_updated_at();

alter table public.publications enable row level security;

revoke all on table public.publications from anon, authenticated;
grant select on table public.publications to authenticated;
grant all on table public.publications to service_role;

create policy "Users can view their own publications"
  on public.publications for select to authenticated
  using ((select auth.uid()) = user_id);
