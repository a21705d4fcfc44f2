-- internal_link_targets(): the entries of the user's content index most
-- relevant to a text, best first. Drafting asks it with the idea, the editor
-- with the article's title, focus keyword and content.
--
-- Relevance is full-text search with Postgres alone (no extension, no key,
-- the same on PGlite and hosted): the text's English lexemes are weighted by
-- where they come from (`focus`: title, focus keyword or idea, 3 per
-- occurrence; `body`: the article, 1) with diminishing returns for
-- repetition (1 + ln(count)); the 200 weightiest form an OR query that the
-- GIN index answers; every matching entry scores, for each query lexeme it
-- holds, query weight × inverse document frequency (BM25's idf, counted over
-- the user's entries in the chosen sites, so words every post shares count
-- little) × where the entry holds it (title 1, category or tag 0.6, excerpt
-- 0.3, added up). ts_rank has no idf, and without it generic words ("guide",
-- "tips") outweigh the topic.
--
-- Whose entries: the signed-in caller's (auth.uid()), whatever `for_user_id`
-- says; only a caller without a user, the secret key (service_role, used by
-- generate-article), names the user in `for_user_id`. Security definer, as
-- matching_article_ids(): the body reads auth.uid(), and the local backend
-- does not give the API roles the auth schema (hosted does); it scopes the
-- rows itself.

create function public.internal_link_targets(
  focus text,
  body text default null,
  max_results integer default 8,
  site_ids uuid[] default null,
  exclude_article_id uuid default null,
  for_user_id uuid default null
)
returns table (
  id uuid,
  site_id uuid,
  remote_type text,
  url text,
  title text,
  excerpt text,
  categories text[],
  tags text[],
  article_id uuid,
  score double precision
)
language sql
stable
security definer
set search_path = ''
as $$
  with owner as (
    select coalesce((select auth.uid()), for_user_id) as id
  ),
  source_lexemes as (
    select w.lexeme, 3.0 * (1 + pg_catalog.ln(pg_catalog.cardinality(w.positions))) as weight
    from pg_catalog.unnest(
      pg_catalog.to_tsvector('english'::pg_catalog.regconfig, pg_catalog.left(coalesce(focus, ''), 4000))
    ) as w
    union all
    select w.lexeme, 1.0 * (1 + pg_catalog.ln(pg_catalog.cardinality(w.positions)))
    from pg_catalog.unnest(
      pg_catalog.to_tsvector('english'::pg_catalog.regconfig, pg_catalog.left(coalesce(body, ''), 100000))
    ) as w
  ),
  query_terms as (
    select s.lexeme, pg_catalog.sum(s.weight) as weight
    from source_lexemes s
    group by s.lexeme
    order by pg_catalog.sum(s.weight) desc, s.lexeme
    limit 200
  ),
  query as (
    select pg_catalog.string_agg(
        '''' || pg_catalog.replace(pg_catalog.replace(q.lexeme, '\', '\\'), '''', '''''') || '''',
        ' | '
      )::pg_catalog.tsquery as tsquery
    from query_terms q
  ),
  scope as (
    select c.id, c.search_vector, c.article_id
    from public.site_content c, owner
    where c.user_id = owner.id
      and (site_ids is null or c.site_id = any (site_ids))
  ),
  total as (
    select pg_catalog.count(*)::double precision as n from scope
  ),
  matches as (
    select s.id, v.lexeme, v.weights
    from scope s
    cross join query
    cross join lateral pg_catalog.unnest(s.search_vector) as v
    where s.search_vector @@ query.tsquery
      and v.lexeme in (select q.lexeme from query_terms q)
  ),
  document_frequency as (
    select m.lexeme, pg_catalog.count(*)::double precision as df from matches m group by m.lexeme
  ),
  scored as (
    select m.id,
      pg_catalog.sum(
        q.weight
        * pg_catalog.ln(1 + (total.n - d.df + 0.5) / (d.df + 0.5))
        * (
          case when 'A' = any (m.weights) then 1.0 else 0 end
          + case when 'B' = any (m.weights) then 0.6 else 0 end
          + case when 'C' = any (m.weights) then 0.3 else 0 end
        )
      ) as score
    from matches m
    join query_terms q on q.lexeme = m.lexeme
    join document_frequency d on d.lexeme = m.lexeme
    cross join total
    group by m.id
  )
  select c.id, c.site_id, c.remote_type, c.url, c.title, c.excerpt, c.categories, c.tags, c.article_id,
    scored.score::double precision
  from scored
  join public.site_content c on c.id = scored.id
  where exclude_article_id is null or c.article_id is distinct from exclude_article_id
  order by scored.score desc, c.modified_at desc, c.id
  limit least(greatest(coalesce(max_results, 8), 1), 50)
$$;

revoke execute on function public.internal_link_targets(text, text, integer, uuid[], uuid, uuid) from public, anon;
grant execute on function public.internal_link_targets(text, text, integer, uuid[], uuid, uuid)
  to authenticated, service_role;
