-- Bulk drafting in a language (issue 26): a batch may set the language and
-- the generation settings of its drafts, and a draft that reads as another
-- language than asked is held in review until its owner confirms it.
--
-- draft_batches.locale               the batch's language (null: the assistant's,
--                                    else the site's, else English)
-- draft_batches.generation_settings  overrides of the assistant's settings, as
--                                    generationSettingsSchema (zod, in draft-batches)
--                                    validated them; an object
-- articles.locale                    the language a bulk draft was asked in
-- articles.detected_locale           the language the check read it as (null:
--                                    not checked, or too short to tell)
-- articles.language_mismatch         the check found another language (set by
--                                    the drafting worker only)
-- articles.language_confirmed_at     when the owner confirmed the draft's
--                                    language anyway (the browser sets it)
--
-- The hold is a CHECK, so it holds whoever writes: a flagged draft cannot be
-- approved before its language is confirmed, and one is stored with
-- approval_required even when its batch needs no review, so it cannot be
-- scheduled unapproved (articles_approved_before_scheduling). Row-level
-- security is unchanged. create_draft_batch and complete_draft_job take the
-- new values (dropped and created again: new parameters are a new signature),
-- still callable by the secret key only.

alter table public.draft_batches
  add column locale public.locale_tag,
  add column generation_settings jsonb not null default '{}'::jsonb,
  add constraint draft_batches_generation_settings_object
    check (jsonb_typeof(generation_settings) = 'object' and pg_column_size(generation_settings) <= 4096);

alter table public.articles
  add column locale public.locale_tag,
  add column detected_locale public.locale_tag,
  add column language_mismatch boolean not null default false,
  add column language_confirmed_at timestamptz,
  add constraint articles_language_confirmed_before_approval
    check (approved_at is null or not language_mismatch or language_confirmed_at is not null);

grant update (language_confirmed_at) on table public.articles to authenticated;

drop function public.create_draft_batch(uuid, text, uuid, boolean, uuid[], jsonb);

create function public.create_draft_batch(
  p_user_id uuid,
  p_name text,
  p_assistant_id uuid,
  p_review_required boolean,
  p_target_site_ids uuid[],
  p_items jsonb,
  p_locale text default null,
  p_generation_settings jsonb default '{}'::jsonb
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

  insert into public.draft_batches (
    user_id, name, assistant_id, review_required, target_site_ids, locale, generation_settings
  )
  values (
    p_user_id, p_name, p_assistant_id, p_review_required, p_target_site_ids, p_locale,
    coalesce(p_generation_settings, '{}'::jsonb)
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

drop function public.complete_draft_job(uuid, uuid, text, text, text, text, text, text, text[], text[]);

create function public.complete_draft_job(
  p_job_id uuid,
  p_claim_id uuid,
  p_title text,
  p_content text,
  p_excerpt text,
  p_meta_description text,
  p_focus_keyword text,
  p_slug text,
  p_categories text[],
  p_tags text[],
  p_locale text default null,
  p_detected_locale text default null,
  p_language_mismatch boolean default false
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  job public.draft_jobs;
  batch public.draft_batches;
  draft_id uuid;
begin
  select * into job from public.draft_jobs where id = p_job_id for update;
  if not found or job.status <> 'drafting' or job.claim_id is distinct from p_claim_id then
    return null;
  end if;
  select * into batch from public.draft_batches where id = job.batch_id;

  insert into public.articles (
    user_id, title, content, excerpt, status, meta_description, focus_keyword, slug, categories, tags,
    assistant_id, draft_batch_id, approval_required, locale, detected_locale, language_mismatch
  )
  values (
    job.user_id, p_title, p_content, coalesce(p_excerpt, ''), 'draft', nullif(p_meta_description, ''),
    nullif(p_focus_keyword, ''), nullif(p_slug, ''), coalesce(p_categories, '{}'), coalesce(p_tags, '{}'),
    batch.assistant_id, batch.id, batch.review_required or coalesce(p_language_mismatch, false),
    p_locale, p_detected_locale, coalesce(p_language_mismatch, false)
  )
  returning id into draft_id;

  update public.draft_jobs
  set status = 'done', claim_id = null, article_id = draft_id, last_error = null, finished_at = now(),
      next_attempt_at = now()
  where id = p_job_id;

  -- The provider took one more: the user's learned limit grows back by one
  -- (not by drafts that were already under way when it refused).
  update public.draft_queue_users
  set in_flight_limit = case when in_flight_limit >= 19 then null else in_flight_limit + 1 end
  where user_id = job.user_id and in_flight_limit is not null and (paused_until is null or paused_until <= now());
  return draft_id;
end;
$$;

revoke all on function public.create_draft_batch(uuid, text, uuid, boolean, uuid[], jsonb, text, jsonb)
  from public, anon, authenticated;
revoke all on function public.complete_draft_job(uuid, uuid, text, text, text, text, text, text, text[], text[], text, text, boolean)
  from public, anon, authenticated;
grant execute on function public.create_draft_batch(uuid, text, uuid, boolean, uuid[], jsonb, text, jsonb) to service_role;
grant execute on function public.complete_draft_job(uuid, uuid, text, text, text, text, text, text, text[], text[], text, text, boolean)
  to service_role;
