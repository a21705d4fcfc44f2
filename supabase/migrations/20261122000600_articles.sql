-- articles: the user's posts. scheduled_for is set exactly when the status is
-- scheduled; scheduled_site_ids names the connected site(s) a scheduled
-- article will be published to. wordpress_site_ids lists the sites it has
-- been published to (spec field).

create table public.articles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  title text not null check (length(title) between 1 and 500),
  content text not null default '',
  excerpt text not null default '',
  status text not null default 'draft' check (status in ('draft', 'scheduled', 'published')),
  featured_image_url text,
  meta_description text,
  focus_keyword text,
  slug text,
  categories text[] not null default '{}',
  tags text[] not null default '{}',
  assistant_id uuid references public.assistants (id) on delete set null,
  scheduled_for timestamptz,
  scheduled_site_ids uuid[] not null default '{}',
  wordpress_site_ids uuid[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint articles_scheduled_for_iff_scheduled
    check ((status = 'scheduled') = (scheduled_for is not null))
);

-- Dashboard counts and recent list, and the articles list (all or by status),
-- newest first.
create index articles_user_id_created_at_idx on public.articles (user_id, created_at desc);
create index articles_user_id_status_created_at_idx on public.articles (user_id, status, created_at desc);
-- The scheduler's scan for due articles.
create index articles_due_scheduled_idx on public.articles (scheduled_for) where status = 'scheduled';
create index articles_assistant_id_idx on public.articles (assistant_id);

create trigger articles_set_updated_at
  before update on public.articles
  for each row execute function public.set_updated_at();

alter table public.articles enable row level security;

revoke all on table public.articles from anon, authenticated;
grant select, delete on table public.articles to authenticated;
grant insert (
  user_id, title, content, excerpt, status, featured_image_url, meta_description, focus_keyword,
  slug, categories, tags, assistant_id, scheduled_for, scheduled_site_ids
) on table public.articles to authenticated;
grant update (
  title, content, excerpt, status, featured_image_url, meta_description, focus_keyword,
  slug, categories, tags, assistant_id, scheduled_for, scheduled_site_ids, updated_at
) on table public.articles to authenticated;
grant all on table public.articles to service_role;

create policy "Users can view their own articles"
  on public.articles for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "Users can create their own articles"
  on public.articles for insert to authenticated
  with check ((select auth.uid()) = user_id);

create policy "Users can update their own articles"
  on public.articles for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

create policy "Users can delete their own articles"
  on public.articles for delete to authenticated
  using ((select auth.uid()) = user_id);
