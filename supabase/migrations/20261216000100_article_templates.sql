-- article_templates: a person's reusable article templates (issue 26,
-- "Templates and outlines"). A template is a name, its sections (the ordered
-- H2 headings an outline starts from), the elements a draft must include and
-- a word target. Choosing one on Create fills the outline step and the word
-- target; the draft then follows the outline (generate-article's `outline`).
--
-- Written by the browser as the user (RLS: their own rows only). The checks
-- repeat the contracts' limits (_shared/contracts/outline.ts: 1 to 12
-- headings of 1 to 150 characters, none blank or holding a line break;
-- generation_settings.ts: the elements and the word target's range), so
-- nothing the browser skips is stored.

create table public.article_templates (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null constraint article_templates_name_length check (length(btrim(name)) between 1 and 100),
  sections text[] not null constraint article_templates_sections_shape check (
    cardinality(sections) between 1 and 12
    and array_position(sections, null) is null
    -- No heading holds a line break, so joined by line breaks each is one line:
    and cardinality(sections) = cardinality(string_to_array(array_to_string(sections, E'\n'), E'\n'))
    -- no line is blank, and none is longer than 150 characters.
    and array_to_string(sections, E'\n') !~ '(^|\n)[[:space:]]*(\n|$)'
    and array_to_string(sections, E'\n') !~ '[^\n]{151}'
  ),
  required_elements text[] not null default '{}' constraint article_templates_required_elements_check check (
    required_elements <@ array['key-takeaways', 'table', 'faq', 'call-to-action']::text[]
    and array_position(required_elements, null) is null
  ),
  word_target integer constraint article_templates_word_target_range check (word_target between 300 and 5000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The list on the templates screen and on Create: the user's templates by name.
create index article_templates_user_id_name_idx on public.article_templates (user_id, name);

alter table public.article_templates enable row level security;

revoke all on table public.article_templates from anon, authenticated;
grant select, delete on table public.article_templates to authenticated;
grant insert (name, sections, required_elements, word_target),
  update (name, sections, required_elements, word_target, updated_at)
  on table public.article_templates to authenticated;
grant all on table public.article_templates to service_role;

create policy "Users can view their own article templates"
  on public.article_templates for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "Users can create their own article templates"
  on public.article_templates for insert to authenticated
  with check ((select auth.uid()) = user_id);

create policy "Users can update their own article templates"
  on public.article_templates for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

create policy "Users can delete their own article templates"
  on public.article_templates for delete to authenticated
  using ((select auth.uid()) = user_id);
