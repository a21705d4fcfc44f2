-- generated_images: rows written by the generate-image edge function
-- (service_role); the owner may read and delete; other users and anon nothing.
begin;
\ir _helpers.psql
select plan(18);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.authenticate_as_service_role();
select lives_ok(
  $$ insert into public.generated_images
       (id, user_id, storage_path, public_url, prompt, image_size, style_preset, num_inference_steps, guidance_scale, content_type, byte_size)
     values
       ('a5000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), tests.get_supabase_uid('alice') || '/one.png',
        'https://project.example/storage/v1/object/public/images/alice/one.png', 'a cat', 'square_hd', 'photographic', 25, 7.5, 'image/png', 1234),
       ('b5000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), tests.get_supabase_uid('bob') || '/one.png',
        'https://project.example/storage/v1/object/public/images/bob/one.png', 'a dog', 'square_hd', 'photographic', 25, 7.5, 'image/png', 4321) $$,
  'service_role records generated images'
);
select throws_ok(
  $$ insert into public.generated_images
       (user_id, storage_path, public_url, prompt, image_size, style_preset, num_inference_steps, guidance_scale, content_type, byte_size)
     values (tests.get_supabase_uid('alice'), tests.get_supabase_uid('alice') || '/one.png', 'x', 'again', 'square_hd', 'none', 25, 7.5, 'image/png', 1) $$,
  '23505', null, 'a storage path is recorded once'
);

select table_privs_are('public', 'generated_images', 'authenticated', array['SELECT', 'DELETE'], 'authenticated: SELECT and DELETE');
select table_privs_are('public', 'generated_images', 'anon', array[]::text[], 'anon: no privilege on generated_images');

-- SELECT
select tests.authenticate_as('alice');
select results_eq(
  $$ select id, prompt from public.generated_images $$,
  $$ values ('a5000000-0000-4000-8000-000000000001'::uuid, 'a cat') $$,
  'alice sees exactly her own images'
);
select tests.authenticate_as('bob');
select is_empty(
  $$ select 1 from public.generated_images where id = 'a5000000-0000-4000-8000-000000000001' $$,
  'bob cannot see alice''s image'
);
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.generated_images $$, '42501', 'permission denied for table generated_images', 'anon cannot read images');

-- INSERT / UPDATE: nobody through the API.
select tests.authenticate_as('alice');
select throws_ok(
  $$ insert into public.generated_images
       (user_id, storage_path, public_url, prompt, image_size, style_preset, num_inference_steps, guidance_scale, content_type, byte_size)
     values (tests.get_supabase_uid('alice'), 'x/two.png', 'https://evil.example/x.png', 'p', 's', 'n', 1, 1, 'image/png', 1) $$,
  '42501', 'permission denied for table generated_images', 'alice cannot insert an image row (URLs come from the function)'
);
select throws_ok(
  $$ update public.generated_images set public_url = 'https://evil.example/x.png' $$,
  '42501', 'permission denied for table generated_images', 'alice cannot update her image rows'
);
select tests.authenticate_as('bob');
select throws_ok(
  $$ update public.generated_images set prompt = 'x' where id = 'a5000000-0000-4000-8000-000000000001' $$,
  '42501', 'permission denied for table generated_images', 'bob cannot update alice''s image'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ insert into public.generated_images
       (user_id, storage_path, public_url, prompt, image_size, style_preset, num_inference_steps, guidance_scale, content_type, byte_size)
     values (gen_random_uuid(), 'y/two.png', 'x', 'p', 's', 'n', 1, 1, 'image/png', 1) $$,
  '42501', 'permission denied for table generated_images', 'anon cannot insert images'
);
select throws_ok($$ update public.generated_images set prompt = 'x' $$, '42501', 'permission denied for table generated_images', 'anon cannot update images');

-- DELETE
select tests.authenticate_as('bob');
select is_empty(
  $$ delete from public.generated_images where id = 'a5000000-0000-4000-8000-000000000001' returning 1 $$,
  'bob''s delete of alice''s image touches no row'
);
select tests.authenticate_as_anon();
select throws_ok($$ delete from public.generated_images $$, '42501', 'permission denied for table generated_images', 'anon cannot delete images');
select tests.clear_authentication();
select is((select count(*)::int from public.generated_images), 2, 'both images are still there');
select tests.authenticate_as('alice');
select results_eq(
  $$ delete from public.generated_images where id = 'a5000000-0000-4000-8000-000000000001' returning id $$,
  $$ values ('a5000000-0000-4000-8000-000000000001'::uuid) $$,
  'alice can delete her image'
);
select tests.clear_authentication();
select results_eq(
  $$ select prompt from public.generated_images $$,
  $$ values ('a dog') $$,
  'bob''s image is untouched'
);
select is(
  (select count(*)::int from information_schema.columns where table_schema = 'public' and table_name = 'generated_images' and column_name = 'updated_at'),
  0, 'generated_images rows are immutable (no updated_at)'
);

select * from finish();
rollback;
