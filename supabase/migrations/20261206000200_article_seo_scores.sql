-- article_seo_scores: the editor's SEO score of an article (issue 25), shown
-- on the article cards and in bulk review without loading the article's
-- text. The browser computes it (web/src/features/seo) with the owner's
-- settings and stores it after a save, when an article is opened unchanged,
-- and in bulk review; it is the owner's own derived data, so the owner
-- writes it under RLS.
--
-- A score describes one version of the text: any change to the fields it is
-- computed from deletes it (trigger below), so a card never shows the score
-- of text that has since changed; it shows "not scored" until the article
-- is scored again.

create table public.article_seo_scores (
  article_id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  score smallint not null constraint article_seo_scores_score_range check (score between 0 and 100),
  scored_at timestamptz not null default now(),
  -- Only the owner's own articles: (user_id, article_id) must be an article of that user.
  constraint article_seo_scores_article_fkey
    foreign key (user_id, article_id) references public.articles (user_id, id) on delete cascade
);

-- The foreign key to articles, and the owner's scores.
create index article_seo_scores_user_id_article_id_idx on public.article_seo_scores (user_id, article_id);

alter table public.article_seo_scores enable row level security;

revoke all on table public.article_seo_scores from anon, authenticated;
grant select, delete on table public.article_seo_scores to authenticated;
-- Column grants (the schema keeps table-wide writes from the API roles); an
-- upsert through the REST API sets every column it sends.
grant insert (article_id, user_id, score, scored_at) on table public.article_seo_scores to authenticated;
grant update (article_id, user_id, score, scored_at) on table public.article_seo_scores to authenticated;
grant all on table public.article_seo_scores to service_role;

create policy "Users can view the scores of their own articles"
  on public.article_seo_scores for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "Users can score their own articles"
  on public.article_seo_scores for insert to authenticated
  with check ((select auth.uid()) = user_id);

create policy "Users can rescore their own articles"
  on public.article_seo_scores for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

create policy "Users can delete the scores of their own articles"
  on public.article_seo_scores for delete to authenticated
  using ((select auth.uid()) = user_id);

-- The score of text that changed is forgotten. Security definer: whoever
-- changed the article (its owner, or a function with the secret key), the
-- stale score goes; it touches only the changed article's row.
create function public.forget_stale_article_seo_score()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.article_seo_scores where article_id = new.id;
  return null;
end;
$$;

revoke execute on function public.forget_stale_article_seo_score() from public, anon, authenticated;

create trigger articles_forget_stale_seo_score
  after update of title, content, meta_description, focus_keyword, slug on public.articles
  for each row
  when (
    (old.title, old.content, old.meta_description, old.focus_keyword, old.slug)
      is distinct from (new.title, new.content, new.meta_description, new.focus_keyword, new.slug)
  )
  execute function public.forget_stale_article_seo_score();
