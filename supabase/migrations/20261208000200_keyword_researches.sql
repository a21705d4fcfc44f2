-- keyword_researches: the user's keyword research history (issue 21: results
-- vanished on reload). Each research the user ran, with the keywords and
-- notes they saw, to list, reopen and delete on Keyword Phrases. What the
-- user ran and saw, kept apart from any provider's response cache.
--
-- Written by the browser as the user (RLS: their own rows only), after the
-- `keywords` function answered; never changed afterwards (no UPDATE).
-- `source` says where the figures came from ('ai' for AI estimates; other
-- keyword-data providers name themselves). The sizes are bounded so a row
-- stays a research, not a store: 200 keywords, 50 notes, 256 kB in all.

create table public.keyword_researches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  topic text not null constraint keyword_researches_topic_length check (length(btrim(topic)) between 1 and 200),
  source text not null default 'ai' constraint keyword_researches_source_length check (length(source) between 1 and 50),
  keywords jsonb not null constraint keyword_researches_keywords_shape check (
    jsonb_typeof(keywords) = 'array' and jsonb_array_length(keywords) <= 200
  ),
  notes jsonb not null default '[]' constraint keyword_researches_notes_shape check (
    jsonb_typeof(notes) = 'array' and jsonb_array_length(notes) <= 50
  ),
  created_at timestamptz not null default now(),
  constraint keyword_researches_size check (octet_length(keywords::text) + octet_length(notes::text) <= 262144)
);

-- The history: the user's researches, newest first.
create index keyword_researches_user_id_created_at_idx on public.keyword_researches (user_id, created_at desc);

alter table public.keyword_researches enable row level security;

revoke all on table public.keyword_researches from anon, authenticated;
grant select, delete on table public.keyword_researches to authenticated;
grant insert (topic, source, keywords, notes) on table public.keyword_researches to authenticated;
grant all on table public.keyword_researches to service_role;

create policy "Users can view their own keyword researches"
  on public.keyword_researches for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "Users can save their own keyword researches"
  on public.keyword_researches for insert to authenticated
  with check ((select auth.uid()) = user_id);

create policy "Users can delete their own keyword researches"
  on public.keyword_researches for delete to authenticated
  using ((select auth.uid()) = user_id);
