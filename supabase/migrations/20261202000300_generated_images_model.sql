-- generated_images records which fal.ai model made each image, and the
-- settings that model took: a FLUX model has no style preset, FLUX1.1 [pro]
-- takes no inference steps or guidance scale, Recraft V3 no steps or
-- guidance either (its native style is kept in style_preset). What a model
-- does not take is null. Rows from before have no model (then always
-- fal-ai/fast-sdxl). record_generated_images() takes the model along.

alter table public.generated_images
  add column model text check (model is null or model ~ '^[a-z0-9][a-z0-9./_-]{0,99}$'),
  alter column style_preset drop not null,
  alter column num_inference_steps drop not null,
  alter column guidance_scale drop not null;

create or replace function public.record_generated_images(p_user_id uuid, p_quota_bytes bigint, p_images jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  used bigint;
  adding bigint;
  stored jsonb;
begin
  if p_user_id is null or p_quota_bytes is null or p_quota_bytes < 0 or jsonb_typeof(p_images) <> 'array' then
    raise exception 'record_generated_images: user, a quota and an array of images are required' using errcode = '22023';
  end if;

  perform pg_advisory_xact_lock(hashtextextended('image_storage:' || p_user_id::text, 0));

  select coalesce(sum(g.byte_size), 0) into used from public.generated_images g where g.user_id = p_user_id;
  select coalesce(sum((image ->> 'byte_size')::bigint), 0) into adding from jsonb_array_elements(p_images) image;
  if used + adding > p_quota_bytes then
    return jsonb_build_object('stored', false, 'used_bytes', used);
  end if;

  with inserted as (
    insert into public.generated_images (
      user_id, storage_path, public_url, prompt, negative_prompt, image_size, style_preset,
      num_inference_steps, guidance_scale, content_type, byte_size, model
    )
    select p_user_id, r.storage_path, r.public_url, r.prompt, coalesce(r.negative_prompt, ''), r.image_size,
           r.style_preset, r.num_inference_steps, r.guidance_scale, r.content_type, r.byte_size, r.model
    from jsonb_to_recordset(p_images) as r(
      storage_path text, public_url text, prompt text, negative_prompt text, image_size text, style_preset text,
      num_inference_steps integer, guidance_scale numeric, content_type text, byte_size integer, model text
    )
    returning id, storage_path, created_at
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', i.id, 'storage_path', i.storage_path, 'created_at', i.created_at)), '[]')
  into stored
  from inserted i;

  return jsonb_build_object('stored', true, 'used_bytes', used + adding, 'images', stored);
end;
$$;

revoke execute on function public.record_generated_images(uuid, bigint, jsonb) from public, anon, authenticated;
grant execute on function public.record_generated_images(uuid, bigint, jsonb) to service_role;
