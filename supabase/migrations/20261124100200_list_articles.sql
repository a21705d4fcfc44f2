-- The articles list, one page at a time: list_articles() and count_articles().
--
-- Both are SECURITY INVOKER: they run as the caller, so the articles policies
-- apply (a user only ever sees their own articles; anon cannot call them). They
-- build their statement from fixed fragments chosen by validated arguments and
-- pass every value as a bind parameter, so each call is planned for the
-- filters it actually has (no "x is null or ..." predicates defeating the
-- indexes). A search keeps the articles whose ids matching_article_ids()
-- returns (the GIN index; see 20261124100100_articles_search.sql).
--
-- list_articles(status_filter, search, sort, cursor_key, cursor_id, before_cursor, page_size)
--   At most page_size (1..100) rows with only what a card shows (never the
--   content), in the order of `sort`:
--     newest  created_at desc, id desc     oldest  created_at asc, id asc
--     updated updated_at desc, id desc     title   title asc, id asc
--   Keyset pagination: sort_key is the row's sort key as text; a cursor is
--   (sort_key, id) of a row. With a cursor the page holds the rows after it
--   in that order, or with before_cursor the rows just before it (returned in
--   the same display order). The callers ask for one row more than they show
--   to learn whether another page follows.
--
-- count_articles(status_filter, search)
--   How many articles match the same filter and search.

create function public.list_articles(
  status_filter text default null,
  search text default null,
  sort text default 'newest',
  cursor_key text default null,
  cursor_id uuid default null,
  before_cursor boolean default false,
  page_size integer default 20
)
returns table (
  id uuid,
  title text,
  excerpt text,
  status text,
  featured_image_url text,
  categories text[],
  tags text[],
  created_at timestamptz,
  updated_at timestamptz,
  sort_key text
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  searching boolean := public.article_search_query(search) is not null;
  key_column text;
  key_type text;
  descending boolean;
  scan_descending boolean;
  conditions text[] := array['true'];
  page_statement text;
begin
  if page_size is null or page_size < 1 or page_size > 100 then
    raise exception 'page_size must be between 1 and 100' using errcode = '22023';
  end if;
  if status_filter is not null and status_filter not in ('draft', 'scheduled', 'published') then
    raise exception 'status_filter must be draft, scheduled or published' using errcode = '22023';
  end if;
  if (cursor_key is null) <> (cursor_id is null) then
    raise exception 'cursor_key and cursor_id must be given together' using errcode = '22023';
  end if;
  case sort
    when 'newest' then key_column := 'created_at'; key_type := 'timestamptz'; descending := true;
    when 'oldest' then key_column := 'created_at'; key_type := 'timestamptz'; descending := false;
    when 'updated' then key_column := 'updated_at'; key_type := 'timestamptz'; descending := true;
    when 'title' then key_column := 'title'; key_type := 'text'; descending := false;
    else raise exception 'sort must be newest, oldest, updated or title' using errcode = '22023';
  end case;
  -- The page before a cursor is read walking backwards from it, then put back in display order.
  scan_descending := descending <> coalesce(before_cursor, false);

  if status_filter is not null then
    conditions := conditions || 'a.status = $1'::text;
  end if;
  if searching then
    conditions := conditions || 'a.id in (select public.matching_article_ids($2))'::text;
  end if;
  if cursor_key is not null then
    conditions := conditions || pg_catalog.format(
      '(a.%I, a.id) %s ($3::pg_catalog.%s, $4)', key_column, case when scan_descending then '<' else '>' end, key_type
    );
  end if;

  page_statement := pg_catalog.format(
    'select a.id, a.title, a.excerpt, a.status, a.featured_image_url, a.categories, a.tags, a.created_at,
            a.updated_at, a.%1$I::text as sort_key
     from public.articles a
     where %2$s
     order by a.%1$I %3$s, a.id %3$s
     limit $5',
    key_column, pg_catalog.array_to_string(conditions, ' and '), case when scan_descending then 'desc' else 'asc' end
  );
  if scan_descending <> descending then
    page_statement := pg_catalog.format(
      'select * from (%s) as page order by page.%I %3$s, page.id %3$s',
      page_statement, key_column, case when descending then 'desc' else 'asc' end
    );
  end if;

  return query execute page_statement using status_filter, search, cursor_key, cursor_id, page_size;
end;
$$;

create function public.count_articles(status_filter text default null, search text default null)
returns bigint
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  searching boolean := public.article_search_query(search) is not null;
  conditions text[] := array['true'];
  total bigint;
begin
  if status_filter is not null and status_filter not in ('draft', 'scheduled', 'published') then
    raise exception 'status_filter must be draft, scheduled or published' using errcode = '22023';
  end if;
  if status_filter is not null then
    conditions := conditions || 'a.status = $1'::text;
  end if;
  if searching then
    conditions := conditions || 'a.id in (select public.matching_article_ids($2))'::text;
  end if;
  execute 'select pg_catalog.count(*) from public.articles a where ' || pg_catalog.array_to_string(conditions, ' and ')
    into total
    using status_filter, search;
  return total;
end;
$$;

revoke execute on function public.list_articles(text, text, text, text, uuid, boolean, integer) from public, anon;
revoke execute on function public.count_articles(text, text) from public, anon;
grant execute on function public.list_articles(text, text, text, text, uuid, boolean, integer) to authenticated, service_role;
grant execute on function public.count_articles(text, text) to authenticated, service_role;
