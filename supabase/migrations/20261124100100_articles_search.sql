-- Full-text search over an article's title, excerpt and content.
--
-- search_vector is a stored generated column with a GIN index: the English
-- lexemes of title, excerpt and content (the default parser drops HTML tags
-- and entities), plus one lexeme naming the owner, '~<user_id>'. Partial words
-- match by prefix: article_search_query() turns each word the user typed into
-- its English lexeme with `:*`, so "compo" finds "compost" and "gardening"
-- finds "gardens". pg_trgm would also match inside words, but the local
-- backend's PGlite loads only isn, ltree, file_fdw and pgcrypto, so the prefix
-- query is what works on both the local backend and hosted Supabase.
--
-- Why the owner lexeme and matching_article_ids(): under RLS every query on
-- articles carries `user_id = auth.uid()`, and the planner then prefers the
-- user_id indexes and tests `search_vector @@ query` row by row, which
-- detoasts every article's vector (measured: 0.4–3 s for a user with 10,000
-- articles); its cost model does not see detoasting. The GIN index answers
-- the same question without touching other rows when the query also names the
-- owner: `words & '~<uid>'` intersects the word's posting list with the
-- owner's. matching_article_ids() runs that query without RLS (security
-- definer, so no user_id condition competes with the GIN index) and returns
-- only the caller's ids; list_articles() and count_articles() join them back
-- to articles as the caller, under RLS.

alter table public.articles
  add column search_vector tsvector
  generated always as (
    to_tsvector('english'::regconfig, title || ' ' || excerpt || ' ' || content)
      || array_to_tsvector(array['~' || user_id::text])
  ) stored;

create index articles_search_vector_idx on public.articles using gin (search_vector);

-- The words of `search` as a prefix query ('compost':* & 'bin':*), or null when
-- it holds no searchable word (empty, punctuation or only stop words). Built
-- from lexemes, never parsed from the user's text, so no input is a tsquery
-- syntax error; the parser never yields a lexeme starting with '~', so no
-- search reaches an owner lexeme.
create function public.article_search_query(search text)
returns tsquery
language sql
immutable
parallel safe
set search_path = ''
as $$
  select pg_catalog.string_agg(
      '''' || pg_catalog.replace(pg_catalog.replace(word.lexeme, '\', '\\'), '''', '''''') || ''':*',
      ' & '
    )::pg_catalog.tsquery
  from pg_catalog.unnest(pg_catalog.to_tsvector('english'::pg_catalog.regconfig, coalesce(search, ''))) as word
$$;

-- The ids of the caller's articles whose title, excerpt or content match
-- `search` (none when it holds no searchable word, or for anon). Security
-- definer: it reads articles without RLS, and scopes the rows itself twice,
-- by the owner lexeme (through the GIN index) and by user_id. That check is
-- written as a text comparison on purpose: a filter on the few rows the index
-- returned, never an index condition that would draw the planner to the
-- user_id indexes.
create function public.matching_article_ids(search text)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select a.id
  from public.articles a
  where a.search_vector @@ (
      public.article_search_query(search) && ('''~' || (select auth.uid())::text || '''')::pg_catalog.tsquery
    )
    and a.user_id::text = (select auth.uid())::text
$$;

revoke execute on function public.article_search_query(text) from public, anon;
revoke execute on function public.matching_article_ids(text) from public, anon;
grant execute on function public.article_search_query(text) to authenticated, service_role;
grant execute on function public.matching_article_ids(text) to authenticated, service_role;
