-- Uploaded images in the library (migration 20261213000100): a row of
-- generated_images marked source = 'uploaded', with the pixel size read from
-- the file and no fal.ai settings, recorded by record_generated_images()
-- under the same quota as generated images; a generated row still needs its
-- size preset; users still cannot insert rows themselves.
begin;
\ir _helpers.psql
select plan(9);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

create function tests.upload_row(owner text, name text, byte_size integer, extra jsonb default '{}')
returns jsonb language sql as $$
  select jsonb_build_array(jsonb_build_object(
    'storage_path', tests.get_supabase_uid(owner) || '/' || name, 'public_url', 'https://project.example/' || name,
    'prompt', 'Our team at the fair', 'content_type', 'image/jpeg', 'byte_size', byte_size,
    'source', 'uploaded', 'width', 1200, 'height', 800) || extra)
$$;

create function tests.store_object(owner text, name text, byte_size integer) returns void language sql as $$
  insert into storage.objects (bucket_id, name, metadata)
  values ('images', tests.get_supabase_uid(owner) || '/' || name, jsonb_build_object('size', byte_size, 'mimetype', 'image/jpeg'))
$$;

select tests.store_object('alice', 'photo.jpg', 600);
select is(
  public.record_generated_images(tests.get_supabase_uid('alice'), 1000, tests.upload_row('alice', 'photo.jpg', 600)) ->> 'stored',
  'true',
  'an upload is recorded without fal.ai settings'
);
select results_eq(
  $$ select source, width, height, image_size, model from public.generated_images where storage_path like '%/photo.jpg' $$,
  $$ values ('uploaded'::text, 1200, 800, null::text, null::text) $$,
  'it is marked uploaded, with its pixel size'
);

-- The same quota as generated images: what is stored counts.
select tests.store_object('alice', 'second.jpg', 500);
select is(
  public.record_generated_images(tests.get_supabase_uid('alice'), 1000, tests.upload_row('alice', 'second.jpg', 500)),
  '{"stored": false, "used_bytes": 600}'::jsonb,
  'an upload past the quota is refused with the bytes in use'
);

select throws_ok(
  $$ select public.record_generated_images(tests.get_supabase_uid('alice'), 10000,
       tests.upload_row('alice', 'nosize.jpg', 1, '{"width": null}')) $$,
  '23514', null, 'an upload must have its pixel size'
);
select throws_ok(
  $$ select public.record_generated_images(tests.get_supabase_uid('alice'), 10000,
       tests.upload_row('alice', 'gen.png', 1, '{"source": "generated"}')) $$,
  '23514', null, 'a generated image must have its size preset'
);
select throws_ok(
  $$ select public.record_generated_images(tests.get_supabase_uid('alice'), 10000,
       tests.upload_row('alice', 'odd.png', 1, '{"source": "pasted"}')) $$,
  '23514', null, 'the source is generated or uploaded'
);

-- Generated rows recorded as before are marked generated.
select tests.store_object('bob', 'gen.png', 10);
select is(
  (public.record_generated_images(tests.get_supabase_uid('bob'), 1000, jsonb_build_array(jsonb_build_object(
    'storage_path', tests.get_supabase_uid('bob') || '/gen.png', 'public_url', 'https://project.example/gen.png',
    'prompt', 'A fox', 'image_size', 'landscape_16_9', 'content_type', 'image/png', 'byte_size', 10)))) ->> 'stored',
  'true',
  'a generation recorded as before is stored'
);
select is(
  (select source from public.generated_images where storage_path like '%/gen.png'),
  'generated',
  'and marked generated'
);

-- Users still record nothing themselves, uploads included.
select tests.authenticate_as('bob');
select throws_ok(
  format(
    'insert into public.generated_images (user_id, storage_path, public_url, prompt, content_type, byte_size, source, width, height) values (%L, %L, %L, %L, %L, 1, %L, 1, 1)',
    tests.get_supabase_uid('bob'), tests.get_supabase_uid('bob') || '/mine.png', 'https://x.example/mine.png', 'mine', 'image/png', 'uploaded'
  ),
  '42501', null, 'a signed-in user cannot insert an uploaded image''s row'
);

select * from finish();
rollback;
