-- The per-user quota on the images bucket: image_storage_used() and
-- record_generated_images(), for the secret key only. Usage is what Storage
-- holds under the user's folder (storage.objects metadata size, migration
-- 20261204000200): new rows are inserted only if they fit, always for the
-- user named by the function's argument; deleting an image's row does not
-- free its bytes while its file is stored (and the owner cannot delete the
-- row before the file); deleting the file does.
begin;
\ir _helpers.psql
select plan(25);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

-- Paths as generate-image makes them: <user id>/<name>.
create function tests.image_path(owner text, name text) returns text language sql as $$
  select tests.get_supabase_uid(owner) || '/' || name
$$;

-- The rows record_generated_images() receives for `owner`'s images.
create function tests.image_rows(owner text, names text[], byte_size integer, user_for_json uuid default null)
returns jsonb language sql as $$
  select jsonb_agg(jsonb_build_object(
    'user_id', user_for_json,
    'storage_path', tests.image_path(owner, name), 'public_url', 'https://project.example/' || name, 'prompt', 'A fox',
    'negative_prompt', '', 'image_size', 'square_hd', 'style_preset', 'photographic',
    'num_inference_steps', 30, 'guidance_scale', 7.5, 'content_type', 'image/png', 'byte_size', byte_size))
  from unnest(names) name
$$;

-- What Storage writes when generate-image uploads them (before it records them), `age` ago.
create function tests.store_objects(owner text, names text[], byte_size integer, age interval default '0')
returns void language sql as $$
  insert into storage.objects (bucket_id, name, metadata, created_at)
  select 'images', tests.image_path(owner, name), jsonb_build_object('size', byte_size, 'mimetype', 'image/png'), now() - age
  from unnest(names) name
$$;

-- Uploads, then the record, as generate-image does.
create function tests.generate(owner text, quota bigint, names text[], byte_size integer) returns jsonb language plpgsql as $$
begin
  perform tests.store_objects(owner, names, byte_size);
  return public.record_generated_images(tests.get_supabase_uid(owner), quota, tests.image_rows(owner, names, byte_size));
end;
$$;

-- Privileges
select ok(
  not has_function_privilege('anon', 'public.record_generated_images(uuid,bigint,jsonb)', 'execute')
    and not has_function_privilege('authenticated', 'public.record_generated_images(uuid,bigint,jsonb)', 'execute')
    and has_function_privilege('service_role', 'public.record_generated_images(uuid,bigint,jsonb)', 'execute'),
  'only the secret key records generated images'
);
select ok(
  not has_function_privilege('anon', 'public.image_storage_used(uuid)', 'execute')
    and not has_function_privilege('authenticated', 'public.image_storage_used(uuid)', 'execute')
    and has_function_privilege('service_role', 'public.image_storage_used(uuid)', 'execute'),
  'only the secret key reads another user''s usage'
);
select tests.authenticate_as('alice');
select throws_ok(
  $$ select public.record_generated_images(tests.get_supabase_uid('alice'), 1000000000, tests.image_rows('alice', array['x.png'], 1)) $$,
  '42501', 'permission denied for function record_generated_images', 'a signed-in user cannot record images (or lift her quota)'
);
select throws_ok(
  $$ select public.image_storage_used(tests.get_supabase_uid('bob')) $$,
  '42501', 'permission denied for function image_storage_used', 'a signed-in user cannot read usage'
);

-- Within the quota (the functions run as the test runner here: generate-image uploads with the secret key)
select tests.clear_authentication();
select is(public.image_storage_used(tests.get_supabase_uid('alice')), 0::bigint, 'a new user uses nothing');
select is(
  (tests.generate('alice', 1000, array['a1.png', 'a2.png'], 400)) ->> 'stored',
  'true',
  'two images of 400 bytes fit in 1000 (their own uploads counted once)'
);
select is(public.image_storage_used(tests.get_supabase_uid('alice')), 800::bigint, 'usage is the size of the stored files');
select is(
  jsonb_array_length(tests.generate('alice', 1000, array['a3.png'], 200) -> 'images'),
  1,
  'exactly up to the quota is accepted, and the new row comes back'
);

-- Over the quota: nothing is inserted
select is(
  tests.generate('alice', 1000, array['a4.png', 'a5.png'], 1),
  '{"stored": false, "used_bytes": 1000}'::jsonb,
  'one byte more is refused, with the bytes in use'
);
select is(
  (select count(*)::int from public.generated_images where user_id = tests.get_supabase_uid('alice')),
  3,
  'and none of the refused rows was inserted'
);
-- (generate-image removes the refused uploads)
delete from storage.objects where name in (tests.image_path('alice', 'a4.png'), tests.image_path('alice', 'a5.png'));

-- The user is the argument, never the JSON; usage is per user
select is(
  (tests.generate('bob', 1000, array['b1.png'], 900)) ->> 'stored',
  'true',
  'bob has his own quota'
);
select results_eq(
  format('select user_id from public.generated_images where storage_path = %L', tests.image_path('bob', 'b1.png')),
  $$ values (tests.get_supabase_uid('bob')) $$,
  'the row is bob''s'
);
select is(public.image_storage_used(tests.get_supabase_uid('alice')), 1000::bigint, 'alice''s usage is unchanged by bob''s');

-- A file without a row: an upload whose record is on its way is counted when
-- it is recorded; one left behind (a record that failed, a crash) counts.
select tests.store_objects('bob', array['uploading.png'], 70);
select is(public.image_storage_used(tests.get_supabase_uid('bob')), 900::bigint, 'a fresh upload waiting for its record is not counted yet');
delete from storage.objects where name = tests.image_path('bob', 'uploading.png');
select tests.store_objects('bob', array['orphan.png'], 50, '11 minutes');
select is(public.image_storage_used(tests.get_supabase_uid('bob')), 950::bigint, 'a file left without a row counts');
select is(
  (tests.generate('bob', 1000, array['b2.png'], 60)) ->> 'stored',
  'false',
  '... and leaves no room it does not have'
);
delete from storage.objects where name = tests.image_path('bob', 'b2.png');

-- Deleting an image's row over the API while its file is stored: refused, nothing freed.
select tests.authenticate_as('alice');
select throws_ok(
  format('delete from public.generated_images where storage_path = %L', tests.image_path('alice', 'a1.png')),
  '55000', 'Delete the image''s file first: an image is removed together with its file',
  'alice cannot delete an image''s row while its file is stored'
);
select tests.clear_authentication();
select is(
  (select count(*)::int from public.generated_images where storage_path = tests.image_path('alice', 'a1.png')),
  1, 'the row is still there'
);
select is(public.image_storage_used(tests.get_supabase_uid('alice')), 1000::bigint, 'and the quota still counts the file');

-- The image library's delete: the file (Storage, under the owner's delete policy), then the row.
select tests.authenticate_as('alice');
select results_eq(
  format('delete from storage.objects where bucket_id = %L and name = %L returning 1', 'images', tests.image_path('alice', 'a1.png')),
  $$ values (1) $$,
  'alice removes the file (as Storage does for her)'
);
select results_eq(
  format('delete from public.generated_images where storage_path = %L returning 1', tests.image_path('alice', 'a1.png')),
  $$ values (1) $$,
  'then the row goes'
);
select tests.clear_authentication();
select is(public.image_storage_used(tests.get_supabase_uid('alice')), 600::bigint, 'the quota after deleting an image: its bytes are free');
select is(
  (tests.generate('alice', 1000, array['a6.png'], 400)) ->> 'stored',
  'true',
  'deleting an image makes room again'
);

-- The model that made the image is recorded; settings it does not take are null.
select tests.clear_authentication();
select is(
  (public.record_generated_images(
    tests.get_supabase_uid('bob'), 1000000000,
    jsonb_build_array(jsonb_build_object(
      'storage_path', 'u/pro.png', 'public_url', 'https://project.example/pro.png', 'prompt', 'A fox',
      'image_size', 'landscape_4_3', 'style_preset', null, 'num_inference_steps', null, 'guidance_scale', null,
      'content_type', 'image/png', 'byte_size', 10, 'model', 'fal-ai/flux-pro/v1.1'))
  ) ->> 'stored')::boolean,
  true,
  'an image of a model without steps, guidance or style is recorded'
);
select results_eq(
  $$ select model, style_preset, num_inference_steps, guidance_scale from public.generated_images where storage_path = 'u/pro.png' $$,
  $$ values ('fal-ai/flux-pro/v1.1', null::text, null::integer, null::numeric) $$,
  'with its model, and null for what it does not take'
);

select * from finish();
rollback;
