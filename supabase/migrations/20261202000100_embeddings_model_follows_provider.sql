-- profiles.embeddings_model may be null: "the embeddings model of the user's
-- AI provider" (text-embedding-3-small at OpenAI, openai/text-embedding-3-small
-- at OpenRouter; an OpenAI-compatible server of the user's own has no default
-- and needs a choice). A name picked for one provider is meaningless at
-- another, so choosing another provider (save_ai_provider(), the next
-- migration) clears it. Rows still holding the old column default mean "the
-- default" and become null; the name the functions embed with stays the same.

alter table public.profiles
  alter column embeddings_model drop not null,
  alter column embeddings_model drop default;

update public.profiles set embeddings_model = null where embeddings_model = 'text-embedding-3-small';
