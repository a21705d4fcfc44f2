-- site_content: the content index of each connected WordPress site, one row
-- per published post or page (title, URL, excerpt, categories, tags, when
-- WordPress last modified it). It is what internal links are chosen from:
-- drafting offers the most relevant entries to the model, the editor
-- suggests links to them, and publishing checks links against them.
--
-- Written only by edge functions (the sync of sync-site-content through
-- record_site_content_sync(), and the trigger that adds an article when it
-- is published); the owner may read their own rows. article_id names the
-- user's own article when the entry is one of their publications.
--
-- search_vector: the English lexemes of the title (weight A), the category
-- and tag names (B) and the excerpt (C), kept by a trigger (a generated
-- column cannot join the arrays: array_to_string is not immutable), with a
-- GIN index for internal_link_targets().

-- A site's entries belong to the site's owner: (user_id, site_id) references
-- the site, so no row can pair one user with another user's site.
alter table public.wordpress_sites
  add constraint wordpress_sites_user_id_id_key unique (user_id, id);

create table public.site_content (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  site_id uuid not null,
  remote_type text not null check (remote_type in ('post', 'page')),
  remote_id bigint not null check (remote_id > 0),
  article_id uuid references public.articles (id) on delete set null,
  url text not null check (url ~* '^https?://' and length(url) <= 2048),
  title text not null check (length(title) <= 500),
  excerpt text not null default '' check (length(excerpt) <= 2000),
  categories text[] not null default '{}' check (
    cardinality(categories) <= 20 and array_position(categories, null) is null
    and array_to_string(categories, E'\n') !~ '[^\n]{101}'
  ),
  tags text[] not null default '{}' check (
    cardinality(tags) <= 50 and array_position(tags, null) is null
    and array_to_string(tags, E'\n') !~ '[^\n]{101}'
  ),
  modified_at timestamptz not null,
  search_vector tsvector not null default ''::tsvector,
  synced_at timestamptz not null default now(),
  constraint site_content_user_id_site_id_fkey
    foreign key (user_id, site_id) references public.wordpress_sites (user_id, id) on delete cascade,
  constraint site_content_site_id_remote_key unique (site_id, remote_type, remote_id)
);

-- The owner's entries (RLS, ranking, the foreign key); a site's entries
-- through the unique key; an article's through its own index.
create index site_content_user_id_site_id_idx on public.site_content (user_id, site_id);
create index site_content_article_id_idx on public.site_content (article_id) where article_id is not null;
-- Publishing checks links by URL within a site.
create index site_content_site_id_url_idx on public.site_content (site_id, url);
create index site_content_search_vector_idx on public.site_content using gin (search_vector);

create function public.set_site_content_search_vector()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.search_vector :=
    pg_catalog.setweight(pg_catalog.to_tsvector('english'::pg_catalog.regconfig, new.title), 'A')
    || pg_catalog.setweight(
      pg_catalog.to_tsvector(
        'english'::pg_catalog.regconfig,
        pg_catalog.array_to_string(new.categories || new.tags, ' ')
      ),
      'B'
    )
    || pg_catalog.setweight(pg_catalog.to_tsvector('english'::pg_catalog.regconfig, new.excerpt), 'C');
  return new;
end;
$$;

revoke execute on function public.set_site_content_search_vector() from public, anon, authenticated;

create trigger site_content_set_search_vector
  before insert or update of title, excerpt, categories, tags on public.site_content
  for each row execute function public.set_site_content_search_vector();

alter table public.site_content enable row level security;

revoke all on table public.site_content from anon, authenticated;
grant select on table public.site_content to authenticated;
grant all on table public.site_content to service_role;

create policy "Users can view their own sites' content"
  on public.site_content for select to authenticated
  using ((select auth.uid()) = user_id);
