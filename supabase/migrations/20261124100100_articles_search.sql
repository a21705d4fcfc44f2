-- Full-text search over an article's title, excerpt and content.
--
-- search_vector is a stored generated column (English stemming; the default
-- parser drops HTML tags and entities) with a GIN index. Partial words are
-- matched by prefix: article_search_query() turns each word the user typed
-- into its English lexeme with `:*`, so "compo" finds "compost" and
-- "gardening" finds "gardens". pg_trgm would also match inside words, but the
-- local backend's PGlite loads only isn, ltree, file_fdw and pgcrypto, so the
-- prefix query is what works on both the local backend and hosted Supabase.

alter table public.articles
  add column search_vector tsvector
  generated always as (to_tsvector('english'::regconfig, title || ' ' || excerpt || ' ' || content)) stored;

create index articles_search_vector_idx on public.articles using gin (search_vector);

-- The words of `search` as a prefix query ('compost':* & 'bin':*), or null when
-- it holds no searchable word (empty, punctuation or only stop words). Built
-- from lexemes, never parsed from the user's text, so no input is a tsquery
-- syntax error.
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

revoke execute on function public.article_search_query(text) from public, anon;
grant execute on function public.article_search_query(text) to authenticated, service_role;
