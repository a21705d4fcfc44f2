-- The image library holds images the user uploaded beside the generated
-- ones (issue 21, item 7). An uploaded image is a row of generated_images
-- like any other (one library, one list, one delete path, the same file
-- under `<user id>/` in the images bucket and so the same storage quota:
-- 20261204000200 counts stored objects), marked by `source`:
--
--   source      'generated' (every row before this migration) or 'uploaded'
--   width,      the pixels the server read from the file's own header
--   height      (upload-image sniffs the bytes; the browser's word is not
--               taken); null for generated rows from before, whose size is
--               their fal.ai image_size preset
--   prompt      for an upload, the description the user gave (the alt
--               text the library shows); '' allowed
--   image_size, an upload has no fal.ai settings: null. A generated row
--   model...    still needs its image_size (checked below).
--
-- record_generated_images(user, quota, images) keeps its signature, result
-- and quota check under the per-user lock; it now also takes `source`
-- (default 'generated'), `width` and `height` from each image. It stays
-- for the secret key only: users cannot write the bucket or this table, so
-- an upload goes through the upload-image function, which checks the file.

alter table public.generated_images
  add column source text not null default 'generated'
    constraint generated_images_source_known check (source in ('generated', 'uploaded')),
  add column width integer constraint generated_images_width_positive check (width is null or width between 1 and 100000),
  add column height integer constraint generated_images_height_positive check (height is null or height between 1 and 100000),
  alter column image_size drop not null,
  add constraint generated_images_generated_have_a_size check (source = 'uploaded' or image_size is not null),
  add constraint generated_images_uploads_have_dimensions check (source = 'generated' or (width is not null and height is not null));

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

  -- What is stored but the files being recorded now, which count by their byte_size.
  used := public.image_storage_stored_bytes(
    p_user_id,
    array(select image ->> 'storage_path' from jsonb_array_elements(p_images) image)
  );
  select coalesce(sum((image ->> 'byte_size')::bigint), 0) into adding from jsonb_array_elements(p_images) image;
  if used + adding > p_quota_bytes then
    return jsonb_build_object('stored', false, 'used_bytes', used);
  end if;

  with inserted as (
    insert into public.generated_images (
      user_id, storage_path, public_url, prompt, negative_prompt, image_size, style_preset,
      num_inference_steps, guidance_scale, content_type, byte_size, model, source, width, height
    )
    select p_user_id, r.storage_path, r.public_url, r.prompt, coalesce(r.negative_prompt, ''), r.image_size,
           r.style_preset, r.num_inference_steps, r.guidance_scale, r.content_type, r.byte_size, r.model,
           coalesce(r.source, 'generated'), r.width, r.height
    from jsonb_to_recordset(p_images) as r(
      storage_path text, public_url text, prompt text, negative_prompt text, image_size text, style_preset text,
      num_inference_steps integer, guidance_scale numeric, content_type text, byte_size integer, model text,
      source text, width integer, height integer
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
