-- A per-user quota on the images bucket. Every object in it is a generated
-- image recorded in generated_images with its size (byte_size), since only
-- the generate-image function writes to the bucket, so a user's usage is the
-- sum of their rows. The function records new images through
-- record_generated_images(), which checks the quota and inserts in one
-- step under a per-user lock: two generations finishing at once cannot both
-- squeeze under the quota. image_storage_used() lets the function refuse
-- early, before it pays for a generation that could not be stored.
-- Both are for the secret key (edge functions) only.

create function public.image_storage_used(p_user_id uuid)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(g.byte_size), 0)::bigint from public.generated_images g where g.user_id = p_user_id;
$$;

-- Inserts the rows of `p_images` (a JSON array of generated_images rows
-- without id and created_at) for the user if their total size fits in the
-- quota. Returns { "stored": true, "used_bytes": <after>, "images": [{ id,
-- storage_path, created_at }] }, or { "stored": false, "used_bytes": <now> }
-- and inserts nothing.
create function public.record_generated_images(p_user_id uuid, p_quota_bytes bigint, p_images jsonb)
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
      num_inference_steps, guidance_scale, content_type, byte_size
    )
    select p_user_id, r.storage_path, r.public_url, r.prompt, coalesce(r.negative_prompt, ''), r.image_size,
           r.style_preset, r.num_inference_steps, r.guidance_scale, r.content_type, r.byte_size
    from jsonb_to_recordset(p_images) as r(
      storage_path text, public_url text, prompt text, negative_prompt text, image_size text, style_preset text,
      num_inference_steps integer, guidance_scale numeric, content_type text, byte_size integer
    )
    returning id, storage_path, created_at
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', i.id, 'storage_path', i.storage_path, 'created_at', i.created_at)), '[]')
  into stored
  from inserted i;

  return jsonb_build_object('stored', true, 'used_bytes', used + adding, 'images', stored);
end;
$$;

revoke execute on function public.image_storage_used(uuid) from public, anon, authenticated;
revoke execute on function public.record_generated_images(uuid, bigint, jsonb) from public, anon, authenticated;
grant execute on function public.image_storage_used(uuid) to service_role;
grant execute on function public.record_generated_images(uuid, bigint, jsonb) to service_role;
