-- site_content_embeddings: the embedding of each content index entry, for
-- relevance by embeddings (the alternative to full-text search a user may
-- choose, see 20261201000300_link_relevance_setting.sql). One row per entry
-- and embeddings model: switching models back and forth keeps both, and
-- rows of another model are never compared (their vectors live in another
-- space, often with another dimension).
--
-- The column is `vector` without a dimension, so any model fits; queries
-- compare only rows of the query's model and dimension. No ANN index
-- (ivfflat/hnsw need a fixed dimension): a user's index is at most a few
-- thousand entries, and an exact scan of those is fast.
--
-- text_hash: md5 of the text that was embedded (site_content_embedding_input()).
-- An entry whose title, excerpt, categories or tags changed has another hash
-- and is embedded again at the next embedding pass.
--
-- Written only by edge functions (service_role) through
-- record_site_content_embeddings(), with the user's own OpenAI key; the owner
-- may read their rows (how much of the index is embedded).

-- Hosted Supabase has the `extensions` schema; a plain PostgreSQL or
-- PGlite under the local backend may not.
create schema if not exists extensions;
create extension if not exists vector with schema extensions;

-- An embedding names its entry together with the entry's owner, so no row
-- can pair one user with another user's entry.
alter table public.site_content
  add constraint site_content_user_id_id_key unique (user_id, id);

create table public.site_content_embeddings (
  content_id uuid not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  model text not null check (length(model) between 1 and 100),
  text_hash text not null check (text_hash ~ '^[0-9a-f]{32}$'),
  embedding extensions.vector not null,
  embedded_at timestamptz not null default now(),
  primary key (content_id, model),
  constraint site_content_embeddings_user_id_content_id_fkey
    foreign key (user_id, content_id) references public.site_content (user_id, id) on delete cascade
);

-- The owner's rows of one model (ranking, RLS, the foreign key's cascade).
create index site_content_embeddings_user_id_model_idx on public.site_content_embeddings (user_id, model);
create index site_content_embeddings_user_id_content_id_idx on public.site_content_embeddings (user_id, content_id);

alter table public.site_content_embeddings enable row level security;

revoke all on table public.site_content_embeddings from anon, authenticated;
grant select on table public.site_content_embeddings to authenticated;
grant all on table public.site_content_embeddings to service_role;

create policy "Users can view the embeddings of their own content index"
  on public.site_content_embeddings for select to authenticated
  using ((select auth.uid()) = user_id);

-- The text an entry is embedded as: title, then its categories and tags,
-- then its excerpt, one per line.
create function public.site_content_embedding_input(
  title text,
  categories text[],
  tags text[],
  excerpt text
)
returns text
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.concat_ws(
    E'\n',
    title,
    nullif(pg_catalog.array_to_string(categories || tags, ', '), ''),
    nullif(excerpt, '')
  )
$$;

revoke execute on function public.site_content_embedding_input(text, text[], text[], text) from public, anon, authenticated;
grant execute on function public.site_content_embedding_input(text, text[], text[], text) to service_role;

-- The user's entries that have no embedding of `p_model` for their current
-- text (new, or changed since), oldest sync first, with the text to embed
-- and its hash (to hand back to record_site_content_embeddings()); at most
-- p_limit of them. `pending` is how many there are in all.
create function public.site_content_embedding_queue(
  p_user_id uuid,
  p_model text,
  p_limit integer default 100
)
returns table (content_id uuid, input text, text_hash text, pending integer)
language sql
stable
security definer
set search_path = ''
as $$
  with stale as (
    select c.id, c.synced_at, i.input, pg_catalog.md5(i.input) as text_hash
    from public.site_content c
    cross join lateral (
      select public.site_content_embedding_input(c.title, c.categories, c.tags, c.excerpt) as input
    ) i
    where c.user_id = p_user_id
      and not exists (
        select 1 from public.site_content_embeddings e
        where e.content_id = c.id and e.model = p_model and e.text_hash = pg_catalog.md5(i.input)
      )
  )
  select s.id, s.input, s.text_hash, (pg_catalog.count(*) over ())::integer
  from stale s
  order by s.synced_at, s.id
  limit least(greatest(coalesce(p_limit, 100), 1), 1000)
$$;

revoke execute on function public.site_content_embedding_queue(uuid, text, integer) from public, anon, authenticated;
grant execute on function public.site_content_embedding_queue(uuid, text, integer) to service_role;

-- p_embeddings: a JSON array of { content_id, text_hash, embedding: number[] }.
-- Rows for entries that are not the user's (or no longer exist) are skipped;
-- the count of rows written is returned.
create function public.record_site_content_embeddings(
  p_user_id uuid,
  p_model text,
  p_embeddings jsonb
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  written integer;
begin
  if p_user_id is null or p_model is null then
    raise exception 'record_site_content_embeddings: user and model are required' using errcode = '22023';
  end if;
  if pg_catalog.jsonb_typeof(p_embeddings) is distinct from 'array' then
    raise exception 'record_site_content_embeddings: embeddings must be a JSON array' using errcode = '22023';
  end if;

  insert into public.site_content_embeddings as e (content_id, user_id, model, text_hash, embedding, embedded_at)
  select c.id, p_user_id, p_model, r.text_hash, (r.embedding)::text::extensions.vector, now()
  from pg_catalog.jsonb_to_recordset(p_embeddings) as r(content_id uuid, text_hash text, embedding jsonb)
  join public.site_content c on c.id = r.content_id and c.user_id = p_user_id
  on conflict (content_id, model) do update set
    text_hash = excluded.text_hash,
    embedding = excluded.embedding,
    embedded_at = excluded.embedded_at;
  get diagnostics written = row_count;
  return written;
end;
$$;

revoke execute on function public.record_site_content_embeddings(uuid, text, jsonb) from public, anon, authenticated;
grant execute on function public.record_site_content_embeddings(uuid, text, jsonb) to service_role;
