-- internal_link_targets_by_embedding(): the entries of the user's content
-- index nearest to a text's embedding, best first, in the row shape of
-- internal_link_targets() (score: cosine similarity, 1 − cosine distance).
-- The caller embeds the text with the same model the index was embedded
-- with (`_shared/links/link_targets.ts`); only rows of that model and of
-- the query's dimension are compared. Entries not embedded yet are not
-- ranked (the embedding pass of sync-site-content fills them in); an entry
-- edited since its embedding ranks by the embedding it has until then.
--
-- Whose entries: as internal_link_targets(), the signed-in caller's
-- (auth.uid()), whatever `for_user_id` says; only a caller without a user,
-- the secret key (service_role), names the user in `for_user_id`. Security
-- definer for the same reason (the body reads auth.uid()); it scopes the
-- rows itself. An exact scan, no ANN index: see site_content_embeddings.

create function public.internal_link_targets_by_embedding(
  query_embedding double precision[],
  embedding_model text,
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
  query as (
    select query_embedding::extensions.vector as embedding
    where pg_catalog.cardinality(query_embedding) > 0
  )
  select c.id, c.site_id, c.remote_type, c.url, c.title, c.excerpt, c.categories, c.tags, c.article_id,
    (1 - (e.embedding operator(extensions.<=>) query.embedding))::double precision as score
  from owner
  cross join query
  join public.site_content_embeddings e
    on e.user_id = owner.id
    and e.model = embedding_model
    and extensions.vector_dims(e.embedding) = extensions.vector_dims(query.embedding)
  join public.site_content c on c.id = e.content_id and c.user_id = owner.id
  where (site_ids is null or c.site_id = any (site_ids))
    and (exclude_article_id is null or c.article_id is distinct from exclude_article_id)
  order by e.embedding operator(extensions.<=>) query.embedding, c.modified_at desc, c.id
  limit least(greatest(coalesce(max_results, 8), 1), 50)
$$;

revoke execute on function public.internal_link_targets_by_embedding(double precision[], text, integer, uuid[], uuid, uuid)
  from public, anon;
grant execute on function public.internal_link_targets_by_embedding(double precision[], text, integer, uuid[], uuid, uuid)
  to authenticated, service_role;
