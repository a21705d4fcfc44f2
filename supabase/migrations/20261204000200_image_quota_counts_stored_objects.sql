-- The image storage quota counts what is stored, and an image's row goes
-- only with its file.
--
-- Before, usage was the sum of the user's generated_images.byte_size, and the
-- owner may delete those rows over the API: deleting a row freed its quota
-- while its file stayed in the bucket, publicly served (a quota bypass).
--
-- image_storage_used(user) (same signature) now sums the sizes Storage
--   recorded for the user's files in the images bucket (storage.objects
--   metadata->>'size', under the `<user id>/` folder every path starts
--   with): every file with a row, and every file without one that is older
--   than 10 minutes (a row deleted, a record that failed, a crash). A file
--   without a row younger than that is an upload whose record is on its way
--   (generate-image uploads, then records, within its wall clock of at most
--   400 s): it is counted when it is recorded, so two generations racing for
--   the last bytes do not refuse each other, and one of them still fits.
-- record_generated_images(user, quota, images) (same signature and result)
--   checks the quota against those stored bytes plus the new images'
--   byte_size, under the per-user lock as before.
-- A row of generated_images can be deleted through the API only once its
--   file is gone from Storage (trigger below): the image library deletes the
--   file first (Storage API, the owner's delete policy), then the row. Storage
--   must be asked to delete a file (hosted Storage refuses a DELETE on
--   storage.objects from SQL since supabase/storage#817, and removing the
--   row alone would orphan the file), so the database cannot delete the file
--   itself; it refuses to forget a file that is still there. Deletes by the
--   database's own roles (an account deleted, cascading) are not held back.

-- The bytes the user's files take, but those at `except_paths`.
create function public.image_storage_stored_bytes(p_user_id uuid, p_except_paths text[] default '{}')
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum((o.metadata ->> 'size')::bigint), 0)::bigint
  from storage.objects o
  where o.bucket_id = 'images'
    and o.name like p_user_id::text || '/%'
    and o.name <> all (p_except_paths)
    and (
      o.created_at < now() - interval '10 minutes'
      or exists (select 1 from public.generated_images g where g.storage_path = o.name)
    );
$$;

-- Used only inside the two security-definer functions below (which run as its owner).
revoke execute on function public.image_storage_stored_bytes(uuid, text[]) from public, anon, authenticated, service_role;

create or replace function public.image_storage_used(p_user_id uuid)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select public.image_storage_stored_bytes(p_user_id);
$$;

-- (Each image keeps the model that made it, as since 20261202000300.)
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

-- Security invoker: current_user is the role that deletes (an API role, or
-- the table owner for a cascade), and the owner sees her own objects under
-- "Users can view images in their own folder".
create function public.keep_generated_image_while_stored()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon')
     and exists (select 1 from storage.objects o where o.bucket_id = 'images' and o.name = old.storage_path) then
    raise exception 'Delete the image''s file first: an image is removed together with its file'
      using errcode = '55000', hint = 'Remove the object from the images bucket, then delete the row.';
  end if;
  return old;
end;
$$;

revoke execute on function public.keep_generated_image_while_stored() from public, anon, authenticated;

create trigger generated_images_keep_while_stored
  before delete on public.generated_images
  for each row execute function public.keep_generated_image_while_stored();
