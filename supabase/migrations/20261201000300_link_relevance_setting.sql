-- The user's choice of relevance for internal links, with their other
-- settings on their profile:
-- - link_relevance: 'full_text' (the default: Postgres full-text search, no
--   key, no cost) or 'embeddings' (the OpenAI-compatible embeddings endpoint
--   with the user's own key, and pgvector; see site_content_embeddings);
-- - embeddings_model: the model the index and the queries are embedded with.
-- The owner updates both (the existing policy: their own row only).

alter table public.profiles
  add column link_relevance text not null default 'full_text'
    check (link_relevance in ('full_text', 'embeddings')),
  add column embeddings_model text not null default 'text-embedding-3-small'
    check (embeddings_model ~ '^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$');

grant update (link_relevance, embeddings_model) on table public.profiles to authenticated;
