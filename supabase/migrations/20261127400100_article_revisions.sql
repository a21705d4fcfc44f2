-- article_revisions: the text of an article as it was saved or drafted by
-- AI, so that its History can show earlier versions and restore one.
--
-- A revision holds the text and SEO fields (title, content, excerpt, meta
-- description, focus keyword, slug, categories, tags); status, schedule,
-- featured image and assistant are not versioned. `source` says where the
-- text came from:
--   manual   saved from the article forms;
--   ai       an AI draft exactly as the model wrote it (content sanitised),
--            recorded when the article it was generated for is saved;
--   restore  an earlier revision's text saved again; `restored_from` names
--            that revision while it is kept.
--
-- Written only by public.save_article() (20261127400200_save_article.sql:
-- the save-article edge function, secret key), in the same transaction as
-- the article, so no save lands
-- without its revision and no revision without its save. The API roles hold
-- no INSERT, UPDATE or DELETE: owners read their own revisions under RLS.
-- Revisions go with their article (on delete cascade), and only the newest
-- 50 of each article are kept (trigger below).
--
-- Ordering: `id` is an identity, so revisions written in one transaction
-- (an AI draft and the save after it) keep their order even where the clock
-- does not tell them apart; `created_at` is for display.

-- The composite key below ties a revision to an article of the same user.
alter table public.articles
  add constraint articles_user_id_id_key unique (user_id, id);

create table public.article_revisions (
  id bigint generated always as identity primary key,
  article_id uuid not null,
  user_id uuid not null,
  source text not null check (source in ('manual', 'ai', 'restore')),
  restored_from bigint,
  title text not null check (length(title) between 1 and 500),
  content text not null check (length(content) <= 250000),
  excerpt text not null default '' check (length(excerpt) <= 2000),
  meta_description text check (length(meta_description) <= 320),
  focus_keyword text check (length(focus_keyword) <= 100),
  slug text check (length(slug) <= 200),
  -- The lists' limits of 20261126000100_text_limits.sql.
  categories text[] not null default '{}' check (
    cardinality(categories) <= 20
    and array_position(categories, null) is null
    and array_position(categories, '') is null
    and array_to_string(categories, '') !~ '\n'
    and array_to_string(categories, E'\n') !~ '[^\n]{101}'
  ),
  tags text[] not null default '{}' check (
    cardinality(tags) <= 50
    and array_position(tags, null) is null
    and array_position(tags, '') is null
    and array_to_string(tags, '') !~ '\n'
    and array_to_string(tags, E'\n') !~ '[^\n]{101}'
  ),
  created_at timestamptz not null default clock_timestamp(),
  constraint article_revisions_article_fkey
    foreign key (user_id, article_id) references public.articles (user_id, id) on delete cascade,
  constraint article_revisions_article_id_id_key unique (article_id, id),
  -- A restore names a revision of the same article; the link is cleared when
  -- retention deletes that revision.
  constraint article_revisions_restored_from_fkey
    foreign key (article_id, restored_from) references public.article_revisions (article_id, id)
    on delete set null (restored_from),
  constraint article_revisions_restored_from_only_on_restore check (restored_from is null or source = 'restore')
);

-- The History list (an article's revisions, newest first, under the owner's
-- policy), retention, and the composite foreign key to articles.
create index article_revisions_user_id_article_id_id_idx
  on public.article_revisions (user_id, article_id, id desc);
create index article_revisions_restored_from_idx
  on public.article_revisions (article_id, restored_from) where restored_from is not null;

alter table public.article_revisions enable row level security;

revoke all on table public.article_revisions from anon, authenticated;
-- The identity's sequence too (where new sequences are granted to the API roles by default).
revoke all on sequence public.article_revisions_id_seq from anon, authenticated;
grant select on table public.article_revisions to authenticated;
grant select, insert, update, delete on table public.article_revisions to service_role;

create policy "Users can view the revisions of their own articles"
  on public.article_revisions for select to authenticated
  using ((select auth.uid()) = user_id);

-- Every article starts with its current text as its first revision.
insert into public.article_revisions (
  article_id, user_id, source, title, content, excerpt, meta_description, focus_keyword, slug, categories, tags,
  created_at
)
select a.id, a.user_id, 'manual', a.title, a.content, a.excerpt, a.meta_description, a.focus_keyword, a.slug,
       a.categories, a.tags, a.updated_at
from public.articles a
order by a.updated_at;

-- Retention: after each new revision, the article keeps its newest 50.
create function public.keep_latest_article_revisions()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  delete from public.article_revisions r
  where r.user_id = new.user_id
    and r.article_id = new.article_id
    and r.id <= (
      select k.id from public.article_revisions k
      where k.user_id = new.user_id and k.article_id = new.article_id
      order by k.id desc
      offset 50 limit 1
    );
  return null;
end;
$$;

revoke execute on function public.keep_latest_article_revisions() from public, anon, authenticated;

create trigger article_revisions_keep_latest
  after insert on public.article_revisions
  for each row execute function public.keep_latest_article_revisions();
