-- Bulk batches that follow a template (issue 26, "Templates and outlines"):
-- a batch may name one of its owner's article templates; its sections are
-- copied onto the batch as the outline every draft of the batch follows (its
-- H2s, in order), so editing or deleting the template later changes no batch
-- under way. The template's word target and required elements are merged
-- into the batch's generation settings by draft-batches. The drafts are then
-- reviewed in the batch's existing review gate.
--
-- draft_batches.template_id  the template chosen (null: none, or deleted since)
-- draft_batches.outline      the headings the drafts follow (null: the model's own)
--
-- Row-level security is unchanged (owners read their batches; only the
-- functions write them). create_draft_batch takes the two values (dropped
-- and created again: new parameters are a new signature), refuses another
-- user's template, and stays callable by the secret key only.

alter table public.draft_batches
  add column template_id uuid references public.article_templates (id) on delete set null,
  add column outline text[] constraint draft_batches_outline_shape check (
    cardinality(outline) between 1 and 12
    and array_position(outline, null) is null
    and cardinality(outline) = cardinality(string_to_array(array_to_string(outline, E'\n'), E'\n'))
    and array_to_string(outline, E'\n') !~ '(^|\n)[[:space:]]*(\n|$)'
    and array_to_string(outline, E'\n') !~ '[^\n]{151}'
  );

create index draft_batches_template_id_idx on public.draft_batches (template_id) where template_id is not null;

drop function public.create_draft_batch(uuid, text, uuid, boolean, uuid[], jsonb, text, jsonb);

create function public.create_draft_batch(
  p_user_id uuid,
  p_name text,
  p_assistant_id uuid,
  p_review_required boolean,
  p_target_site_ids uuid[],
  p_items jsonb,
  p_locale text default null,
  p_generation_settings jsonb default '{}'::jsonb,
  p_template_id uuid default null,
  p_outline text[] default null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  batch_id uuid;
begin
  if p_user_id is null or p_assistant_id is null or p_review_required is null or p_target_site_ids is null then
    raise exception 'user, assistant, review_required and target sites are required' using errcode = '22023';
  end if;
  if jsonb_typeof(p_items) is distinct from 'array' or jsonb_array_length(p_items) = 0 then
    raise exception 'p_items must be a non-empty array' using errcode = '22023';
  end if;
  if exists (
    select from unnest(p_target_site_ids) as t(site_id)
    where not exists (select from public.wordpress_sites s where s.id = t.site_id and s.user_id = p_user_id)
  ) then
    raise exception 'site not found for this user' using errcode = 'P0002';
  end if;
  if p_template_id is not null
    and not exists (select from public.article_templates t where t.id = p_template_id and t.user_id = p_user_id) then
    raise exception 'template not found for this user' using errcode = 'P0002';
  end if;

  insert into public.draft_batches (
    user_id, name, assistant_id, review_required, target_site_ids, locale, generation_settings, template_id, outline
  )
  values (
    p_user_id, p_name, p_assistant_id, p_review_required, p_target_site_ids, p_locale,
    coalesce(p_generation_settings, '{}'::jsonb), p_template_id, p_outline
  )
  returning id into batch_id;

  insert into public.draft_jobs (batch_id, user_id, position, idea, focus_keyword, categories, tags)
  select
    batch_id,
    p_user_id,
    (item.ordinality - 1)::integer,
    item.value ->> 'idea',
    nullif(item.value ->> 'focus_keyword', ''),
    coalesce(array(select jsonb_array_elements_text(item.value -> 'categories')), '{}'),
    coalesce(array(select jsonb_array_elements_text(item.value -> 'tags')), '{}')
  from jsonb_array_elements(p_items) with ordinality as item(value, ordinality);

  return batch_id;
end;
$$;

revoke all on function public.create_draft_batch(uuid, text, uuid, boolean, uuid[], jsonb, text, jsonb, uuid, text[])
  from public, anon, authenticated;
grant execute on function public.create_draft_batch(uuid, text, uuid, boolean, uuid[], jsonb, text, jsonb, uuid, text[])
  to service_role;
