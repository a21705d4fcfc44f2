-- The public images bucket: anyone reads by URL; a signed-in user writes only
-- under images/<their user id>/...; anon writes nothing. Statements below are
-- the ones storage-api runs with the caller's role (upload = insert without
-- RETURNING; replace = update ... where; remove = delete ... where).
begin;
\ir _helpers.psql
select plan(17);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into storage.buckets (id, name, public) values ('private-test', 'private-test', false);
insert into storage.objects (bucket_id, name, owner)
values ('images', tests.get_supabase_uid('bob') || '/bob.png', tests.get_supabase_uid('bob'));

select results_eq(
  $$ select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'images' $$,
  $$ values (true, 10485760::bigint, array['image/png', 'image/jpeg', 'image/webp', 'image/gif']) $$,
  'the images bucket is public, 10 MiB, images only'
);

-- Upload (INSERT)
select tests.authenticate_as('alice');
select lives_ok(
  $$ insert into storage.objects (bucket_id, name, owner)
     values ('images', tests.get_supabase_uid('alice') || '/a.png', tests.get_supabase_uid('alice')) $$,
  'alice can upload under images/<her id>/'
);
select lives_ok(
  $$ insert into storage.objects (bucket_id, name, owner)
     values ('images', tests.get_supabase_uid('alice') || '/2026/11/b.png', tests.get_supabase_uid('alice')) $$,
  'alice can upload into sub-folders of her folder'
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
     values ('images', 'x/' || tests.get_supabase_uid('alice') || '/a.png', tests.get_supabase_uid('alice')) $$,
  '42501', 'new row violates row-level security policy for table "objects"', 'her id must be the first folder'
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

-- Replace (UPDATE) and remove (DELETE) by others
select tests.authenticate_as('bob');
select is_empty(
  $$ update storage.objects set metadata = '{"mallory": true}'
     where bucket_id = 'images' and name like tests.get_supabase_uid('alice') || '/%' returning 1 $$,
  'bob''s update touches none of alice''s objects'
);
select is_empty(
  $$ delete from storage.objects
     where bucket_id = 'images' and name like tests.get_supabase_uid('alice') || '/%' returning 1 $$,
  'bob''s delete touches none of alice''s objects'
);
select tests.authenticate_as_anon();
select is_empty(
  $$ delete from storage.objects returning 1 $$,
  'anon deletes nothing'
);
select tests.authenticate_as('alice');
select throws_ok(
  $$ update storage.objects set name = tests.get_supabase_uid('bob') || '/moved.png' $$,
  '42501', 'new row violates row-level security policy for table "objects"', 'alice cannot move her object into bob''s folder'
);
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

-- storage-api's replace (upsert) and remove filter by bucket_id and name, so
-- PostgreSQL also applies SELECT policies to them (and to INSERT ...
-- RETURNING): the owner's SELECT policy is what lets them match her rows.
select results_eq(
  $$ with gone as (delete from storage.objects
                   where bucket_id = 'images' and name = tests.get_supabase_uid('alice') || '/a.png' returning 1)
     select count(*)::int from gone $$,
  $$ values (1) $$,
  'alice can remove her own image'
);
select results_eq(
  $$ with changed as (update storage.objects set metadata = '{"replaced": true}'
                      where bucket_id = 'images' and name = tests.get_supabase_uid('alice') || '/2026/11/b.png' returning 1)
     select count(*)::int from changed $$,
  $$ values (1) $$,
  'alice can replace her own image'
);
select lives_ok(
  $$ insert into storage.objects (bucket_id, name, owner)
     values ('images', tests.get_supabase_uid('alice') || '/c.png', tests.get_supabase_uid('alice')) returning id $$,
  'alice can upload with RETURNING (upsert path)'
);
select tests.clear_authentication();

select * from finish();
rollback;
