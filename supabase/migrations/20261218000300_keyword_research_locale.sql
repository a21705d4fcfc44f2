-- A saved keyword research records its language (issue 26): the Language the
-- user chose for the AI estimates (null: none chosen, the topic's own), so
-- reopening it shows what it was asked in, and "Write article" from one of
-- its keywords opens Create in that language. Row-level security unchanged;
-- the owner writes it with the research's other columns.

alter table public.keyword_researches
  add column locale public.locale_tag;

grant insert (locale) on table public.keyword_researches to authenticated;
