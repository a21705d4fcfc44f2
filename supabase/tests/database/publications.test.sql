-- publications: written only by edge functions (service_role); the owner may
-- read their own; other users and anon nothing.
begin;
\ir _helpers.psql
select plan(17);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

select tests.clear_authentication();
insert into public.wordpress_sites (id, user_id, name, site_url, username, base_url) values
  ('a1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice''s blog', 'https://alice.example', 'alice', 'https://alice.example/wp-json/'),
  ('b1000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob''s blog', 'https://bob.example', 'bob', 'https://bob.example/wp-json/');
insert into public.articles (id, user_id, title) values
  ('a2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'Alice post'),
  ('b2000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'Bob post');

-- What the publish function does, with the secret key.
select tests.authenticate_as_service_role();
select lives_ok(
  $$ insert into public.publications (id, user_id, article_id, site_id, remote_post_id, link, status, published_at) values
       ('a4000000-0000-4000-8000-000000000001', tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001',
        'a1000000-0000-4000-8000-000000000001', 101, 'https://alice.example/?p=101', 'publish', now()),
       ('b4000000-0000-4000-8000-000000000001', tests.get_supabase_uid('bob'), 'b2000000-0000-4000-8000-000000000001',
        'b1000000-0000-4000-8000-000000000001', 202, 'https://bob.example/?p=202', 'publish', now()) $$,
  'service_role records publications'
);
select throws_ok(
  $$ insert into public.publications (user_id, article_id, site_id)
     values (tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000001') $$,
  '23505', null, 'one publication per (article, site): re-publishing updates it'
);
select throws_ok(
  $$ update public.publications set status = 'unknown' $$,
  '23514', null, 'status is pending, draft, publish or failed'
);
select tests.clear_authentication();
update public.publications set updated_at = '2000-01-01';
update public.publications set attempts = attempts + 1 where id = 'a4000000-0000-4000-8000-000000000001';
select is(
  (select updated_at from public.publications where id = 'a4000000-0000-4000-8000-000000000001'), now(),
  'updated_at is set by the trigger on update'
);

select table_privs_are('public', 'publications', 'authenticated', array['SELECT'], 'authenticated: SELECT only');
select table_privs_are('public', 'publications', 'anon', array[]::text[], 'anon: no privilege on publications');

-- SELECT
select tests.authenticate_as('alice');
select results_eq(
  $$ select id, remote_post_id from public.publications $$,
  $$ values ('a4000000-0000-4000-8000-000000000001'::uuid, 101::bigint) $$,
  'alice sees exactly her own publications'
);
select tests.authenticate_as('bob');
select is_empty(
  $$ select 1 from public.publications where id = 'a4000000-0000-4000-8000-000000000001' $$,
  'bob cannot see alice''s publication'
);
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.publications $$, '42501', 'permission denied for table publications', 'anon cannot read publications');

-- INSERT / UPDATE / DELETE: nobody through the API, owner included.
select tests.authenticate_as('alice');
select throws_ok(
  $$ insert into public.publications (user_id, article_id, site_id)
     values (tests.get_supabase_uid('alice'), 'a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000001') $$,
  '42501', 'permission denied for table publications', 'alice cannot insert a publication'
);
select throws_ok(
  $$ update public.publications set link = 'https://evil.example' $$,
  '42501', 'permission denied for table publications', 'alice cannot update her publication'
);
select throws_ok(
  $$ delete from public.publications $$,
  '42501', 'permission denied for table publications', 'alice cannot delete her publication'
);
select tests.authenticate_as('bob');
select throws_ok(
  $$ update public.publications set link = 'https://evil.example' where id = 'a4000000-0000-4000-8000-000000000001' $$,
  '42501', 'permission denied for table publications', 'bob cannot update alice''s publication'
);
select throws_ok(
  $$ delete from public.publications where id = 'a4000000-0000-4000-8000-000000000001' $$,
  '42501', 'permission denied for table publications', 'bob cannot delete alice''s publication'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ insert into public.publications (user_id, article_id, site_id)
     values (gen_random_uuid(), 'a2000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000001') $$,
  '42501', 'permission denied for table publications', 'anon cannot insert publications'
);
select tests.clear_authentication();
select results_eq(
  $$ select link from public.publications order by link $$,
  $$ values ('https://alice.example/?p=101'), ('https://bob.example/?p=202') $$,
  'publications are unchanged'
);

-- Deleting the article deletes its publications.
delete from public.articles where id = 'a2000000-0000-4000-8000-000000000001';
select is(
  (select count(*)::int from public.publications), 1,
  'deleting an article deletes its publications'
);

select * from finish();
rollback;
