-- The public images bucket: anyone reads by URL; only the generate-image
-- function (secret key) writes, so only checked images enter it; a signed-in
-- user lists and deletes only under images/<their user id>/...; anon writes
-- nothing. Statements below are the ones storage-api runs with the caller's
-- role (upload = insert without RETURNING; replace = update ... where;
-- remove = delete ... where).
begin;
\ir _helpers.psql
select plan(18);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into storage.buckets (id, name, public) values ('private-test', 'private-test', false);
-- As generate-image stores them (secret key).
select tests.authenticate_as_service_role();
insert into storage.objects (bucket_id, name)
values ('images', tests.get_supabase_uid('bob') || '/bob.png'),
       ('images', tests.get_supabase_uid('alice') || '/a.png'),
       ('images', tests.get_supabase_uid('alice') || '/2026/11/b.png');
select tests.clear_authentication();

select results_eq(
  $$ select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'images' $$,
  $$ values (true, 10485760::bigint, array['image/png', 'image/jpeg', 'image/webp', 'image/gif']) $$,
  'the images bucket is public, 10 MiB, images only'
);
select policies_are(
  'storage', 'objects',
  array['Users can view images in their own folder', 'Users can delete images in their own folder'],
  'on storage.objects, signed-in users may only view and delete their own images'
);

-- Upload (INSERT): nobody but the secret key.
select tests.authenticate_as('alice');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name, owner)
     values ('images', tests.get_supabase_uid('alice') || '/page.png', tests.get_supabase_uid('alice')) $$,
  '42501', 'new row violates row-level security policy for table "objects"',
  'alice cannot upload, even under images/<her id>/ (an HTML page named .png stays out)'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name, owner)
     values ('images', tests.get_supabase_uid('bob') || '/planted.png', tests.get_supabase_uid('alice')) $$,
  '42501', 'new row violates row-level security policy for table "objects"', 'alice cannot upload into bob''s folder'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name, owner) values ('images', 'root.png', tests.get_supabase_uid('alice')) $$,
  '42501', 'new row violates row-level security policy for table "objects"', 'alice cannot upload at the bucket root'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name, owner)
     values ('private-test', tests.get_supabase_uid('alice') || '/a.png', tests.get_supabase_uid('alice')) $$,
  '42501', 'new row violates row-level security policy for table "objects"', 'the policies do not open other buckets'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('images', tests.get_supabase_uid('alice') || '/anon.png') $$,
  '42501', 'new row violates row-level security policy for table "objects"', 'anon cannot upload'
);

-- Replace (UPDATE): nobody, the owner included.
select tests.authenticate_as('alice');
select is_empty(
  $$ update storage.objects set metadata = '{"mimetype": "text/html"}'
     where bucket_id = 'images' and name = tests.get_supabase_uid('alice') || '/a.png' returning 1 $$,
  'alice cannot replace her own image (upsert)'
);
select is_empty(
  $$ update storage.objects set name = tests.get_supabase_uid('alice') || '/moved.png'
     where bucket_id = 'images' returning 1 $$,
  'alice cannot move objects'
);
select tests.authenticate_as('bob');
select is_empty(
  $$ update storage.objects set metadata = '{"mallory": true}'
     where bucket_id = 'images' and name like tests.get_supabase_uid('alice') || '/%' returning 1 $$,
  'bob''s update touches none of alice''s objects'
);

-- Remove (DELETE): only the owner.
select is_empty(
  $$ delete from storage.objects
     where bucket_id = 'images' and name like tests.get_supabase_uid('alice') || '/%' returning 1 $$,
  'bob''s delete touches none of alice''s objects'
);
select tests.authenticate_as_anon();
select is_empty($$ delete from storage.objects returning 1 $$, 'anon deletes nothing');
select tests.clear_authentication();
select results_eq(
  $$ select count(*)::int, count(*) filter (where metadata is null)::int from storage.objects where bucket_id = 'images' $$,
  $$ values (3, 3) $$,
  'all objects are unchanged'
);

-- The owner lists only her own folder; bob's objects stay invisible to her.
select tests.authenticate_as('alice');
select results_eq(
  $$ select count(*)::int from storage.objects
     where bucket_id = 'images' and (storage.foldername(name))[1] <> tests.get_supabase_uid('alice')::text $$,
  $$ values (0) $$,
  'alice sees no object outside her folder'
);
select results_eq(
  $$ select count(*)::int from storage.objects
     where bucket_id = 'images' and (storage.foldername(name))[1] = tests.get_supabase_uid('alice')::text $$,
  $$ values (2) $$,
  'alice sees her own images'
);

-- storage-api's remove filters by bucket_id and name, so PostgreSQL also
-- applies SELECT policies to it: the owner's SELECT policy is what lets it
-- match her rows.
select results_eq(
  $$ with gone as (delete from storage.objects
                   where bucket_id = 'images' and name = tests.get_supabase_uid('alice') || '/a.png' returning 1)
     select count(*)::int from gone $$,
  $$ values (1) $$,
  'alice can remove her own image (the image library deletes files)'
);
select tests.clear_authentication();

-- The secret key (generate-image) writes anywhere in the bucket.
select tests.authenticate_as_service_role();
select lives_ok(
  $$ insert into storage.objects (bucket_id, name) values ('images', tests.get_supabase_uid('bob') || '/2026/11/c.png') $$,
  'the secret key stores generated images'
);
select results_eq(
  $$ select count(*)::int from storage.objects where bucket_id = 'images' $$,
  $$ values (3) $$,
  'bob.png, b.png and c.png remain'
);
select tests.clear_authentication();

select * from finish();
rollback;
