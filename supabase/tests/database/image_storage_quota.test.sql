-- The per-user quota on the images bucket: image_storage_used() and
-- record_generated_images(), for the secret key only. Usage is the sum of the
-- user's generated_images.byte_size; new rows are inserted only if they fit,
-- always for the user named by the function's argument.
begin;
\ir _helpers.psql
select plan(16);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

create function tests.image_rows(names text[], byte_size integer, user_for_json uuid default null)
returns jsonb language sql as $$
  select jsonb_agg(jsonb_build_object(
    'user_id', user_for_json,
    'storage_path', 'u/' || name, 'public_url', 'https://project.example/' || name, 'prompt', 'A fox',
    'negative_prompt', '', 'image_size', 'square_hd', 'style_preset', 'photographic',
    'num_inference_steps', 30, 'guidance_scale', 7.5, 'content_type', 'image/png', 'byte_size', byte_size))
  from unnest(names) name
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
  $$ select public.record_generated_images(tests.get_supabase_uid('alice'), 1000000000, tests.image_rows(array['x.png'], 1)) $$,
  '42501', 'permission denied for function record_generated_images', 'a signed-in user cannot record images (or lift her quota)'
);
select throws_ok(
  $$ select public.image_storage_used(tests.get_supabase_uid('bob')) $$,
  '42501', 'permission denied for function image_storage_used', 'a signed-in user cannot read usage'
);
select tests.clear_authentication();

-- Within the quota
select tests.authenticate_as_service_role();
select is(public.image_storage_used(tests.get_supabase_uid('alice')), 0::bigint, 'a new user uses nothing');
select is(
  (public.record_generated_images(tests.get_supabase_uid('alice'), 1000, tests.image_rows(array['a1.png', 'a2.png'], 400))) ->> 'stored',
  'true',
  'two images of 400 bytes fit in 1000'
);
select is(public.image_storage_used(tests.get_supabase_uid('alice')), 800::bigint, 'usage is the sum of byte_size');
select is(
  jsonb_array_length(
    public.record_generated_images(tests.get_supabase_uid('alice'), 1000, tests.image_rows(array['a3.png'], 200)) -> 'images'
  ),
  1,
  'exactly up to the quota is accepted, and the new row comes back'
);

-- Over the quota: nothing is inserted
select is(
  public.record_generated_images(tests.get_supabase_uid('alice'), 1000, tests.image_rows(array['a4.png', 'a5.png'], 1)),
  '{"stored": false, "used_bytes": 1000}'::jsonb,
  'one byte more is refused, with the bytes in use'
);
select is(
  (select count(*)::int from public.generated_images where user_id = tests.get_supabase_uid('alice')),
  3,
  'and none of the refused rows was inserted'
);

-- The user is the argument, never the JSON; usage is per user
select is(
  (public.record_generated_images(tests.get_supabase_uid('bob'), 1000, tests.image_rows(array['b1.png'], 900, tests.get_supabase_uid('alice')))) ->> 'stored',
  'true',
  'bob has his own quota'
);
select results_eq(
  $$ select user_id from public.generated_images where storage_path = 'u/b1.png' $$,
  $$ values (tests.get_supabase_uid('bob')) $$,
  'a user_id inside the rows is ignored: the row is bob''s'
);
select is(public.image_storage_used(tests.get_supabase_uid('alice')), 1000::bigint, 'alice''s usage is unchanged by bob''s');

-- Deleting an image frees its bytes
select tests.clear_authentication();
delete from public.generated_images where storage_path = 'u/a1.png';
select tests.authenticate_as_service_role();
select is(
  (public.record_generated_images(tests.get_supabase_uid('alice'), 1000, tests.image_rows(array['a6.png'], 400))) ->> 'stored',
  'true',
  'deleting an image makes room again'
);
select tests.clear_authentication();

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
